package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A state of the data-partition protocol. The variables are those of {@code specs/partition/Spec.tla},
 * one to one, so that the explorer and TLC count the same distinct states.
 *
 * @param nextChunk  per transfer, the index of the next chunk the split function returns; equal to
 *                   the chunk count when all are split
 * @param sendQueues per QP, the send work requests posted and not yet completed, oldest first
 * @param resend     chunks whose send work request a QP error flushed, to be posted again (a sorted set)
 * @param qpError    per QP, whether it is in the error state (until the sender reconnects it)
 * @param errorsLeft QP errors the network may still cause
 * @param posted     per QP, receive work requests posted with an empty buffer
 * @param completions per QP, receive completions not yet reordered, oldest first
 * @param buffers    per receiver data ID, the allocated buffer, empty when none is allocated
 * @param received   per receiver data ID, bytes received into the current buffer
 * @param delivered  buffers handed to the application, as a sorted set
 * @param outside    bytes written beyond an allocated buffer, as a sorted set
 */
public record PartitionState(List<Integer> nextChunk, List<List<SendRequest>> sendQueues, List<ChunkMessage> resend,
                             List<Boolean> qpError, int errorsLeft, List<Integer> posted,
                             List<List<ReceiveCompletion>> completions, List<List<Integer>> buffers,
                             List<Integer> received, List<Delivery> delivered, List<OutsideWrite> outside) {

    /** Copies every list; sorts and deduplicates the sets so equal states are equal. */
    public PartitionState {
        nextChunk = List.copyOf(nextChunk);
        sendQueues = sendQueues.stream().map(List::copyOf).toList();
        resend = List.copyOf(new TreeSet<>(resend));
        qpError = List.copyOf(qpError);
        posted = List.copyOf(posted);
        completions = completions.stream().map(List::copyOf).toList();
        buffers = buffers.stream().map(List::copyOf).toList();
        received = List.copyOf(received);
        delivered = List.copyOf(new TreeSet<>(delivered));
        outside = List.copyOf(new TreeSet<>(outside));
    }

    /**
     * @param c the configuration
     * @return the initial state: nothing split, every QP idle and connected with all its receive
     *         work requests posted, no buffer allocated
     */
    public static PartitionState initial(PartitionConfig c) {
        List<List<SendRequest>> idle = new ArrayList<>();
        List<List<ReceiveCompletion>> none = new ArrayList<>();
        for (int q = 0; q < c.qps(); q++) {
            idle.add(List.of());
            none.add(List.of());
        }
        List<List<Integer>> noBuffers = new ArrayList<>();
        for (int s = 0; s < c.ids(); s++) {
            noBuffers.add(List.of());
        }
        return new PartitionState(repeat(0, c.transfers()), idle, List.of(), repeat(false, c.qps()), c.errors(),
                repeat(c.receiveWrs(), c.qps()), none, noBuffers, repeat(0, c.ids()), List.of(), List.of());
    }

    private static <T> List<T> repeat(T value, int n) {
        List<T> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            l.add(value);
        }
        return l;
    }

    /** @return whether no QP has a send outstanding and no chunk waits to be posted again */
    public boolean senderIdle() {
        return resend.isEmpty() && sendQueues.stream().allMatch(List::isEmpty);
    }

    /** @return whether every receive completion has been reordered */
    public boolean receiverIdle() {
        return completions.stream().allMatch(List::isEmpty);
    }

    /** @return whether no receiver buffer is allocated */
    public boolean allBuffersFree() {
        return buffers.stream().allMatch(List::isEmpty);
    }

    /**
     * @param q a QP
     * @param receiveWrs receive work requests per QP
     * @return its receive buffers that reordering consumed and that are not yet posted again
     */
    public int consumedBuffers(int q, int receiveWrs) {
        long held = completions.get(q).stream().filter(c -> !c.reposted()).count();
        return receiveWrs - posted.get(q) - (int) held;
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
