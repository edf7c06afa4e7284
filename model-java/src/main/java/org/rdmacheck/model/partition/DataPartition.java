package org.rdmacheck.model.partition;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.layout.StateLayout;

/**
 * Multi-QP data partition (seed 003, III-B, Algorithms 1 and 2) with both ends of every QP,
 * written once on its declared state ({@link PartitionLayout}); the steps are {@link PartitionStep}.
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
 * <p>An action's code is {@code kind | qp << 4 | chunk << 12}, the chunk's number
 * {@code t * chunkCount + i} where the action names a chunk.
 */
public final class DataPartition implements LayoutModel {

    /**
     * The mechanisms of the design a knock-out switch removes (seed 003, III-B, and the recovery
     * this model adds); each is a guard of {@link PartitionStep}.
     */
    public enum Knockout {
        /** a transfer starts with a reused data ID without waiting for the receiver to complete its holder */
        DATA_ID_REUSE_GUARD,
        /** a chunk flushed by a QP error is dropped instead of going back to the split function's queue */
        CHUNK_REQUEUE,
        /** RNR retry count 0: a chunk meeting no posted receive work request sends the QP to error */
        RNR_RETRY,
        /** the receiver never re-posts a consumed receive work request (Algorithm 2, line 8) */
        RECEIVE_REPOST,
        /**
         * the receiver re-posts receive work requests up to {@code receiveWrs}, counting a buffer whose
         * completion it has not reordered yet as free (Algorithm 2, line 8 re-posts only the buffer of
         * the receive task that completed)
         */
        RECEIVE_ACCOUNTING,
        /**
         * every chunk goes on one QP (QP 0): the sender's loop over the QPs (Algorithm 1, lines 4-8)
         * hands a chunk to no other QP, so the split across QPs is gone
         */
        MULTI_QP_SPLIT
    }

    static final int RECONNECT = 0;
    static final int POST = 1;
    static final int RESEND = 2;
    static final int SEND_COMPLETE = 3;
    static final int ARRIVE = 4;
    static final int RNR_ERROR = 5;
    static final int QP_ERROR = 6;
    static final int REORDER = 7;
    static final int POST_RECEIVE = 8;
    static final int POST_RECEIVE_EARLY = 9;
    private static final String[] NAMES = {"Reconnect", "Post", "Resend", "SendComplete", "Arrive", "RnrError",
        "QpError", "Reorder", "PostReceive", "PostReceiveEarly"};

    private final PartitionConfig config;
    private final PartitionVariant variant;
    private final Set<Knockout> knockouts;
    private final PartitionLayout f;
    private final ChunkSplitter split;
    private final int chunks;
    /** chunk numbers in the order of their headers and payload (data ID, offset, transfer) */
    private final int[] resendOrder;
    private final LayoutState initial;
    // configuration tables for the walks over a state, made once
    private final boolean reuseGuard;
    private final boolean receiveAccounting;
    /** per chunk number: its payload's symbolic bytes */
    private final int[][] chunkBytes;
    /** the layout's FIFOs in their packed order; per FIFO, the component naming a chunk (null: the delivered set) */
    private final Fifo[] fifos;
    private final Field[] chunkOf;
    /** per FIFO: whether it is a send queue (a landed chunk in it is counted where it landed) */
    private final boolean[] sends;
    /** per FIFO: the QP whose receive completions it holds, -1 for another FIFO */
    private final int[] completionsOf;

    /**
     * @param config    the sizes
     * @param variant   the protocol variant
     * @param knockouts mechanisms removed; empty for the variant as it is
     */
    public DataPartition(PartitionConfig config, PartitionVariant variant, Set<Knockout> knockouts) {
        this.config = Objects.requireNonNull(config);
        this.variant = Objects.requireNonNull(variant);
        this.knockouts = knockouts.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(knockouts));
        this.f = new PartitionLayout(config, variant);
        this.split = new ChunkSplitter(config, variant);
        this.chunks = split.chunkCount();
        List<Integer> order = new ArrayList<>();
        for (int c = 0; c < config.transfers() * chunks; c++) {
            order.add(c);
        }
        order.sort((a, b) -> {
            int x = Integer.compare(split.headerId(a / chunks), split.headerId(b / chunks));
            if (x == 0) {
                x = Integer.compare(a % chunks, b % chunks);
            }
            return x != 0 ? x : Integer.compare(a / chunks, b / chunks);
        });
        this.resendOrder = order.stream().mapToInt(Integer::intValue).toArray();
        this.reuseGuard = !this.knockouts.contains(Knockout.DATA_ID_REUSE_GUARD);
        this.receiveAccounting = !this.knockouts.contains(Knockout.RECEIVE_ACCOUNTING);
        this.chunkBytes = new int[config.transfers() * chunks][];
        for (int c = 0; c < chunkBytes.length; c++) {
            int[] b = new int[split.chunkLength(c % chunks)];
            for (int k = 0; k < b.length; k++) {
                b[k] = split.payload(c / chunks, c % chunks, k);
            }
            chunkBytes[c] = b;
        }
        this.fifos = f.layout.fifos().toArray(new Fifo[0]);
        this.chunkOf = new Field[fifos.length];
        this.sends = new boolean[fifos.length];
        this.completionsOf = new int[fifos.length];
        for (int k = 0; k < fifos.length; k++) {
            Fifo q = fifos[k];
            sends[k] = q != f.delivered && q.components().get(1) == f.landed;
            chunkOf[k] = q == f.delivered ? null : sends[k] ? f.sendChunk : f.cqChunk;
            completionsOf[k] = List.of(f.completions).indexOf(q);
        }
        int[] v = new int[f.layout.maxLength()];
        f.errorsLeft.set(v, 0, config.errors());
        for (int q = 0; q < config.qps(); q++) {
            f.posted[q].set(v, 0, config.receiveWrs());
        }
        this.initial = new LayoutState(f.layout, v, 0, f.layout.header());
    }

    /** The variant as it is: no knock-out. */
    public DataPartition(PartitionConfig config, PartitionVariant variant) {
        this(config, variant, Set.of());
    }

    /** @return the sizes */
    public PartitionConfig config() {
        return config;
    }

    /** @return the protocol variant */
    public PartitionVariant variant() {
        return variant;
    }

    /** @return the mechanisms knocked out */
    public Set<Knockout> knockouts() {
        return knockouts;
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
        return split;
    }

    /** @return the declared state */
    public PartitionLayout fields() {
        return f;
    }

    int[] resendOrder() {
        return resendOrder;
    }

    @Override
    public StateLayout layout() {
        return f.layout;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(initial);
    }

    @Override
    public PackedModel.Expander expander() {
        return new PartitionStep(this);
    }

    static long code(int kind, int qp, int chunk) {
        return kind | qp << 4 | (long) chunk << 12;
    }

    @Override
    public Action action(long code) {
        int kind = (int) (code & 15);
        int q = (int) (code >>> 4 & 255);
        int c = (int) (code >>> 12);
        int t = c / chunks;
        int i = c % chunks;
        return switch (kind) {
            case POST -> Action.of("Post", "qp", q, "transfer", t, "chunk", i);
            case RESEND -> Action.of("Resend", "qp", q, "transfer", t, "offset", i * config.chunk());
            case ARRIVE, REORDER -> Action.of(NAMES[kind], "qp", q, "dataId", split.headerId(t), "offset",
                    i * config.chunk());
            default -> Action.of(NAMES[kind], "qp", q);
        };
    }

    // ---- what the steps and the properties read, on packed values ----

    /**
     * Whether transfer t may start (or go on) with its data ID: its own ID at first; a reused one
     * once the receiver completed the transfer that held it ({@code paper}) or once the sender
     * polled that transfer's last send completion ({@code reuse-on-send-completion}).
     *
     * @param s packed values
     * @param o the state's first value
     * @param t a transfer
     * @return whether it may post a chunk
     */
    public boolean dataIdFree(int[] s, int o, int t) {
        if (t < config.ids() || !reuseGuard) {
            return true;
        }
        int previous = t - config.ids();
        if (variant == PartitionVariant.REUSE_ON_SEND_COMPLETION) {
            return f.nextChunk[previous].get(s, o) == chunks && !sendPending(s, o, previous);
        }
        int id = split.headerId(t);
        int count = 0;
        int at = o + f.layout.start(s, o, f.delivered);
        for (int k = 0, n = f.delivered.length(s, o); k < n; k++) {
            if (delivered(f.deliveredId, s, at, k) == id) {
                count++;
            }
        }
        return count >= t / config.ids();
    }

    /** @return whether a chunk of transfer t is outstanding on a QP or waits to be posted again */
    private boolean sendPending(int[] s, int o, int t) {
        for (Fifo q : f.sendQueue) {
            int at = o + f.layout.start(s, o, q);
            for (int k = 0, n = q.length(s, o); k < n; k++) {
                if (f.sendChunk.of(q.element(s, at, k)) / chunks == t) {
                    return true;
                }
            }
        }
        for (int i = 0; i < chunks; i++) {
            if (f.resend[t * chunks + i].is(s, o)) {
                return true;
            }
        }
        return false;
    }

    /** @return QP q's receive buffers that reordering consumed and that are not yet posted again (the parent's) */
    int consumedBuffers(Expansion x, int q) {
        Fifo cq = f.completions[q];
        int held = 0;
        for (int i = 0, n = receiveAccounting ? x.length(cq) : 0; i < n; i++) {
            held += 1 - f.reposted.of(x.element(cq, i));
        }
        return config.receiveWrs() - x.get(f.posted[q]) - held;
    }

    /**
     * The receive buffers QP q has in use: its posted receive work requests and its receive
     * completions whose buffer was not posted again (their chunk not yet reordered). The receiver
     * registered {@code receiveWrs} buffers per QP (seed 003, III-B, Algorithm 2 line 2), so this is
     * at most {@code receiveWrs}; more means a work request was posted over a buffer that still
     * holds an unread chunk.
     *
     * @param s packed values
     * @param o the state's first value
     * @param q a QP
     * @return posted receive work requests plus completions not re-posted
     */
    public int receiveBuffersInUse(int[] s, int o, int q) {
        Fifo cq = f.completions[q];
        int at = o + f.layout.start(s, o, cq);
        int held = f.posted[q].get(s, o);
        for (int k = 0, n = cq.length(s, o); k < n; k++) {
            held += 1 - f.reposted.of(cq.element(s, at, k));
        }
        return held;
    }

    /**
     * {@link #receiveBuffersInUse} of the QP that uses the most, in one walk over the FIFOs.
     *
     * @param s packed values
     * @param o the state's first value
     * @return the most receive buffers one QP has in use
     */
    public int mostReceiveBuffersInUse(int[] s, int o) {
        int most = 0;
        int at = o + f.layout.header();
        for (int j = 0; j < fifos.length; j++) {
            Fifo q = fifos[j];
            int n = q.length(s, o);
            int qp = completionsOf[j];
            if (qp >= 0) {
                int held = f.posted[qp].get(s, o);
                for (int k = 0; k < n; k++) {
                    held += 1 - f.reposted.of(q.element(s, at, k));
                }
                most = Math.max(most, held);
            }
            at += q.values(n);
        }
        return most;
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @param t a transfer
     * @return the index of the next chunk the split function returns for it
     */
    public int nextChunk(int[] s, int o, int t) {
        return f.nextChunk[t].get(s, o);
    }

    /**
     * The sender has split every chunk and holds none, and the receiver reordered every completion.
     *
     * @param s packed values
     * @param o the state's first value
     * @return whether the protocol is done
     */
    public boolean done(int[] s, int o) {
        for (Field n : f.nextChunk) {
            if (n.get(s, o) != chunks) {
                return false;
            }
        }
        for (Field r : f.resend) {
            if (r.is(s, o)) {
                return false;
            }
        }
        for (int q = 0; q < config.qps(); q++) {
            if (f.sendQueue[q].length(s, o) > 0 || f.completions[q].length(s, o) > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Every transfer completed: the protocol is done, the receiver holds no partial buffer, and the
     * application received one buffer per transfer.
     *
     * @param s packed values
     * @param o the state's first value
     * @return whether it is a goal state of EveryTransferCompletes
     */
    public boolean allTransfersComplete(int[] s, int o) {
        if (!done(s, o) || f.delivered.length(s, o) != config.transfers()) {
            return false;
        }
        for (Field a : f.allocated) {
            if (a.is(s, o)) {
                return false;
            }
        }
        return true;
    }

    /** @param s a state  @return {@link #allTransfersComplete(int[], int)} of it */
    public boolean allTransfersComplete(LayoutState s) {
        return s.test(this::allTransfersComplete);
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return s.test(this::done);
    }

    /**
     * Counts, per symbolic byte value, how many places hold it: a chunk in flight on a QP (a landed
     * one is counted where it landed), a chunk waiting to be posted again, a receive buffer, a
     * reassembly buffer, a delivered buffer.
     *
     * @param s     packed values
     * @param o     the state's first value
     * @param count receives the counts, indexed by value (at least {@code transfers * size + 1}
     *              long; index 0, the hole, left 0)
     */
    public void occurrences(int[] s, int o, int[] count) {
        java.util.Arrays.fill(count, 0);
        for (int c = 0; c < f.resend.length; c++) {
            if (f.resend[c].is(s, o)) {
                countChunk(count, c);
            }
        }
        for (Field[] b : f.buffer) {
            for (Field x : b) {
                count[x.get(s, o)]++;
            }
        }
        // the FIFOs in their packed order, each starting where the previous one ends
        int at = o + f.layout.header();
        for (int j = 0; j < fifos.length; j++) {
            Fifo q = fifos[j];
            int n = q.length(s, o);
            Field chunk = chunkOf[j];
            if (chunk == null) {
                for (int k = 0; k < n; k++) {
                    for (Field x : f.deliveredData) {
                        count[delivered(x, s, at, k)]++;
                    }
                }
            } else {
                boolean landedCounted = sends[j];
                for (int k = 0; k < n; k++) {
                    int e = q.element(s, at, k);
                    // a landed chunk is counted where it landed, in a receive buffer
                    if (!landedCounted || f.landed.of(e) == 0) {
                        countChunk(count, chunk.of(e));
                    }
                }
            }
            at += q.values(n);
        }
        count[SymbolicData.HOLE] = 0;
    }

    private void countChunk(int[] count, int c) {
        for (int b : chunkBytes[c]) {
            count[b]++;
        }
    }

    /**
     * The data ID a step hands to the application: a {@code Reorder} step whose data ID (the
     * header's, of the reordered chunk's transfer) has no buffer allocated after the step completed
     * it (Algorithm 2, line 9: a data ID is freed only when its buffer is handed over).
     *
     * @param code an action's code
     * @param to   the values of the state after the step
     * @param o    the state's first value there
     * @return the data ID handed over, or -1 when the step hands nothing over
     */
    public int handedOver(long code, int[] to, int o) {
        if ((code & 15) != REORDER) {
            return -1;
        }
        int id = split.headerId((int) (code >>> 12) / chunks);
        return f.allocated[id].is(to, o) ? -1 : id;
    }

    /**
     * @param s  packed values
     * @param o  the state's first value
     * @param id a data ID
     * @return whether the receiver holds a reassembly buffer for it
     */
    public boolean allocated(int[] s, int o, int id) {
        return f.allocated[id].is(s, o);
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return how many buffers the application received
     */
    public int deliveredCount(int[] s, int o) {
        return f.delivered.length(s, o);
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return where the delivered buffers start in the values: the {@code at} of {@link #deliveredByte}
     */
    public int deliveredAt(int[] s, int o) {
        return o + f.layout.start(s, o, f.delivered);
    }

    /**
     * @param s  packed values
     * @param at {@link #deliveredAt}
     * @param k  a delivered buffer, below {@link #deliveredCount}
     * @param j  a byte position, below the size
     * @return byte j of delivered buffer k (0: a hole)
     */
    public int deliveredByte(int[] s, int at, int k, int j) {
        return delivered(f.deliveredData[j], s, at, k);
    }

    /** A component of delivered buffer k in packed values: several share a value unless the element is wide. */
    private int delivered(Field c, int[] s, int at, int k) {
        Fifo d = f.delivered;
        return d.wide() ? c.get(s, at + k * d.words()) : c.of(d.element(s, at, k));
    }

    /**
     * @param s  packed values
     * @param o  the state's first value
     * @param id a data ID
     * @param j  a byte position, below the size
     * @return byte j of the data ID's reassembly buffer (0: a hole, or no buffer allocated)
     */
    public int bufferByte(int[] s, int o, int id, int j) {
        return f.buffer[id][j].get(s, o);
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return whether the receiver wrote a byte past an allocated buffer
     */
    public boolean wroteOutside(int[] s, int o) {
        for (Field w : f.outside) {
            if (w.is(s, o)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return the most send work requests outstanding on one QP
     */
    public int mostOutstanding(int[] s, int o) {
        int most = 0;
        for (Fifo q : f.sendQueue) {
            most = Math.max(most, q.length(s, o));
        }
        return most;
    }

    // ---- declared footprints ----

    /**
     * One group per action name, each with every QP's slots of that kind (the union over its
     * instances).
     */
    @Override
    public List<Footprint> footprints() {
        List<Slot> sq = List.of(f.sendQueue);
        List<Slot> cq = List.of(f.completions);
        List<Slot> err = List.of(f.qpError);
        List<Slot> posted = List.of(f.posted);
        List<Slot> next = List.of(f.nextChunk);
        List<Slot> resend = List.of(f.resend);
        List<Slot> receiver = new ArrayList<>(List.of(f.allocated));
        for (Field[] b : f.buffer) {
            receiver.addAll(List.of(b));
        }
        receiver.addAll(List.of(f.received));
        receiver.add(f.delivered);
        receiver.addAll(List.of(f.outside));
        return List.of(
                Footprint.of("Reconnect", err, err),
                Footprint.of("Post", union(err, sq, next, resend, List.of(f.delivered)), union(sq, next)),
                Footprint.of("Resend", union(err, sq, resend), union(sq, resend)),
                Footprint.of("SendComplete", union(err, sq), sq),
                Footprint.of("Arrive", union(err, sq, posted, cq), union(sq, posted, cq)),
                Footprint.of("RnrError", union(err, sq, posted), union(sq, posted, err, resend)),
                Footprint.of("QpError", union(err, sq, List.of(f.errorsLeft)),
                        union(sq, posted, err, resend, List.of(f.errorsLeft))),
                Footprint.of("Reorder", union(cq, receiver), union(cq, receiver)),
                Footprint.of("PostReceive", union(err, posted, cq), posted),
                Footprint.of("PostReceiveEarly", union(err, posted, cq), union(posted, cq)));
    }

    @SafeVarargs
    private static List<Slot> union(List<? extends Slot>... lists) {
        java.util.LinkedHashSet<Slot> s = new java.util.LinkedHashSet<>();
        for (List<? extends Slot> l : lists) {
            s.addAll(l);
        }
        return List.copyOf(s);
    }

    /**
     * The queue pairs are interchangeable: the symmetric set the layout declares. Not under the
     * {@code multi-qp-split} knock-out, where QP 0 is the only one the sender posts on.
     */
    @Override
    public Optional<Symmetry<LayoutState>> symmetry() {
        return knockouts.contains(Knockout.MULTI_QP_SPLIT) ? Optional.empty() : Optional.of(f.qps);
    }

    /**
     * The QPs that are free while a chunk waits to be sent (seed 003, III-B, Algorithm 1 lines 3-6):
     * some transfer has a chunk not yet split whose data ID it may use, or a flushed chunk waits to
     * be posted again; a QP is free when it is connected and its last sending task completed (no
     * send work request outstanding).
     *
     * @param s packed values
     * @param o the state's first value
     * @return a bit per such QP (bit q for QP q), 0 when no chunk waits
     */
    public int freeQpsWhileChunkWaits(int[] s, int o) {
        boolean waits = false;
        for (int c : resendOrder) {
            if (f.resend[c].is(s, o)) {
                waits = true;
                break;
            }
        }
        for (int t = 0; !waits && t < config.transfers(); t++) {
            waits = f.nextChunk[t].get(s, o) < chunks && dataIdFree(s, o, t);
        }
        if (!waits) {
            return 0;
        }
        int free = 0;
        for (int q = 0; q < config.qps(); q++) {
            if (!f.qpError[q].is(s, o) && f.sendQueue[q].length(s, o) == 0) {
                free |= 1 << q;
            }
        }
        return free;
    }

    /**
     * Which QPs the sender's step offers a chunk (a {@code Post} or a {@code Resend} on that QP),
     * found by running the sender's step itself: one probe per thread.
     */
    public final class OfferProbe {

        private final PartitionStep step = new PartitionStep(DataPartition.this);

        private OfferProbe() {
        }

        /**
         * @param s packed values
         * @param o the state's first value
         * @return a bit per QP the sender's step posts or re-posts a chunk on from this state
         */
        public int offeredQps(int[] s, int o) {
            return step.offeredQps(s, o);
        }
    }

    /** @return a new probe of the QPs offered a chunk, for one thread */
    public OfferProbe offerProbe() {
        return new OfferProbe();
    }

    // ---- the state as the TLA+ twin's variables show it ----

    /**
     * The state as the TLA+ twin's variables show it (and as traces have always shown it): a send
     * work request as {@code {chunk: {dataId, totalSize, offset, payload}, landed}}, a receive
     * completion as {@code {chunk, reposted}}, the re-send set and the delivered buffers as
     * sorted lists, an unallocated buffer as an empty list, the bytes written past a buffer as
     * {@code {dataId, position}} records.
     */
    @Override
    public Object view(LayoutState state) {
        int[] v = new int[state.length()];
        state.copyTo(v, 0);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nextChunk", ints(v, f.nextChunk));
        List<Object> queues = new ArrayList<>();
        for (Fifo q : f.sendQueue) {
            List<Object> l = new ArrayList<>();
            for (int e : f.layout.elements(v, 0, q)) {
                l.add(entry("landed", f.sendChunk.of(e), f.landed.of(e) == 1));
            }
            queues.add(l);
        }
        m.put("sendQueues", queues);
        List<Object> resend = new ArrayList<>();
        for (int c : resendOrder) {
            if (f.resend[c].is(v, 0)) {
                resend.add(message(c));
            }
        }
        m.put("resend", resend);
        List<Boolean> err = new ArrayList<>();
        for (Field e : f.qpError) {
            err.add(e.is(v, 0));
        }
        m.put("qpError", err);
        m.put("errorsLeft", f.errorsLeft.get(v, 0));
        m.put("posted", ints(v, f.posted));
        List<Object> cqs = new ArrayList<>();
        for (Fifo q : f.completions) {
            List<Object> l = new ArrayList<>();
            for (int e : f.layout.elements(v, 0, q)) {
                l.add(entry("reposted", f.cqChunk.of(e), f.reposted.of(e) == 1));
            }
            cqs.add(l);
        }
        m.put("completions", cqs);
        List<Object> buffers = new ArrayList<>();
        for (int id = 0; id < f.buffer.length; id++) {
            buffers.add(f.allocated[id].is(v, 0) ? ints(v, f.buffer[id]) : List.of());
        }
        m.put("buffers", buffers);
        m.put("received", ints(v, f.received));
        List<Object> delivered = new ArrayList<>();
        int[] d = f.layout.elements(v, 0, f.delivered);
        for (int k = 0; k < d.length; k += f.delivered.words()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("dataId", f.deliveredId.get(d, k));
            List<Integer> data = new ArrayList<>();
            for (Field b : f.deliveredData) {
                data.add(b.get(d, k));
            }
            x.put("data", data);
            delivered.add(x);
        }
        m.put("delivered", delivered);
        List<Object> outside = new ArrayList<>();
        int per = Math.max(0, config.chunk() - 1);
        for (int w = 0; w < f.outside.length; w++) {
            if (f.outside[w].is(v, 0)) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("dataId", w / per);
                x.put("position", config.size() + w % per);
                outside.add(x);
            }
        }
        m.put("outside", outside);
        return m;
    }

    private Map<String, Object> entry(String flag, int chunk, boolean value) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("chunk", message(chunk));
        x.put(flag, value);
        return x;
    }

    /** Chunk c with its custom header (seed 003, III-B) and payload, as traces show it. */
    private Map<String, Object> message(int c) {
        int t = c / chunks;
        int i = c % chunks;
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("dataId", split.headerId(t));
        x.put("totalSize", config.size());
        x.put("offset", i * config.chunk());
        List<Integer> payload = new ArrayList<>();
        for (int k = 0, n = split.chunkLength(i); k < n; k++) {
            payload.add(split.payload(t, i, k));
        }
        x.put("payload", payload);
        return x;
    }

    private static List<Integer> ints(int[] v, Field[] a) {
        List<Integer> out = new ArrayList<>();
        for (Field x : a) {
            out.add(x.get(v, 0));
        }
        return out;
    }

    @Override
    public String toString() {
        return "DataPartition[" + config + ", " + variant.id() + (knockouts.isEmpty() ? "" : ", " + knockouts) + "]";
    }
}
