package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

/**
 * A byte the receiver wrote beyond the buffer it allocated for a data ID: memory it does not own.
 *
 * @param dataId   the receiver slot whose buffer overflowed
 * @param position the byte position written, at or beyond the allocated total size
 */
public record OutsideWrite(int dataId, int position) implements Comparable<OutsideWrite> {
    @Override
    public int compareTo(OutsideWrite o) {
        int c = Integer.compare(dataId, o.dataId);
        return c != 0 ? c : Integer.compare(position, o.position);
    }
}
