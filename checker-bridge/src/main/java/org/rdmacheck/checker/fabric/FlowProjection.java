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
 *     the same of the VL0 buffers it reads; with hysteresis, the pause bit where the occupancy leaves it
 *     open; a DFT with room or full of other flows' entries), the moves of that packet
 *     ({@link NetworkModel#onePacket}, the successor function asked for that packet only) kept and
 *     projected. No occupancy is assumed to act like another: a router that tells any two occupancies
 *     apart is seen ({@code PerFlowPlantedBugTest}).
 * </ul>
 * A routing decision reads only {@code v}'s output buffers' occupancies (a VL0 buffer's only on the
 * packet's escape route and at its message's VL0 entry, the readings the enumeration rests on, with
 * these two: a table with room is read as such, whatever else
 * it holds; and no buffer holds more than {@code xoff}, since a packet joins only a buffer below it and
 * background only an unpaused one), its pause bits, {@code v}'s DFT (the flow's entries,
 * and whether the table is full), the failed element, and under a lane-rule table the flow's earlier
 * packets waiting at {@code v} ({@link NetworkModel#footprints}, checked by {@code FabricReductionTest});
 * a move of another flow's packet or a background step changes nothing the projection keeps (it
 * removes and writes only its own packet and its own message's DFT entries; an overwrite, the only
 * rule that evicts another message's entry, is not a rule of the fabric preset's design), which the
 * abstract successor function checks at every switch of every state it expands, on other flows' sends
 * and forwards (the end packet's freeing included) over the situations it enumerates there, deciding
 * nothing if one changes the projection ({@code foreign}). So every
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
    /** for tests only: occupancy classes instead of every occupancy (see the constructor) */
    private final boolean classesOnly;
    /** concrete states built and expanded to decide routing situations */
    final LongAdder situations = new LongAdder();
    /** concrete states built and expanded to check that other flows' steps leave the projection unchanged */
    final LongAdder foreignSituations = new LongAdder();

    /**
     * @param m    the network model (the fabric preset)
     * @param flow the flow
     */
    public FlowProjection(NetworkModel m, int flow) {
        this(m, flow, false);
    }

    /**
     * @param m           the network model (the fabric preset)
     * @param flow        the flow
     * @param classesOnly for tests only: enumerate one occupancy per class the router is read to tell
     *                    apart (below the threshold, at it, {@code xon + 1}, {@code xoff}) instead of every
     *                    occupancy, to show that this misses a router that tells apart more
     */
    FlowProjection(NetworkModel m, int flow, boolean classesOnly) {
        super(covered(m));
        this.classesOnly = classesOnly;
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

    /** The projection's assumption failed where a decision was computed: nothing is decided. */
    public static final class AssumptionFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        AssumptionFailed(String message) {
            super(message);
        }
    }

    /** The abstract successor function, one per thread. */
    private final class Abstract implements PackedModel.Expander {
        private final PackedModel.Expander real = m.expander();
        /** the same successor function, asked for the deciding packet's moves only */
        private final NetworkModel.OnePacket one = m.onePacket();
        private final Expansion x = Expansion.onPackedValues(g.layout);
        private final Expansion px = Expansion.onPackedValues(g.layout);
        private final Expansion dx = Expansion.onPackedValues(g.layout);
        private int[] a;
        private int[] built;

        @Override
        public void successors(int[] s, int off, PackedModel.Sink sink) {
            x.load(s, off);
            a = Arrays.copyOfRange(s, off, off + x.parentLength());
            // deliveries and failures: the model's own successors of the projected state
            real.successors(a, 0, (code, next, length) -> {
                int k = NetworkModel.kind(code);
                if (k == DELIVER || k == FAIL) {
                    project(px, next, 0, code, sink);
                }
            });
            if (others.length > 0) {
                for (int v = 0; v < t.nodeCount(); v++) {
                    if (g.dft[v] != null) {
                        foreign(v);
                    }
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
         * its escape route; every index, the end packet's freeing included, and token count; with no
         * entry of its message at v or one on each live port) leaves the flow's projection as it is. The
         * packet is decided with v's output buffers as the projected state has them, with each one full
         * in turn, and with every VL1 one full. Memoised per what a decision at v reads of the projected
         * state (the failed element, the flow's packets in v's output buffers, its entries at v).
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
            List<int[]> slots = new ArrayList<>(); // {arc, lane}
            for (int p = 0; p < t.degree(v); p++) {
                int arc = t.arcAt(v, p);
                int i = net.bufOfArc(arc);
                for (int lane = 0; lane < 2 && i >= 0 && !net.dead(e, arc); lane++) {
                    if (g.buffers[2 * i + lane] != null) {
                        slots.add(new int[] {arc, lane});
                    }
                }
            }
            // the environments: -1 none full, s slot s full, slots.size() every VL1 slot full
            int[] own = new int[x.length(g.dft[v])];
            for (int i = 0; i < own.length; i++) {
                own[i] = x.element(g.dft[v], i);
            }
            for (int k : others) {
                int escape = net.escapeArc(e, v, k);
                List<Integer> hits = new ArrayList<>();
                hits.add(-1);
                for (int[] sl : slots) {
                    if (sl[1] == 1 || sl[0] == escape) {
                        hits.add(sl[0] * 2 + sl[1]);
                    }
                }
                List<int[]> heads = new ArrayList<>(); // {buffer (-1: its send), ...}
                if (net.sourceTor(k) == v) {
                    heads.add(new int[] {-1});
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
                            heads.add(new int[] {2 * i + lane});
                        }
                    }
                }
                for (int seq = 0; seq < size[k]; seq++) {
                    for (int tk = 0; tk <= c.initialTokens(k); tk++) {
                        for (int[] h : heads) {
                            if (h[0] < 0 && tk != c.initialTokens(k)) {
                                continue;
                            }
                            for (int hit : hits) {
                                if (hit >= 0 && own.length >= c.dftSize()) {
                                    continue;
                                }
                                for (int env = -1; env <= slots.size(); env++) {
                                    foreignStep(v, k, seq, tk, h[0], hit, own, slots, env, expected);
                                }
                            }
                        }
                    }
                }
            }
        }

        private void foreignStep(int v, int k, int seq, int tk, int b, int hit, int[] own, List<int[]> slots, int env,
                                 int[] expected) {
            x.load(a, 0);
            x.begin();
            x.set(g.sent[k], b < 0 ? seq : size[k]);
            x.set(g.expected[k], b < 0 ? 0 : seq);
            if (b >= 0) {
                x.insertAt(g.buffers[b], 0, g.packet(k, seq, tk));
            }
            int filler = g.packet(k, 0, 0);
            for (int s = 0; s < slots.size(); s++) {
                int arc = slots.get(s)[0];
                int lane = slots.get(s)[1];
                int i = net.bufOfArc(arc);
                int q = 2 * i + lane;
                boolean full = env == s || env == slots.size() && lane == 1;
                if (full) {
                    for (int j = x.length(g.buffers[q]); j < c.xoff(); j++) {
                        x.append(g.buffers[q], filler);
                    }
                }
                if (hysteresis) {
                    x.set(g.paused[q], full);
                }
            }
            if (hit >= 0) {
                int[] table = Arrays.copyOf(own, own.length + 1);
                table[own.length] = g.entry(k, tk, hit / 2, hit % 2);
                Arrays.sort(table);
                x.clear(g.dft[v]);
                for (int d : table) {
                    x.append(g.dft[v], d);
                }
            }
            x.emit(0L, (code, next, length) -> built = Arrays.copyOf(next, length));
            foreignSituations.increment();
            one.moves(built, 0, b, k, (code, next, length) -> {
                int[] after = projection(px, Arrays.copyOf(next, length), 0);
                if (!Arrays.equals(after, expected)) {
                    throw new AssumptionFailed("a step of another flow's packet, " + m.action(code) + " at "
                            + t.nodeName(v) + ", changes flow " + flowName() + "'s projection (its packets or its "
                            + "DFT entries), which the projection assumes no other flow's step does");
                }
            });
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
         * count of background); a VL0 buffer's
         * occupancy is read only on the packet's escape route and at the arc of its message's VL0 entry
         * ({@code read} false: no environment). The ECN mark is not enumerated (see the class comment).
         */
        private List<int[]> environments(int arc, int lane, boolean normal, boolean read) {
            List<int[]> out = new ArrayList<>();
            int i = net.bufOfArc(arc);
            Fifo q = g.buffers[2 * i + lane];
            int own = x.length(q);
            int xoff = c.xoff();
            int bgMax = lane == 1 ? g.background[i].max() : 0;
            boolean fillers = others.length > 0;
            List<int[]> pairs = new ArrayList<>(); // {fillers, background}
            if (!read) {
                pairs.add(new int[] {0, 0});
            } else if (lane == 1 && splitBackground) {
                for (int n = own; n <= xoff; n++) {
                    for (int bg = 0; bg <= bgMax; bg++) {
                        pairs.add(new int[] {n - own, bg});
                    }
                }
            } else if (classesOnly) {
                // the former representatives (tests only: shown to miss a router that tells apart two
                // occupancies of one class)
                TreeSet<Integer> reps = new TreeSet<>();
                for (int r : new int[] {own, normal ? c.threshold() : own, c.xon() + 1, xoff}) {
                    if (r >= own && r <= xoff) {
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
                for (int n = own; n <= xoff; n++) {
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
            int escape = net.escapeArc(e, v, f);
            java.util.Set<Integer> vl0Entries = new java.util.HashSet<>();
            for (int i = 0, n = x.length(g.dft[v]); i < n; i++) {
                int d = x.element(g.dft[v], i);
                if (g.dLane.of(d) == 0) {
                    vl0Entries.add(g.dArc.of(d));
                }
            }
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
                        envs.add(environments(arc, lane, lane == 1 && arc == normal,
                                lane == 1 || arc == escape || vl0Entries.contains(arc)));
                    }
                }
            }
            Fifo dft = g.dft[v];
            int entries = x.length(dft);
            List<int[]> tables = new ArrayList<>();
            int[] own = new int[entries];
            for (int i = 0; i < entries; i++) {
                own[i] = x.element(dft, i);
            }
            tables.add(null); // as it is
            if (entries < c.dftSize()) {
                int[] full = filled(v, own);
                if (full != null) {
                    tables.add(full);
                }
            }
            java.util.Set<Move> moves = new java.util.LinkedHashSet<>();
            int[] index = new int[slots.size()];
            int arcIn = b < 0 ? -1 : net.bufArc(b >> 1);
            while (true) {
                for (int[] tb : tables) {
                    build(slots, envs, index, dft, tb);
                    situations.increment();
                    int[] c0 = built;
                    one.moves(c0, 0, b, f, (code, next, length) -> {
                        int k = NetworkModel.kind(code);
                        boolean mine = b < 0 ? k == SEND && NetworkModel.flow(code) == f
                                : k == FORWARD && NetworkModel.arc(code) == arcIn
                                && (int) m.action(code).params().get("lane") == (b & 1);
                        if (mine) {
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

        /** The flow's entries at v with other flows' entries (matching none of the flow's packets) up to a full table, sorted. */
        private int[] filled(int v, int[] own) {
            List<Integer> es = new ArrayList<>();
            for (int d : own) {
                es.add(d);
            }
            for (int k : others) {
                for (int tk = 0; tk <= c.tokens() && es.size() < c.dftSize(); tk++) {
                    for (int p = 0; p < t.degree(v) && es.size() < c.dftSize(); p++) {
                        for (int lane = 1; lane >= 0 && es.size() < c.dftSize(); lane--) {
                            es.add(g.entry(k, tk, t.arcAt(v, p), lane));
                        }
                    }
                }
            }
            if (es.size() < c.dftSize()) {
                return null;
            }
            int[] r = es.stream().mapToInt(Integer::intValue).toArray();
            Arrays.sort(r);
            return r;
        }

        private void build(List<int[]> slots, List<List<int[]>> envs, int[] index, Fifo dft, int[] tb) {
            x.load(a, 0);
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
                throw new AssumptionFailed("the routing decision " + m.action(code) + " changes the flow's projection "
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
