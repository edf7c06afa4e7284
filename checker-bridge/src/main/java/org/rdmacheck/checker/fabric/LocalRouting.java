package org.rdmacheck.checker.fabric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.Topology;

/**
 * The local lemma behind {@link PacketBudget}, checked by the network model's own successor
 * function on every local situation of a routing decision, a bounded enumeration: for every failure
 * element (none included), every live switch, every packet that can be routed there (the head of
 * every live buffer into it on VL1, and on VL0 if the buffer is on its escape route, with every flow,
 * index and token count; every message's next packet at its source ToR), every DFT content that
 * decides for it (no entry of its message, or one on each live port on VL1 or on its escape route on
 * VL0; a table with room or full) and every occupancy of the switch's live
 * output buffers, it checks that
 * <ol>
 * <li>(moves) when no output buffer of the switch is full (holds {@code xoff} packets), the packet
 *     has a move: a routing decision refuses a packet only for a full buffer, never for a lost route;
 * <li>(live) every move goes onto a live arc, onto VL0 only on the packet's escape route, and every
 *     DFT entry a move writes is of the packet's message and names a live arc out of the switch, and a
 *     VL0 entry the message's escape route there.
 * <li>(fail) a failure leaves no packet in flight, restarts every incomplete message (nothing sent)
 *     with no DFT entry of it left, keeps every background packet but those on the failed element, and
 *     leaves no entry naming a dead arc or, on VL0, another arc than the message's new escape route
 *     (enumerated for every flow and every count of packets sent and accepted, with an entry on every
 *     port and a background packet in every buffer).
 * </ol>
 * A routing decision reads only the switch's output buffers (their occupancy), its DFT and the failed
 * element ({@link NetworkModel#footprints}: {@code Forward}'s and {@code Send}'s reads without a
 * lane-rule table), so these situations cover every reachable one whose DFT entries of live messages
 * name live arcs and whose VL0 packets and entries follow their escape routes ({@link BudgetDecision}'s
 * invariant {@code RoutesLive}); every occupancy of every live output buffer, VL1 and VL0, from 0 to
 * {@code xoff} is enumerated, so the lemma itself checks that nothing below {@code xoff} refuses a
 * move (no reading of where the router compares an occupancy). A VL1 occupancy holds as many background
 * packets as the layout lets a buffer hold ({@code min(n, background's declared maximum)}), the rest
 * foreground; that the router reads a VL1 buffer's packets and background only as their sum is a
 * reading of the model, the one the enumeration still rests on. The pause is the occupancy's (the
 * argument refuses {@code pfc-hysteresis}, whose pause bit is state). A situation holds its packet at
 * the head of every buffer into the switch at once (a decision never reads the other buffers into its
 * switch) and counts once; each head is judged by its own moves.
 */
public final class LocalRouting {

    private LocalRouting() {
    }

    /**
     * What the enumeration found.
     *
     * @param situations situations checked
     * @param failures   the first few situations where a clause fails, described (empty: the lemma holds)
     * @param failed     how many situations failed in all
     * @param complete   whether every situation was checked (false: the time limit came first)
     */
    public record Result(long situations, List<String> failures, long failed, boolean complete) {

        /** Copies. */
        public Result {
            failures = List.copyOf(failures);
        }

        /** @return whether the lemma holds on every situation (and every situation was checked) */
        public boolean holds() {
            return failed == 0 && complete;
        }
    }

    private static final int KEPT = 5;

    /**
     * @param m a configuration of the network model
     * @return the situations checked and those that fail
     */
    public static Result check(NetworkModel m) {
        return check(m, Long.MAX_VALUE);
    }

    /**
     * @param m        a configuration of the network model
     * @param deadline {@link System#nanoTime()} after which the enumeration stops, incomplete
     * @return the situations checked and those that fail
     */
    public static Result check(NetworkModel m, long deadline) {
        return check(m, deadline, 0, n -> { });
    }

    /**
     * @param m              a configuration of the network model
     * @param deadline       {@link System#nanoTime()} after which the enumeration stops, incomplete
     * @param progressMillis interval of progress reports (0: none)
     * @param progress       told the situations checked so far, every interval
     * @return the situations checked and those that fail
     */
    public static Result check(NetworkModel m, long deadline, long progressMillis,
                               java.util.function.LongConsumer progress) {
        Checker c = new Checker(m, deadline);
        c.progressNanos = progressMillis * 1_000_000L;
        c.progress = progress;
        c.nextReport = System.nanoTime() + c.progressNanos;
        return c.run();
    }

    private static final class Checker {
        private final NetworkModel m;
        private final FabricConfig c;
        private final NetworkLayout g;
        private final FabricNet net;
        private final Topology t;
        private final int[] init;
        private final Expansion x;
        private final PackedModel.Expander expander;
        private final int xoff;
        private final int bgMax;
        private final int[] vl1Classes;
        private final int[] vl0Classes;
        private final long deadline;
        private long progressNanos;
        private java.util.function.LongConsumer progress = n -> { };
        private long nextReport;
        private boolean stopped;
        private final List<String> failures = new ArrayList<>();
        private long situations;
        private long failed;
        // the situation being built
        private int[] built;
        private int builtLength;

        Checker(NetworkModel m, long deadline) {
            this.m = m;
            this.deadline = deadline;
            this.c = m.config();
            this.g = m.fields();
            this.net = m.net();
            this.t = net.topology();
            LayoutState s0 = m.initialStates().get(0);
            this.init = new int[g.layout.maxLength()];
            s0.copyTo(init, 0);
            this.x = Expansion.onPackedValues(g.layout);
            this.expander = m.expander();
            this.xoff = c.xoff();
            this.bgMax = g.background[0].max();
            // every occupancy 0..xoff on both lanes: the lemma checks that nothing below xoff refuses a move
            this.vl1Classes = java.util.stream.IntStream.rangeClosed(0, xoff).toArray();
            this.vl0Classes = vl1Classes;
        }

        Result run() {
            if (c.failures() > 0) {
                failures();
            }
            int elements = c.failures() > 0 ? net.elementCount() : 1;
            for (int e = 0; e < elements && !stopped; e++) {
                for (int v = 0; v < t.nodeCount() && !stopped; v++) {
                    if (!t.isHost(v) && !net.failedNode(e, v)) {
                        atSwitch(e, v);
                    }
                }
            }
            return new Result(situations, failures, failed, !stopped);
        }

        /**
         * (fail) A failure leaves no packet in flight and no DFT entry of an incomplete message: for
         * every flow, every count of packets sent and accepted (one sent at least, so that it can hold
         * entries), a state before any failure with one of its packets in every buffer and, in every
         * switch's DFT, an entry of it on every port (on VL1, and on VL0 on its escape route); after
         * every {@code Fail} step the buffers are empty and only a complete message's entries remain.
         */
        private void failures() {
            RoutesCheck live = new RoutesCheck(m);
            // (every buffer also holds a background packet before the failure: only the failed element's go)
            for (int f = 0; f < c.flows().size(); f++) {
                for (int sent = 1; sent <= c.packets(); sent++) {
                    for (int accepted = 0; accepted <= sent; accepted++) {
                        x.load(init, 0);
                        x.begin();
                        for (int k = 0; k < c.flows().size(); k++) {
                            x.set(g.sent[k], k == f ? sent : 0);
                        }
                        x.set(g.expected[f], accepted);
                        for (org.rdmacheck.model.layout.Field bg : g.background) {
                            x.set(bg, Math.min(1, bg.max()));
                        }
                        for (Fifo q : g.buffers) {
                            if (q != null) {
                                x.append(q, g.packet(f, 0, 0));
                            }
                        }
                        for (int v = 0; v < t.nodeCount(); v++) {
                            if (g.dft[v] == null) {
                                continue;
                            }
                            List<Integer> entries = new ArrayList<>();
                            for (int p = 0; p < t.degree(v) && entries.size() < c.dftSize(); p++) {
                                int a = t.arcAt(v, p);
                                entries.add(g.entry(f, 0, a, 1));
                                if (g.buffers[0] != null && a == net.escapeArc(FabricNet.NONE, v, f)
                                        && entries.size() < c.dftSize()) {
                                    entries.add(g.entry(f, 0, a, 0));
                                }
                            }
                            entries.sort(null);
                            for (int d : entries) {
                                x.append(g.dft[v], d);
                            }
                        }
                        x.emit(0L, (code, next, length) -> built = Arrays.copyOf(next, length));
                        situations++;
                        int[] state = built;
                        int fl = f;
                        int sentNow = sent;
                        int acc = accepted;
                        expander.successors(state, 0, (code, next, length) -> {
                            if (NetworkModel.kind(code) != 4) {
                                return;
                            }
                            int[] after = Arrays.copyOf(next, length);
                            boolean empty = true;
                            for (Fifo q : g.buffers) {
                                empty &= q == null || q.length(after, 0) == 0;
                            }
                            int el = g.failed.get(after, 0);
                            String bad = !empty ? " leaves a packet in flight"
                                    : !live.test(after, 0) ? " leaves a DFT entry of an incomplete message off its routes"
                                    : null;
                            if (bad == null && acc < c.packets()) {
                                // a fresh start: the message restarts and keeps no entry
                                boolean entry = false;
                                for (Fifo q : g.dft) {
                                    if (q != null) {
                                        for (int d : new LayoutState(g.layout, after, 0, length).elements(q)) {
                                            entry |= g.dFlow.of(d) == fl;
                                        }
                                    }
                                }
                                bad = entry ? " keeps a DFT entry of the incomplete message"
                                        : g.sent[fl].get(after, 0) != 0 ? " does not restart the incomplete message" : null;
                            }
                            for (int i = 0; bad == null && i < g.background.length; i++) {
                                int arc = net.bufArc(i);
                                boolean lost = net.dead(el, arc) || net.failedNode(el, t.arcTo(arc));
                                int was = Math.min(1, g.background[i].max());
                                if (g.background[i].get(after, 0) != (lost ? 0 : was)
                                        && !(lost && g.background[i].get(after, 0) == was)) {
                                    bad = " changes the background on " + t.arcName(arc);
                                }
                            }
                            if (bad != null) {
                                failed++;
                                if (failures.size() < KEPT) {
                                    failures.add("flow " + fl + " with " + sentNow + " sent and " + acc
                                            + " accepted: the failure of " + net.elementName(el) + bad);
                                }
                            }
                        });
                    }
                }
            }
        }

        /** The live arcs out of v, in port order. */
        private int[] liveOut(int e, int v) {
            List<Integer> out = new ArrayList<>();
            for (int p = 0; p < t.degree(v); p++) {
                int a = t.arcAt(v, p);
                if (!net.dead(e, a)) {
                    out.add(a);
                }
            }
            return out.stream().mapToInt(Integer::intValue).toArray();
        }

        private void atSwitch(int e, int v) {
            int[] out = liveOut(e, v);
            // the live buffers into v: {arc, lane}
            List<int[]> ins = new ArrayList<>();
            for (int p = 0; p < t.degree(v); p++) {
                int in = Topology.reverse(t.arcAt(v, p));
                if (t.isHost(t.arcFrom(in)) || net.bufOfArc(in) < 0 || net.dead(e, in)) {
                    continue;
                }
                for (int lane = 0; lane < 2; lane++) {
                    if (g.buffers[2 * net.bufOfArc(in) + lane] != null) {
                        ins.add(new int[] {in, lane});
                    }
                }
            }
            boolean vl0 = g.buffers[0] != null;
            int per = vl1Classes.length * (vl0 ? vl0Classes.length : 1);
            long combos = 1;
            for (int i = 0; i < out.length; i++) {
                combos *= per;
            }
            // one packet (flow, index, tokens) at a time, as the head of every live buffer into v that
            // can hold it and as its message's next packet if v is the source ToR: a routing decision
            // reads v's output buffers, v's DFT and the failed element, never the other buffers into v
            for (int f = 0; f < c.flows().size(); f++) {
                for (int seq = 0; seq < c.packets(); seq++) {
                    for (int tk = 0; tk <= c.initialTokens(f); tk++) {
                        List<int[]> heads = new ArrayList<>();
                        for (int[] in : ins) {
                            if (in[1] == 1 || net.escapeArc(e, t.arcFrom(in[0]), f) == in[0]) {
                                heads.add(in); // on VL0 only on its escape route (the invariant RoutesLive)
                            }
                        }
                        boolean source = net.sourceTor(f) == v && tk == c.initialTokens(f);
                        if (heads.isEmpty() && !source) {
                            continue;
                        }
                        for (int[] table : tables(e, v, out, f, tk)) {
                            for (long k = 0; k < combos; k++) {
                                situation(e, v, out, f, seq, tk, heads, source, table, k, per, vl0);
                            }
                            long now = System.nanoTime();
                            if (now > deadline) {
                                stopped = true;
                                return;
                            }
                            if (progressNanos > 0 && now > nextReport) {
                                progress.accept(situations);
                                nextReport = now + progressNanos;
                            }
                        }
                    }
                }
            }
        }

        /** DFT contents that decide for a packet of flow f with tk tokens: no entry of it, or one per live port and lane; with room or full. */
        private List<int[]> tables(int e, int v, int[] out, int f, int tk) {
            List<Integer> hits = new ArrayList<>();
            hits.add(-1);
            int escape = net.escapeArc(e, v, f);
            for (int a : out) {
                hits.add(g.entry(f, tk, a, 1));
                if (g.buffers[0] != null && a == escape) {
                    hits.add(g.entry(f, tk, a, 0)); // a VL0 entry names the escape route (RoutesLive)
                }
            }
            int size = c.dftSize();
            List<int[]> tables = new ArrayList<>();
            for (int hit : hits) {
                if (hit >= 0 && size == 0) {
                    continue;
                }
                tables.add(hit < 0 ? new int[0] : new int[] {hit});
                int[] full = filled(hit, size, f, tk, out);
                if (full != null && (hit >= 0 || size > 0)) {
                    tables.add(full);
                }
            }
            return tables;
        }

        /** A full table: the hit (if any) and entries no packet of (f, tk) matches, sorted; null if none can be made. */
        private int[] filled(int hit, int size, int f, int tk, int[] out) {
            List<Integer> entries = new ArrayList<>();
            if (hit >= 0) {
                entries.add(hit);
            }
            boolean messageKey = c.options().key() == org.rdmacheck.model.fabric.FabricOptions.DftKey.MESSAGE;
            for (int f2 = 0; f2 < c.flows().size() && entries.size() < size; f2++) {
                for (int tk2 = 0; tk2 <= c.tokens() && entries.size() < size; tk2++) {
                    if (f2 == f && (messageKey || tk2 == tk)) {
                        continue; // it would match the packet
                    }
                    for (int a : out) {
                        for (int lane = 1; lane >= (g.buffers[0] != null ? 0 : 1) && entries.size() < size; lane--) {
                            entries.add(g.entry(f2, tk2, a, lane));
                        }
                        if (entries.size() >= size) {
                            break;
                        }
                    }
                }
            }
            if (entries.size() < size) {
                return null;
            }
            int[] r = entries.stream().mapToInt(Integer::intValue).toArray();
            Arrays.sort(r);
            return r;
        }

        private void situation(int e, int v, int[] out, int f, int seq, int tk, List<int[]> heads, boolean source,
                               int[] table, long combo, int per, boolean vl0) {
            x.load(init, 0);
            x.begin();
            x.set(g.failed, e);
            for (int k = 0; k < c.flows().size(); k++) {
                x.set(g.sent[k], source && k == f ? seq : c.packets());
            }
            boolean anyFull = false;
            long rest = combo;
            StringBuilder occ = new StringBuilder();
            for (int a : out) {
                int cls = (int) (rest % per);
                rest /= per;
                int n1 = vl1Classes[cls % vl1Classes.length];
                int n0 = vl0 ? vl0Classes[cls / vl1Classes.length] : 0;
                int i = net.bufOfArc(a);
                int bg = Math.min(n1, bgMax);
                x.set(g.background[i], bg);
                for (int j = 0; j < n1 - bg; j++) {
                    x.append(g.buffers[2 * i + 1], g.packet(0, 0, 0));
                }
                if (vl0) {
                    for (int j = 0; j < n0; j++) {
                        x.append(g.buffers[2 * i], g.packet(0, 0, 0));
                    }
                }
                anyFull |= n1 >= xoff || n0 >= xoff;
                occ.append(' ').append(t.arcName(a)).append('=').append(n1).append('/').append(n0);
            }
            Fifo dft = g.dft[v];
            for (int d : table) {
                x.append(dft, d);
            }
            for (int[] h : heads) {
                x.append(g.buffers[2 * net.bufOfArc(h[0]) + h[1]], g.packet(f, seq, tk));
            }
            x.emit(0L, (code, next, length) -> {
                built = Arrays.copyOf(next, length);
                builtLength = length;
            });
            situations++;
            int[] before = entriesAt(built, v);
            boolean[] moved = new boolean[heads.size() + 1];
            String[] bad = new String[heads.size() + 1];
            int[] state = built;
            int escape = net.escapeArc(e, v, f);
            expander.successors(state, 0, (code, next, length) -> {
                int kind = NetworkModel.kind(code);
                int which = -1;
                if (kind == 0 && NetworkModel.flow(code) == f && source) {
                    which = heads.size();
                } else if (kind == 1) {
                    int arc = NetworkModel.arc(code);
                    for (int h = 0; h < heads.size(); h++) {
                        if (heads.get(h)[0] == arc && t.arcTo(arc) == v && laneOf(code) == heads.get(h)[1]) {
                            which = h;
                        }
                    }
                }
                if (which < 0) {
                    return;
                }
                moved[which] = true;
                int to = NetworkModel.out(code);
                if (net.dead(e, to)) {
                    bad[which] = "moves onto the dead arc " + t.arcName(to);
                } else if (outLaneOf(code) == 0 && to != escape) {
                    bad[which] = "moves onto VL0 of " + t.arcName(to) + ", not its escape route";
                }
                LayoutState after = new LayoutState(g.layout, next, 0, length);
                for (int d : after.elements(dft)) {
                    if (Arrays.binarySearch(before, d) >= 0) {
                        continue;
                    }
                    if (g.dFlow.of(d) != f) {
                        bad[which] = "writes a DFT entry of another message (flow " + g.dFlow.of(d) + ")";
                    } else if (t.arcFrom(g.dArc.of(d)) != v) {
                        bad[which] = "writes a DFT entry naming an arc not out of its switch: " + t.arcName(g.dArc.of(d));
                    } else if (net.dead(e, g.dArc.of(d))) {
                        bad[which] = "writes a DFT entry naming the dead arc " + t.arcName(g.dArc.of(d));
                    } else if (g.dLane.of(d) == 0 && g.dArc.of(d) != escape) {
                        bad[which] = "writes a VL0 DFT entry off its escape route: " + t.arcName(g.dArc.of(d));
                    }
                }
            });
            for (int h = 0; h <= heads.size(); h++) {
                if (h == heads.size() && !source) {
                    continue;
                }
                if (!moved[h] && !anyFull) {
                    bad[h] = "has no move and no output buffer of " + t.nodeName(v) + " is full";
                }
                if (bad[h] != null) {
                    failed++;
                    if (failures.size() < KEPT) {
                        failures.add("failed " + net.elementName(e) + ", at " + t.nodeName(v) + ", packet flow " + f
                                + " seq " + seq + " tokens " + tk + (h == heads.size() ? " at its source" : " on "
                                + t.arcName(heads.get(h)[0]) + ".VL" + heads.get(h)[1]) + ", DFT " + describe(table)
                                + ", occupancy" + occ + ": " + bad[h]);
                    }
                }
            }
        }

        private int laneOf(long code) {
            Map<String, Object> p = m.action(code).params();
            return (int) p.get("lane");
        }

        private int outLaneOf(long code) {
            Map<String, Object> p = m.action(code).params();
            return (int) p.get("outLane");
        }

        private int[] entriesAt(int[] s, int v) {
            int[] d = new LayoutState(g.layout, s, 0, builtLength).elements(g.dft[v]);
            int[] r = d.clone();
            Arrays.sort(r);
            return r;
        }

        private String describe(int[] table) {
            StringBuilder b = new StringBuilder("[");
            for (int d : table) {
                b.append(b.length() > 1 ? " " : "").append(g.dFlow.of(d)).append('/').append(g.dTokens.of(d))
                        .append('/').append(t.arcName(g.dArc.of(d))).append(".VL").append(g.dLane.of(d));
            }
            return b.append(']').toString();
        }
    }
}
