package org.rdmacheck.model.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A state of the data-partition protocol. The variables are those of {@code specs/partition/Spec.tla},
 * one to one, so that the explorer and TLC count the same distinct states.
 *
 * @param nextChunk per transfer, the index of the next chunk the split function returns
 *                  ({@code next} in the spec); equal to the chunk count when all are sent
 * @param qps       per QP, the chunks posted and not yet completed, oldest first ({@code qp})
 * @param buffers   per receiver data ID, the allocated buffer, empty when none is allocated ({@code buf})
 * @param received  per receiver data ID, bytes received into the current buffer ({@code rcvd})
 * @param delivered buffers handed to the application, as a sorted set ({@code delivered})
 * @param outside   bytes written beyond an allocated buffer, as a sorted set ({@code outside})
 */
public record PartitionState(List<Integer> nextChunk, List<List<ChunkMessage>> qps, List<List<Integer>> buffers,
                             List<Integer> received, List<Delivery> delivered, List<OutsideWrite> outside) {

    /** Copies every list; sorts and deduplicates the two sets so equal states are equal. */
    public PartitionState {
        nextChunk = List.copyOf(nextChunk);
        qps = qps.stream().map(List::copyOf).toList();
        buffers = buffers.stream().map(List::copyOf).toList();
        received = List.copyOf(received);
        delivered = List.copyOf(new TreeSet<>(delivered));
        outside = List.copyOf(new TreeSet<>(outside));
    }

    /**
     * @param transfers transfers (and receiver data IDs)
     * @param qps       queue pairs
     * @return the initial state: nothing split, every QP idle, no buffer allocated
     */
    public static PartitionState initial(int transfers, int qps) {
        List<Integer> zeros = new ArrayList<>();
        List<List<Integer>> noBuffers = new ArrayList<>();
        for (int t = 0; t < transfers; t++) {
            zeros.add(0);
            noBuffers.add(List.of());
        }
        List<List<ChunkMessage>> idle = new ArrayList<>();
        for (int q = 0; q < qps; q++) {
            idle.add(List.of());
        }
        return new PartitionState(zeros, idle, noBuffers, zeros, List.of(), List.of());
    }

    /** @return whether no QP has a chunk outstanding */
    public boolean allQpsIdle() {
        return qps.stream().allMatch(List::isEmpty);
    }

    /** @return whether no receiver buffer is allocated */
    public boolean allBuffersFree() {
        return buffers.stream().allMatch(List::isEmpty);
    }

    static int compareLists(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
