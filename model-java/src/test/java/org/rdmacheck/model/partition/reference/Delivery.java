package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.List;

/**
 * A reassembled buffer the receiver handed to the application when it completed a data ID.
 *
 * @param dataId the data ID (receiver slot) it completed
 * @param data   the buffer's bytes
 */
public record Delivery(int dataId, List<Integer> data) implements Comparable<Delivery> {
    /** Copies the data. */
    public Delivery {
        data = List.copyOf(data);
    }

    @Override
    public int compareTo(Delivery o) {
        int c = Integer.compare(dataId, o.dataId);
        if (c != 0) {
            return c;
        }
        return PartitionState.compareLists(data, o.data);
    }
}
