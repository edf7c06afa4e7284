package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;

/**
 * Multi-QP data partition (seed 003, III-B, Algorithms 1 and 2) with both ends of every QP.
 *
 * <p>Sender (Algorithm 1): it posts a chunk on a QP only when the QP's last send completed (line 6),
 * taking the next chunk of any transfer whose data ID is free (the split function of that transfer,
 * line 7). A send completion is polled separately from the chunk's arrival: the receiver's NIC
 * places the chunk in a posted receive buffer, and only then does its ACK complete the send.
 *
 * <p>Receiver (Algorithm 2): each QP has {@code receiveWrs} receive work requests, a finite
 * resource. A chunk lands only in a posted one; when none is posted the receiver answers
 * receiver-not-ready (RNR) and the sender's NIC retries after the RNR timer, which the model
 * leaves implicit (the arrival waits) since InfiniBand's RNR retry count 7 means "retry for
 * ever". The receiver polls a receive completion and reorders the chunk (lines 7 and 9), then
 * re-posts the work request with the consumed buffer (line 8: the paper lists it before line 9,
 * which is only safe with a fresh buffer; see {@link PartitionVariant#REPOST_BEFORE_CONSUME}).
 *
 * <p>Faults and recovery (the paper states none; this is the obvious one): the network may
 * exhaust a QP's transport retries up to {@code errors} times while a chunk is in flight; the QP
 * enters the error state, which flushes its outstanding send work request (the sender gets an
 * error completion) and its posted receive work requests. The sender puts the flushed chunk back
 * in the split function's queue, to be posted on any connected QP, and reconnects the QP; the
 * receiver re-posts its receive work requests once the QP is connected again.
 *
 * <p>Data IDs are bounded: transfer {@code t} carries ID {@code t mod ids}, and the sender starts
 * it only once the receiver completed transfer {@code t - ids} (the application's reply that the
 * data arrived, taken as immediate).
 *
 * @param config    the sizes
 * @param variant   the protocol variant
 * @param knockouts mechanisms removed (see {@link Knockout}); empty for the variant as it is
 */
public record DataPartition(PartitionConfig config, PartitionVariant variant, java.util.Set<Knockout> knockouts)
        implements Model<PartitionState> {

    /**
     * The mechanisms of the design a knock-out switch removes (seed 003, III-B, and the recovery
     * this model adds); each is a guard below.
     */
    public enum Knockout {
        /** a transfer starts with a reused data ID without waiting for the receiver to complete its holder */
        DATA_ID_REUSE_GUARD,
        /** a chunk flushed by a QP error is dropped instead of going back to the split function's queue */
        CHUNK_REQUEUE,
        /** RNR retry count 0: a chunk meeting no posted receive work request sends the QP to error */
        RNR_RETRY,
        /** the receiver never re-posts a consumed receive work request (Algorithm 2, line 8) */
        RECEIVE_REPOST
    }

    /** The variant as it is: no knock-out. */
    public DataPartition(PartitionConfig config, PartitionVariant variant) {
        this(config, variant, java.util.Set.of());
    }

    /** Rejects nulls; copies the knock-outs. */
    public DataPartition {
        java.util.Objects.requireNonNull(config);
        java.util.Objects.requireNonNull(variant);
        knockouts = knockouts.isEmpty() ? java.util.Set.of()
                : java.util.Collections.unmodifiableSet(java.util.EnumSet.copyOf(knockouts));
    }

    /** @return bytes per transfer */
    public int size() {
        return config.size();
    }

    /** @return bytes per chunk */
    public int chunk() {
        return config.chunk();
    }

    /** @return transfers */
    public int transfers() {
        return config.transfers();
    }

    /** @return the sender's split function */
    public ChunkSplitter splitter() {
        return new ChunkSplitter(config, variant);
    }

    /** @return the receiver's reordering function */
    public Reassembler reassembler() {
        return new Reassembler(config.chunk(), variant);
    }

    @Override
    public List<PartitionState> initialStates() {
        return List.of(PartitionState.initial(config));
    }

    @Override
    public void successors(PartitionState s, Consumer<Transition<PartitionState>> sink) {
        for (int q = 0; q < config.qps(); q++) {
            senderSteps(s, q, sink);
            networkSteps(s, q, sink);
            receiverSteps(s, q, sink);
        }
    }

    /** Algorithm 1, lines 6-8, and the recovery's re-post and reconnection. */
    private void senderSteps(PartitionState s, int q, Consumer<Transition<PartitionState>> sink) {
        if (s.qpError().get(q)) {
            sink.accept(new Transition<>(Action.of("Reconnect", "qp", q), reconnect(s, q)));
            return;
        }
        List<SendRequest> queue = s.sendQueues().get(q);
        if (queue.size() < variant.postDepth()) {
            for (int t = 0; t < config.transfers(); t++) {
                int i = s.nextChunk().get(t);
                if (i < splitter().chunkCount() && dataIdFree(s, t)) {
                    sink.accept(new Transition<>(Action.of("Post", "qp", q, "transfer", t, "chunk", i),
                            post(s, q, t)));
                }
            }
            for (ChunkMessage c : s.resend()) {
                sink.accept(new Transition<>(Action.of("Resend", "qp", q, "transfer", c.transfer(config.size()),
                        "offset", c.offset()), resend(s, q, c)));
            }
        }
        if (!queue.isEmpty() && queue.get(0).landed()) {
            sink.accept(new Transition<>(Action.of("SendComplete", "qp", q), sendComplete(s, q)));
        }
    }

    /** Arrival into a posted receive buffer, RNR, and QP errors. */
    private void networkSteps(PartitionState s, int q, Consumer<Transition<PartitionState>> sink) {
        if (s.qpError().get(q)) {
            return;
        }
        List<SendRequest> queue = s.sendQueues().get(q);
        int j = firstInFlight(queue);
        if (j >= 0 && s.posted().get(q) > 0) {
            ChunkMessage m = queue.get(j).chunk();
            sink.accept(new Transition<>(Action.of("Arrive", "qp", q, "dataId", m.dataId(), "offset", m.offset()),
                    arrive(s, q, j)));
        }
        if (j >= 0 && s.posted().get(q) == 0
                && (variant == PartitionVariant.RNR_RETRY_ZERO || knockouts.contains(Knockout.RNR_RETRY))) {
            sink.accept(new Transition<>(Action.of("RnrError", "qp", q), flush(s, q, 0, requeue())));
        }
        boolean landedUnacked = queue.stream().anyMatch(SendRequest::landed);
        if (s.errorsLeft() > 0 && !queue.isEmpty()
                && (!landedUnacked || variant == PartitionVariant.ERROR_AFTER_LANDING)) {
            sink.accept(new Transition<>(Action.of("QpError", "qp", q), flush(s, q, 1, requeue())));
        }
    }

    /** Algorithm 2, lines 7-9. */
    private void receiverSteps(PartitionState s, int q, Consumer<Transition<PartitionState>> sink) {
        List<ReceiveCompletion> cq = s.completions().get(q);
        if (!cq.isEmpty()) {
            ChunkMessage m = cq.get(0).chunk();
            sink.accept(new Transition<>(Action.of("Reorder", "qp", q, "dataId", m.dataId(), "offset", m.offset()),
                    reorder(s, q)));
        }
        if (s.qpError().get(q)) {
            return;
        }
        if (s.consumedBuffers(q, config.receiveWrs()) > 0 && variant != PartitionVariant.NO_RECEIVE_REPOST
                && !knockouts.contains(Knockout.RECEIVE_REPOST)) {
            sink.accept(new Transition<>(Action.of("PostReceive", "qp", q), postReceive(s, q)));
        }
        if (variant == PartitionVariant.REPOST_BEFORE_CONSUME) {
            for (int i = 0; i < cq.size(); i++) {
                if (!cq.get(i).reposted()) {
                    sink.accept(new Transition<>(Action.of("PostReceiveEarly", "qp", q), postReceiveEarly(s, q, i)));
                    break;
                }
            }
        }
    }

    private static int firstInFlight(List<SendRequest> queue) {
        for (int j = 0; j < queue.size(); j++) {
            if (!queue.get(j).landed()) {
                return j;
            }
        }
        return -1;
    }

    /**
     * Whether transfer t may start (or go on) with its data ID: its own ID at first; a reused one
     * once the receiver completed the transfer that held it ({@code paper}) or once the sender
     * polled that transfer's last send completion ({@code reuse-on-send-completion}).
     */
    boolean dataIdFree(PartitionState s, int t) {
        if (t < config.ids() || knockouts.contains(Knockout.DATA_ID_REUSE_GUARD)) {
            return true;
        }
        int previous = t - config.ids();
        if (variant == PartitionVariant.REUSE_ON_SEND_COMPLETION) {
            return s.nextChunk().get(previous) == splitter().chunkCount() && !sendPending(s, previous);
        }
        return s.delivered().stream().filter(d -> d.dataId() == splitter().headerId(t)).count() >= t / config.ids();
    }

    /** @return whether a chunk of transfer t is outstanding on a QP or waits to be posted again */
    private boolean sendPending(PartitionState s, int t) {
        boolean onQp = s.sendQueues().stream().flatMap(List::stream)
                .anyMatch(r -> r.chunk().transfer(config.size()) == t);
        return onQp || s.resend().stream().anyMatch(c -> c.transfer(config.size()) == t);
    }

    /** Algorithm 1, lines 6-8: QP q's last send completed; split transfer t's next chunk and post it. */
    private PartitionState post(PartitionState s, int q, int t) {
        StateEdit e = new StateEdit(s);
        int i = s.nextChunk().get(t);
        e.nextChunk.set(t, i + 1);
        e.appendSend(q, SendRequest.inFlight(splitter().message(t, i)));
        return e.build();
    }

    /** Recovery: a chunk flushed by a QP error is posted again, on any connected QP with room. */
    private static PartitionState resend(PartitionState s, int q, ChunkMessage c) {
        StateEdit e = new StateEdit(s);
        e.resend.remove(c);
        e.appendSend(q, SendRequest.inFlight(c));
        return e.build();
    }

    /** The ACK of QP q's oldest send arrived and the sender polled its completion (Algorithm 1, line 6). */
    private static PartitionState sendComplete(PartitionState s, int q) {
        StateEdit e = new StateEdit(s);
        e.sendQueues.set(q, s.sendQueues().get(q).subList(1, s.sendQueues().get(q).size()));
        return e.build();
    }

    /**
     * The receiver's NIC takes a posted receive work request for QP q's first chunk in flight and
     * writes the chunk into its buffer. In variant {@code repost-before-consume} the buffer may be
     * one whose earlier chunk reordering has not read yet: the NIC overwrites it.
     */
    private PartitionState arrive(PartitionState s, int q, int j) {
        StateEdit e = new StateEdit(s);
        List<SendRequest> queue = new ArrayList<>(s.sendQueues().get(q));
        ChunkMessage m = queue.get(j).chunk();
        queue.set(j, queue.get(j).land());
        e.sendQueues.set(q, queue);
        e.posted.set(q, s.posted().get(q) - 1);
        List<ReceiveCompletion> cq = s.completions().get(q);
        for (int i = 0; i < cq.size(); i++) {
            if (cq.get(i).reposted()) {
                e.setCompletion(q, i, cq.get(i).overwrittenBy(m));
                break;
            }
        }
        e.appendCompletion(q, ReceiveCompletion.of(m));
        return e.build();
    }

    /**
     * QP q enters the error state: its send work requests complete in error and their chunks go
     * back to the sender, its posted receive work requests are flushed.
     *
     * @param cost    1 for a network fault (from the budget), 0 for an RNR error
     * @param requeue whether the flushed chunks go back to the sender's queue (the recovery)
     */
    private static PartitionState flush(PartitionState s, int q, int cost, boolean requeue) {
        StateEdit e = new StateEdit(s);
        if (requeue) {
            s.sendQueues().get(q).forEach(r -> e.resend.add(r.chunk()));
        }
        e.sendQueues.set(q, List.of());
        e.posted.set(q, 0);
        e.qpError.set(q, true);
        e.errorsLeft -= cost;
        return e.build();
    }

    /** @return whether flushed chunks are posted again (unless knocked out) */
    private boolean requeue() {
        return !knockouts.contains(Knockout.CHUNK_REQUEUE);
    }

    /** The sender resets QP q and connects it again (error, reset, init, ready to receive, ready to send). */
    private static PartitionState reconnect(PartitionState s, int q) {
        StateEdit e = new StateEdit(s);
        e.qpError.set(q, false);
        return e.build();
    }

    /** Algorithm 2, lines 7 and 9: the receiver polls QP q's oldest receive completion and reorders its chunk. */
    private PartitionState reorder(PartitionState s, int q) {
        StateEdit e = new StateEdit(s);
        List<ReceiveCompletion> cq = s.completions().get(q);
        ChunkMessage m = cq.get(0).chunk();
        e.completions.set(q, cq.subList(1, cq.size()));
        int id = m.dataId();
        Reassembler.Placement p = reassembler().receive(s.buffers().get(id), s.received().get(id), m);
        e.buffers.set(id, p.buffer());
        e.received.set(id, p.received());
        p.completed().ifPresent(e.delivered::add);
        e.outside.addAll(p.outside());
        return e.build();
    }

    /** Algorithm 2, line 8: a consumed receive buffer is posted again. */
    private static PartitionState postReceive(PartitionState s, int q) {
        StateEdit e = new StateEdit(s);
        e.posted.set(q, s.posted().get(q) + 1);
        return e.build();
    }

    /** Variant repost-before-consume: the buffer of completion i is posted again before it is reordered. */
    private static PartitionState postReceiveEarly(PartitionState s, int q, int i) {
        StateEdit e = new StateEdit(s);
        e.setCompletion(q, i, s.completions().get(q).get(i).repost());
        e.posted.set(q, s.posted().get(q) + 1);
        return e.build();
    }

    /** The sender has split every chunk and holds none, and the receiver reordered every completion. */
    @Override
    public boolean isFinal(PartitionState s) {
        return s.nextChunk().stream().allMatch(n -> n == splitter().chunkCount()) && s.senderIdle()
                && s.receiverIdle();
    }

    /**
     * Every transfer completed: the protocol is done, the receiver holds no partial buffer, and the
     * application received one buffer per transfer.
     *
     * @param s a state
     * @return whether it is a goal state of EveryTransferCompletes
     */
    public boolean allTransfersComplete(PartitionState s) {
        return isFinal(s) && s.allBuffersFree() && s.delivered().size() == config.transfers();
    }

    @Override
    public Optional<StateCodec<PartitionState>> codec() {
        return Optional.of(new PartitionCodec());
    }

    /** The queue pairs are interchangeable ({@link QpSymmetry}). */
    @Override
    public Optional<Symmetry<PartitionState>> symmetry() {
        return Optional.of(new QpSymmetry(config.qps()));
    }
}
