package org.rdmacheck.checker.fabric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.RecordingExpansion;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.topology.Topology;

/**
 * The local lemma behind {@link PacketBudget}, checked by the network model's own successor
 * function on every local situation of a routing decision, a bounded enumeration: for every failure
 * element (none included), every live switch, every packet that can be routed there (the head of
 * every live buffer into it on VL1, and on VL0 if the buffer is on its escape route, with every flow,
 * index and token count; every message's next packet at its source ToR), every DFT content that
 * decides for it (no entry of its message, or one on each live port on VL1 or on its escape route on
 * VL0; beside it every number of other messages' entries, from none to a full table, and every choice
 * of them where a decision reads which they are) and every occupancy of the switch's live
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
 * An occupancy of a live output buffer is, on VL0, every count from 0 to {@code xoff} and, on VL1,
 * every split into packets and background packets (at most the layout's bound on background, at most
 * {@code xoff} in all), so the lemma itself checks that nothing below {@code xoff} refuses a move, with
 * any mix of background (no reading of where or how the router compares an occupancy). The pause is the
 * occupancy's (the argument refuses {@code pfc-hysteresis}, whose pause bit is state).
 *
 * <p>The situations are not built one by one. A packet's decision is computed by the model ({@link
 * NetworkModel#onePacket(Expansion)}) through a {@link RecordingExpansion}, on the situation with the
 * output buffers not yet assigned empty; the first unassigned buffer it reads is given each of its
 * values in turn, and so on: a decision tree. A leaf's decision read no unassigned buffer, and the
 * model is deterministic and reads the state it routes through its expansion alone, so it is the
 * decision of every situation that agrees with the leaf on the assigned buffers: it is counted for
 * all of them (the (moves) clause for those with no full buffer). A decision that reads any other slot
 * (another buffer, the packets rather than the count of an output buffer, the length of its own
 * buffer, another switch's DFT, a receiver, the whole state) fails the lemma: what a routing decision
 * reads (its footprint: the switch's output buffers, its DFT, the failed element, and for a {@code
 * Send} the message's count of packets sent) is checked on every decision, not assumed. So these
 * situations cover every reachable one whose DFT entries of live messages name live arcs and whose VL0
 * packets and entries follow their escape routes ({@link BudgetDecision}'s invariant {@code
 * RoutesLive}), with every DFT content that decides (no entry of the message or one, and every number
 * of other entries up to a full table: one choice of them for a decision that reads only how many there
 * are, every choice for one that reads which, an entry's contents or a read by key some of them answer,
 * as the recorded reads tell). A situation holds its packet at the head of every buffer into the switch at
 * once and counts once; each head is judged by its own decision.
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
     * @param decisions  routing decisions the model computed for them (a decision stands for every
     *                   situation that agrees on what it read)
     */
    public record Result(long situations, List<String> failures, long failed, boolean complete, long decisions) {

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
        return check(m, deadline, 1, 0, n -> { });
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
        return check(m, deadline, 1, progressMillis, progress);
    }

    /**
     * The enumeration on several threads: its routing situations are partitioned into groups (a failed
     * element, a switch, a packet and a DFT content, with every occupancy of the switch's output
     * buffers), which the threads take in turn; the counts and the failures kept are those of one
     * thread, in the same order.
     *
     * @param m              a configuration of the network model
     * @param deadline       {@link System#nanoTime()} after which the enumeration stops, incomplete
     * @param threads        threads that check situations (1: the calling thread alone)
     * @param progressMillis interval of progress reports (0: none)
     * @param progress       told the situations checked so far, every interval (on one thread at a time)
     * @return the situations checked and those that fail
     */
    public static Result check(NetworkModel m, long deadline, int threads, long progressMillis,
                               java.util.function.LongConsumer progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads " + threads + ": expected at least 1");
        }
        Checker c = new Checker(m, deadline, progressMillis, progress);
        return c.run(threads);
    }

    /**
     * One group of situations: a failed element, a switch, a packet (flow, index, tokens) at the head of
     * every buffer in {@code heads} and, if {@code source}, as its message's next packet, and a DFT
     * content ({@code table}: the packet's hit {@code hit}, -1 for none, and {@code others} entries of
     * {@code pool}, every entry no packet of (f, tk) matches); its situations are every occupancy of the
     * switch's live output buffers.
     */
    private record Group(int e, int v, int[] out, int f, int seq, int tk, int[] heads, int[] headArcs,
                         int[] headLanes, boolean source, int[] table, int hit, int others, int[] pool) {

        /** @return the same group with another table of as many other entries */
        Group with(int[] other) {
            return new Group(e, v, out, f, seq, tk, heads, headArcs, headLanes, source, other, hit, others, pool);
        }
    }

    /** What one group found: its situations, failures and the first few described. */
    private static final class Found {
        long situations;
        long decisions;
        long failed;
        final List<String> failures = new ArrayList<>();
    }

    private static final class Checker {
        private final NetworkModel m;
        private final FabricConfig c;
        private final NetworkLayout g;
        private final FabricNet net;
        private final Topology t;
        private final int[] init;
        private final int xoff;
        private final int bgMax;
        private final boolean vl0;
        /** the values of a VL1 occupancy: packets and background; (0, 0) first */
        private final int[] splitFg;
        private final int[] splitBg;
        private final int fullSplits;
        private final long deadline;
        private final long progressNanos;
        private final java.util.function.LongConsumer progress;
        private long nextReport;
        private long reported;
        private final java.util.concurrent.atomic.AtomicLong checked = new java.util.concurrent.atomic.AtomicLong();
        private volatile boolean stopped;

        Checker(NetworkModel m, long deadline, long progressMillis, java.util.function.LongConsumer progress) {
            this.m = m;
            this.deadline = deadline;
            this.c = m.config();
            this.g = m.fields();
            this.net = m.net();
            this.t = net.topology();
            LayoutState s0 = m.initialStates().get(0);
            this.init = new int[g.layout.maxLength()];
            s0.copyTo(init, 0);
            this.xoff = c.xoff();
            this.bgMax = g.background[0].max();
            // every occupancy 0..xoff on both lanes: the lemma checks that nothing below xoff refuses a move
            this.vl0 = g.buffers[0] != null;
            // a VL1 occupancy: every split into packets and background (at most bgMax) with at most xoff in all
            List<int[]> splits = new ArrayList<>();
            for (int n = 0; n <= xoff; n++) {
                for (int bg = 0; bg <= Math.min(n, bgMax); bg++) {
                    splits.add(new int[] {n - bg, bg});
                }
            }
            this.splitFg = splits.stream().mapToInt(p -> p[0]).toArray();
            this.splitBg = splits.stream().mapToInt(p -> p[1]).toArray();
            this.fullSplits = (int) splits.stream().filter(p -> p[0] + p[1] >= xoff).count();
            this.progressNanos = progressMillis * 1_000_000L;
            this.progress = progress;
            this.nextReport = System.nanoTime() + progressNanos;
        }

        Result run(int threads) {
            Found fail = new Found();
            if (c.failures() > 0) {
                failures(fail);
            }
            checked.addAndGet(fail.situations);
            List<Group> groups = groups();
            Found[] found = new Found[groups.size()];
            java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
            Runnable work = () -> {
                Worker w = new Worker();
                for (int i = next.getAndIncrement(); i < groups.size() && !stopped; i = next.getAndIncrement()) {
                    found[i] = w.group(groups.get(i));
                    checked.addAndGet(found[i].situations);
                    afterGroup();
                }
            };
            if (threads == 1) {
                work.run();
            } else {
                List<Thread> ts = new ArrayList<>();
                RuntimeException[] error = new RuntimeException[1];
                for (int i = 0; i < threads; i++) {
                    Thread th = new Thread(work, "local-lemma-" + i);
                    th.setUncaughtExceptionHandler((x, ex) -> {
                        synchronized (error) {
                            error[0] = ex instanceof RuntimeException r ? r : new IllegalStateException(ex);
                        }
                        stopped = true;
                    });
                    ts.add(th);
                    th.start();
                }
                for (Thread th : ts) {
                    try {
                        th.join();
                    } catch (InterruptedException ex) {
                        stopped = true;
                        Thread.currentThread().interrupt();
                    }
                }
                synchronized (error) {
                    if (error[0] != null) {
                        throw error[0];
                    }
                }
            }
            long situations = fail.situations;
            long decisions = fail.situations;
            long failed = fail.failed;
            List<String> failures = new ArrayList<>(fail.failures);
            for (Found f : found) {
                if (f == null) {
                    continue; // not reached: the time limit came first
                }
                situations += f.situations;
                decisions += f.decisions;
                failed += f.failed;
                for (String d : f.failures) {
                    if (failures.size() < KEPT) {
                        failures.add(d);
                    }
                }
            }
            boolean complete = !stopped;
            for (Found f : found) {
                complete &= f != null;
            }
            return new Result(situations, failures, failed, complete, decisions);
        }

        /** After a group: the time limit, and a progress report when one is due. */
        private void afterGroup() {
            long now = System.nanoTime();
            if (now > deadline) {
                stopped = true;
            }
            if (progressNanos > 0 && now > nextReport) {
                synchronized (this) {
                    if (now > nextReport) {
                        long n = Math.max(reported, checked.get());
                        reported = n;
                        progress.accept(n);
                        nextReport = System.nanoTime() + progressNanos;
                    }
                }
            }
        }

        /** Every group, in the order of failed element, switch, flow, index, tokens, DFT content. */
        private List<Group> groups() {
            List<Group> groups = new ArrayList<>();
            int elements = c.failures() > 0 ? net.elementCount() : 1;
            for (int e = 0; e < elements; e++) {
                for (int v = 0; v < t.nodeCount(); v++) {
                    if (!t.isHost(v) && !net.failedNode(e, v)) {
                        atSwitch(e, v, groups);
                    }
                }
            }
            return groups;
        }

        /**
         * (fail) A failure leaves no packet in flight and no DFT entry of an incomplete message: for
         * every flow, every count of packets sent and accepted (one sent at least, so that it can hold
         * entries), a state before any failure with one of its packets in every buffer and, in every
         * switch's DFT, an entry of it on every port (on VL1, and on VL0 on its escape route); after
         * every {@code Fail} step the buffers are empty and only a complete message's entries remain.
         */
        private void failures(Found found) {
            RoutesCheck live = new RoutesCheck(m);
            Expansion x = Expansion.onPackedValues(g.layout);
            PackedModel.Expander expander = m.expander();
            int[][] built = new int[1][];
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
                        x.emit(0L, (code, next, length) -> built[0] = Arrays.copyOf(next, length));
                        found.situations++;
                        int[] state = built[0];
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
                                found.failed++;
                                if (found.failures.size() < KEPT) {
                                    found.failures.add("flow " + fl + " with " + sentNow + " sent and " + acc
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

        /** The groups at switch v with failed element e. */
        private void atSwitch(int e, int v, List<Group> groups) {
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
                        int[] bufs = new int[heads.size()];
                        int[] arcs = new int[heads.size()];
                        int[] lanes = new int[heads.size()];
                        for (int h = 0; h < heads.size(); h++) {
                            arcs[h] = heads.get(h)[0];
                            lanes[h] = heads.get(h)[1];
                            bufs[h] = 2 * net.bufOfArc(arcs[h]) + lanes[h];
                        }
                        int[] pool = pool(e, v, out, f, tk);
                        for (int[] table : tables(e, v, out, f, tk)) {
                            int hit = -1;
                            for (int d : table) {
                                hit = matches(d, f, tk) ? d : hit;
                            }
                            groups.add(new Group(e, v, out, f, seq, tk, bufs, arcs, lanes, source, table, hit,
                                    table.length - (hit >= 0 ? 1 : 0), pool));
                        }
                    }
                }
            }
        }

        /**
         * DFT contents that decide for a packet of flow f with tk tokens: no entry of it, or one per live
         * port and lane; beside it every number of other entries (matching no packet of (f, tk)) from none
         * to a full table, so a table with room that holds another message's entry is shown too.
         */
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
            List<Integer> others = foreignEntries(size, f, tk, out);
            List<int[]> tables = new ArrayList<>();
            for (int hit : hits) {
                if (hit >= 0 && size == 0) {
                    continue;
                }
                int own = hit >= 0 ? 1 : 0;
                for (int j = 0; j <= Math.min(others.size(), size - own); j++) {
                    int[] table = new int[own + j];
                    if (hit >= 0) {
                        table[0] = hit;
                    }
                    for (int i = 0; i < j; i++) {
                        table[own + i] = others.get(i);
                    }
                    Arrays.sort(table);
                    tables.add(table);
                }
            }
            return tables;
        }

        private boolean matches(int d, int f, int tk) {
            boolean messageKey = c.options().key() == org.rdmacheck.model.fabric.FabricOptions.DftKey.MESSAGE;
            return g.dFlow.of(d) == f && (messageKey || g.dTokens.of(d) == tk);
        }

        /**
         * Every entry of v's table that no packet of (f, tk) matches, the representatives of {@link
         * #foreignEntries} first (in their order): of every flow and token count an entry can hold, on every
         * arc out of v (the dead ones last) and each lane. A decision that reads which of them a table
         * holds (not only how many) is shown every choice of them.
         */
        private int[] pool(int e, int v, int[] out, int f, int tk) {
            List<Integer> entries = foreignEntries(Integer.MAX_VALUE, f, tk, out);
            java.util.Set<Integer> seen = new java.util.HashSet<>(entries);
            int[] arcs = new int[t.degree(v)];
            for (int p = 0; p < arcs.length; p++) {
                arcs[p] = t.arcAt(v, p);
            }
            for (int k = 0; k < c.flows().size(); k++) {
                for (int tk2 = g.dTokens.min(); tk2 <= g.dTokens.max(); tk2++) {
                    for (int a : arcs) {
                        for (int lane = 1; lane >= (g.buffers[0] != null ? 0 : 1); lane--) {
                            int d = g.entry(k, tk2, a, lane);
                            if (!matches(d, f, tk) && seen.add(d)) {
                                entries.add(d);
                            }
                        }
                    }
                }
            }
            return entries.stream().mapToInt(Integer::intValue).toArray();
        }

        /**
         * Entries no packet of (f, tk) matches, enough to fill a table: other flows' first (another
         * message's entries), then, keyed by tokens, f's of other token counts.
         */
        private List<Integer> foreignEntries(int size, int f, int tk, int[] out) {
            List<Integer> entries = new ArrayList<>();
            boolean messageKey = c.options().key() == org.rdmacheck.model.fabric.FabricOptions.DftKey.MESSAGE;
            for (int pass = 0; pass < 2; pass++) {
                for (int f2 = 0; f2 < c.flows().size() && entries.size() < size; f2++) {
                    if ((f2 == f) != (pass == 1)) {
                        continue;
                    }
                    for (int tk2 = 0; tk2 <= c.tokens() && entries.size() < size; tk2++) {
                        if (f2 == f && (messageKey || tk2 == tk)) {
                            continue; // it would match the packet
                        }
                        for (int a : out) {
                            for (int lane = 1; lane >= (g.buffers[0] != null ? 0 : 1) && entries.size() < size; lane--) {
                                entries.add(g.entry(f2, tk2, a, lane));
                            }
                        }
                    }
                }
            }
            return entries;
        }

        private String describe(int[] table) {
            StringBuilder b = new StringBuilder("[");
            for (int d : table) {
                b.append(b.length() > 1 ? " " : "").append(g.dFlow.of(d)).append('/').append(g.dTokens.of(d))
                        .append('/').append(t.arcName(g.dArc.of(d))).append(".VL").append(g.dLane.of(d));
            }
            return b.append(']').toString();
        }

        /**
         * One thread's checking of groups. A group's situations are not built one by one: for each of
         * its packets the model's routing decision is run on a situation whose unassigned output buffers
         * are empty, through an expansion that records what the decision reads ({@link RecordingExpansion});
         * the first unassigned buffer it reads is then given each of its values in turn, and so on down a
         * decision tree. A leaf's decision read no unassigned buffer, so it is the decision of every
         * situation that agrees with the leaf on the assigned ones (the model is deterministic and reads
         * states only through its expansion): the leaf stands for all of them, and they are counted. A
         * decision that reads a slot the situations do not enumerate (another buffer, the packets in an
         * output buffer, its own buffer's length, another switch's DFT, a receiver, ...) fails the lemma.
         */
        private final class Worker implements PackedModel.Sink {
            private static final int OUTSIDE = -1;
            private static final int FIXED = -2;
            /** builds situations */
            private final Expansion bx = Expansion.onPackedValues(g.layout);
            /** the router's view of a situation, recording its reads */
            private final RecordingExpansion rx = new RecordingExpansion(g.layout);
            private final NetworkModel.OnePacket router = m.onePacket(rx);
            private final int[] base = new int[g.layout.maxLength()];
            private final int[] built = new int[g.layout.maxLength()];
            /** per read code of a FIFO ({@link RecordingExpansion#lengthRead}): a variable, FIXED or OUTSIDE */
            private final int[] fifoClass = new int[2 * g.layout.fifos().size()];
            /** the group's allowed field reads and the variables of the others it enumerates */
            private final int[] fieldCodes;
            private final int[] fieldClass;
            private int fieldCount;
            /** per variable (2o: the VL1 buffer of out[o], a split; 2o+1: its VL0 buffer, an occupancy): its value, -1 unassigned */
            private final int[] value;
            // the decision being judged
            private Group group;
            private int head;
            private boolean moved;
            private String bad;
            private int[] before;
            private int escape;
            /** whether a decision of the group read which other entries its table holds (not only how many) */
            private boolean readsOthers;

            Worker() {
                int degree = 0;
                for (int v = 0; v < t.nodeCount(); v++) {
                    degree = Math.max(degree, t.degree(v));
                }
                value = new int[2 * degree];
                fieldCodes = new int[degree + 2];
                fieldClass = new int[degree + 2];
            }

            private int domain(int var) {
                return (var & 1) == 0 ? splitFg.length : vl0 ? xoff + 1 : 1;
            }

            /** @return the values of the variable at which its buffer is full (holds xoff packets) */
            private int fullValues(int var) {
                return (var & 1) == 0 ? fullSplits : vl0 ? 1 : 0;
            }

            private boolean full(int var, int val) {
                return (var & 1) == 0 ? splitFg[val] + splitBg[val] >= xoff : val >= xoff;
            }

            /**
             * Checks every situation of a group: every occupancy of the switch's live output buffers. If a
             * decision read which entries of other messages the table holds (an entry's contents, or a read
             * by key that some of them would answer), every other choice of as many entries of the pool is
             * checked too, each as a group of its own: a decision that reads only how many there are is
             * computed for one choice, one that reads which is computed for every choice.
             */
            Found group(Group gr) {
                Found found = new Found();
                readsOthers = false;
                one(gr, found);
                if (!readsOthers || gr.others() == 0) {
                    return found;
                }
                int n = gr.others();
                int[] pick = new int[n];
                for (int i = 0; i < n; i++) {
                    pick[i] = i; // the first choice, the representative, is checked
                }
                int[] pool = wider(gr); // the pool first: its first choice is the representative, checked
                while (next(pick, pool.length)) {
                    if (stopped || System.nanoTime() > deadline) {
                        stopped = true;
                        break;
                    }
                    int[] table = new int[n + (gr.hit() >= 0 ? 1 : 0)];
                    for (int i = 0; i < n; i++) {
                        table[i] = pool[pick[i]];
                    }
                    if (gr.hit() >= 0) {
                        table[n] = gr.hit();
                    }
                    Arrays.sort(table);
                    one(gr.with(table), found);
                }
                return found;
            }

            /**
             * The pool and, after it, every other entry of the packet's key than the hit: the entries a table
             * may hold beside the hit, for a decision that reads which (a table may hold more than one entry
             * of the packet's key; the hit enumerated is then its first).
             */
            private int[] wider(Group gr) {
                List<Integer> es = new ArrayList<>();
                for (int d : gr.pool()) {
                    es.add(d);
                }
                for (int tk2 = g.dTokens.min(); tk2 <= g.dTokens.max(); tk2++) {
                    for (int p = 0; p < t.degree(gr.v()); p++) {
                        for (int lane = 1; lane >= (g.buffers[0] != null ? 0 : 1); lane--) {
                            int d = g.entry(gr.f(), tk2, t.arcAt(gr.v(), p), lane);
                            if (d != gr.hit() && matches(d, gr.f(), gr.tk())) {
                                es.add(d);
                            }
                        }
                    }
                }
                return es.stream().mapToInt(Integer::intValue).toArray();
            }

            /** The next choice of pick.length indices below n in lexicographic order, false after the last. */
            private static boolean next(int[] pick, int n) {
                int k = pick.length;
                int i = k - 1;
                while (i >= 0 && pick[i] == n - k + i) {
                    i--;
                }
                if (i < 0) {
                    return false;
                }
                pick[i]++;
                for (int j = i + 1; j < k; j++) {
                    pick[j] = pick[j - 1] + 1;
                }
                return true;
            }

            /** One table's situations, added to found. */
            private void one(Group gr, Found found) {
                group = gr;
                before = gr.table().clone();
                Arrays.sort(before);
                escape = net.escapeArc(gr.e(), gr.v(), gr.f());
                classes(gr);
                long situations = 1;
                for (int var = 0; var < 2 * gr.out().length; var++) {
                    situations *= domain(var);
                }
                found.situations += situations;
                buildBase(gr);
                for (int h = 0; h <= gr.heads().length; h++) {
                    if (h == gr.heads().length && !gr.source()) {
                        continue;
                    }
                    head = h;
                    Arrays.fill(value, -1);
                    explore(gr, found);
                }
            }

            /** What each read means in this group: a variable, a slot the group fixes, or a slot outside it. */
            private void classes(Group gr) {
                Arrays.fill(fifoClass, OUTSIDE);
                Fifo dft = g.dft[gr.v()];
                fifoClass[RecordingExpansion.lengthRead(dft)] = FIXED;
                fifoClass[RecordingExpansion.elementRead(dft)] = FIXED;
                fieldCount = 0;
                fieldCodes[fieldCount] = RecordingExpansion.fieldRead(g.failed);
                fieldClass[fieldCount++] = FIXED;
                fieldCodes[fieldCount] = RecordingExpansion.fieldRead(g.sent[gr.f()]);
                fieldClass[fieldCount++] = FIXED; // read by the Send alone (checked in explore)
                for (int o = 0; o < gr.out().length; o++) {
                    int i = net.bufOfArc(gr.out()[o]);
                    fifoClass[RecordingExpansion.lengthRead(g.buffers[2 * i + 1])] = 2 * o;
                    if (vl0) {
                        fifoClass[RecordingExpansion.lengthRead(g.buffers[2 * i])] = 2 * o + 1;
                    }
                    fieldCodes[fieldCount] = RecordingExpansion.fieldRead(g.background[i]);
                    fieldClass[fieldCount++] = 2 * o;
                }
            }

            /**
             * What the read at index {@code at} of the log means. The switch's table is fixed in the group; a read of it
             * that depends on which other entries it holds (their contents, or a read by key that an entry
             * of the pool would answer) marks the group as one to check for every choice of them.
             */
            private int classOf(int code, int at, Group gr) {
                if (code == RecordingExpansion.WHOLE) {
                    return OUTSIDE;
                }
                Fifo dft = g.dft[gr.v()];
                if (RecordingExpansion.isKeyRead(code)) {
                    boolean first = code == RecordingExpansion.keyRead(dft);
                    if (!first && code != RecordingExpansion.countRead(dft)) {
                        return OUTSIDE;
                    }
                    // the first match of a key no other entry answers is the hit, whatever else the table holds
                    // (more entries of the packet's key after it included); how many match is the hit's count
                    // only if no other entry, of the pool or of the packet's key, answers
                    int mask = rx.keyMask(at);
                    int key = rx.keyValue(at);
                    for (int d : first ? gr.pool() : wider(gr)) {
                        if ((d & mask) == key) {
                            readsOthers |= gr.others() > 0;
                            break;
                        }
                    }
                    return FIXED;
                }
                if (code == RecordingExpansion.elementRead(dft)) {
                    readsOthers |= gr.others() > 0; // an entry's contents, whichever it is
                    return FIXED;
                }
                if (code >= 0) {
                    boolean own = head < gr.heads().length
                            && code == RecordingExpansion.elementRead(g.buffers[gr.heads()[head]]);
                    return own ? FIXED : fifoClass[code]; // its own packet; not its buffer's length
                }
                for (int k = 0; k < fieldCount; k++) {
                    if (fieldCodes[k] == code) {
                        return k == 1 && head < gr.heads().length ? OUTSIDE : fieldClass[k];
                    }
                }
                return OUTSIDE;
            }

            /** The group's situation without its variables: the failed element, the senders, the DFT, the packets. */
            private void buildBase(Group gr) {
                bx.load(init, 0);
                bx.begin();
                bx.set(g.failed, gr.e());
                for (int k = 0; k < c.flows().size(); k++) {
                    bx.set(g.sent[k], gr.source() && k == gr.f() ? gr.seq() : c.packets());
                }
                Fifo dft = g.dft[gr.v()];
                for (int d : gr.table()) {
                    bx.append(dft, d);
                }
                int packet = g.packet(gr.f(), gr.seq(), gr.tk());
                for (int b : gr.heads()) {
                    bx.append(g.buffers[b], packet);
                }
                bx.emit(0L, (code, next, length) -> System.arraycopy(next, 0, base, 0, length));
            }

            private void build(Group gr) {
                bx.load(base, 0);
                bx.begin();
                for (int o = 0; o < gr.out().length; o++) {
                    int i = net.bufOfArc(gr.out()[o]);
                    int s1 = value[2 * o];
                    if (s1 > 0) {
                        bx.set(g.background[i], splitBg[s1]);
                        for (int j = 0; j < splitFg[s1]; j++) {
                            bx.append(g.buffers[2 * i + 1], g.packet(0, 0, 0));
                        }
                    }
                    for (int j = 0; j < value[2 * o + 1]; j++) {
                        bx.append(g.buffers[2 * i], g.packet(0, 0, 0));
                    }
                }
                bx.emit(0L, this::keep);
            }

            private void keep(long code, int[] next, int length) {
                System.arraycopy(next, 0, built, 0, length);
            }

            /** The decision tree below the current assignment. */
            private void explore(Group gr, Found found) {
                build(gr);
                found.decisions++;
                rx.clearLog();
                moved = false;
                bad = null;
                boolean source = head == gr.heads().length;
                router.moves(built, 0, source ? -1 : gr.heads()[head], gr.f(), this);
                int outside = 0;
                boolean reachesOutside = false;
                for (int k = 0, n = rx.logged(); k < n; k++) {
                    int code = rx.read(k);
                    int cls = classOf(code, k, gr);
                    if (cls == OUTSIDE) {
                        outside = code;
                        reachesOutside = true;
                        break;
                    }
                    if (cls >= 0 && value[cls] < 0) {
                        for (int val = 0; val < domain(cls); val++) {
                            value[cls] = val;
                            explore(gr, found);
                        }
                        value[cls] = -1;
                        return;
                    }
                }
                long covered = 1;
                long open = 1;
                boolean anyFull = false;
                for (int var = 0; var < 2 * gr.out().length; var++) {
                    if (value[var] < 0) {
                        covered *= domain(var);
                        open *= domain(var) - fullValues(var);
                    } else {
                        anyFull |= full(var, value[var]);
                    }
                }
                String why = reachesOutside ? "reads " + slotName(outside) + ", which its routing situation does not enumerate"
                        : bad;
                long failing = why != null ? covered : !moved && !anyFull ? open : 0;
                if (!moved && !anyFull && why == null) {
                    why = "has no move and no output buffer of " + t.nodeName(gr.v()) + " is full";
                }
                if (failing > 0) {
                    found.failed += failing;
                    if (found.failures.size() < KEPT) {
                        found.failures.add(describe(gr, head, gr.out()) + ": " + why);
                    }
                }
            }

            /** A move of the situation's packet (the router emits no other): judged by the clause (live). */
            @Override
            public void accept(long code, int[] next, int length) {
                Group gr = group;
                int kind = NetworkModel.kind(code);
                boolean mine = head == gr.heads().length ? kind == 0 && NetworkModel.flow(code) == gr.f()
                        : kind == 1 && NetworkModel.arc(code) == gr.headArcs()[head]
                        && t.arcTo(NetworkModel.arc(code)) == gr.v() && NetworkModel.lane(code) == gr.headLanes()[head];
                if (!mine) {
                    return;
                }
                moved = true;
                int to = NetworkModel.out(code);
                if (net.dead(gr.e(), to)) {
                    bad = "moves onto the dead arc " + t.arcName(to);
                } else if (NetworkModel.outLane(code) == 0 && to != escape) {
                    bad = "moves onto VL0 of " + t.arcName(to) + ", not its escape route";
                }
                Fifo dft = g.dft[gr.v()];
                int at = g.layout.start(next, 0, dft);
                for (int i = 0, n = dft.length(next, 0); i < n; i++) {
                    int d = dft.element(next, at, i);
                    if (Arrays.binarySearch(before, d) >= 0) {
                        continue;
                    }
                    if (g.dFlow.of(d) != gr.f()) {
                        bad = "writes a DFT entry of another message (flow " + g.dFlow.of(d) + ")";
                    } else if (t.arcFrom(g.dArc.of(d)) != gr.v()) {
                        bad = "writes a DFT entry naming an arc not out of its switch: " + t.arcName(g.dArc.of(d));
                    } else if (net.dead(gr.e(), g.dArc.of(d))) {
                        bad = "writes a DFT entry naming the dead arc " + t.arcName(g.dArc.of(d));
                    } else if (g.dLane.of(d) == 0 && g.dArc.of(d) != escape) {
                        bad = "writes a VL0 DFT entry off its escape route: " + t.arcName(g.dArc.of(d));
                    }
                }
            }

            private String slotName(int code) {
                if (code == RecordingExpansion.WHOLE) {
                    return "the whole state";
                }
                if (code >= 0) {
                    Fifo q = g.layout.fifos().get(code >> 1);
                    return ((code & 1) == 1 ? "the packets of " : "the length of ") + q.name();
                }
                for (Slot slot : g.layout.slots()) {
                    if (slot instanceof org.rdmacheck.model.layout.Field f && RecordingExpansion.fieldRead(f) == code) {
                        return f.name();
                    }
                }
                return "a slot";
            }

            private String describe(Group gr, int h, int[] out) {
                StringBuilder occ = new StringBuilder();
                for (int o = 0; o < out.length; o++) {
                    int s1 = value[2 * o];
                    int n0 = value[2 * o + 1];
                    occ.append(' ').append(t.arcName(out[o])).append('=')
                            .append(s1 < 0 ? "any" : splitFg[s1] + "+" + splitBg[s1] + "bg").append('/')
                            .append(n0 < 0 ? "any" : String.valueOf(n0));
                }
                return "failed " + net.elementName(gr.e()) + ", at " + t.nodeName(gr.v()) + ", packet flow " + gr.f()
                        + " seq " + gr.seq() + " tokens " + gr.tk() + (h == gr.heads().length ? " at its source"
                        : " on " + t.arcName(gr.headArcs()[h]) + ".VL" + gr.headLanes()[h]) + ", DFT "
                        + Checker.this.describe(gr.table()) + ", occupancy" + occ;
            }
        }
    }
}
