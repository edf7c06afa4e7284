package org.rdmacheck.model.iofd;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.topology.Topology;

/**
 * {@link IofdModel}'s transitions on the packed layout of {@link IofdCodec}: the same sends,
 * departures, background and failures (seed 000 §IV-A/B/C), with the router's decisions (DFT
 * lookup, deflection choice, ECMP) taken on arrays precomputed from the fabric. {@link IofdModel}
 * stays the reference; a test checks on every reachable state of small configurations of every
 * variant that both emit the same successors and actions in the same order.
 *
 * <p>An action code is {@code kind << 61 | route << 58 | (arc + 1) << 46 | flow << 35 | seq << 31 |
 * tokens << 27 | (normal + 1) << 15 | (out + 1) << 3}; {@code route} is the route kind of a send or
 * forward and the receiver's decision of a delivery; a failure keeps its switch in the arc field.
 */
public final class IofdPacked implements PackedModel {

    /** Action kinds, in the order {@link IofdModel#successors} tries them. */
    static final int SEND = 0;
    static final int FORWARD = 1;
    static final int DELIVER = 2;
    static final int BACKGROUND = 3;
    static final int FAIL = 4;

    /** Route kinds, as in {@link Route}. */
    static final int NORMAL = 0;
    static final int DFT_HIT = 1;
    static final int ALLOCATE = 2;
    static final int OVERWRITE = 3;
    static final int PER_PACKET = 4;
    private static final String[] ROUTE_NAMES = {Route.NORMAL, Route.DFT_HIT, Route.ALLOCATE, Route.OVERWRITE,
        Route.PER_PACKET};

    /** Receiver decisions of a delivery. */
    private static final String[] RECEIVERS = {"accept", "discard-duplicate", "discard-out-of-order"};

    private static final int M = 0xFFFF;

    private final IofdConfig config;
    private final Fabric fabric;
    private final Topology topology;
    private final IofdVariant variant;
    private final int flows;
    private final int queues;
    private final int switches;
    private final int packets;
    private final int capacity;
    private final int dftSize;
    private final int threshold;
    private final boolean spends;
    private final boolean usesDft;
    private final boolean flowKeyed;
    private final boolean overwrite;
    private final boolean anyPacketMayStart;
    private final int freeingSeq;
    // fabric tables
    private final int[] queueArc;
    private final int[] queueOfArc;
    private final int[] arcFrom;
    private final int[] arcTo;
    private final boolean[] isHost;
    private final int[] switchOfNode;
    private final int[][] ports;
    private final int[] failable;
    private final int[] torSwitchNode;
    private final int[] initialTokens;
    private final boolean[] isLong;
    private final int[] noFailureRoutes;
    private final Map<Long, int[]> routesByFailures = new HashMap<>();
    private final int maxRoutes;
    private final int maxValues;

    /**
     * @param model the model whose transitions these are
     */
    IofdPacked(IofdModel model) {
        this.config = model.config();
        this.fabric = model.fabric();
        this.topology = fabric.topology();
        this.variant = config.variant();
        this.flows = config.flows().size();
        this.queues = fabric.queueCount();
        this.switches = fabric.switchCount();
        this.packets = config.packets();
        this.capacity = config.queue();
        this.dftSize = config.dftSize();
        this.threshold = config.threshold();
        this.spends = variant.spendsTokens();
        this.usesDft = variant.usesDft();
        this.flowKeyed = variant == IofdVariant.FLOW_KEYED;
        this.overwrite = variant == IofdVariant.OVERWRITE;
        this.anyPacketMayStart = variant == IofdVariant.DEFLECT_MIDDLE || variant == IofdVariant.NO_DFT;
        this.freeingSeq = variant == IofdVariant.FREE_ON_FIRST ? 0 : packets - 1;
        int arcs = topology.arcCount();
        int nodes = topology.nodeCount();
        queueArc = new int[queues];
        for (int q = 0; q < queues; q++) {
            queueArc[q] = fabric.queueArc(q);
        }
        queueOfArc = new int[arcs];
        arcFrom = new int[arcs];
        arcTo = new int[arcs];
        for (int a = 0; a < arcs; a++) {
            queueOfArc[a] = fabric.queueOfArc(a);
            arcFrom[a] = topology.arcFrom(a);
            arcTo[a] = topology.arcTo(a);
        }
        isHost = new boolean[nodes];
        switchOfNode = new int[nodes];
        ports = new int[nodes][];
        int maxDegree = 0;
        for (int v = 0; v < nodes; v++) {
            isHost[v] = topology.isHost(v);
            switchOfNode[v] = fabric.switchOfNode(v);
            ports[v] = new int[topology.degree(v)];
            for (int p = 0; p < ports[v].length; p++) {
                ports[v][p] = topology.arcAt(v, p);
            }
            maxDegree = Math.max(maxDegree, ports[v].length);
        }
        failable = fabric.failable();
        torSwitchNode = new int[flows];
        initialTokens = new int[flows];
        isLong = new boolean[flows];
        for (int f = 0; f < flows; f++) {
            torSwitchNode[f] = fabric.torOf(config.flows().get(f).src());
            initialTokens[f] = config.initialTokens(f);
            isLong[f] = config.flows().get(f).isLong();
        }
        int[] none = null;
        for (Map.Entry<List<Integer>, int[][]> e : fabric.normalRoutes().entrySet()) {
            int[] flat = new int[switches * flows];
            for (int s = 0; s < switches; s++) {
                System.arraycopy(e.getValue()[s], 0, flat, s * flows, flows);
            }
            routesByFailures.put(failureKey(e.getKey()), flat);
            if (e.getKey().isEmpty()) {
                none = flat;
            }
        }
        noFailureRoutes = none;
        maxRoutes = maxDegree * Math.max(1, dftSize) + 1;
        // header, flows, every packet in flight with its queue's head, background, tables, failures
        maxValues = 2 + flows + 2 * flows * packets + queues + switches * (1 + dftSize) + config.failures() + 1;
    }

    private static long failureKey(List<Integer> failed) {
        long k = 0;
        for (int v : failed) {
            k = k << 12 | (v + 1);
        }
        return k;
    }

    /**
     * @param model a model
     * @return whether its states fit the packed layout
     */
    static boolean fits(IofdModel model) {
        // a knock-out is a guard of the object model (IofdModel, Router) only: the packed copy must not run then
        return IofdCodec.fits(model.config()) && model.config().knockouts().isEmpty();
    }

    @Override
    public PackedModel.Expander expander() {
        return new Expander();
    }

    // ---- action codes

    private static long code(int kind, int route, int arc, int flow, int seq, int tokens, int normal, int out) {
        return (long) kind << 61 | (long) route << 58 | (long) (arc + 1) << 46 | (long) flow << 35
                | (long) seq << 31 | (long) tokens << 27 | (long) (normal + 1) << 15 | (long) (out + 1) << 3;
    }

    /** @param code an action code  @return its kind */
    static int kind(long code) {
        return (int) (code >>> 61);
    }

    /** @param code an action code  @return its route kind (send, forward) or receiver decision (deliver) */
    static int route(long code) {
        return (int) (code >>> 58) & 7;
    }

    /** @param code an action code  @return its arc (-1 for a send), or a failure's switch */
    static int arc(long code) {
        return ((int) (code >>> 46) & 0xFFF) - 1;
    }

    /** @param code the code of a send, forward or delivery  @return its flow */
    public static int flow(long code) {
        return (int) (code >>> 35) & 0x7FF;
    }

    /** @param code the code of a send, forward or delivery  @return the packet's position in its message */
    public static int seq(long code) {
        return (int) (code >>> 31) & 0xF;
    }

    /** @param code the code of a send or forward  @return the tokens the packet arrived with */
    public static int tokens(long code) {
        return (int) (code >>> 27) & 0xF;
    }

    /** @param code the code of a send or forward  @return the flow's ECMP arc at the switch */
    public static int normal(long code) {
        return ((int) (code >>> 15) & 0xFFF) - 1;
    }

    /** @param code the code of a send or forward  @return the arc the packet is queued on */
    public static int out(long code) {
        return ((int) (code >>> 3) & 0xFFF) - 1;
    }

    /** @param code an action code  @return whether it is a delivery to a host */
    public static boolean isDelivery(long code) {
        return kind(code) == DELIVER;
    }

    /** @param code an action code  @return whether it is a switch failure */
    public static boolean isFailure(long code) {
        return kind(code) == FAIL;
    }

    /** @param code an action code  @return whether it misroutes a packet ({@link Route#isDeflection}) */
    public static boolean isDeflection(long code) {
        int k = kind(code);
        return (k == SEND || k == FORWARD) && route(code) != NORMAL;
    }

    /** @param code an action code  @return whether the switch chose to deflect ({@link Route#isDeflectionChoice}) */
    public static boolean isDeflectionChoice(long code) {
        int k = kind(code);
        int r = route(code);
        return (k == SEND || k == FORWARD) && (r == ALLOCATE || r == OVERWRITE || r == PER_PACKET);
    }

    /** @param code the code of a send or forward  @return the tokens the packet leaves with */
    public int tokensLeft(long code) {
        return isDeflection(code) && spends ? tokens(code) - 1 : tokens(code);
    }

    @Override
    public Action action(long code) {
        int kind = kind(code);
        int arc = arc(code);
        return switch (kind) {
            case SEND, FORWARD -> Action.of(kind == SEND ? "Send" : "Forward", "arc", arc, "flow", flow(code),
                    "seq", seq(code), "tokens", tokens(code),
                    "at", kind == SEND ? torSwitchNode[flow(code)] : arcTo[arc], "route", ROUTE_NAMES[route(code)],
                    "normal", normal(code), "out", out(code), "tokensLeft", tokensLeft(code),
                    "hop", topology.arcName(out(code)));
            case DELIVER -> Action.of("Deliver", "arc", arc, "flow", flow(code), "seq", seq(code),
                    "receiver", RECEIVERS[route(code)], "hop", topology.arcName(arc));
            case BACKGROUND -> Action.of("Background", "arc", arc, "hop", topology.arcName(arc));
            case FAIL -> Action.of("Fail", "switch", arc, "name", topology.nodeName(arc));
            default -> throw new IllegalArgumentException("not an IOFD action code: " + code);
        };
    }

    // ---- reading packed states (for the properties)

    /** @param s values  @param off the state's first  @param f a flow  @return the receiver's next expected packet */
    public int expected(int[] s, int off, int f) {
        return s[off + 2 + f] >>> 16;
    }

    /** @param s values  @param off the state's first  @return how many switches have failed */
    public static int failedCount(int[] s, int off) {
        return s[off + 1] >>> 16;
    }

    /** @param s values  @param off the state's first  @return whether every message has been accepted */
    public boolean allDelivered(int[] s, int off) {
        for (int f = 0; f < flows; f++) {
            if (s[off + 2 + f] >>> 16 != packets) {
                return false;
            }
        }
        return true;
    }

    /** @param s values  @param off the state's first  @return whether every deflected flow table is empty */
    public static boolean dftsEmpty(int[] s, int off) {
        return (s[off + 1] & M) == 0;
    }

    /** @return where the tables of a state start */
    private int tablesStart(int[] s, int off) {
        int at = off + 2 + flows;
        for (int i = s[off] & M; i > 0; i--) {
            at += 1 + (s[at] >>> 16);
        }
        return at + (s[off] >>> 16);
    }

    /** @param s values  @param off the state's first  @return the most entries any table holds */
    public int largestTable(int[] s, int off) {
        int at = tablesStart(s, off);
        int max = 0;
        for (int i = s[off + 1] & M; i > 0; i--) {
            int n = s[at] >>> 16;
            max = Math.max(max, n);
            at += 1 + n;
        }
        return max;
    }

    /**
     * @param s   values
     * @param off the state's first
     * @param arc an arc leaving a switch
     * @return background plus foreground packets in its queue
     */
    public int queueLength(int[] s, int off, int arc) {
        int q = queueOfArc[arc];
        int at = off + 2 + flows;
        int n = 0;
        for (int i = s[off] & M; i > 0; i--) {
            int len = s[at] >>> 16;
            if ((s[at] & M) == q) {
                n += len;
            }
            at += 1 + len;
        }
        for (int i = s[off] >>> 16; i > 0; i--, at++) {
            if ((s[at] & M) == q) {
                n += s[at] >>> 16;
            }
        }
        return n;
    }

    /**
     * {@code NoDftOverwrite} on packed states: every entry that disappears is one of the acting
     * packet's flow at the switch it leaves, or a failure flushed it.
     *
     * @param from values of the state before
     * @param off  its first
     * @param code the action
     * @param to   values of the state after, from 0
     * @return whether no entry was overwritten
     */
    public boolean noOverwrite(int[] from, int off, long code, int[] to) {
        if (isFailure(code) || dftsEmpty(from, off)) {
            return true;
        }
        int arc = kind(code) == SEND ? -1 : arc(code);
        int leftSwitch = arc < 0 ? -1 : switchOfNode[arcFrom[arc]];
        int flow = kind(code) == BACKGROUND ? -1 : flow(code);
        int a = tablesStart(from, off);
        int b = tablesStart(to, 0);
        int nb = to[1] & M;
        int j = 0;
        for (int i = from[off + 1] & M; i > 0; i--) {
            int sw = from[a] & M;
            int n = from[a] >>> 16;
            // the same switch's table after (sparse: skip lower switches)
            while (j < nb && (to[b] & M) < sw) {
                b += 1 + (to[b] >>> 16);
                j++;
            }
            int m = j < nb && (to[b] & M) == sw ? to[b] >>> 16 : 0;
            for (int k = 1; k <= n; k++) {
                int e = from[a + k];
                boolean kept = false;
                for (int l = 1; l <= m; l++) {
                    if (to[b + l] == e) {
                        kept = true;
                        break;
                    }
                }
                if (!kept && (sw != leftSwitch || e >>> 20 != flow)) {
                    return false;
                }
            }
            a += 1 + n;
        }
        return true;
    }

    /** @param f a flow  @return whether it is a long flow */
    public boolean isLong(int f) {
        return isLong[f];
    }

    /** @param arc an arc  @return whether it leads to a host */
    public boolean toHost(int arc) {
        return isHost[arcTo[arc]];
    }

    /** Expands one state at a time into its own buffers. */
    private final class Expander implements PackedModel.Expander {
        // the state being expanded, dense
        private final int[] sent = new int[flows];
        private final int[] expected = new int[flows];
        private final int[] fgLen = new int[queues];
        private final int[] fg = new int[queues * capacity];
        private final int[] bg = new int[queues];
        private final int[] dftLen = new int[switches];
        private final int[] dft = new int[switches * Math.max(1, dftSize)];
        private final boolean[] failed = new boolean[topology.nodeCount()];
        private final int[] failedList = new int[MAX_FAILURES_LIST];
        private int nFailed;
        private int bgUsed;
        // its non-empty queues and tables, ascending
        private final int[] fgList = new int[queues];
        private int nFg;
        private final int[] bgList = new int[queues];
        private int nBg;
        private final int[] dftList = new int[switches];
        private int nDft;
        private int[] normal;
        // routes of one arrival
        private final int[] rKind = new int[maxRoutes];
        private final int[] rOut = new int[maxRoutes];
        private final int[] rTab = new int[maxRoutes * (dftSize + 1)];
        private final int[] rTabLen = new int[maxRoutes];
        private int nRoutes;
        // the table a departing packet leaves behind
        private final int[] left = new int[Math.max(1, dftSize)];
        private int leftLen;
        private final int[] out = new int[maxValues];
        private PackedModel.Sink sink;

        @Override
        public void successors(int[] st, int off, PackedModel.Sink sink) {
            this.sink = sink;
            load(st, off);
            sends();
            departures();
            background();
            failures();
            this.sink = null;
        }

        private void load(int[] s, int off) {
            for (int i = 0; i < nFg; i++) {
                fgLen[fgList[i]] = 0;
            }
            for (int i = 0; i < nBg; i++) {
                bg[bgList[i]] = 0;
            }
            for (int i = 0; i < nDft; i++) {
                dftLen[dftList[i]] = 0;
            }
            for (int i = 0; i < nFailed; i++) {
                failed[failedList[i]] = false;
            }
            int h0 = s[off];
            int h1 = s[off + 1];
            nFg = h0 & M;
            nBg = h0 >>> 16;
            nDft = h1 & M;
            nFailed = h1 >>> 16;
            int at = off + 2;
            for (int f = 0; f < flows; f++) {
                int v = s[at++];
                sent[f] = v & M;
                expected[f] = v >>> 16;
            }
            for (int i = 0; i < nFg; i++) {
                int head = s[at++];
                int q = head & M;
                int n = head >>> 16;
                fgList[i] = q;
                fgLen[q] = n;
                System.arraycopy(s, at, fg, q * capacity, n);
                at += n;
            }
            bgUsed = 0;
            for (int i = 0; i < nBg; i++) {
                int v = s[at++];
                int q = v & M;
                bgList[i] = q;
                bg[q] = v >>> 16;
                bgUsed += v >>> 16;
            }
            for (int i = 0; i < nDft; i++) {
                int head = s[at++];
                int sw = head & M;
                int n = head >>> 16;
                dftList[i] = sw;
                dftLen[sw] = n;
                System.arraycopy(s, at, dft, sw * dftSize, n);
                at += n;
            }
            long key = 0;
            for (int i = 0; i < nFailed; i++) {
                int v = s[at++];
                failedList[i] = v;
                failed[v] = true;
                key = key << 12 | (v + 1);
            }
            normal = nFailed == 0 ? noFailureRoutes : routesByFailures.get(key);
        }

        private int length(int q) {
            return bg[q] + fgLen[q];
        }

        private boolean hasRoom(int arc) {
            return length(queueOfArc[arc]) < capacity;
        }

        private int spend(int tokens) {
            return spends ? tokens - 1 : tokens;
        }

        private void sends() {
            for (int f = 0; f < flows; f++) {
                int seq = sent[f];
                if (seq >= packets) {
                    continue;
                }
                int tokens = initialTokens[f];
                int tor = torSwitchNode[f];
                int sw = switchOfNode[tor];
                int nrm = normal[sw * flows + f];
                route(sw, tor, f, seq, tokens, nrm);
                sent[f] = seq + 1;
                for (int r = 0; r < nRoutes; r++) {
                    int outTokens = rKind[r] == NORMAL ? tokens : spend(tokens);
                    emit(code(SEND, rKind[r], -1, f, seq, tokens, nrm, rOut[r]), -1,
                            queueOfArc[rOut[r]], IofdCodec.packet(f, seq, outTokens), -1, sw, r);
                }
                sent[f] = seq;
            }
        }

        private void departures() {
            for (int i = 0; i < nFg; i++) {
                int q = fgList[i];
                int p = fg[q * capacity];
                int f = p >>> 8;
                int seq = p >>> 4 & 0xF;
                int tokens = p & 0xF;
                int arc = queueArc[q];
                int from = switchOfNode[arcFrom[arc]];
                int next = arcTo[arc];
                boolean leaves = afterLeaving(from, f, seq, tokens, arc);
                int leftSwitch = leaves ? from : -1;
                if (isHost[next]) {
                    int exp = expected[f];
                    int receiver = seq == exp ? 0 : seq > exp ? 2 : 1;
                    if (seq == exp) {
                        expected[f] = exp + 1;
                    }
                    emit(code(DELIVER, receiver, arc, f, seq, 0, -1, -1), q, -1, 0, leftSwitch, -1, -1);
                    expected[f] = exp;
                    continue;
                }
                int sw = switchOfNode[next];
                int nrm = normal[sw * flows + f];
                route(sw, next, f, seq, tokens, nrm);
                for (int r = 0; r < nRoutes; r++) {
                    int outTokens = rKind[r] == NORMAL ? tokens : spend(tokens);
                    emit(code(FORWARD, rKind[r], arc, f, seq, tokens, nrm, rOut[r]), q, queueOfArc[rOut[r]],
                            IofdCodec.packet(f, seq, outTokens), leftSwitch, sw, r);
                }
            }
        }

        /** The table of switch {@code sw} after the packet leaves through {@code arc}; false if unchanged. */
        private boolean afterLeaving(int sw, int f, int seq, int tokens, int arc) {
            int n = dftLen[sw];
            if (n == 0 || !usesDft || seq != freeingSeq) {
                return false;
            }
            int arrival = tokens + (spends ? 1 : 0);
            int base = sw * dftSize;
            leftLen = 0;
            for (int k = 0; k < n; k++) {
                int e = dft[base + k];
                boolean freed = e >>> 20 == f && (flowKeyed || (e & M) == arc && (e >>> 16 & 0xF) == arrival);
                if (!freed) {
                    left[leftLen++] = e;
                }
            }
            return leftLen != n;
        }

        /** {@link Router#route} on the dense state: fills the routes. */
        private void route(int sw, int node, int f, int seq, int tokens, int nrm) {
            nRoutes = 0;
            int base = sw * dftSize;
            int n = dftLen[sw];
            if (usesDft) {
                for (int k = 0; k < n; k++) {
                    int e = dft[base + k];
                    if (e >>> 20 == f && (flowKeyed || (e >>> 16 & 0xF) == tokens)) {
                        // seed 000 §IV-A: a matching packet is deflected to the port of the entry
                        if (tokens > 0) {
                            if (hasRoom(e & M)) {
                                add(DFT_HIT, e & M);
                            }
                            return;
                        }
                        break;
                    }
                }
            }
            boolean mayStart = seq == 0 || anyPacketMayStart;
            if (mayStart && tokens > 0 && length(queueOfArc[nrm]) >= threshold) {
                int[] ps = ports[node];
                for (int alt : ps) {
                    int to = arcTo[alt];
                    if (alt == nrm || isHost[to] || failed[to] || !hasRoom(alt)) {
                        continue;
                    }
                    if (!usesDft) {
                        add(PER_PACKET, alt);
                    } else if (n < dftSize) {
                        int r = add(ALLOCATE, alt);
                        rTabLen[r] = with(base, n, IofdCodec.entry(f, tokens, alt), -1, r);
                    } else if (overwrite) {
                        for (int victim = 0; victim < n; victim++) {
                            int r = add(OVERWRITE, alt);
                            rTabLen[r] = with(base, n, IofdCodec.entry(f, tokens, alt), victim, r);
                        }
                    }
                }
                if (nRoutes > 0) {
                    return;
                }
            }
            if (hasRoom(nrm)) {
                add(NORMAL, nrm);
            }
        }

        private int add(int kind, int outArc) {
            int r = nRoutes++;
            rKind[r] = kind;
            rOut[r] = outArc;
            rTabLen[r] = -1;
            return r;
        }

        /** Writes route r's table: the switch's entries without index {@code drop}, with {@code e}, sorted. */
        private int with(int base, int n, int e, int drop, int r) {
            int at = r * (dftSize + 1);
            int m = 0;
            boolean placed = false;
            for (int k = 0; k < n; k++) {
                if (k == drop) {
                    continue;
                }
                int x = dft[base + k];
                if (!placed && e < x) {
                    rTab[at + m++] = e;
                    placed = true;
                }
                rTab[at + m++] = x;
            }
            if (!placed) {
                rTab[at + m++] = e;
            }
            return m;
        }

        private void background() {
            if (bgUsed >= config.background()) {
                return;
            }
            for (int q = 0; q < queues; q++) {
                int arc = queueArc[q];
                if (!failed[arcFrom[arc]] && !failed[arcTo[arc]] && bg[q] < threshold && length(q) < capacity) {
                    bg[q]++;
                    emitBackground(code(BACKGROUND, 0, arc, 0, 0, 0, -1, -1), q);
                    bg[q]--;
                }
            }
        }

        private void failures() {
            if (nFailed >= config.failures()) {
                return;
            }
            for (int sw : failable) {
                if (failed[sw]) {
                    continue;
                }
                int at = 2;
                for (int f = 0; f < flows; f++) {
                    // seed 000 §IV-C: every sender whose message is incomplete retransmits it
                    out[at++] = (expected[f] < packets ? 0 : sent[f]) | expected[f] << 16;
                }
                at = writeBackground(at, -1);
                boolean placed = false;
                for (int i = 0; i < nFailed; i++) {
                    if (!placed && sw < failedList[i]) {
                        out[at++] = sw;
                        placed = true;
                    }
                    out[at++] = failedList[i];
                }
                if (!placed) {
                    out[at++] = sw;
                }
                out[0] = nBg << 16;
                out[1] = (nFailed + 1) << 16;
                sink.accept(code(FAIL, 0, sw, 0, 0, 0, -1, -1), out, at);
            }
        }

        private void emitBackground(long code, int q) {
            int at = writeFlows();
            int nq = 0;
            for (int i = 0; i < nFg; i++) {
                int x = fgList[i];
                int n = fgLen[x];
                out[at++] = x | n << 16;
                System.arraycopy(fg, x * capacity, out, at, n);
                at += n;
                nq++;
            }
            int nb = bg[q] == 1 ? nBg + 1 : nBg;
            at = writeBackground(at, bg[q] == 1 ? q : -1);
            at = writeTables(at, -1, -1, -1);
            at = writeFailed(at);
            out[0] = nq | nb << 16;
            out[1] = nDftOut | nFailed << 16;
            sink.accept(code, out, at);
        }

        private int nDftOut;

        /**
         * Writes a successor and hands it to the sink: the dense state with the head of queue
         * {@code deq} removed (-1: none), {@code pkt} appended to queue {@code enq} (-1: none), switch
         * {@code leftSwitch}'s table replaced by {@link #left} (-1: none) and switch {@code routeSwitch}'s
         * by route {@code r}'s table when it has one.
         */
        private void emit(long code, int deq, int enq, int pkt, int leftSwitch, int routeSwitch, int r) {
            int at = writeFlows();
            int nq = 0;
            int extra = enq >= 0 && fgLen[enq] == 0 ? enq : -1;
            int i = 0;
            while (true) {
                int q;
                if (i < nFg && (extra < 0 || fgList[i] < extra)) {
                    q = fgList[i++];
                } else if (extra >= 0) {
                    q = extra;
                    extra = -1;
                } else {
                    break;
                }
                int start = q == deq ? 1 : 0;
                int n = fgLen[q] - start;
                int len = q == enq ? n + 1 : n;
                if (len == 0) {
                    continue;
                }
                out[at++] = q | len << 16;
                System.arraycopy(fg, q * capacity + start, out, at, n);
                at += n;
                if (q == enq) {
                    out[at++] = pkt;
                }
                nq++;
            }
            at = writeBackground(at, -1);
            int tableSwitch = r >= 0 && rTabLen[r] >= 0 ? routeSwitch : -1;
            at = writeTables(at, leftSwitch, tableSwitch, r);
            at = writeFailed(at);
            out[0] = nq | nBg << 16;
            out[1] = nDftOut | nFailed << 16;
            sink.accept(code, out, at);
        }

        private int writeFlows() {
            int at = 2;
            for (int f = 0; f < flows; f++) {
                out[at++] = sent[f] | expected[f] << 16;
            }
            return at;
        }

        /** Writes the background counts, with queue {@code extra} (just become non-empty) in its place. */
        private int writeBackground(int at, int extra) {
            int i = 0;
            while (true) {
                int q;
                if (i < nBg && (extra < 0 || bgList[i] < extra)) {
                    q = bgList[i++];
                } else if (extra >= 0) {
                    q = extra;
                    extra = -1;
                } else {
                    return at;
                }
                out[at++] = q | bg[q] << 16;
            }
        }

        /**
         * Writes the tables (and sets {@link #nDftOut}): switch {@code a}'s replaced by {@link #left},
         * switch {@code b}'s by route {@code r}'s table (-1: unchanged).
         */
        private int writeTables(int at, int a, int b, int r) {
            int extraA = a >= 0 && dftLen[a] == 0 ? a : -1; // never: leaving frees, it does not add
            int extraB = b >= 0 && dftLen[b] == 0 ? b : -1;
            int lo = extraA < 0 ? extraB : extraB < 0 ? extraA : Math.min(extraA, extraB);
            int hi = extraA >= 0 && extraB >= 0 ? Math.max(extraA, extraB) : -1;
            int n = 0;
            int i = 0;
            while (true) {
                int sw;
                if (i < nDft && (lo < 0 || dftList[i] < lo)) {
                    sw = dftList[i++];
                } else if (lo >= 0) {
                    sw = lo;
                    lo = hi;
                    hi = -1;
                } else {
                    break;
                }
                int[] src;
                int from;
                int len;
                if (sw == a) {
                    src = left;
                    from = 0;
                    len = leftLen;
                } else if (sw == b) {
                    src = rTab;
                    from = r * (dftSize + 1);
                    len = rTabLen[r];
                } else {
                    src = dft;
                    from = sw * dftSize;
                    len = dftLen[sw];
                }
                if (len == 0) {
                    continue;
                }
                out[at++] = sw | len << 16;
                System.arraycopy(src, from, out, at, len);
                at += len;
                n++;
            }
            nDftOut = n;
            return at;
        }

        private int writeFailed(int at) {
            System.arraycopy(failedList, 0, out, at, nFailed);
            return at + nFailed;
        }
    }

    private static final int MAX_FAILURES_LIST = IofdCodec.MAX_FAILURES + 1;
}
