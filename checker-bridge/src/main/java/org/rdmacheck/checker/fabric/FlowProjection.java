package org.rdmacheck.checker.fabric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.FabricOptions;
import org.rdmacheck.model.fabric.Flow;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.RecordingExpansion;
import org.rdmacheck.model.topology.Topology;

/**
 * One flow of the network model seen against a chaotic environment: an over-approximation of what
 * the flow's message can do, built from the model's own successor function (seed 000 §IV-A/B/C).
 *
 * <p><b>The projection</b> of a state of the model onto flow {@code f} keeps what belongs to the flow
 * and forgets the rest: the flow's packets in every buffer, in their order (the other packets and the
 * background removed), the flow's DFT entries at every switch, its sender's and receiver's positions,
 * and the failed element. Every other flow is written as complete and the pause bits as clear, so a
 * projected state is itself a state of the layout (the canonical form).
 *
 * <p><b>The abstract successors</b> of a projected state {@code a}:
 * <ul>
 * <li>a delivery of the flow's packet, and a failure: the model's own successors of {@code a},
 *     projected (neither reads anything the projection forgets: a delivery reads the receiver, a
 *     failure the sender, the receiver and the failed element);
 * <li>a routing decision of the flow's packet at switch {@code v} (the first of the flow's packets in
 *     a buffer into {@code v}, or the message's next packet at its source ToR): the model's successors
 *     of concrete states built from {@code a} with every environment the decision can read at {@code v}
 *     (every occupancy of each of {@code v}'s VL1 output buffers from the flow's own packets there up to
 *     {@code xoff}, made of filler packets of another flow and background packets behind the flow's own,
 *     in every split the layout allows;
 *     the same of every VL0 output buffer; with hysteresis, the pause bit where the occupancy leaves it
 *     open; the DFT as it is and with every number of other flows' entries beside the flow's own, up
 *     to a full table, and every choice of those entries where the decision reads which they are;
 *     enumerated as a decision tree over what the
 *     decision reads, {@code Tree}), the moves of that packet
 *     ({@link NetworkModel#onePacket}, the successor function asked for that packet only) kept and
 *     projected. No occupancy is assumed to act like another: a router that tells any two occupancies
 *     apart is seen ({@code PerFlowPlantedBugTest}).
 * </ul>
 * A routing decision reads only {@code v}'s output buffers' occupancies (the reading the enumeration
 * rests on, with this one: no buffer holds more than {@code xoff}, since a packet joins only a buffer
 * below it and background only an unpaused one), its pause bits, {@code v}'s DFT (the flow's entries,
 * and how many others it holds: the model reads a table by its length and by key, and a read that
 * depends on which other entries it holds, an entry's contents or a key another flow's entry answers,
 * is recorded like any other read, and the decision is then computed for every choice of them, {@code
 * Tree}), the failed element, and under a lane-rule table the flow's earlier
 * packets waiting at {@code v} ({@link NetworkModel#footprints}, checked by {@code FabricReductionTest});
 * a move of another flow's packet or a background step changes nothing the projection keeps (it
 * removes and writes only its own packet and its own message's DFT entries; an overwrite, the only
 * rule that evicts another message's entry, is not a rule of the fabric preset's design), which the
 * abstract successor function checks at every switch of every state it expands, on other flows' sends and
 * forwards (the end packet's freeing included) over listed environments of the switch's output buffers,
 * their deliveries over every environment, on background steps, and on failures with the other flows
 * incomplete, deciding
 * nothing if one changes the projection ({@code foreign}, {@code failuresWithOthersIncomplete}). So every
 * reachable state of the model projects into the abstract reachable set, by induction on the steps.
 * This claim is checked on every transition of small configurations' full searches
 * ({@link #simulates}), and each routing decision's effect is checked where it is computed: the move,
 * applied to {@code a}, must give exactly the projection of the model's successor.
 *
 * <p>The ECN mark a move carries in its action (its buffer at or above {@code ecn}) is not
 * enumerated: it changes neither the moves nor the successor, and no property decided here reads it
 * ({@code DeflectionBeforeEcnMark} is not one of them); an abstract action's mark is that of the
 * environment enumerated, and the simulation check compares actions without it.
 *
 * <p>The decisions are memoised per local situation (the packet, its buffer, the failed element, the
 * flow's entries at {@code v} and its packet counts in {@code v}'s output buffers; under a lane-rule
 * table also its packets in {@code v}'s input buffers), which is all the environment enumeration reads
 * of {@code a}.
 */
public final class FlowProjection extends NetworkModelView {

    /** Per flow: once every packet of the transmission is sent and none is in flight, the message is complete. */
    public static final String DRAINED = "FlowDrained";

    private static final int SEND = 0;
    private static final int FORWARD = 1;
    private static final int DELIVER = 2;
    private static final int BACKGROUND = 3;
    private static final int FAIL = 4;

    private final int f;
    private final NetworkLayout g;
    private final FabricNet net;
    private final Topology t;
    private final FabricConfig c;
    private final int[] size;
    /** flows other than f (fillers are theirs) */
    private final int[] others;
    private final boolean hysteresis;
    private final boolean splitBackground;
    private final boolean table;
    private final List<LayoutState> initial;
    private final Map<Key, Move[]> memo = new ConcurrentHashMap<>();
    /** the local situations at which other flows' steps were checked to leave the projection unchanged */
    private final Map<Key, Boolean> foreignChecked = new ConcurrentHashMap<>();
    private final ThreadLocal<Expansion> readers;
    /** how the environments of a routing decision are enumerated (see {@link Enumeration}) */
    private final Enumeration enumeration;
    /** routing situations covered: every environment of every local situation decided */
    final LongAdder situations = new LongAdder();
    /** routing decisions the model computed for them (each stands for every situation agreeing on what it read) */
    final LongAdder decisions = new LongAdder();
    /** the first check of the projection's assumption that failed, if one did (nothing is decided then) */
    private final java.util.concurrent.atomic.AtomicReference<AssumptionFailed> failure =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** situations covered to check that other flows' and background steps leave the projection unchanged */
    final LongAdder foreignSituations = new LongAdder();
    /** the model's steps computed for them */
    final LongAdder foreignDecisions = new LongAdder();

    /**
     * @param m    the network model (the fabric preset)
     * @param flow the flow
     */
    public FlowProjection(NetworkModel m, int flow) {
        this(m, flow, Enumeration.TREE);
    }

    /**
     * How a routing decision's environments are enumerated. {@link #TREE} and {@link #FULL} give the
     * same moves (the same abstract state space, the same situations covered); {@link #CLASSES} fewer.
     */
    enum Enumeration {
        /**
         * every environment, as a decision tree over the reads the model's decision makes (the tool's
         * way): a decision that did not read an environment dimension stands for every value of it
         */
        TREE,
        /** for tests only: every environment built and asked of the model, one by one */
        FULL,
        /**
         * for tests only: one occupancy per class the router is read to tell apart (below the threshold,
         * at it, {@code xon + 1}, {@code xoff}) instead of every occupancy, to show that this misses a
         * router that tells apart more
         */
        CLASSES
    }

    /**
     * @param m           the network model (the fabric preset)
     * @param flow        the flow
     * @param enumeration how a decision's environments are enumerated (tests compare them)
     */
    FlowProjection(NetworkModel m, int flow, Enumeration enumeration) {
        super(covered(m));
        this.enumeration = enumeration;
        this.f = flow;
        this.g = m.fields();
        this.net = m.net();
        this.t = net.topology();
        this.c = m.config();
        List<Flow> flows = c.flows();
        this.size = new int[flows.size()];
        List<Integer> o = new ArrayList<>();
        for (int k = 0; k < flows.size(); k++) {
            size[k] = flows.get(k).packets() > 0 ? flows.get(k).packets() : c.packets();
            if (k != flow) {
                o.add(k);
            }
        }
        this.others = o.stream().mapToInt(Integer::intValue).toArray();
        this.hysteresis = g.paused != null;
        this.splitBackground = c.options().off(FabricOptions.Knockout.PFC_COUNTS_BACKGROUND);
        this.table = c.options().laneChange() == FabricOptions.LaneChange.TABLE;
        this.readers = ThreadLocal.withInitial(() -> Expansion.onPackedValues(g.layout));
        Expansion x = Expansion.onPackedValues(g.layout);
        List<LayoutState> init = new ArrayList<>();
        for (LayoutState s0 : m.initialStates()) {
            int[] v = new int[s0.length()];
            s0.copyTo(v, 0);
            project(x, v, 0, 0L, (code, next, length) -> init.add(new LayoutState(g.layout, Arrays.copyOf(next, length),
                    0, length)));
        }
        this.initial = List.copyOf(init);
    }

    /**
     * @param m a network model
     * @return null when the projection covers it, else one line saying why not
     */
    public static String notCovered(NetworkModel m) {
        FabricOptions o = m.config().options();
        if (o.preset() != FabricOptions.Preset.FABRIC) {
            return "preset " + o.preset() + ": the per-flow projection covers the fabric model only";
        }
        if (o.dft() == FabricOptions.DftRules.OVERWRITE) {
            return "DFT rules that overwrite: a move may evict another message's entry, which the projection assumes "
                    + "no move of another flow does";
        }
        return null;
    }

    /** @return the flow */
    public int flow() {
        return f;
    }

    /** @return the model */
    public NetworkModel model() {
        return m;
    }

    /** @return the local situations memoised so far */
    public int memoised() {
        return memo.size();
    }

    /**
     * For tests: the moves decided per local situation, to compare enumerations.
     *
     * @return per local situation (its key's values), its moves as a set
     */
    Map<List<Integer>, java.util.Set<Object>> decidedMoves() {
        Map<List<Integer>, java.util.Set<Object>> r = new java.util.HashMap<>();
        memo.forEach((k, mv) -> r.put(Arrays.stream(k.values()).boxed().toList(),
                new java.util.HashSet<>(Arrays.asList((Object[]) mv))));
        return r;
    }

    // ---- the projection ----

    /**
     * Emits the projection of a state of the model onto the flow.
     *
     * @param x    an expansion to build with (per thread)
     * @param s    the state's values
     * @param base its first value
     * @param code the action code to emit with
     * @param sink receives the projection
     */
    void project(Expansion x, int[] s, int base, long code, PackedModel.Sink sink) {
        x.load(s, base);
        x.begin();
        for (int k : others) {
            x.set(g.sent[k], size[k]);
            x.set(g.expected[k], size[k]);
        }
        for (Field bg : g.background) {
            if (x.get(bg) != 0) {
                x.set(bg, 0);
            }
        }
        if (hysteresis) {
            for (Field p : g.paused) {
                if (x.is(p)) {
                    x.set(p, false);
                }
            }
        }
        for (Fifo q : g.buffers) {
            if (q != null) {
                for (int i = x.length(q) - 1; i >= 0; i--) {
                    if (g.pFlow.of(x.element(q, i)) != f) {
                        x.removeAt(q, i);
                    }
                }
            }
        }
        for (Fifo q : g.dft) {
            if (q != null) {
                for (int i = x.length(q) - 1; i >= 0; i--) {
                    if (g.dFlow.of(x.element(q, i)) != f) {
                        x.removeAt(q, i);
                    }
                }
            }
        }
        x.emit(code, sink);
    }

    /**
     * @param x    an expansion (per thread)
     * @param s    a state's values
     * @param base its first value
     * @return its projection's values
     */
    public int[] projection(Expansion x, int[] s, int base) {
        int[][] out = new int[1][];
        project(x, s, base, 0L, (code, next, length) -> out[0] = Arrays.copyOf(next, length));
        return out[0];
    }

    /**
     * The flow's drained-implies-complete test, on any state of the model: when every packet of the
     * current transmission is sent and none of the flow's packets is in a buffer, the receiver has
     * accepted the whole message.
     *
     * @param s    values
     * @param base first value
     * @return whether it holds
     */
    public boolean drained(int[] s, int base) {
        if (g.sent[f].get(s, base) < size[f] || g.expected[f].get(s, base) >= size[f]) {
            return true;
        }
        Expansion x = readers.get();
        x.load(s, base);
        for (Fifo q : g.buffers) {
            for (int i = 0, n = q == null ? 0 : x.length(q); i < n; i++) {
                if (g.pFlow.of(x.element(q, i)) == f) {
                    return true;
                }
            }
        }
        return false;
    }

    private static NetworkModel covered(NetworkModel m) {
        String why = notCovered(m);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        return m;
    }

    // ---- the model ----



    @Override
    public List<LayoutState> initialStates() {
        return initial;
    }





    @Override
    public PackedModel.Expander expander() {
        return new Abstract();
    }

    @Override
    public void successors(LayoutState s, Consumer<org.rdmacheck.model.Transition<LayoutState>> sink) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        expander().successors(v, 0, (code, next, length) -> sink.accept(new org.rdmacheck.model.Transition<>(
                action(code), new LayoutState(g.layout, Arrays.copyOf(next, length), 0, length))));
    }

    // ---- the abstract successors ----

    /** A local situation of a routing decision: what the environment enumeration reads of the projected state. */
    private record Key(int[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    /**
     * One move of a routing decision, as a change of the projected state: the packet leaves its buffer
     * (or is sent), joins {@code outBuffer}'s tail as {@code element} (unless -1: dropped), and the
     * flow's entries at the switch become {@code entries} (null: unchanged).
     */
    private record Move(long code, int outBuffer, int element, int[] entries) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Move mv && code == mv.code && outBuffer == mv.outBuffer && element == mv.element
                    && Arrays.equals(entries, mv.entries);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(code) * 31 + outBuffer * 7 + element + Arrays.hashCode(entries);
        }
    }

    /** Told each move of a decision tree's leaves. */
    @FunctionalInterface
    private interface Judge {
        void move(long code, int[] next);
    }

    /** The projection's assumption failed where a decision was computed: nothing is decided. */
    public static final class AssumptionFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final Check check;

        AssumptionFailed(Check check, String message) {
            super(message);
            this.check = check;
        }

        /** @return the check that failed */
        public Check check() {
            return check;
        }
    }

    /** The checks of the projection's assumption made where the abstract successors are computed. */
    public enum Check {
        /** a routing decision of the flow's packet changed its projection otherwise than by a move */
        ROUTING_EFFECT,
        /** a step of another flow's packet changed the flow's projection */
        FOREIGN_STEP,
        /** a background step (a packet joining or leaving a buffer's background) changed the flow's projection */
        BACKGROUND_STEP,
        /** another flow's delivery changed the flow's projection */
        FOREIGN_DELIVERY,
        /** a failure changed the flow's projection otherwise than where the other flows are complete */
        FAILURE
    }

    /**
     * Records a failed check (the first one is kept) and throws it: the explorer reports a model failure,
     * the decision reads the check from {@link #failure()}.
     */
    private AssumptionFailed failed(Check check, String message) {
        AssumptionFailed e = new AssumptionFailed(check, message);
        failure.compareAndSet(null, e);
        return e;
    }

    /** @return the first check of the projection's assumption that failed, if one did */
    public java.util.Optional<AssumptionFailed> failure() {
        return java.util.Optional.ofNullable(failure.get());
    }

    /** The time limit was reached inside an abstract state's expansion (nothing is decided). */
    public static final class TimeUp extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimeUp() {
            super("the time limit was reached while an abstract state's successors were computed");
        }
    }

    private volatile boolean hasDeadline;
    private volatile long deadline;
    private volatile boolean timedOut;

    /**
     * Bounds the computation of abstract successors: past it, the successor function throws {@link
     * TimeUp} (the explorer checks its own time limit only between states, and one abstract state's
     * successors can take long: the decisions and the other flows' steps at every switch).
     *
     * @param nanos a {@link System#nanoTime()} value
     */
    public void deadline(long nanos) {
        deadline = nanos;
        hasDeadline = true;
    }

    /** @return whether the successor function stopped at the deadline */
    public boolean timedOut() {
        return timedOut;
    }

    /** @throws TimeUp past the deadline */
    private void due() {
        if (hasDeadline && System.nanoTime() - deadline > 0) {
            timedOut = true;
            throw new TimeUp();
        }
    }

    /** The abstract successor function, one per thread. */
    private final class Abstract implements PackedModel.Expander {
        private final PackedModel.Expander real = m.expander();
        /** the same successor function, asked for the deciding packet's moves only */
        private final NetworkModel.OnePacket one = m.onePacket();
        /** the same, reading states through {@code rx}, which logs what a decision reads */
        private final RecordingExpansion rx = new RecordingExpansion(g.layout);
        private final NetworkModel.OnePacket recording = m.onePacket(rx);
        private final Expansion x = Expansion.onPackedValues(g.layout);
        private final Expansion px = Expansion.onPackedValues(g.layout);
        private final Expansion dx = Expansion.onPackedValues(g.layout);
        /** a state compared with a projected one ({@link #projectsTo}), and the projected one */
        private final Expansion nx = Expansion.onPackedValues(g.layout);
        private final Expansion wx = Expansion.onPackedValues(g.layout);
        /** the projected state {@code wx} holds */
        private int[] wxHolds;

        /**
         * Whether a state's projection is the projected state {@code want}, read without building the
         * projection: the same failed element, sender and receiver of the flow, and in every buffer and
         * DFT the same elements of the flow in the same order (what {@link #project} keeps).
         */
        private boolean projectsTo(int[] next, int[] want) {
            nx.load(next, 0);
            if (wxHolds != want) {
                wx.load(want, 0);
                wxHolds = want;
            }
            if (nx.get(g.failed) != wx.get(g.failed) || nx.get(g.sent[f]) != wx.get(g.sent[f])
                    || nx.get(g.expected[f]) != wx.get(g.expected[f])) {
                return false;
            }
            for (Fifo q : g.buffers) {
                if (q != null && !sameOwn(q, g.pFlow)) {
                    return false;
                }
            }
            for (Fifo q : g.dft) {
                if (q != null && !sameOwn(q, g.dFlow)) {
                    return false;
                }
            }
            return true;
        }

        private boolean sameOwn(Fifo q, Field flow) {
            int w = wx.length(q);
            int j = 0;
            for (int i = 0, n = nx.length(q); i < n; i++) {
                int e = nx.element(q, i);
                if (flow.of(e) != f) {
                    continue;
                }
                if (j >= w || wx.element(q, j) != e) {
                    return false;
                }
                j++;
            }
            return j == w;
        }
        private int[] a;
        private int[] built;

        @Override
        public void successors(int[] s, int off, PackedModel.Sink sink) {
            x.load(s, off);
            a = Arrays.copyOfRange(s, off, off + x.parentLength());
            // deliveries and failures: the model's own successors of the projected state
            Map<Long, int[]> failures = new java.util.HashMap<>();
            real.successors(a, 0, (code, next, length) -> {
                int k = NetworkModel.kind(code);
                if (k == DELIVER) {
                    project(px, next, 0, code, sink);
                } else if (k == FAIL) {
                    project(px, next, 0, code, (cd, nx, len) -> {
                        failures.put(cd, Arrays.copyOf(nx, len));
                        sink.accept(cd, nx, len);
                    });
                }
            });
            if (!failures.isEmpty() && others.length > 0) {
                failuresWithOthersIncomplete(failures);
            }
            for (int v = 0; v < t.nodeCount(); v++) {
                if (g.dft[v] != null) {
                    foreign(v);
                }
            }
            x.load(a, 0);
            int sent = x.get(g.sent[f]);
            if (sent < size[f]) {
                decide(-1, sent, net.sourceTor(f), sink);
            }
            for (int b = 0; b < g.buffers.length; b++) {
                Fifo q = g.buffers[b];
                if (q == null) {
                    continue;
                }
                x.load(a, 0);
                if (x.length(q) == 0) {
                    continue;
                }
                int arc = net.bufArc(b >> 1);
                if (t.isHost(t.arcTo(arc))) {
                    continue; // a delivery
                }
                decide(b, x.element(q, 0), t.arcTo(arc), sink);
            }
        }

        /**
         * Step 3 for a failure: the abstract failure is the model's on the projected state, where every
         * other flow is complete. A failure that finds other flows incomplete must project to the same
         * state: with each other flow in turn at every count of packets sent and accepted short of
         * complete, and with every other flow incomplete at once (all sent, none accepted), each failure
         * of the model must give the projection of the abstract one.
         */
        private void failuresWithOthersIncomplete(Map<Long, int[]> abstractFailures) {
            List<int[]> variants = new ArrayList<>(); // per other flow (in others' order): {sent, expected}
            for (int o = 0; o < others.length; o++) {
                int k = others[o];
                for (int sent = 0; sent <= size[k]; sent++) {
                    for (int exp = 0; exp <= sent; exp++) {
                        if (exp < size[k]) {
                            int[] vr = new int[2 * others.length];
                            for (int j = 0; j < others.length; j++) {
                                vr[2 * j] = size[others[j]];
                                vr[2 * j + 1] = size[others[j]];
                            }
                            vr[2 * o] = sent;
                            vr[2 * o + 1] = exp;
                            variants.add(vr);
                        }
                    }
                }
            }
            if (others.length > 1) {
                int[] vr = new int[2 * others.length];
                for (int j = 0; j < others.length; j++) {
                    vr[2 * j] = size[others[j]];
                }
                variants.add(vr);
            }
            for (int[] vr : variants) {
                due();
                x.load(a, 0);
                x.begin();
                for (int j = 0; j < others.length; j++) {
                    x.set(g.sent[others[j]], vr[2 * j]);
                    x.set(g.expected[others[j]], vr[2 * j + 1]);
                }
                x.emit(0L, (code, next, length) -> built = Arrays.copyOf(next, length));
                foreignSituations.increment();
                foreignDecisions.increment();
                real.successors(built, 0, (code, next, length) -> {
                    if (NetworkModel.kind(code) != FAIL) {
                        return;
                    }
                    int[] want = abstractFailures.get(code);
                    if (want == null || !projectsTo(next, want)) {
                        throw failed(Check.FAILURE, "a failure, " + m.action(code) + ", that finds other flows "
                                + "incomplete changes flow " + flowName() + "'s projection otherwise than the failure "
                                + "of its projection (where they are complete) does");
                    }
                });
            }
        }

        private void decide(int b, int head, int v, PackedModel.Sink sink) {
            x.load(a, 0);
            Key key = key(b, head, v);
            Move[] moves = memo.get(key);
            if (moves == null) {
                moves = compute(b, v);
                memo.put(key, moves);
            }
            for (Move mv : moves) {
                apply(b, v, mv, sink);
            }
        }

        /**
         * Step 3 of the argument, checked where it is used: at switch v, every step of another flow's
         * packet (its send at its source ToR, its forwarding from every live buffer into v, on VL0 only on
         * its escape route, its delivery from v to its destination host with every state of its receiver;
         * every index, the end packet's freeing included, and token count; with no entry of its message
         * at v or one on each live port, of every token count for a delivery) leaves the flow's
         * projection as it is: a send or forward with v's output buffers as projected, each one full in
         * turn and every VL1 one full ({@link #listed}); a delivery on every environment of v's output
         * buffers (every occupancy from the flow's own packets to {@code xoff}, every split into fillers and
         * background, the pause bit both ways where open; the DFT as it is or with every number of other
         * entries up to full, every choice of them where the step reads which), enumerated as a
         * decision tree over what the step reads ({@link Tree}); and every background step onto a live VL1 output buffer of v (every count below
         * the cap, every occupancy below {@code xoff}) leaves it as it is. Memoised per what a decision at
         * v reads of the projected state (the failed element, the flow's packets in v's output buffers,
         * its entries at v).
         *
         * @throws AssumptionFailed if a step changes the projection
         */
        private void foreign(int v) {
            x.load(a, 0);
            Key key = key(-3, 0, v);
            if (foreignChecked.putIfAbsent(key, Boolean.TRUE) != null) {
                return;
            }
            int e = x.get(g.failed);
            if (net.failedNode(e, v)) {
                return;
            }
            int[] expected = projection(px, a, 0);
            x.load(a, 0);
            List<int[]> slots = new ArrayList<>(); // {arc, lane}
            List<List<int[]>> envs = new ArrayList<>();
            for (int p = 0; p < t.degree(v); p++) {
                int arc = t.arcAt(v, p);
                int i = net.bufOfArc(arc);
                for (int lane = 0; lane < 2 && i >= 0 && !net.dead(e, arc); lane++) {
                    if (g.buffers[2 * i + lane] != null) {
                        slots.add(new int[] {arc, lane});
                        envs.add(environments(arc, lane, lane == 1, true));
                    }
                }
            }
            int[] own = new int[x.length(g.dft[v])];
            for (int i = 0; i < own.length; i++) {
                own[i] = x.element(g.dft[v], i);
            }
            backgroundSteps(v, slots, envs, expected);
            for (int k : others) {
                int escape = net.escapeArc(e, v, k);
                List<Integer> hits = new ArrayList<>();
                hits.add(-1);
                for (int[] sl : slots) {
                    if (sl[1] == 1 || sl[0] == escape) {
                        hits.add(sl[0] * 2 + sl[1]);
                    }
                }
                List<Integer> heads = new ArrayList<>(); // a buffer, -1: its send
                if (net.sourceTor(k) == v) {
                    heads.add(-1);
                }
                for (int p = 0; p < t.degree(v); p++) {
                    int in = Topology.reverse(t.arcAt(v, p));
                    int i = net.bufOfArc(in);
                    if (i < 0 || t.isHost(t.arcFrom(in)) || net.dead(e, in)) {
                        continue;
                    }
                    for (int lane = 0; lane < 2; lane++) {
                        if (g.buffers[2 * i + lane] != null
                                && (lane == 1 || net.escapeArc(e, t.arcFrom(in), k) == in)) {
                            heads.add(2 * i + lane);
                        }
                    }
                }
                for (int seq = 0; seq < size[k]; seq++) {
                    for (int tk = 0; tk <= c.initialTokens(k); tk++) {
                        for (int h : heads) {
                            if (h < 0 && tk != c.initialTokens(k)) {
                                continue;
                            }
                            for (int hit : hits) {
                                if (hit >= 0 && own.length >= c.dftSize()) {
                                    continue;
                                }
                                int[] table = own;
                                if (hit >= 0) {
                                    table = Arrays.copyOf(own, own.length + 1);
                                    table[own.length] = g.entry(k, tk, hit / 2, hit % 2);
                                    Arrays.sort(table);
                                }
                                foreignStep(v, k, seq, tk, h, h < 0 ? seq : size[k], h < 0 ? 0 : seq, table, slots,
                                        envs, expected, Check.FOREIGN_STEP);
                            }
                        }
                    }
                }
                deliveries(v, k, own, slots, envs, expected);
            }
        }

        /**
         * Another flow's deliveries at v (a ToR) to its destination host: its packet, every index and
         * token count, at the head of the buffer to the host, its receiver expecting every index, with no
         * entry of its message at v or one of every token count on each live port.
         */
        private void deliveries(int v, int k, int[] own, List<int[]> slots, List<List<int[]>> envs, int[] expected) {
            int e = x.get(g.failed);
            for (int[] sl : slots) {
                int arc = sl[0];
                if (!t.isHost(t.arcTo(arc)) || c.flows().get(k).dst() != t.arcTo(arc)) {
                    continue;
                }
                int b = 2 * net.bufOfArc(arc) + sl[1];
                List<int[]> tables = new ArrayList<>();
                tables.add(own);
                if (own.length < c.dftSize()) {
                    for (int tk = 0; tk <= c.initialTokens(k); tk++) {
                        for (int[] out : slots) {
                            int[] table = Arrays.copyOf(own, own.length + 1);
                            table[own.length] = g.entry(k, tk, out[0], out[1]);
                            Arrays.sort(table);
                            tables.add(table);
                        }
                    }
                }
                for (int seq = 0; seq < size[k]; seq++) {
                    for (int tk = 0; tk <= c.initialTokens(k); tk++) {
                        for (int[] table : tables) {
                            for (int exp = 0; exp < size[k]; exp++) {
                                foreignStep(v, k, seq, tk, b, size[k], exp, table, slots, envs, expected,
                                        Check.FOREIGN_DELIVERY);
                            }
                        }
                    }
                }
            }
        }

        /**
         * One step of another flow's packet (k's packet seq with tk tokens at the head of buffer b, or its
         * send if b is -1), with k's sender and receiver as given and v's DFT {@code table}, over every
         * environment of v's output buffers: every move must leave the flow's projection as it is.
         */
        private void foreignStep(int v, int k, int seq, int tk, int b, int sent, int receiver, int[] table,
                                 List<int[]> slots,
                                 List<List<int[]>> envs, int[] expected, Check check) {
            due();
            x.load(a, 0);
            if (b >= 0 && x.length(g.buffers[b]) >= g.buffers[b].capacity()) {
                return; // the flow's own packets fill b: no state has another flow's packet ahead of them there
            }
            x.begin();
            x.set(g.sent[k], sent);
            x.set(g.expected[k], receiver);
            if (b >= 0) {
                x.insertAt(g.buffers[b], 0, g.packet(k, seq, tk));
            }
            Fifo dft = g.dft[v];
            x.clear(dft);
            for (int d : table) {
                x.append(dft, d);
            }
            int[] base = new int[g.layout.maxLength()];
            int[] len = new int[1];
            x.emit(0L, (code, next, length) -> {
                System.arraycopy(next, 0, base, 0, length);
                len[0] = length;
            });
            Judge judge = (code, next) -> {
                if (!projectsTo(next, expected)) {
                    throw failed(check, (check == Check.FOREIGN_DELIVERY ? "a delivery of another flow's packet, "
                            : "a step of another flow's packet, ") + m.action(code) + " at " + t.nodeName(v)
                            + ", changes flow " + flowName() + "'s projection (its packets or its "
                            + "DFT entries), which the projection assumes no other flow's step does");
                }
            };
            if (check == Check.FOREIGN_STEP) {
                listed(Arrays.copyOf(base, len[0]), b, k, slots, judge);
                return;
            }
            List<List<int[]>> stepEnvs = envs;
            for (int sl = 0; sl < slots.size(); sl++) {
                if (b == 2 * net.bufOfArc(slots.get(sl)[0]) + slots.get(sl)[1]) {
                    // a delivery's own buffer: its environments above the packet delivered
                    x.load(base, 0);
                    stepEnvs = new ArrayList<>(envs);
                    stepEnvs.set(sl, environments(slots.get(sl)[0], slots.get(sl)[1], true, true));
                }
            }
            List<int[]> tables = tables(v, table);
            new Tree(Arrays.copyOf(base, len[0]), b, k, v, slots, stepEnvs, tables, table, false, judge)
                    .explore(new int[slots.size()]);
        }

        /**
         * A send or forward of another flow's packet on the listed environments of v's output buffers,
         * not every one: as the projected state has them, each one full in turn, and every VL1 one full
         * (every environment, as a decision tree, cost as much as the whole decision at paper scale: the
         * check of these steps took 23 of 24 samples of a run).
         */
        private void listed(int[] base, int b, int k, List<int[]> slots, Judge judge) {
            int filler = g.packet(k, 0, 0);
            for (int env = -1; env <= slots.size(); env++) {
                x.load(base, 0);
                x.begin();
                for (int s = 0; s < slots.size(); s++) {
                    int q = 2 * net.bufOfArc(slots.get(s)[0]) + slots.get(s)[1];
                    boolean full = env == s || env == slots.size() && slots.get(s)[1] == 1;
                    if (full) {
                        for (int j = x.length(g.buffers[q]), top = Math.min(c.xoff(), g.buffers[q].capacity());
                             j < top; j++) {
                            x.append(g.buffers[q], filler);
                        }
                    }
                    if (hysteresis) {
                        x.set(g.paused[q], full);
                    }
                }
                x.emit(0L, (code, next, length) -> built = Arrays.copyOf(next, length));
                foreignSituations.increment();
                foreignDecisions.increment();
                one.moves(built, 0, b, k, (code, next, length) -> judge.move(code, Arrays.copyOf(next, length)));
            }
        }

        /**
         * The background steps onto v's live VL1 output buffers: with every background count below the
         * cap and every occupancy below {@code xoff} (fillers behind the flow's own packets), a background
         * step, the model's own, must leave the flow's projection as it is.
         */
        private void backgroundSteps(int v, List<int[]> slots, List<List<int[]>> envs, int[] expected) {
            if (c.background() == 0) {
                return;
            }
            int[] index = new int[slots.size()];
            for (int s = 0; s < slots.size(); s++) {
                if (slots.get(s)[1] != 1) {
                    continue;
                }
                int arc = slots.get(s)[0];
                for (int val = 0; val < envs.get(s).size(); val++) {
                    int[] env = envs.get(s).get(val);
                    if (env[1] >= g.background[net.bufOfArc(arc)].max() || env[2] == 1) {
                        continue; // at the cap, or paused: no background step there
                    }
                    due();
                    index[s] = val;
                    build(a, slots, envs, index, g.dft[v], null);
                    index[s] = 0;
                    foreignSituations.increment();
                    real.successors(built, 0, (code, next, length) -> {
                        if (NetworkModel.kind(code) == BACKGROUND && NetworkModel.arc(code) == arc
                                && !projectsTo(next, expected)) {
                            throw failed(Check.BACKGROUND_STEP, "a background step, " + m.action(code) + ", changes flow "
                                    + flowName() + "'s projection (its packets or its DFT entries), which the "
                                    + "projection assumes no background step does");
                        }
                    });
                }
            }
        }

        private Key key(int b, int head, int v) {
            List<Integer> k = new ArrayList<>();
            k.add(b);
            k.add(head);
            k.add(x.get(g.failed));
            for (int p = 0; p < t.degree(v); p++) {
                int i = net.bufOfArc(t.arcAt(v, p));
                for (int lane = 0; lane < 2 && i >= 0; lane++) {
                    Fifo q = g.buffers[2 * i + lane];
                    k.add(q == null ? 0 : x.length(q));
                }
            }
            k.add(-1);
            for (int i = 0, n = x.length(g.dft[v]); i < n; i++) {
                k.add(x.element(g.dft[v], i));
            }
            if (table) {
                k.add(-2);
                for (int p = 0; p < t.degree(v); p++) {
                    int i = net.bufOfArc(Topology.reverse(t.arcAt(v, p)));
                    for (int lane = 0; lane < 2 && i >= 0; lane++) {
                        Fifo q = g.buffers[2 * i + lane];
                        int seqs = 0;
                        for (int j = 0, n = q == null ? 0 : x.length(q); j < n; j++) {
                            seqs |= 1 << g.pSeq.of(x.element(q, j));
                        }
                        k.add(seqs);
                    }
                }
            }
            return new Key(k.stream().mapToInt(Integer::intValue).toArray());
        }

        /**
         * One output buffer's environments: {fillers, background, paused (-1: no bit)} each: every
         * occupancy from the flow's own packets in it up to {@code xoff}, each with every split of the rest
         * into fillers and background (knocked out pfc-counts-background, every count of packets and every
         * count of background), at most the buffer's declared capacity ({@code read} false: no environment).
         * The ECN mark is not enumerated (see the class comment).
         */
        private List<int[]> environments(int arc, int lane, boolean normal, boolean read) {
            List<int[]> out = new ArrayList<>();
            int i = net.bufOfArc(arc);
            Fifo q = g.buffers[2 * i + lane];
            int own = x.length(q);
            int xoff = c.xoff();
            // no buffer holds more than its declared capacity (below xoff only on VL0 toward a host)
            int top = Math.min(xoff, q.capacity());
            int bgMax = lane == 1 ? g.background[i].max() : 0;
            boolean fillers = others.length > 0;
            List<int[]> pairs = new ArrayList<>(); // {fillers, background}
            if (!read) {
                pairs.add(new int[] {0, 0});
            } else if (lane == 1 && splitBackground) {
                for (int n = own; n <= top; n++) {
                    for (int bg = 0; bg <= bgMax; bg++) {
                        pairs.add(new int[] {n - own, bg});
                    }
                }
            } else if (enumeration == Enumeration.CLASSES) {
                // the former representatives (tests only: shown to miss a router that tells apart two
                // occupancies of one class)
                TreeSet<Integer> reps = new TreeSet<>();
                for (int r : new int[] {own, normal ? c.threshold() : own, c.xon() + 1, xoff}) {
                    if (r >= own && r <= top) {
                        reps.add(r);
                    }
                }
                for (int n : reps) {
                    int bg = Math.min(bgMax, n - own);
                    pairs.add(new int[] {n - own - bg, bg});
                }
            } else {
                // every occupancy from the flow's own packets up to xoff: no reading of where the router
                // compares an occupancy (a router that tells any two occupancies apart is seen); each with
                // every split into background and foreground (fillers): no reading that the router sees a
                // VL1 buffer's packets and background only as their sum
                for (int n = own; n <= top; n++) {
                    for (int bg = 0; bg <= Math.min(bgMax, n - own); bg++) {
                        pairs.add(new int[] {n - own - bg, bg});
                    }
                }
            }
            if (pairs.isEmpty()) {
                pairs.add(new int[] {0, 0}); // the flow's own packets alone (a buffer past xoff)
            }
            for (int[] p : pairs) {
                if (p[0] > 0 && !fillers) {
                    continue; // one flow: only its own packets and background can fill a buffer
                }
                if (!hysteresis) {
                    out.add(new int[] {p[0], p[1], -1});
                    continue;
                }
                int packets = own + p[0];
                int count = lane == 1 && !splitBackground ? packets + p[1] : packets;
                if (count >= xoff) {
                    out.add(new int[] {p[0], p[1], 1});
                } else if (count <= c.xon()) {
                    out.add(new int[] {p[0], p[1], 0});
                } else {
                    out.add(new int[] {p[0], p[1], 0});
                    out.add(new int[] {p[0], p[1], 1});
                }
            }
            return out;
        }

        /** Every move of the decision at v, over every environment, each checked against the model's successor. */
        private Move[] compute(int b, int v) {
            int e = x.get(g.failed);
            int normal = net.ecmpArc(e, v, f);
            List<int[]> slots = new ArrayList<>(); // {arc, lane}
            List<List<int[]>> envs = new ArrayList<>();
            for (int p = 0; p < t.degree(v); p++) {
                int arc = t.arcAt(v, p);
                int i = net.bufOfArc(arc);
                if (i < 0 || net.dead(e, arc)) {
                    continue;
                }
                for (int lane = 0; lane < 2; lane++) {
                    if (g.buffers[2 * i + lane] != null) {
                        slots.add(new int[] {arc, lane});
                        // every VL0 buffer too, not only those on the packet's escape route and at its
                        // message's VL0 entry: the decision tree enumerates only those the decision reads
                        envs.add(environments(arc, lane, lane == 1 && arc == normal, true));
                    }
                }
            }
            Fifo dft = g.dft[v];
            int entries = x.length(dft);
            int[] own = new int[entries];
            for (int i = 0; i < entries; i++) {
                own[i] = x.element(dft, i);
            }
            List<int[]> tables = tables(v, own);
            java.util.Set<Move> moves = new java.util.LinkedHashSet<>();
            int[] index = new int[slots.size()];
            int arcIn = b < 0 ? -1 : net.bufArc(b >> 1);
            if (enumeration == Enumeration.TREE) {
                new Tree(a, b, f, v, slots, envs, tables, own, true,
                        (code, next) -> moves.add(moveOf(b, v, code, next)))
                        .explore(index);
                return moves.toArray(new Move[0]);
            }
            while (true) {
                due();
                for (int[] tb : tables) {
                    build(a, slots, envs, index, dft, tb);
                    situations.increment();
                    decisions.increment();
                    int[] c0 = built;
                    one.moves(c0, 0, b, f, (code, next, length) -> {
                        if (mine(b, arcIn, code)) {
                            moves.add(moveOf(b, v, code, next));
                        }
                    });
                }
                int d = 0;
                while (d < index.length && ++index[d] == envs.get(d).size()) {
                    index[d] = 0;
                    d++;
                }
                if (d == index.length) {
                    break;
                }
            }
            return moves.toArray(new Move[0]);
        }

        /** @return whether a move of a built state is the deciding packet's (its send, or its forwarding from b) */
        private boolean mine(int b, int arcIn, long code) {
            int k = NetworkModel.kind(code);
            return b < 0 ? k == SEND && NetworkModel.flow(code) == f
                    : k == FORWARD && NetworkModel.arc(code) == arcIn && NetworkModel.lane(code) == (b & 1);
        }

        /**
         * The environments of one decision as a decision tree over what the model's decision reads (as
         * the packet budget's local lemma does, {@link LocalRouting}). The environment's dimensions are
         * its variables: each output buffer's environment (its occupancy and split, its pause bit) and
         * the DFT (as it is, or with 1, 2, ... other flows' entries up to full, and which of them: the
         * first ones of the pool unless a decision reads which, an entry's contents or a read by key
         * that some entry of the pool answers; then every choice). The decision is computed, through a {@link RecordingExpansion}, on
         * the environment whose unassigned variables take their first value; the reads it logged are
         * scanned in order, and at each read of an unassigned variable the variable's other values are
         * explored below (the same way), then the scan goes on with the variable at its first value,
         * which is what this computation read. At the end of the log the computation read no unassigned
         * variable: the model is deterministic and reads the state it routes only through its
         * expansion, so every environment that agrees on the assigned variables gives this
         * computation's reads and moves, and the moves of their successors have the same projection
         * (what the unassigned variables change, fillers, background and pause bits, is what the
         * projection forgets). This computation's moves are therefore those of all of them, which are
         * counted as situations covered. A read that depends on every slot ({@link RecordingExpansion#WHOLE})
         * is a read of every unassigned variable. The result is exactly the set of moves of the full
         * enumeration ({@link Enumeration#FULL}; {@code FlowProjectionTest} compares them).
         */
        private final class Tree {
            private final int[] base;
            private final int b;
            private final int flow;
            private final int v;
            private final int arcIn;
            private final List<int[]> slots;
            private final List<List<int[]>> envs;
            private final List<int[]> tables;
            /**
             * the table's fixed entries (table 1 on: with the first 1, 2, ... of the pool) and every other entry
             * it may hold, worked out when a decision first asks ({@link #pool()})
             */
            private final int[] own;
            private int[] pool;
            /** whether to keep only the moves of the deciding packet (the successor function gives no other) */
            private final boolean filter;
            private final Judge judge;
            /**
             * the variables: the slots, then (if two tables) the table, the number of other entries beside
             * the fixed ones, and which of the pool they are (the choice: the first ones unless a decision
             * reads which)
             */
            private final int count;
            private final int tableVar;
            private final int choiceVar;
            /** per read code, the variable it reads, if any ({@link #CONTENT}: which other entries the table holds) */
            private final java.util.Map<Integer, Integer> var = new java.util.HashMap<>();
            private static final int CONTENT = -1;
            private static final int BY_KEY = -2;
            private final boolean[] assigned;
            private int table;
            private int choice;

            /**
             * @param base   the state the environments are built on
             * @param b      the buffer whose head packet is decided, -1 for its flow's send
             * @param flow   the packet's flow
             * @param v      the switch
             * @param slots  v's output buffers, {arc, lane}
             * @param envs   each one's environments (see {@link #environments})
             * @param tables v's DFTs: null (as in {@code base}), then with more other flows' entries
             * @param filter keep only the moves of that packet
             * @param judge  told each move of every leaf
             */
            Tree(int[] base, int b, int flow, int v, List<int[]> slots, List<List<int[]>> envs, List<int[]> tables,
                 int[] own, boolean filter, Judge judge) {
                this.base = base;
                this.b = b;
                this.flow = flow;
                this.v = v;
                this.arcIn = b < 0 ? -1 : net.bufArc(b >> 1);
                this.slots = slots;
                this.envs = envs;
                this.tables = tables;
                this.own = own;
                this.filter = filter;
                this.judge = judge;
                this.count = slots.size() + (tables.size() > 1 ? 2 : 0);
                this.tableVar = slots.size();
                this.choiceVar = slots.size() + 1;
                this.assigned = new boolean[count];
                for (int s = 0; s < slots.size(); s++) {
                    int i = net.bufOfArc(slots.get(s)[0]);
                    int q = 2 * i + slots.get(s)[1];
                    var.put(RecordingExpansion.lengthRead(g.buffers[q]), s);
                    var.put(RecordingExpansion.elementRead(g.buffers[q]), s);
                    if (slots.get(s)[1] == 1) {
                        var.put(RecordingExpansion.fieldRead(g.background[i]), s);
                    }
                    if (hysteresis) {
                        var.put(RecordingExpansion.fieldRead(g.paused[q]), s);
                    }
                }
                if (tables.size() > 1) {
                    var.put(RecordingExpansion.lengthRead(g.dft[v]), tableVar);
                    var.put(RecordingExpansion.elementRead(g.dft[v]), CONTENT);
                    var.put(RecordingExpansion.keyRead(g.dft[v]), BY_KEY);
                    var.put(RecordingExpansion.countRead(g.dft[v]), BY_KEY);
                }
            }

            private int domain(int u) {
                if (u < slots.size()) {
                    return envs.get(u).size();
                }
                if (u == tableVar) {
                    return tables.size();
                }
                long n = choices(pool().length, table);
                if (n > Integer.MAX_VALUE) {
                    throw failed(Check.ROUTING_EFFECT, "a routing decision at " + t.nodeName(v) + " reads which other "
                            + "messages' entries its DFT holds, and every choice of " + table + " of them is " + n
                            + " tables, more than are enumerated");
                }
                return (int) n;
            }

            /** @return the number of choices of k of n (saturating above Long.MAX_VALUE / n) */
            private static long choices(int n, int k) {
                long r = 1;
                for (int i = 0; i < k; i++) {
                    r = r * (n - i) / (i + 1);
                    if (r > Long.MAX_VALUE / Math.max(1, n)) {
                        return Long.MAX_VALUE;
                    }
                }
                return r;
            }

            /** @return the entries the table may hold beside its fixed ones, in the order the tables add them */
            private int[] pool() {
                if (pool == null) {
                    pool = FlowProjection.Abstract.this.pool(v, own);
                }
                return pool;
            }

            /** v's table at the current assignment: null (as in base), or the fixed entries and the chosen others. */
            private int[] current() {
                if (table == 0 || choice == 0) {
                    return tables.get(table);
                }
                int[] pool = pool();
                // the choice-th choice of `table` entries of the pool, in lexicographic order of their indices
                int k = table;
                int[] r = Arrays.copyOf(own, own.length + k);
                long rest = choice;
                int from = 0;
                for (int i = 0; i < k; i++) {
                    for (int j = from; ; j++) {
                        long below = choices(pool.length - j - 1, k - i - 1); // choices that take pool[j] here
                        if (rest < below) {
                            r[own.length + i] = pool[j];
                            from = j + 1;
                            break;
                        }
                        rest -= below;
                    }
                }
                Arrays.sort(r);
                return r;
            }

            /** The decisions below the current assignment ({@code index} and {@code table}; unassigned at 0). */
            void explore(int[] index) {
                due();
                build(base, slots, envs, index, g.dft[v], current());
                (filter ? decisions : foreignDecisions).increment();
                rx.clearLog();
                List<long[]> codes = new ArrayList<>();
                List<int[]> nexts = new ArrayList<>();
                recording.moves(built, 0, b, flow, (code, next, length) -> {
                    if (!filter || mine(b, arcIn, code)) {
                        codes.add(new long[] {code});
                        nexts.add(Arrays.copyOf(next, length));
                    }
                });
                int[] log = new int[rx.logged()];
                int[] masks = new int[log.length];
                int[] keys = new int[log.length];
                for (int k = 0; k < log.length; k++) {
                    log[k] = rx.read(k);
                    masks[k] = rx.keyMask(k);
                    keys[k] = rx.keyValue(k);
                }
                List<Integer> fixedHere = new ArrayList<>();
                for (int k = 0; k < log.length; k++) {
                    int code = log[k];
                    if (code == RecordingExpansion.WHOLE) {
                        for (int u = 0; u < count; u++) {
                            branch(u, index, fixedHere);
                        }
                    } else {
                        Integer u = var.get(code);
                        if (u == null) {
                            continue;
                        }
                        if (u == BY_KEY && !answeredByPool(masks[k], keys[k])) {
                            continue; // a read by key no other entry answers: the fixed entries decide it
                        }
                        if (u < 0) {
                            // which other entries the table holds: the number of them, then every choice
                            branch(tableVar, index, fixedHere);
                            branch(choiceVar, index, fixedHere);
                        } else {
                            branch(u, index, fixedHere);
                        }
                    }
                }
                long covered = 1; // (situations up to the choice of other entries: each choice computed is counted)
                for (int u = 0; u < count; u++) {
                    if (!assigned[u] && u != choiceVar) {
                        covered *= domain(u);
                    }
                }
                if (filter) {
                    situations.add(covered);
                } else {
                    foreignSituations.add(covered);
                }
                for (int k = 0; k < codes.size(); k++) {
                    judge.move(codes.get(k)[0], nexts.get(k));
                }
                for (int u : fixedHere) {
                    assigned[u] = false;
                }
            }

            /** A read of variable u: if unassigned, its other values explored below, then it is fixed at its first. */
            private void branch(int u, int[] index, List<Integer> fixedHere) {
                if (assigned[u]) {
                    return;
                }
                assigned[u] = true;
                for (int val = 1; val < domain(u); val++) {
                    set(u, index, val);
                    explore(index);
                }
                set(u, index, 0);
                fixedHere.add(u);
            }

            private void set(int u, int[] index, int val) {
                if (u < slots.size()) {
                    index[u] = val;
                } else if (u == tableVar) {
                    table = val;
                } else {
                    choice = val;
                }
            }

            /** Whether some entry the table may hold beside its fixed ones has {@code key} under {@code mask}. */
            private boolean answeredByPool(int mask, int key) {
                for (int d : pool()) {
                    if ((d & mask) == key) {
                        return true;
                    }
                }
                return false;
            }
        }

        /**
         * v's DFTs a decision is shown: null (as it is, the entries {@code own}), then {@code own} with
         * every number of other flows' entries (matching none of the flow's packets) up to a full table,
         * each sorted: a table with room that holds another message's entry is shown too, not only the
         * flow's own entries or a full table.
         */
        private List<int[]> tables(int v, int[] own) {
            List<int[]> tables = new ArrayList<>();
            tables.add(null); // as it is
            List<Integer> es = new ArrayList<>();
            for (int d : own) {
                es.add(d);
            }
            for (int k : others) {
                for (int tk = 0; tk <= c.tokens() && es.size() < c.dftSize(); tk++) {
                    for (int p = 0; p < t.degree(v) && es.size() < c.dftSize(); p++) {
                        for (int lane = 1; lane >= 0 && es.size() < c.dftSize(); lane--) {
                            int d = g.entry(k, tk, t.arcAt(v, p), lane);
                            if (!es.contains(d)) {
                                es.add(d); // (an entry the table holds already, as a foreign step's, once)
                                int[] r = es.stream().mapToInt(Integer::intValue).toArray();
                                Arrays.sort(r);
                                tables.add(r);
                            }
                        }
                    }
                }
            }
            return tables;
        }

        /**
         * Every entry of another flow v's table may hold beside {@code own}, in the order {@link #tables} adds
         * them (so its table n holds {@code own} and the first n), then those of the token counts beyond the
         * configuration's: a decision that reads which of them a table holds is shown every choice of them.
         */
        private int[] pool(int v, int[] own) {
            List<Integer> es = new ArrayList<>();
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (int d : own) {
                seen.add(d);
            }
            for (int pass = 0; pass < 2; pass++) {
                for (int k : others) {
                    for (int tk = pass == 0 ? 0 : c.tokens() + 1; pass == 0 ? tk <= c.tokens() : tk <= g.dTokens.max();
                         tk++) {
                        for (int p = 0; p < t.degree(v); p++) {
                            for (int lane = 1; lane >= 0; lane--) {
                                int d = g.entry(k, tk, t.arcAt(v, p), lane);
                                if (seen.add(d)) {
                                    es.add(d);
                                }
                            }
                        }
                    }
                }
            }
            return es.stream().mapToInt(Integer::intValue).toArray();
        }

        private void build(int[] base, List<int[]> slots, List<List<int[]>> envs, int[] index, Fifo dft, int[] tb) {
            x.load(base, 0);
            x.begin();
            int filler = others.length > 0 ? g.packet(others[0], 0, 0) : 0;
            for (int s = 0; s < slots.size(); s++) {
                int arc = slots.get(s)[0];
                int lane = slots.get(s)[1];
                int i = net.bufOfArc(arc);
                int[] env = envs.get(s).get(index[s]);
                Fifo q = g.buffers[2 * i + lane];
                for (int j = 0; j < env[0]; j++) {
                    x.append(q, filler);
                }
                if (lane == 1 && env[1] > 0) {
                    x.set(g.background[i], env[1]);
                }
                if (env[2] >= 0) {
                    x.set(g.paused[2 * i + lane], env[2] == 1);
                }
            }
            if (tb != null) {
                x.clear(dft);
                for (int d : tb) {
                    x.append(dft, d);
                }
            }
            x.emit(0L, (code, next, length) -> built = Arrays.copyOf(next, length));
        }

        /** The move a successor of a built state makes, checked: applied to a, it gives the successor's projection. */
        private Move moveOf(int b, int v, long code, int[] next) {
            int[] p = projection(px, next, 0);
            dx.load(p, 0);
            int outBuffer = -1;
            int element = -1;
            x.load(a, 0);
            for (int q = 0; q < g.buffers.length; q++) {
                Fifo fq = g.buffers[q];
                if (fq == null || q == b) {
                    continue;
                }
                int before = x.length(fq);
                if (dx.length(fq) == before + 1) {
                    outBuffer = q;
                    element = dx.element(fq, before);
                }
            }
            int[] entries = null;
            Fifo dft = g.dft[v];
            int n = dx.length(dft);
            boolean same = n == x.length(dft);
            for (int i = 0; same && i < n; i++) {
                same = dx.element(dft, i) == x.element(dft, i);
            }
            if (!same) {
                entries = new int[n];
                for (int i = 0; i < n; i++) {
                    entries[i] = dx.element(dft, i);
                }
            }
            Move mv = new Move(code, outBuffer, element, entries);
            int[][] applied = new int[1][];
            apply(b, v, mv, (cd, nx, len) -> applied[0] = Arrays.copyOf(nx, len));
            if (!Arrays.equals(applied[0], p)) {
                throw failed(Check.ROUTING_EFFECT, "the routing decision " + m.action(code) + " changes the flow's projection "
                        + "otherwise than by moving its packet and rewriting its entries at " + t.nodeName(v));
            }
            return mv;
        }

        private void apply(int b, int v, Move mv, PackedModel.Sink sink) {
            x.load(a, 0);
            x.begin();
            if (b < 0) {
                x.set(g.sent[f], x.get(g.sent[f]) + 1);
            } else {
                x.removeAt(g.buffers[b], 0);
            }
            if (mv.outBuffer >= 0) {
                x.append(g.buffers[mv.outBuffer], mv.element);
            }
            if (mv.entries != null) {
                Fifo dft = g.dft[v];
                x.clear(dft);
                for (int d : mv.entries) {
                    x.append(dft, d);
                }
            }
            x.emit(mv.code, sink);
        }
    }

    // ---- the simulation check ----

    /**
     * Checks one transition of the model against the abstraction: a step of the flow (its send,
     * forward or delivery) or a failure must lead from the projection of its source to the projection
     * of its target by an abstract successor with the same action; any other step must leave the
     * projection unchanged.
     *
     * @param abs  an abstract expander of this projection (per thread)
     * @param x    an expansion (per thread)
     * @param from the source's values
     * @param o    its first value
     * @param code the step's action code
     * @param to   the target's values, from index 0
     * @return whether the abstraction covers the step
     */
    public boolean simulates(PackedModel.Expander abs, Expansion x, int[] from, int o, long code, int[] to) {
        int[] pf = projection(x, from, o);
        int[] pt = projection(x, to, 0);
        int k = NetworkModel.kind(code);
        boolean flowStep = k == FAIL || (k == SEND || k == FORWARD || k == DELIVER) && NetworkModel.flow(code) == f;
        if (!flowStep) {
            return Arrays.equals(pf, pt);
        }
        boolean[] found = new boolean[1];
        abs.successors(pf, 0, (cd, next, length) -> {
            if (withoutEcn(cd) == withoutEcn(code) && Arrays.equals(next, 0, length, pt, 0, pt.length)) {
                found[0] = true;
            }
        });
        return found[0];
    }

    /** The ECN mark of a move (seed 000 §IV-B), which no decided property reads, cleared. */
    static long withoutEcn(long code) {
        return NetworkModel.ecnMarked(code) ? code & ~(1L << 50) : code;
    }

    /** @return the flow's name in the configuration, as {@code 0-2} */
    public String flowName() {
        return c.flows().get(f).toString();
    }
}
