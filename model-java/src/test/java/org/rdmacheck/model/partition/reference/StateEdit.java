package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.ArrayList;
import java.util.List;

/** Mutable copy of a {@link PartitionState} that an action edits before building the next state. */
final class StateEdit {

    final List<Integer> nextChunk;
    final List<List<SendRequest>> sendQueues;
    final List<ChunkMessage> resend;
    final List<Boolean> qpError;
    int errorsLeft;
    final List<Integer> posted;
    final List<List<ReceiveCompletion>> completions;
    final List<List<Integer>> buffers;
    final List<Integer> received;
    final List<Delivery> delivered;
    final List<OutsideWrite> outside;

    StateEdit(PartitionState s) {
        nextChunk = new ArrayList<>(s.nextChunk());
        sendQueues = new ArrayList<>(s.sendQueues());
        resend = new ArrayList<>(s.resend());
        qpError = new ArrayList<>(s.qpError());
        errorsLeft = s.errorsLeft();
        posted = new ArrayList<>(s.posted());
        completions = new ArrayList<>(s.completions());
        buffers = new ArrayList<>(s.buffers());
        received = new ArrayList<>(s.received());
        delivered = new ArrayList<>(s.delivered());
        outside = new ArrayList<>(s.outside());
    }

    /** Appends a send request to QP q's send queue. */
    void appendSend(int q, SendRequest r) {
        List<SendRequest> queue = new ArrayList<>(sendQueues.get(q));
        queue.add(r);
        sendQueues.set(q, queue);
    }

    /** Appends a receive completion to QP q's completion queue. */
    void appendCompletion(int q, ReceiveCompletion c) {
        List<ReceiveCompletion> queue = new ArrayList<>(completions.get(q));
        queue.add(c);
        completions.set(q, queue);
    }

    /** Replaces entry i of QP q's completion queue. */
    void setCompletion(int q, int i, ReceiveCompletion c) {
        List<ReceiveCompletion> queue = new ArrayList<>(completions.get(q));
        queue.set(i, c);
        completions.set(q, queue);
    }

    PartitionState build() {
        return new PartitionState(nextChunk, sendQueues, resend, qpError, errorsLeft, posted, completions, buffers,
                received, delivered, outside);
    }
}
