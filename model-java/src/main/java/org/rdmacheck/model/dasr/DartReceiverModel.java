package org.rdmacheck.model.dasr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;

/**
 * Dart's receiver (seed 000, III), written once on its declared state ({@link DartLayout}): the
 * three-state congestion machine, direct apportioning of sending rates with the Active Unique
 * Sender Set, look-ahead notifications of incast groups, soft-state timeouts, per-tenant AUSS,
 * senders applying the n of the latest ACK one window (one RTT) later, and an abstract network.
 *
 * <p>Actions, in the order they are tried: {@code MessageStart}, {@code LookAheadStart} (a group's
 * first message carries the list of its senders, III-D), {@code AnnouncedStart} (a pre-counted
 * sender's message starts), {@code MessageEnd}, {@code Packet} (activity refreshing the soft
 * state), {@code Fail}, {@code SoftStateTick} (one timeout period: stale senders leave the AUSS)
 * and {@code Observe} (the end of an observation window: the machine moves, senders apply the n
 * that arrived, new ACKs leave). Under the persistent combined-congestion network ({@link RateLoop})
 * only {@code Observe} happens: one per set of senders the window's links may mark, with the
 * observables computed from the rates; the feedback of a window end (n, and a CNP to each marked
 * sender when the new state forwards marks) is applied to the reaction points at once, so it shapes
 * the next window's rates.
 *
 * <p>Timing assumption behind {@code SoftStateTick} (III-B: a 2 s timeout against microsecond
 * packet gaps): a tick happens only when every live sender with a message in flight has shown
 * activity in the current period.
 *
 * <p>An action's code is {@code kind << 56 | (group + 1) << 48 | sender << 32 | payload}; an
 * {@code Observe}'s payload is {@code marked << 8 | location << 2 | ecn << 1 | lineRate} (marked:
 * bit i for sender i, persistent network only).
 */
public final class DartReceiverModel implements LayoutModel {

    static final int MESSAGE_START = 0;
    static final int LOOK_AHEAD_START = 1;
    static final int ANNOUNCED_START = 2;
    static final int MESSAGE_END = 3;
    static final int PACKET = 4;
    static final int FAIL = 5;
    static final int SOFT_STATE_TICK = 6;
    static final int OBSERVE = 7;
    private static final String[] NAMES = {"MessageStart", "LookAheadStart", "AnnouncedStart", "MessageEnd", "Packet",
        "Fail", "SoftStateTick", "Observe"};
    private static final CongestionState[] MODES = CongestionState.values();
    private static final CongestionLocation[] LOCATIONS = CongestionLocation.values();

    private final DartConfig config;
    private final DartLayout f;
    private final LayoutState initial;
    private final Optional<RateLoop> loop;
    // configuration tables
    private final int n;
    private final int[] tenantOf;
    private final int[][] members;
    /** per group, per announcing member position: the member positions the receiver accepts (III-E) */
    private final int[][][] accepted;
    /** per sender: its look-ahead flags in every group */
    private final Field[][] flagsOf;
    /** Figure 5 as a table: [mode][ecn << 1 | lineRate] -&gt; next mode's ordinal, -1 where not unique */
    private final int[][] machine;

    /**
     * @param config sizes and design
     */
    public DartReceiverModel(DartConfig config) {
        this.config = config;
        this.f = new DartLayout(config);
        this.n = config.totalSenders();
        boolean persistent = config.design().network().persistent();
        this.loop = persistent ? Optional.of(RateLoop.of(config)) : Optional.empty();
        tenantOf = new int[n];
        for (int i = 0; i < n; i++) {
            tenantOf[i] = config.tenantOf(i);
        }
        members = new int[config.groups()][];
        accepted = new int[config.groups()][][];
        List<List<Field>> flags = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            flags.add(new ArrayList<>());
        }
        for (int g = 0; g < config.groups(); g++) {
            members[g] = config.members(g).stream().mapToInt(Integer::intValue).toArray();
            accepted[g] = new int[members[g].length][];
            for (int j = 0; j < members[g].length; j++) {
                List<Integer> ok = accepted(g, members[g][j]);
                int[] group = members[g];
                accepted[g][j] = ok.stream().mapToInt(x -> position(group, x)).toArray();
                flags.get(members[g][j]).add(f.announced[g][j]);
            }
        }
        flagsOf = new Field[n][];
        for (int i = 0; i < n; i++) {
            flagsOf[i] = flags.get(i).toArray(new Field[0]);
        }
        machine = new int[MODES.length][4];
        for (CongestionState m : MODES) {
            for (Observation o : Observation.all()) {
                machine[m.ordinal()][obs(o.ecn(), o.lineRate())] =
                        config.design().machine().next(m, o).map(Enum::ordinal).orElse(-1);
            }
        }
        int[] v = new int[f.layout.maxLength()];
        for (int i = 0; i < n; i++) {
            f.applied[i].set(v, 0, 1);
            if (persistent) {
                f.flight[i].set(v, 0, 1);
                f.auss[i].set(v, 0, 1);
                f.fresh[i].set(v, 0, true);
                ReactionPoint rp = ReactionPoint.start(loop.get().grid());
                store(v, i, rp);
            }
        }
        initial = new LayoutState(f.layout, v, 0, f.layout.header());
    }

    private static int position(int[] a, int x) {
        for (int j = 0; j < a.length; j++) {
            if (a[j] == x) {
                return j;
            }
        }
        throw new IllegalStateException(x + " not in the group");
    }

    /** The group's listed senders the receiver accepts from a notification sent by {@code i}'s tenant. */
    private List<Integer> accepted(int g, int i) {
        int t = config.tenantOf(i);
        return config.members(g).stream().filter(x -> x != i
                && (config.design().lookaheadScope() == Design.LookaheadScope.SHARED || config.tenantOf(x) == t))
                .toList();
    }

    private static int obs(boolean ecn, boolean lineRate) {
        return (ecn ? 2 : 0) | (lineRate ? 1 : 0);
    }

    private void store(int[] v, int i, ReactionPoint rp) {
        f.rc[i].set(v, 0, rp.rc());
        f.rt[i].set(v, 0, rp.rt());
        f.alpha[i].set(v, 0, rp.alpha());
        f.since[i].set(v, 0, rp.since());
        f.credit[i].set(v, 0, rp.credit());
    }

    /** @return sizes and design */
    public DartConfig config() {
        return config;
    }

    /** @return the declared state */
    public DartLayout fields() {
        return f;
    }

    /** @return the persistent network's loop, empty under the free network */
    public Optional<RateLoop> loop() {
        return loop;
    }

    @Override
    public StateLayout layout() {
        return f.layout;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(initial);
    }

    // ---- what the receiver counts, on packed values ----

    /**
     * The n the receiver counts for a tenant: |AUSS| (or the message count in the faulty variant).
     *
     * @param s      packed values
     * @param o      the state's first value
     * @param tenant a tenant
     * @return n as counted, before the machine's override
     */
    public int counted(int[] s, int o, int tenant) {
        boolean messages = config.design().counting() == Design.SenderCounting.MESSAGES;
        int c = 0;
        for (int i = tenant * config.senders(), end = i + config.senders(); i < end; i++) {
            int k = f.auss[i].get(s, o);
            c += messages ? k : k > 0 ? 1 : 0;
        }
        return c;
    }

    /**
     * @param s      a state
     * @param tenant a tenant
     * @return n as the receiver counts it
     */
    public int counted(LayoutState s, int tenant) {
        return counted(values(s), 0, tenant);
    }

    /**
     * @param s a state
     * @return a copy of its packed values
     */
    public static int[] values(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        return v;
    }

    /**
     * @param s      packed values
     * @param o      the state's first value
     * @param sender a sender
     * @return how many of its group messages are announced but not started
     */
    public int announcedCount(int[] s, int o, int sender) {
        int c = 0;
        for (Field a : flagsOf[sender]) {
            c += a.get(s, o);
        }
        return c;
    }

    /**
     * @param s      packed values
     * @param o      the state's first value
     * @param sender a sender
     * @return its committed messages: in flight plus announced (the ground truth the AUSS tracks)
     */
    public int committed(int[] s, int o, int sender) {
        return f.flight[sender].get(s, o) + announcedCount(s, o, sender);
    }

    /**
     * @param s      packed values
     * @param o      the state's first value
     * @param sender a sender
     * @return whether it has a message in flight and has not failed
     */
    public boolean sending(int[] s, int o, int sender) {
        return f.flight[sender].get(s, o) > 0 && !f.failed[sender].is(s, o);
    }

    /**
     * @param s      packed values
     * @param o      the state's first value
     * @param sender a sender
     * @return its sending rate in this window under the persistent network, units
     */
    public int rate(int[] s, int o, int sender) {
        return loop.orElseThrow().rate(f.applied[sender].get(s, o), f.rc[sender].get(s, o));
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return every sender's rate in this window under the persistent network
     */
    public int[] rates(int[] s, int o) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = rate(s, o, i);
        }
        return r;
    }

    // ---- the packed successors: the model's one implementation ----

    @Override
    public PackedModel.Expander expander() {
        return loop.isPresent() ? new LoopStep(this) : new FreeStep(this);
    }

    /** Package access for the steps. */
    DartLayout layoutFields() {
        return f;
    }

    int senders() {
        return n;
    }

    int[] tenants() {
        return tenantOf;
    }

    int[][] members() {
        return members;
    }

    int[][][] acceptedPositions() {
        return accepted;
    }

    Field[][] flagsOf() {
        return flagsOf;
    }

    /**
     * @param mode a mode's ordinal
     * @param ecn  marks seen
     * @param lr   at line rate
     * @return the next mode's ordinal (Figure 5)
     * @throws IllegalStateException when the machine has no unique entry
     */
    int next(int mode, boolean ecn, boolean lr) {
        int m = machine[mode][obs(ecn, lr)];
        if (m < 0) {
            throw new IllegalStateException("machine " + config.design().machine().name() + " has no unique entry for "
                    + MODES[mode] + " x " + new Observation(ecn, lr));
        }
        return m;
    }

    // ---- action codes ----

    static long code(int kind, int group, int sender, long payload) {
        return (long) kind << 56 | (long) (group + 1) << 48 | (long) sender << 32 | payload;
    }

    static long observeCode(int location, boolean ecn, boolean lineRate, int marked) {
        return code(OBSERVE, -1, 0, (long) marked << 8 | location << 2 | obs(ecn, lineRate));
    }

    /** @param code an action code  @return its kind (the position of its name in the action order) */
    public static int kind(long code) {
        return (int) (code >>> 56);
    }

    /** @param code an action code  @return its sender (sender steps) */
    public static int sender(long code) {
        return (int) (code >>> 32) & 0xFFFF;
    }

    /** @param code an action code  @return its group, -1 when it has none */
    public static int group(long code) {
        return ((int) (code >>> 48) & 0xFF) - 1;
    }

    /** @param code an action code  @return whether it is a window end */
    public static boolean isObserve(long code) {
        return kind(code) == OBSERVE;
    }

    /** @param code an Observe code  @return where the congestion was */
    public static CongestionLocation location(long code) {
        return LOCATIONS[(int) code >>> 2 & 3];
    }

    /** @param code an Observe code  @return marks seen */
    public static boolean ecn(long code) {
        return (code & 2) != 0;
    }

    /** @param code an Observe code  @return receive throughput at line rate */
    public static boolean lineRate(long code) {
        return (code & 1) != 0;
    }

    /** @param code an Observe code of the persistent network  @return the marked senders, bit i for sender i */
    public static int marked(long code) {
        return (int) (code >>> 8) & 0xFFFFFF;
    }

    /** @param code an action code  @return whether it is a soft-state tick (one timeout period ends, III-B) */
    public static boolean isSoftStateTick(long code) {
        return kind(code) == SOFT_STATE_TICK;
    }

    /**
     * @param code an action code
     * @return whether it is the arrival of a message of a sender an incast group's first message
     *         listed (III-D): the workload's group member starts, whether or not the receiver used the list
     */
    public static boolean isAnnouncedStart(long code) {
        return kind(code) == ANNOUNCED_START;
    }

    /** @param code an action code  @return whether it is a look-ahead notification (III-D) */
    public static boolean isLookAhead(long code) {
        return kind(code) == LOOK_AHEAD_START;
    }

    /**
     * @param code an action code
     * @return whether the step is activity of its sender (III-B): one of its messages starts (plainly,
     *         with a look-ahead, or announced before), one of its packets arrives, or one ends
     */
    public static boolean isActivity(long code) {
        int k = kind(code);
        return k == MESSAGE_START || k == LOOK_AHEAD_START || k == ANNOUNCED_START || k == PACKET
                || k == MESSAGE_END;
    }

    /** @param code a sender step's code  @return whether it names a tenant (every sender step does) */
    public static boolean hasTenant(long code) {
        int k = kind(code);
        return k != SOFT_STATE_TICK && k != OBSERVE;
    }

    @Override
    public Action action(long code) {
        int kind = kind(code);
        int i = sender(code);
        return switch (kind) {
            case MESSAGE_START, MESSAGE_END, PACKET, FAIL -> Action.of(NAMES[kind], "sender", i, "tenant", tenantOf[i]);
            case LOOK_AHEAD_START, ANNOUNCED_START -> Action.of(NAMES[kind], "group", group(code), "sender", i,
                    "tenant", tenantOf[i]);
            case SOFT_STATE_TICK -> Action.of(NAMES[kind]);
            case OBSERVE -> loop.isPresent()
                    ? Action.of("Observe", "congestion", location(code).name(), "ecn", ecn(code), "lineRate",
                            lineRate(code), "marked", RateLoop.senders(marked(code)))
                    : Action.of("Observe", "congestion", location(code).name(), "ecn", ecn(code), "lineRate",
                            lineRate(code));
            default -> throw new IllegalArgumentException("not a dasr action code: " + code);
        };
    }

    /**
     * The code of an action ({@link #action}'s inverse), so a property written on codes judges a
     * step of a trace as it judges the explorer's.
     *
     * @param a an action of this model
     * @return its code
     */
    public long code(Action a) {
        int kind = List.of(NAMES).indexOf(a.name());
        Map<String, Object> p = a.params();
        return switch (kind) {
            case MESSAGE_START, MESSAGE_END, PACKET, FAIL -> code(kind, -1, (Integer) p.get("sender"), 0);
            case LOOK_AHEAD_START, ANNOUNCED_START -> code(kind, (Integer) p.get("group"), (Integer) p.get("sender"), 0);
            case SOFT_STATE_TICK -> code(kind, -1, 0, 0);
            case OBSERVE -> {
                int marked = 0;
                if (p.get("marked") instanceof List<?> l) {
                    for (Object x : l) {
                        marked |= 1 << (Integer) x;
                    }
                }
                yield observeCode(CongestionLocation.valueOf((String) p.get("congestion")).ordinal(),
                        (Boolean) p.get("ecn"), (Boolean) p.get("lineRate"), marked);
            }
            default -> throw new IllegalArgumentException("not a dasr action: " + a);
        };
    }

    // ---- footprints ----

    /**
     * The transition groups' footprints, per array (every sender's entry): a sender step reads and
     * writes its own sender's entries and, through the n-change clock and the canonical form of
     * idle senders, the counts of its tenant; a window end reads the whole receiver.
     */
    @Override
    public List<Footprint> footprints() {
        DartLayout d = f;
        List<Field> ann = d.announcedFlags();
        List<Field> finishReads = union(List.of(d.mode), d.all(d.auss, d.flight, d.sinceChange), ann);
        List<Field> finishWrites = d.all(d.sinceChange, d.fresh, d.applied, d.ack, d.arrived);
        List<Footprint> out = new ArrayList<>();
        if (loop.isEmpty()) {
            out.add(Footprint.of(NAMES[MESSAGE_START], union(finishReads, d.all(d.failed)),
                    union(finishWrites, d.all(d.flight, d.auss))));
            out.add(Footprint.of(NAMES[LOOK_AHEAD_START], union(finishReads, d.all(d.failed)),
                    union(finishWrites, d.all(d.flight, d.auss), ann)));
            out.add(Footprint.of(NAMES[ANNOUNCED_START], union(finishReads, d.all(d.failed)),
                    union(finishWrites, d.all(d.flight, d.auss), ann)));
            out.add(Footprint.of(NAMES[MESSAGE_END], union(finishReads, d.all(d.failed)),
                    union(finishWrites, d.all(d.flight, d.auss))));
            out.add(Footprint.of(NAMES[PACKET], union(finishReads, d.all(d.failed, d.fresh, d.arrived)), finishWrites));
            out.add(Footprint.of(NAMES[FAIL], union(finishReads, d.all(d.failed)),
                    union(finishWrites, d.all(d.failed))));
            out.add(Footprint.of(NAMES[SOFT_STATE_TICK], union(finishReads, d.all(d.failed, d.fresh, d.arrived)),
                    union(finishWrites, d.all(d.flight, d.auss), ann)));
            out.add(Footprint.of(NAMES[OBSERVE], union(finishReads, d.all(d.failed, d.ack)),
                    union(finishWrites, List.of(d.mode, d.ecnEcho))));
        } else {
            List<Field> rp = d.all(d.rc, d.rt, d.alpha, d.since, d.credit);
            out.add(Footprint.of(NAMES[OBSERVE], union(List.of(d.mode, d.modeAge), d.all(d.auss, d.applied), rp),
                    union(List.of(d.mode, d.modeAge), d.all(d.applied, d.sinceChange), rp)));
        }
        return out;
    }

    @SafeVarargs
    private static List<Field> union(List<Field>... lists) {
        java.util.LinkedHashSet<Field> s = new java.util.LinkedHashSet<>();
        for (List<Field> l : lists) {
            s.addAll(l);
        }
        return List.copyOf(s);
    }

    // ---- the object view of the same transitions ----

    /**
     * Under the persistent loop, senders 1..n-1 are interchangeable: they cross the same receiver
     * link and no bottleneck, start alike, and no property names one of them (the symmetric set's
     * element i is sender i + 1; sender 0 crosses the network bottleneck). The free network declares
     * no symmetry: its incast groups list fixed pairs of senders.
     */
    @Override
    public Optional<Symmetry<LayoutState>> symmetry() {
        return f.symmetric().map(x -> x);
    }

    /**
     * The state as the TLA+ twin's variables show it (and as traces have always shown it): per
     * tenant its AUSS as {@code {"inFlight": {sender: count}}}, per group its announced senders,
     * per sender its reaction point as a record.
     */
    @Override
    public Object view(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", MODES[f.mode.get(v, 0)].name());
        m.put("flight", ints(v, f.flight));
        List<Object> announced = new ArrayList<>();
        for (int g = 0; g < members.length; g++) {
            List<Integer> a = new ArrayList<>();
            for (int j = 0; j < members[g].length; j++) {
                if (f.announced[g][j].is(v, 0)) {
                    a.add(members[g][j]);
                }
            }
            announced.add(a);
        }
        m.put("announced", announced);
        List<Object> auss = new ArrayList<>();
        for (int t = 0; t < config.tenants(); t++) {
            Map<Integer, Integer> inFlight = new LinkedHashMap<>();
            for (int i = t * config.senders(); i < (t + 1) * config.senders(); i++) {
                int c = f.auss[i].get(v, 0);
                if (c > 0) {
                    inFlight.put(i, c);
                }
            }
            auss.add(Map.of("inFlight", inFlight));
        }
        m.put("auss", auss);
        m.put("fresh", booleans(v, f.fresh));
        // the environment's arrival record: apart from fresh only without the refresh, else all false
        m.put("arrived", booleans(v, f.arrived));
        m.put("failed", booleans(v, f.failed));
        m.put("applied", ints(v, f.applied));
        m.put("ack", ints(v, f.ack));
        m.put("ecnEcho", f.ecnEcho.is(v, 0));
        m.put("sinceChange", ints(v, f.sinceChange));
        List<Object> rp = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("rc", f.rc[i].get(v, 0));
            r.put("rt", f.rt[i].get(v, 0));
            r.put("alpha", f.alpha[i].get(v, 0));
            r.put("since", f.since[i].get(v, 0));
            r.put("credit", f.credit[i].get(v, 0));
            rp.add(r);
        }
        m.put("rp", rp);
        m.put("modeAge", f.modeAge.get(v, 0));
        return m;
    }

    private static List<Integer> ints(int[] v, Field[] a) {
        List<Integer> out = new ArrayList<>();
        for (Field x : a) {
            out.add(x.get(v, 0));
        }
        return out;
    }

    private static List<Boolean> booleans(int[] v, Field[] a) {
        List<Boolean> out = new ArrayList<>();
        for (Field x : a) {
            out.add(x.is(v, 0));
        }
        return out;
    }

    @Override
    public String toString() {
        return "DartReceiverModel[" + config + "]";
    }
}
