package org.rdmacheck.properties.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.partition.DataPartition;
import org.rdmacheck.model.partition.SymbolicData;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.Reads;

/**
 * What data partition must guarantee (seed 003, III-B): the receiver rebuilds every transfer
 * byte for byte whatever order the QPs complete in. Each property has a twin of the same name in
 * {@code specs/partition/Spec.tla}. Each predicate is written once on the packed values through
 * the model's layout; on state objects it is evaluated on their values.
 */
public final class PartitionProperties {

    private PartitionProperties() {
    }

    /** Name of the invariant on the receiver's buffers per QP. */
    public static final String RECEIVE_BUFFERS = "NoReceiveBufferOverbooked";

    /** Name of the action property: no buffer is handed to the application twice. */
    public static final String NO_DUPLICATE = "NoDuplicateDelivery";

    /** Name of the invariant of the split across QPs: a free QP is offered a waiting chunk. */
    public static final String FREE_QP_MAY_POST = "FreeQpMayPost";

    /** Name of the progress property (AG EF every transfer complete). */
    public static final String CAN_COMPLETE = "EveryTransferCanComplete";

    /**
     * @param m the configured model
     * @return every property, in report order
     */
    public static List<Property<LayoutState>> all(DataPartition m) {
        // the byte counts of a state, one per thread, made once for the two properties that count
        ThreadLocal<Occurrences> counts = ThreadLocal.withInitial(() -> new Occurrences(m));
        // what each predicate reads, for the safety reduction (slots by their layout names)
        String[] occurrences = {"resend", "buffers", "sendQueues", "completions", "delivered"};
        return List.of(
                invariant("ReassembledEqualsOriginal", (s, o) -> reassembledEqualsOriginal(m, s, o), m, "delivered"),
                invariant("NoChunkLost", (s, o) -> noChunkLost(m, s, o, counts.get().of(s, o)), m,
                        concat(occurrences, "nextChunk")),
                invariant("NoChunkDuplicated", (s, o) -> noChunkDuplicated(counts.get().of(s, o)), m, occurrences),
                invariant("NoWriteOutsideBuffer", (s, o) -> !m.wroteOutside(s, o), m, "outside"),
                invariant("AtMostOneOutstandingPerQp", (s, o) -> m.mostOutstanding(s, o) <= 1, m, "sendQueues"),
                invariant("DataIdsNeverMix", (s, o) -> dataIdsNeverMix(m, s, o), m, "buffers", "delivered"),
                invariant(RECEIVE_BUFFERS, (s, o) -> receiveBuffersBounded(m, s, o), m, "posted", "completions"),
                freeQpMayPost(m),
                noDuplicateDelivery(m),
                DeadlockFreedom.standard(),
                new Progress<LayoutState>(CAN_COMPLETE, m::allTransfersComplete).withPacked(m::allTransfersComplete));
    }

    /**
     * {@value #FREE_QP_MAY_POST}: while a chunk waits to be sent, every QP whose last sending task
     * completed may take it (seed 003, III-B: "we assigned equal and small amount of data packets to
     * each pair of QP for sending at the beginning of the transmission. While we detect a complete
     * information, add the next send task to the corresponding QP until all the data sent
     * completed"; Algorithm 1, lines 3-8: for all the QPs, if the last sending task completed, get a
     * chunk and send it). A chunk waits when a transfer has one not yet split whose data ID it may
     * use, or a flushed chunk waits to be posted again; a QP is free when it is connected and has no
     * send outstanding. In every such state the sender's step must offer the QP a {@code Post} or a
     * {@code Resend}: the property reads the transition relation (as the twin's {@code ENABLED}),
     * found by running the sender's step on the state. Which free QP takes the chunk first is the
     * network's timing, which the model leaves open: a behaviour that puts every chunk on one QP is
     * one of the design's too (a fast path), so no property of behaviours alone, safety or liveness
     * under the weak fairness of {@link PartitionEntry#PROTOCOL_FAIR}, can tell the split from its
     * absence; this one says that no QP is shut out.
     *
     * @param m the configured model
     * @return the invariant
     */
    static Invariant<LayoutState> freeQpMayPost(DataPartition m) {
        ThreadLocal<DataPartition.OfferProbe> probe = ThreadLocal.withInitial(m::offerProbe);
        PackedModel.StateTest test = (s, o) -> {
            int free = m.freeQpsWhileChunkWaits(s, o);
            return free == 0 || (probe.get().offeredQps(s, o) & free) == free;
        };
        return invariant(FREE_QP_MAY_POST, test, m, "qpError", "sendQueues", "nextChunk", "resend", "delivered");
    }

    /**
     * {@value #NO_DUPLICATE}: a step that hands a buffer to the application (a {@code Reorder} that
     * completes its data ID) hands over one the application does not hold yet, judged against the
     * state before the step (seed 003, III-B: each transfer is handed over whole and once; the
     * service's "never twice", specs/partition/PartitionService.tla). The delivered buffers are a
     * set of (data ID, bytes), as in the twin, so a second hand-over of the same bytes under the same
     * data ID leaves the state as it was and no state property sees it ({@code NoChunkDuplicated}
     * sees a copy only while it is somewhere else too); the step does: the set must grow by the
     * buffer. It reads the delivered set and the allocation flags, on {@code Reorder} steps only.
     *
     * @param m the configured model
     * @return the property
     */
    static ActionProperty<LayoutState> noDuplicateDelivery(DataPartition m) {
        PackedModel.StepTest once = (from, o, code, to) -> m.handedOver(code, to, 0) < 0
                || m.deliveredCount(to, 0) > m.deliveredCount(from, o);
        return new ActionProperty<LayoutState>(NO_DUPLICATE, (from, a, to) -> {
            if (!a.name().equals("Reorder")) {
                return true;
            }
            int id = (Integer) a.params().get("dataId");
            return to.test((s, o) -> m.allocated(s, o, id)) || delivered(m, to) > delivered(m, from);
        }).withPacked(once).withReads(Reads.of(slots(m, "delivered", "allocated"), "Reorder"));
    }

    private static int delivered(DataPartition m, LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        return m.deliveredCount(v, 0);
    }

    private static Invariant<LayoutState> invariant(String name, PackedModel.StateTest test, DataPartition m,
                                                    String... reads) {
        return new Invariant<LayoutState>(name, s -> s.test(test)).withPacked(test).withReads(Reads.of(slots(m, reads)));
    }

    /** @return the layout's slots of the named arrays or FIFO families ({@code buffers} is every {@code buffers[i]}) */
    static List<Slot> slots(DataPartition m, String... names) {
        Set<String> wanted = Set.of(names);
        List<Slot> out = new ArrayList<>();
        for (Slot s : m.layout().slots()) {
            int bracket = s.name().indexOf('[');
            if (wanted.contains(bracket < 0 ? s.name() : s.name().substring(0, bracket))) {
                out.add(s);
            }
        }
        return out;
    }

    private static String[] concat(String[] a, String b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = b;
        return out;
    }

    /** Every buffer handed to the application is some transfer's original data, byte for byte. */
    static boolean reassembledEqualsOriginal(DataPartition m, int[] s, int o) {
        int at = m.deliveredAt(s, o);
        for (int k = 0, n = m.deliveredCount(s, o); k < n; k++) {
            // transfer t's bytes are t * size + 1 .. t * size + size (SymbolicData)
            int first = m.deliveredByte(s, at, k, 0);
            if (first == SymbolicData.HOLE || SymbolicData.indexOf(m.size(), first) != 0) {
                return false;
            }
            for (int j = 1; j < m.size(); j++) {
                if (m.deliveredByte(s, at, k, j) != first + j) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Every byte the sender has split is somewhere: in flight on a QP, waiting to be posted again,
     * in a receive buffer, in a reassembly buffer, or delivered.
     */
    static boolean noChunkLost(DataPartition m, int[] s, int o, int[] count) {
        for (int t = 0; t < m.transfers(); t++) {
            int sent = Math.min(m.nextChunk(s, o, t) * m.chunk(), m.size());
            for (int i = 0; i < sent; i++) {
                if (count[SymbolicData.value(m.size(), t, i)] == 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** No byte is in two places at once (or twice in one). */
    static boolean noChunkDuplicated(int[] count) {
        for (int v = 1; v < count.length; v++) {
            if (count[v] > 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * No QP has more receive work requests posted, plus completions whose buffer was not posted
     * again, than the {@code receiveWrs} buffers the receiver registered for it (seed 003, III-B,
     * Algorithm 2: line 2 registers the buffers, line 8 re-posts the one whose task completed). The
     * model's completion carries its chunk, so a work request posted over a buffer that still holds
     * an unread chunk breaks no other property: this one says the receiver re-posted only what it
     * consumed.
     */
    static boolean receiveBuffersBounded(DataPartition m, int[] s, int o) {
        return m.mostReceiveBuffersInUse(s, o) <= m.config().receiveWrs();
    }

    /**
     * A state's {@link DataPartition#occurrences} for one thread, counted once for both properties
     * that read them: the counts are kept with the values they were counted on, and a state with
     * the same values has the same counts.
     */
    private static final class Occurrences {

        private final DataPartition m;
        private final int[] count;
        private final int[] values;
        private int length = -1;

        Occurrences(DataPartition m) {
            this.m = m;
            this.count = new int[m.transfers() * m.size() + 1];
            this.values = new int[m.layout().maxLength()];
        }

        int[] of(int[] s, int o) {
            int n = m.layout().length(s, o);
            if (n != length || !java.util.Arrays.equals(values, 0, n, s, o, o + n)) {
                m.occurrences(s, o, count);
                System.arraycopy(s, o, values, 0, n);
                length = n;
            }
            return count;
        }
    }

    /** No receiver buffer, partial or delivered, holds bytes of two transfers. */
    static boolean dataIdsNeverMix(DataPartition m, int[] s, int o) {
        for (int id = 0; id < m.config().ids(); id++) {
            int owner = -1;
            for (int j = 0; j < m.size(); j++) {
                int v = m.bufferByte(s, o, id, j);
                if (v != SymbolicData.HOLE) {
                    int t = SymbolicData.transferOf(m.size(), v);
                    if (owner >= 0 && owner != t) {
                        return false;
                    }
                    owner = t;
                }
            }
        }
        int at = m.deliveredAt(s, o);
        for (int k = 0, n = m.deliveredCount(s, o); k < n; k++) {
            int owner = -1;
            for (int j = 0; j < m.size(); j++) {
                int v = m.deliveredByte(s, at, k, j);
                if (v != SymbolicData.HOLE) {
                    int t = SymbolicData.transferOf(m.size(), v);
                    if (owner >= 0 && owner != t) {
                        return false;
                    }
                    owner = t;
                }
            }
        }
        return true;
    }
}
