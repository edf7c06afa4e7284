package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.List;

/**
 * One chunk as it travels on a QP: the custom header of seed 003, III-B (data ID, total data size,
 * current chunk offset) followed by the payload. The receiver sees nothing else: it learns the
 * payload length from the work completion, as a real receive completion reports the byte count.
 *
 * @param dataId    data ID in the header (0 for every chunk when the header has no data ID)
 * @param totalSize total data size: what the receiver allocates on the first chunk
 * @param offset    offset of this chunk in the data, in bytes
 * @param payload   the chunk's bytes (symbolic values, see {@link SymbolicData})
 */
public record ChunkMessage(int dataId, int totalSize, int offset, List<Integer> payload)
        implements Comparable<ChunkMessage> {
    /** Copies the payload. */
    public ChunkMessage {
        payload = List.copyOf(payload);
    }

    /**
     * @param size bytes per transfer
     * @return the transfer the payload belongs to (the model knows it from the symbolic bytes; the
     *         receiver does not)
     */
    public int transfer(int size) {
        return SymbolicData.transferOf(size, payload.get(0));
    }

    @Override
    public int compareTo(ChunkMessage o) {
        int c = Integer.compare(dataId, o.dataId);
        if (c == 0) {
            c = Integer.compare(totalSize, o.totalSize);
        }
        if (c == 0) {
            c = Integer.compare(offset, o.offset);
        }
        return c != 0 ? c : PartitionState.compareLists(payload, o.payload);
    }
}
