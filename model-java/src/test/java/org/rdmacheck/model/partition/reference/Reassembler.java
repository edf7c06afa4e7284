package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.ArrayList;
import java.util.List;

/**
 * The receiver's data reordering function (seed 003, III-B and Algorithm 2): on a data ID's first
 * chunk it allocates the total size from the header, places each chunk's bytes at the header's
 * offset, counts the bytes received, and completes the data ID (hands the buffer to the
 * application and frees its slot) once the count reaches the total size.
 *
 * @param chunk   the configured chunk size (what a receiver that ignores the length assumes)
 * @param variant which receiver: by header offset, by arrival order, or treating every chunk as full
 */
public record Reassembler(int chunk, PartitionVariant variant) {

    /**
     * The receiver's state for one data ID after a chunk.
     *
     * @param buffer    the buffer (empty when the data ID completed and its slot was freed)
     * @param received  bytes received into it (0 after completion)
     * @param completed the buffer handed to the application, if the data ID completed
     * @param outside   positions written beyond the allocated buffer
     */
    public record Placement(List<Integer> buffer, int received, java.util.Optional<Delivery> completed,
                            List<OutsideWrite> outside) {
    }

    /**
     * @param buffer   the data ID's buffer, empty when none is allocated yet
     * @param received bytes received into it so far
     * @param m        the chunk that just completed on some QP
     * @return the receiver's state for the data ID afterwards
     */
    public Placement receive(List<Integer> buffer, int received, ChunkMessage m) {
        List<Integer> buf = new ArrayList<>(buffer);
        if (buf.isEmpty()) {
            for (int k = 0; k < m.totalSize(); k++) {
                buf.add(SymbolicData.HOLE);
            }
        }
        // arrival-offset: the next free position is "bytes received so far", not the header offset.
        int at = variant == PartitionVariant.ARRIVAL_OFFSET ? received : m.offset();
        // last-chunk-full-size: the length is assumed to be the chunk size, not the completion's count.
        int len = variant == PartitionVariant.LAST_CHUNK_FULL_SIZE ? chunk : m.payload().size();
        List<OutsideWrite> outside = new ArrayList<>();
        for (int k = 0; k < len; k++) {
            int pos = at + k;
            int value = k < m.payload().size() ? m.payload().get(k) : SymbolicData.HOLE;
            if (pos < buf.size()) {
                buf.set(pos, value);
            } else {
                outside.add(new OutsideWrite(m.dataId(), pos));
            }
        }
        int total = received + len;
        if (total >= m.totalSize()) {
            return new Placement(List.of(), 0, java.util.Optional.of(new Delivery(m.dataId(), buf)), outside);
        }
        return new Placement(buf, total, java.util.Optional.empty(), outside);
    }
}
