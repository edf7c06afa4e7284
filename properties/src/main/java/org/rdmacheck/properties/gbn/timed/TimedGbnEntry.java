package org.rdmacheck.properties.gbn.timed;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.NakPolicy;
import org.rdmacheck.model.gbn.timed.Delivery;
import org.rdmacheck.model.gbn.timed.TimedConfig;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.model.gbn.GbnMechanism;
import org.rdmacheck.properties.catalog.ExpectationNote;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.gbn.GbnEntry;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Catalogue entry {@code gbn-timed}: Go-Back-N loss recovery with clocks (seed 002, II-IV): the
 * RTO in the InfiniBand encoding, the NAK interval and the Check-EPSN timer race packets and ACKs
 * with bounded delays; pipelined messages; PSNs modulo 2^b.
 */
public final class TimedGbnEntry implements ModelEntry {

    @Override
    public String name() {
        return "gbn-timed";
    }

    @Override
    public String description() {
        return "Go-Back-N with clocks: IB-encoded RTO, NAK interval and CE timer race packets and ACKs; "
                + "PSNs modulo 2^b (seed 002 II-IV)";
    }

    private static final ParamSpec.Int PACKETS = ParamSpec.integer("packets", 2, 1, 16, "packets per message M");
    private static final ParamSpec.Int MESSAGES = ParamSpec.integer("messages", 2, 1, 8,
            "pipelined messages K with continuing PSNs");
    private static final ParamSpec.Int LOSSES = ParamSpec.integer("losses", 1, 0, 6,
            "loss budget L: packets (data or control) the network may drop");
    private static final ParamSpec.Int ACK_INTERVAL = ParamSpec.integer("ackInterval", 0, 0, 16,
            "AckReq on every n-th packet of a message (0: last packet only)");
    private static final ParamSpec.Int WINDOW = ParamSpec.integer("window", 4, 1, 64,
            "greatest number of packets outstanding");
    private static final ParamSpec.Int PSN_BITS = ParamSpec.integer("psnBits", 3, 1, 24,
            "PSN width b: PSNs travel modulo 2^b (BTH: 24)");
    private static final ParamSpec.Int DELAY_MIN = ParamSpec.integer("delayMin", 1, 1, 1_000_000,
            "least one-way delay of a packet, ticks");
    private static final ParamSpec.Int DELAY_MAX = ParamSpec.integer("delayMax", 2, 1, 1_000_000,
            "greatest one-way delay, ticks >= delayMin (worst-case RTT = 2 delayMax)");
    private static final ParamSpec.Int TICK_NS = ParamSpec.integer("tickNs", 1024, 1, Integer.MAX_VALUE,
            "length of a tick in ns");
    private static final ParamSpec.Int TIMEOUT = ParamSpec.integer("timeout", 2, 0, 31,
            "InfiniBand local ACK timeout: RTO = 4.096 us x 2^timeout (0: no RTO); rounded down to whole ticks");
    private static final ParamSpec.Int NAK_INTERVAL = ParamSpec.integer("nakInterval", 6, 1, 1_000_000,
            "NAK interval in ticks (Check-EPSN's timer runs on it)");
    private static final ParamSpec.Int NET_DUPLICATES = ParamSpec.integer("netDuplicates", 0, 0, 4,
            "data packets the network may duplicate");
    private static final ParamSpec.Flag REORDER = ParamSpec.flag("reorder", false,
            "true: packets within the delay bounds arrive in any order (multipath)");
    private static final ParamSpec.Int DISPLACEMENT = ParamSpec.integer("displacement", 4096, 0, 4096,
            "with reorder=true: the most earlier-sent packets in flight a packet may overtake (bounded "
                    + "displacement d; 4096, the channel bound: any)");
    private static final ParamSpec.Flag LAST_PACKET_LOSS = ParamSpec.flag("lastPacketLoss", true,
            "false: the network never drops a message's last packet (sets Send-Twice's "
                    + "business aside, to show Check-EPSN's own)");
    private static final ParamSpec.Int MAX_RTOS = ParamSpec.integer("maxRtos", 1, 0, 8,
            "k of CompletionWithinKRtos: RTO expiries allowed");
    private static final ParamSpec.Int GOODPUT = ParamSpec.integer("goodput", 0, 0, 100,
            "GoodputBound, a figure of merit: least packets delivered per 100 packets sent; 0: none asked");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(PACKETS, MESSAGES, LOSSES, ACK_INTERVAL, WINDOW, PSN_BITS, DELAY_MIN, DELAY_MAX, TICK_NS,
                TIMEOUT, NAK_INTERVAL, NET_DUPLICATES, REORDER, DISPLACEMENT, LAST_PACKET_LOSS, MAX_RTOS, GOODPUT, GbnEntry.DUPLICATES,
                GbnEntry.NAK_POLICY);
    }

    @Override
    public List<VariantSpec> variants() {
        return TimedVariants.ALL;
    }

    /**
     * The mechanisms of seed 002 with their knock-out switches: those of {@code gbn} and the three
     * that only time can show (the CE timer's restart, the NAK interval, the RTO's restart). Each
     * switch is a guard in the one implementation of the rules; see {@code docs/gbn.md} for which
     * knock-outs a property detects at the coverage scope.
     */
    @Override
    public List<Mechanism> mechanisms() {
        return List.of(
                new Mechanism(GbnMechanism.SEND_TWICE.word(), "Send-Twice", "seed 002, III-C (1)",
                        TimedGbnProperties.NO_TIMEOUT, "improved", Map.of(),
                        "the last packet of a message is sent once: its loss, or its ACK's, waits for the RTO"),
                new Mechanism(GbnMechanism.CHECK_EPSN.word(), "Check-EPSN", "seed 002, III-C (2)",
                        TimedGbnProperties.NO_STALLED_GAP, "improved", Map.of("losses", "2"),
                        "the receiver never records the last packet's PSN, so the CE timer never runs: a gap "
                                + "whose NAK was lost or whose retransmission was lost again waits for the RTO"),
                new Mechanism(GbnMechanism.ACK_REQUEST.word(), "ACK request (AckReq)", "seed 002, II-A",
                        TimedGbnProperties.PROGRESS, "gbn", Map.of("losses", "0"),
                        "no packet carries AckReq: the receiver acknowledges nothing in order"),
                // the interval is what lets a message longer than the window complete (the ACK-request
                // rule): at 5-packet messages, window 4, ackInterval=2 the design completes; with
                // AckReq on last packets only the window fills with packets that request none
                new Mechanism(GbnMechanism.ACK_INTERVAL.word(), "AckReq interval", "seed 002, II-A",
                        TimedGbnProperties.PROGRESS, "gbn", Map.of("losses", "0", "packets", "5", "ackInterval", "2"),
                        "only a message's last packet requests an ACK: a message longer than the window fills it "
                                + "with packets that request none, and nothing is acknowledged"),
                // the restart matters only once CE's own NAK is lost: three losses (the gap, its NAK,
                // CE's NAK), last packets spared (losing both copies is Send-Twice's business, and
                // stalls a gap with or without CE), and an RTO above two NAK intervals plus the
                // round trip (timeout=3: 32 ticks; at 16 the RTO cuts CE's second try off)
                new Mechanism(GbnMechanism.CE_TIMER_RESTART.word(), "Check-EPSN timer restart", "seed 002, III-C (2)",
                        TimedGbnProperties.NO_STALLED_GAP, "improved",
                        Map.of("losses", "3", "lastPacketLoss", "false", "timeout", "3"),
                        "after its NAK the CE timer stops instead of starting again with the full NAK interval: "
                                + "a lost CE NAK leaves the gap to the RTO"),
                // not load-bearing (GbnEntry.CE_RESET_NOT_NEEDED): searched at ce-timer-restart's scope
                GbnEntry.ceResetOnEpsn(TimedGbnProperties.NO_STALLED_GAP,
                        Map.of("losses", "3", "lastPacketLoss", "false", "timeout", "3")),
                new Mechanism(GbnMechanism.NAK_INTERVAL.word(), "NAK interval", "seed 002, II-A",
                        TimedGbnProperties.NO_REDUNDANT_NAK, "improved", Map.of(),
                        "every out-of-order packet draws a NAK, not one per NAK interval"),
                new Mechanism(GbnMechanism.RTO_RESTART.word(), "ACK timer restart on progress", "InfiniBand RC",
                        TimedGbnProperties.NO_PREMATURE_TIMEOUT, "gbn",
                        Map.of("losses", "0", "timeout", "1", "packets", "4", "window", "8"),
                        "the ACK timer runs from the first unacknowledged send, not from the last ACK that made progress"),
                // the residual differs from the full interval only when the last packet arrives while
                // a NAK interval already runs: a gap NAKed by an earlier out-of-order packet
                new Mechanism(GbnMechanism.CE_RESIDUAL.word(), "Check-EPSN waits the NAK interval's residual T",
                        "seed 002, III-C (2)", TimedGbnProperties.CE_AT_NAK_INTERVAL_END, "improved",
                        Map.of("packets", "3"),
                        "the CE timer starts with the full NAK interval when the last packet arrives, not with "
                                + "what is left of the running one: Check-EPSN's NAK comes late"),
                // what Send-Twice on a retransmission buys: after the RTO the go-back resends the
                // last packet; sent once, one more loss costs a second RTO, so CompletionWithinKRtos
                // (maxRtos = 1) fails at L = 3 (both first copies, then the retransmission) where the
                // design needs L = 4 (the loss-budget rule)
                new Mechanism(GbnMechanism.SEND_TWICE_ON_RETRANSMISSION.word(), "Send-Twice on retransmissions",
                        "seed 002, III-C (1)", TimedGbnProperties.WITHIN_K_RTOS, "improved", Map.of("losses", "3"),
                        "a retransmitted last packet goes out once: its loss after an RTO costs another RTO"));
    }

    @Override
    public Map<String, String> structuralProperties() {
        return TimedVariants.STRUCTURAL;
    }

    /**
     * The twin's fairness ({@code Fairness} in specs/gbn-timed/Spec.tla), action for action: weak
     * fairness of {@code Send}, {@code ReceiveData}, the control channel's receptions as one action
     * (the twin's {@code ReceiveCtrl}: {@code ReceiveAck|ReceiveNak}), the NAK interval's expiry,
     * Check-EPSN's ({@code CheckEpsn}, the twin's {@code CheckEpsnExpiry}), the RTO's
     * ({@code Timeout}, the twin's {@code TimeoutStep}) and {@code Tick}; the network's faults
     * ({@code LoseData}, {@code LoseCtrl}, {@code DuplicateData}) get none, their budgets make them
     * finitely many. Weak fairness is enough here (seed 002 II-A's timers are urgent: each action is
     * enabled until taken, and a receivable packet stays receivable, unlike the untimed model's
     * bounded channels, which need strong fairness).
     */
    public static final List<Fairness> FAIRNESS = List.of(Fairness.weak(TimedGoBackN.SEND),
            Fairness.weak(TimedGoBackN.RECEIVE_DATA),
            new Fairness("ReceiveAck|ReceiveNak", Fairness.Strength.WEAK, Fairness.Scope.FAMILY,
                    a -> a.name().equals("ReceiveAck") || a.name().equals("ReceiveNak")),
            Fairness.weak("NakIntervalExpiry"), Fairness.weak("CheckEpsn"), Fairness.weak(TimedGoBackN.TIMEOUT),
            Fairness.weak(TimedGoBackN.TICK));

    /**
     * {@code Delivered}, {@code <>done} (every packet delivered and acknowledged), under
     * {@link #FAIRNESS}: the twin's {@code Delivered == <>Done} under {@code FairSpec}. Unlike
     * Completion (AG EF done) it fails where a fair behaviour keeps cycling while completion stays
     * reachable. Expected to fail wherever Completion is (a state from which the transfer cannot
     * complete lies on a fair behaviour that never does): gbn-no-rto at its defaults (a lost packet
     * with no RTO: the sender stops, stuttering fairly), and the ACK-request rule (gbn-five-packets:
     * the RTO resends the same window for ever, time passing).
     */
    /** Completion (AG EF done) failing means a reachable state cannot complete: Delivered fails with it. */
    @Override
    public Map<String, String> failureShownBy() {
        return Map.of(TimedGbnProperties.PROGRESS, TimedGbnProperties.DELIVERED);
    }

    /**
     * {@code TimeDiverges}, {@code <>[]final \/ []<><<Tick>>_vars} under {@link #FAIRNESS}: the twin's
     * property of the same name, the no-Zeno argument of specs/gbn-timed/Spec.tla checked (every fair
     * behaviour ticks infinitely often or ends in a final state). Between two ticks only finitely many
     * steps fit, so a fair behaviour that stops ticking stops: it fails exactly where a non-final state
     * has no successor, where DeadlockFree fails (gbn-no-rto at its defaults: a lost packet with no RTO,
     * nothing in flight and no timer running, so no tick is due and time stops).
     */
    @Override
    @SuppressWarnings("unchecked")
    public java.util.Optional<LivenessSpec<?>> liveness(CheckSpec<?> built) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
        TimedGoBackN m = (TimedGoBackN) spec.model();
        Liveness<LayoutState> delivered = new Liveness<>(TimedGbnProperties.DELIVERED, Liveness.Form.EVENTUALLY,
                m::done, null, FAIRNESS);
        Liveness<LayoutState> time = new Liveness<>(TimedGbnProperties.TIME_DIVERGES, Liveness.Form.ALWAYS_OR_TAKEN,
                m::isFinal, null, a -> a.name().equals(TimedGoBackN.TICK), FAIRNESS);
        Set<String> fail = new java.util.TreeSet<>();
        if (spec.expectedViolations().contains(TimedGbnProperties.PROGRESS)) {
            fail.add(TimedGbnProperties.DELIVERED);
        }
        if (spec.expectedViolations().contains(org.rdmacheck.properties.DeadlockFreedom.standard().name())) {
            fail.add(TimedGbnProperties.TIME_DIVERGES);
        }
        return java.util.Optional.of(new LivenessSpec<>(spec, List.of(delivered, time), fail));
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        VariantSpec v = variant(variant);
        Params p = resolve(variant, params);
        TimedGoBackN model = model(variant, p);
        // must-fail sets hold at a variant's own defaults; elsewhere every property is expected to
        // hold, but for the loss-budget rule, and the checker's verdict is the answer
        Map<String, String> defaults = resolve(variant, Params.empty()).asMap();
        boolean ownDefaults = new java.util.TreeMap<>(atOwnWidthAndWindow(p.asMap(), defaults))
                .equals(new java.util.TreeMap<>(defaults));
        Set<String> fail = new java.util.TreeSet<>(ownDefaults ? v.mustFail() : Set.of());
        if (ownDefaults && WINDOW.get(p) > Integer.parseInt(defaults.get(WINDOW.name()))) {
            fail.remove(TimedGbnProperties.RETRANSMISSION_BOUND); // its bound grows with the window
        }
        fail.addAll(lossBudgetRule(model.config()).keySet());
        containedFindings(variant, p).forEach(f -> fail.addAll(expectedFrom(f, p)));
        fail.addAll(nakStormRule(variant, p).keySet());
        fail.addAll(ackRequestRule(model.config()).keySet());
        fail.addAll(psnWrapRule(model.config()).keySet());
        return new CheckSpec<>(name(), variant, p.asMap(), model, TimedGbnProperties.of(model), fail);
    }

    /**
     * The stored findings of the paper's five schemes, by scheme, fewest losses first: at the default
     * shape (2 messages of 2 packets, window 4) what each scheme violates beyond the loss-budget rule
     * at L = 2, and at L = 3 beyond that (st and improved violate nothing more at L = 3); at the
     * window's edge (3-packet messages, window 4) what gbn, gb0 and ce violate at L = 1 beyond the
     * rule (st and improved: nothing); st with 3-packet messages at L = 2, and improved at L = 2 and L = 3 (the latter
     * CE's race with the RTO of ce-three-losses); and where scope gbn-timed met them past those shapes (4- and
     * 5-packet messages, 3 and 4 messages, three and four losses with 3- and 4-packet messages; then CE's race
     * with the RTO at 3- and 4-packet messages, st's window's-edge go-back at 5, goodput at 3 messages), each a
     * mechanism stored at another shape (docs/gbn.md, "Two losses at larger shapes"). Each is a variant
     * that carries the configuration and the traces ({@code all} checks it).
     */
    static final Map<String, List<String>> LOSS_FINDINGS = Map.of(
            "gbn", List.of("gbn-three-packets", "gbn-two-losses", "gbn-four-packets-two-losses",
                    "gbn-five-packets-two-losses", "gbn-three-losses", "gbn-three-packets-four-losses",
                    "gbn-three-messages-four-losses", "gbn-two-losses-last-packets-spared"),
            "gb0", List.of("gb0-three-packets", "gb0-two-losses", "gb0-four-packets-two-losses",
                    "gb0-five-packets-two-losses", "gb0-three-losses", "gb0-three-packets-three-losses",
                    "gb0-three-messages-three-losses", "gb0-four-packets-four-losses",
                    "gb0-two-losses-last-packets-spared"),
            "st", List.of("st-two-losses", "st-three-packets-two-losses", "st-three-messages-two-losses",
                    "st-three-packets-three-losses", "st-four-packets-three-losses", "st-five-packets-three-losses",
                    "st-four-losses"),
            "ce", List.of("ce-three-packets", "ce-two-losses", "ce-three-packets-two-losses", "ce-four-packets-two-losses",
                    "ce-five-packets-two-losses", "ce-three-losses", "ce-three-packets-three-losses",
                    "ce-five-packets-four-losses", "ce-two-losses-last-packets-spared",
                    "ce-three-losses-last-packets-spared"),
            "improved", List.of("improved-two-losses", "improved-three-packets-two-losses",
                    "improved-four-packets-two-losses", "improved-five-packets-two-losses",
                    "improved-three-messages-two-losses", "improved-four-messages-two-losses",
                    "improved-three-packets-three-losses", "improved-four-packets-three-losses",
                    "improved-four-losses", "improved-five-packets-four-losses",
                    "improved-three-losses-last-packets-spared"));

    /** Parameters a configuration may have more of than a finding and still contain it. */
    private static final Set<String> AT_LEAST = Set.of(LOSSES.name());

    /**
     * The declared rule behind the loss findings: a configuration of one of the paper's five schemes
     * (or of one of its findings) contains a finding of that scheme when its loss budget is at least
     * the finding's and every other parameter is equal (for the findings of
     * {@link #LONGER_RTO} also a longer RTO, for those of {@link #SPARED_LAST_PACKETS} a network
     * sparing last packets, for those of {@link #MESSAGES_AT_LEAST} more messages, for those of
     * {@link #PACKETS_REPLAYED} other packets per message, each carrying the properties its map names).
     * The finding's trace is then a behaviour of the configuration (a loss is the network's choice, never
     * forced; the rest measured by replay); where a check does not find the violation, the verdict is
     * UNEXPECTED (a finding about the rule).
     *
     * @param variant a variant
     * @param p       resolved parameters
     * @return the findings the configuration contains, fewest losses first; empty if none
     */
    List<String> containedFindings(String variant, Params p) {
        return schemeOf(variant).stream().filter(f -> {
            Map<String, String> own = resolve(f, Params.empty()).asMap();
            Map<String, String> here = atOwnWidthAndWindow(p.asMap(), own);
            if (!here.get(PACKETS.name()).equals(own.get(PACKETS.name()))) {
                if (packetsReplayed(f, PACKETS.get(p)).isEmpty()) {
                    return false;
                }
                // the trace replays at these packets: compared as at the finding's own, with its own
                // RTO and network (the freedoms below were measured at the finding's packets only)
                here.put(PACKETS.name(), own.get(PACKETS.name()));
                here.put(GOODPUT.name(), own.get(GOODPUT.name()));
                return org.rdmacheck.properties.catalog.Containment.contains(here, own, "",
                        MESSAGES_AT_LEAST.containsKey(f) ? Set.of(LOSSES.name(), MESSAGES.name()) : AT_LEAST)
                        && !expectedFrom(f, p).isEmpty();
            }
            Set<String> atLeast = new java.util.HashSet<>(AT_LEAST);
            // the goodput figure asked for decides GoodputBound alone (expectedFrom)
            here.put(GOODPUT.name(), own.get(GOODPUT.name()));
            if (MESSAGES_AT_LEAST.containsKey(f)) {
                atLeast.add(MESSAGES.name());
            }
            if (LONGER_RTO.containsKey(f)) {
                atLeast.add(TIMEOUT.name());
            }
            if (SPARED_LAST_PACKETS.containsKey(f) && !LAST_PACKET_LOSS.get(p)) {
                // the network that spares last packets still has the finding's traces named there
                here.put(LAST_PACKET_LOSS.name(), own.get(LAST_PACKET_LOSS.name()));
            }
            return org.rdmacheck.properties.catalog.Containment.contains(here, own, "", atLeast)
                    && !expectedFrom(f, p).isEmpty();
        }).toList();
    }

    /** The loss findings of a scheme, or of the scheme a finding belongs to; empty for other variants. */
    private static List<String> schemeOf(String variant) {
        return LOSS_FINDINGS.getOrDefault(variant, LOSS_FINDINGS.values().stream()
                .filter(fs -> fs.contains(variant)).findFirst().orElse(List.of()));
    }

    /**
     * States the search from a replayed goodput trace may store, per finding (no time bound: the outcome is the
     * same on a loaded machine and an idle one).
     */
    static final long EXTENSION_STATES = 20_000;

    /**
     * GoodputBound by trace extension (the rule of {@link org.rdmacheck.properties.catalog.TraceExtensionRule};
     * docs/gbn.md, "What GoodputBound bounds"): the bound grows with the transfer, so a stored goodput trace
     * never replays, violating, at more messages or packets; but its go-backs are a behaviour there, and with
     * the losses left the same mechanism goes on. At a configuration of one of the five schemes (or their
     * findings; no knock-out) with at least a goodput finding's packets, messages and losses and every other
     * parameter equal, a GoodputBound violation the check did not expect counts as that finding's when its
     * trace, replayed here by its actions, extends within the bounds to more transmissions than this
     * configuration's bound allows, and the extended trace replays; else it stays unexpected.
     *
     * @param built a check
     * @return the rule with the goodput findings below this configuration, fewest losses first; empty when none
     */
    @Override
    public java.util.Optional<org.rdmacheck.properties.catalog.TraceExtensionRule> traceExtension(CheckSpec<?> built) {
        Map<String, String> at = built.parameters();
        if (at.containsKey(KNOCKOUT_PARAM)) {
            return java.util.Optional.empty();
        }
        List<String> below = schemeOf(built.variant()).stream()
                .filter(f -> variant(f).mustFail().contains(TimedGbnProperties.GOODPUT))
                .filter(f -> org.rdmacheck.properties.catalog.Containment.contains(atOwnWidthAndWindow(at,
                        resolve(f, Params.empty()).asMap()), resolve(f, Params.empty()).asMap(), "", GOODPUT_EXTENDED))
                .toList();
        return below.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(
                new org.rdmacheck.properties.catalog.TraceExtensionRule(below, TimedGbnProperties.GOODPUT,
                        Set.of(TimedGbnProperties.GOODPUT), Set.of(), EXTENSION_STATES));
    }

    /**
     * The kind of a GoodputBound violation: what drove its transmissions beyond each packet's first (go-backs on NAK,
     * go-backs on the RTO, Send-Twice copies: {@link TimedGoodputDrivers}), as the rule by trace extension compares
     * it; the other properties declare none.
     */
    @Override
    @SuppressWarnings("unchecked")
    public <S> java.util.Optional<Object> violationKind(CheckSpec<S> built, String property, S initial,
                                                         List<org.rdmacheck.model.Transition<S>> steps) {
        if (!property.equals(TimedGbnProperties.GOODPUT) || !(built.model() instanceof TimedGoBackN m)
                || !(initial instanceof LayoutState init)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(TimedGoodputDrivers.of(m, init,
                (List<org.rdmacheck.model.Transition<LayoutState>>) (List<?>) steps));
    }

    /** Parameters a configuration may have more of than a goodput finding whose trace it extends. */
    private static final Set<String> GOODPUT_EXTENDED = Set.of(PACKETS.name(), MESSAGES.name(), LOSSES.name());

    /**
     * Findings whose timeout the containment rule counts "at least", with the properties it carries to a
     * longer RTO: those whose stored trace, replayed at a larger {@code timeout} action for action with the
     * ticks' lengths left out (a jump of time to the RTO's expiry is a jump to the longer RTO's; the RTO's
     * countdown in the state differs, so not state for state), reaches the violation of the property at
     * its last step ({@code org.rdmacheck.checker.trace.TraceExtension}: the replayed trace is replayed
     * again at the larger timeout, every step legal, and the property re-evaluated there). Seed 002, II-A:
     * the RTO only resends from UNA when it expires, and nothing else reads it, so a trace that waits for
     * it waits longer and does the same. Left out: the traces that race the RTO (NoPrematureTimeout: a
     * longer RTO fires after the NAK in flight has arrived), and a property whose trace does not replay.
     * Measured, not argued: TimedLossBudgetRuleTest extends every stored trace of every loss finding at its
     * timeout plus one and asserts that exactly these do, and these at every longer timeout up to the
     * parameter's largest (31).
     */
    static final Map<String, Set<String>> LONGER_RTO = Map.ofEntries(
            Map.entry("gb0-four-packets-four-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("st-four-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-four-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-five-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gbn-three-packets-four-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gbn-three-messages-four-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gbn-two-losses-last-packets-spared", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-four-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-five-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gb0-three-packets-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gb0-three-messages-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gb0-two-losses-last-packets-spared", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("st-two-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("st-three-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("st-three-messages-two-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("st-three-packets-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("st-four-packets-three-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("st-five-packets-three-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK)),
            Map.entry("ce-four-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-five-packets-two-losses", Set.of(TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-packets-three-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT)),
            Map.entry("ce-two-losses-last-packets-spared", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-three-packets-two-losses", Set.of(TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-four-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-five-packets-two-losses", Set.of(TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-three-messages-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-four-messages-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT)),
            Map.entry("improved-four-packets-three-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT)),
            Map.entry("ce-three-losses-last-packets-spared", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND)),
            Map.entry("improved-three-losses-last-packets-spared", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND)));

    /**
     * Findings whose {@code lastPacketLoss=true} the containment rule frees, with the properties it
     * carries to a network that spares last packets ({@code lastPacketLoss=false} removes only the drops
     * of a message's last packet): those whose stored trace, replayed there action for action, violates
     * the property at its last step, measured like {@link #LONGER_RTO} (TimedLossBudgetRuleTest). A trace
     * that drops a last packet (gbn-two-losses: the second message's) does not replay there.
     */
    static final Map<String, Set<String>> SPARED_LAST_PACKETS = Map.ofEntries(
            Map.entry("ce-five-packets-four-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("improved-five-packets-four-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("gb0-four-packets-four-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gbn-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-four-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-five-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gbn-three-packets-four-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gbn-three-messages-four-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("gb0-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-four-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-five-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("st-two-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("st-three-messages-two-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("st-three-packets-three-losses", Set.of(TimedGbnProperties.GOODPUT)),
            Map.entry("ce-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_REDUNDANT_NAK)),
            Map.entry("ce-three-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK)),
            Map.entry("ce-four-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-five-packets-two-losses", Set.of(TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-packets-three-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("improved-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-three-packets-two-losses", Set.of(TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_REDUNDANT_NAK)),
            Map.entry("improved-four-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-five-packets-two-losses", Set.of(TimedGbnProperties.NO_REDUNDANT_NAK, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-three-messages-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-four-messages-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT)),
            Map.entry("improved-three-packets-three-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("improved-four-packets-three-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.GOODPUT, TimedGbnProperties.NO_PREMATURE_TIMEOUT)));

    /**
     * Findings whose message count the containment rule counts "at least", with the properties it
     * carries to more messages: those whose stored trace is, step for step, a behaviour violating the
     * property at every larger message count (a later message waits unsent). Measured, not argued:
     * TimedLossBudgetRuleTest replays every stored trace of every loss finding at its message count
     * plus one and asserts that exactly these replay, violating, and these at every count up to 8 (the
     * parameter's largest). A property left out is expected only at the finding's own message count:
     * every GoodputBound (its bound grows with the transfer). (improved-two-losses' NoSpuriousRetransmission
     * replays since the counter of transmissions saturates above RetransmissionBound, not at its goodput
     * bound, so its trace's states are those of more messages too.) The window's-edge findings came first: scope gbn-timed
     * met gbn-three-packets again at 3 messages, UNEXPECTED before.
     */
    static final Map<String, Set<String>> MESSAGES_AT_LEAST = Map.ofEntries(
            Map.entry("gbn-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-packets", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK,
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK,
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("st-three-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-three-packets-two-losses", Set.of(TimedGbnProperties.NO_REDUNDANT_NAK,
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-four-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-four-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK)),
            Map.entry("improved-four-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK,
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-three-messages-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gbn-five-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-five-packets-two-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-four-packets-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_REDUNDANT_NAK,
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-five-packets-two-losses", Set.of(TimedGbnProperties.NO_REDUNDANT_NAK,
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("st-four-packets-three-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-five-packets-two-losses", Set.of(TimedGbnProperties.NO_REDUNDANT_NAK,
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("improved-three-packets-three-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("st-five-packets-three-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-packets-three-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("improved-four-packets-three-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("st-four-losses", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("improved-four-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("ce-five-packets-four-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("improved-five-packets-four-losses", Set.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT)),
            Map.entry("gbn-two-losses-last-packets-spared", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("gb0-two-losses-last-packets-spared", Set.of(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-two-losses-last-packets-spared", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION)),
            Map.entry("ce-three-losses-last-packets-spared", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_STALLED_GAP)),
            Map.entry("improved-three-losses-last-packets-spared", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND, TimedGbnProperties.NO_STALLED_GAP)),
            Map.entry("improved-four-messages-two-losses", Set.of(TimedGbnProperties.RETRANSMISSION_BOUND)));

    /**
     * What a configuration expects from a finding it contains ({@link #containedFindings}): every
     * property of the finding at the finding's own message count, timeout and last-packet losses; at
     * more messages only those {@link #MESSAGES_AT_LEAST} carries, at a longer RTO only those
     * {@link #LONGER_RTO} carries, over a network sparing last packets only those
     * {@link #SPARED_LAST_PACKETS} carries (TimedLossBudgetRuleTest replays the combinations).
     *
     * @param finding a finding the configuration contains
     * @param p       the configuration's resolved parameters
     * @return the properties expected to fail because of the finding
     */
    Set<String> expectedFrom(String finding, Params p) {
        Params own = resolve(finding, Params.empty());
        Set<String> r = new java.util.TreeSet<>(variant(finding).mustFail());
        if (MESSAGES.get(p) > MESSAGES.get(own)) {
            r.retainAll(MESSAGES_AT_LEAST.getOrDefault(finding, Set.of()));
        }
        if (TIMEOUT.get(p) > TIMEOUT.get(own)) {
            r.retainAll(LONGER_RTO.getOrDefault(finding, Set.of()));
        }
        if (!LAST_PACKET_LOSS.get(p) && LAST_PACKET_LOSS.get(own)) {
            r.retainAll(SPARED_LAST_PACKETS.getOrDefault(finding, Set.of()));
        }
        if (PACKETS.get(p) != PACKETS.get(own)) {
            r.retainAll(packetsReplayed(finding, PACKETS.get(p)));
        }
        // a larger window (one that never binds, atOwnWidthAndWindow) raises RetransmissionBound's bound
        if (WINDOW.get(p) > WINDOW.get(own)) {
            r.remove(TimedGbnProperties.RETRANSMISSION_BOUND);
        }
        // GoodputBound is a figure asked for: a finding's goodput trace violates a bound at least as tight
        if (GOODPUT.get(p) == 0 || GOODPUT.get(p) < GOODPUT.get(own)) {
            r.remove(TimedGbnProperties.GOODPUT);
        }
        return r;
    }

    /**
     * Findings whose stored traces replay, action for action, with other packets per message: property to
     * the packets values (other than the finding's own) at which the trace, every other parameter the
     * finding's, is a behaviour that violates the property at its last step, re-evaluated there. The same
     * sends, receptions, losses, ticks and timer expiries, by PSN and sequence number: where moving AckReq
     * and the last packets changes no step (Check-EPSN's race of ce-three-losses, PSN 1 lost and the CE
     * timer started by the next last packet, at 3 and 4 packets; not at 5, where the window of 4 reaches
     * no last packet and Check-EPSN never runs). Measured, not argued: TimedPacketsReplayTest replays
     * every stored trace of every loss finding at every packets value from 1 to 16 and asserts that this
     * map is exactly the set that replays, and that each replays at every message count the finding
     * carries the property to ({@link #MESSAGES_AT_LEAST}), where the configuration contains the finding.
     */
    static final Map<String, Map<String, Set<Integer>>> PACKETS_REPLAYED = Map.of(
            "ce-three-losses", Map.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT, Set.of(3, 4)),
            "ce-three-packets-three-losses", Map.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT, Set.of(2, 4)),
            "ce-three-losses-last-packets-spared", Map.of(TimedGbnProperties.NO_STALLED_GAP, Set.of(3, 4),
                    TimedGbnProperties.RETRANSMISSION_BOUND, Set.of(4)),
            "ce-two-losses", Map.of(TimedGbnProperties.NO_REDUNDANT_NAK, Set.of(4), TimedGbnProperties.RETRANSMISSION_BOUND, Set.of(4)),
            "ce-two-losses-last-packets-spared", Map.of(TimedGbnProperties.RETRANSMISSION_BOUND, Set.of(4)),
            "ce-four-packets-two-losses", Map.of(TimedGbnProperties.NO_REDUNDANT_NAK, Set.of(2), TimedGbnProperties.RETRANSMISSION_BOUND, Set.of(2)),
            "ce-five-packets-two-losses", Map.of(TimedGbnProperties.NO_REDUNDANT_NAK, Set.of(4)),
            // at fewer packets the bound is lower: the 6-packet transfer's 20 transmissions exceed 4 packets' 13
            "gbn-three-packets-four-losses", Map.of(TimedGbnProperties.GOODPUT, Set.of(2)),
            "gb0-four-packets-four-losses", Map.of(TimedGbnProperties.GOODPUT, Set.of(3)),
            "ce-five-packets-four-losses", Map.of(TimedGbnProperties.NO_PREMATURE_TIMEOUT, Set.of(4)));

    /** The properties whose stored traces of {@code finding} replay at {@code packets}; empty if none. */
    private static Set<String> packetsReplayed(String finding, int packets) {
        Set<String> r = new java.util.TreeSet<>();
        PACKETS_REPLAYED.getOrDefault(finding, Map.of()).forEach((prop, ps) -> {
            if (ps.contains(packets)) {
                r.add(prop);
            }
        });
        return r;
    }

    /**
     * The loss-budget rule, the paper's own argument (seed 002, III-A and III-C) as {@code gbn}
     * states it ({@link GbnEntry#leastTimeoutBudget}, {@link GbnEntry#leastStalledGapBudget}):
     * NoTimeout fails once the budget covers the loss of a message's last packet or of its ACK (one
     * loss; two with Send-Twice while duplicates are acknowledged: both copies, or both ACKs, since
     * Send-Twice sends the last packet twice, not more); NoStalledGap once a gap's packet can be
     * lost with its NAK, or twice (two losses; with Send-Twice and Check-EPSN three: a gap and both
     * copies of the last packet, when the network may drop last packets); CompletionWithinKRtos
     * once the budget pays for k + 1 such timeouts; nothing without an RTO ({@code timeout=0}). The
     * rule holds for every variant, whatever the delays; a check that does not find the violation
     * it predicts reports it as unexpected.
     *
     * @param c a configuration
     * @return property name to the reason it is expected to fail, for the properties the rule flips
     */
    static Map<String, String> lossBudgetRule(TimedConfig c) {
        GbnConfig protocol = c.protocol();
        GbnVariant variant = protocol.variant();
        int timeoutBudget = GbnEntry.leastTimeoutBudget(variant, protocol.duplicates());
        Map<String, String> r = new LinkedHashMap<>();
        if (c.timeout() == 0) {
            return r; // no RTO: none of the three can fire (gbn-no-rto's DeadlockFree and Completion fail instead)
        }
        if (c.losses() >= timeoutBudget) {
            r.put(TimedGbnProperties.NO_TIMEOUT, timeoutBudget == 1
                    ? "one loss (a message's last packet or its ACK) waits for the RTO"
                    : "two losses (both copies of a message's last packet, or both their ACKs) wait for the RTO: "
                            + "Send-Twice sends the last packet twice, not more (seed 002, III-C)");
        }
        boolean both = variant.sendTwice() && variant.checkEpsn();
        // Check-EPSN repairs a gap whose NAK was lost once the message's last packet arrives; without
        // Send-Twice the two losses that stall a gap need that last packet lost, so a
        // network that spares last packets leaves ce as improved (measured: ce L = 2 lastPacketLoss=false,
        // 2,194 states, NoStalledGap holds; TimedLossBudgetRuleTest)
        boolean ceSeesTheLastPacket = variant.checkEpsn() && !c.lastPacketLoss();
        if (!both && !ceSeesTheLastPacket && c.losses() >= GbnEntry.leastStalledGapBudget(variant)) {
            r.put(TimedGbnProperties.NO_STALLED_GAP, "two losses (a gap's packet and its NAK, or the packet twice) "
                    + "leave a gap to the RTO without " + (variant.checkEpsn() ? "Send-Twice" : "Check-EPSN")
                    + " (seed 002, III-A reasons 3 and 4)");
        } else if (both && c.lastPacketLoss() && c.losses() >= GbnEntry.leastStalledGapBudget(variant)) {
            r.put(TimedGbnProperties.NO_STALLED_GAP, "three losses (a gap's packet and both copies of the last "
                    + "packet, which Check-EPSN never saw) leave the gap to the RTO (seed 002, III-C)");
        }
        if (!r.containsKey(TimedGbnProperties.NO_STALLED_GAP) && c.losses() >= timeoutBudget
                && stallsAtTheWindow(c)) {
            r.put(TimedGbnProperties.NO_STALLED_GAP, "the last ACK of the first message lost (" + timeoutBudget
                    + " loss" + (timeoutBudget == 1 ? "" : "es") + "), the window of " + c.window() + " is full "
                    + "before the next message's last packet, so the RTO fires while the receiver waits for PSN "
                    + c.window() + ", not a message's last packet, although it was never sent (pipelined messages "
                    + "with AckReq on last packets only; seed 002, III-A reason 2 across the message boundary)");
        }
        int rtosBudget = (c.maxRtos() + 1) * timeoutBudget;
        if (c.losses() >= rtosBudget) {
            r.put(TimedGbnProperties.WITHIN_K_RTOS, "maxRtos + 1 = " + (c.maxRtos() + 1) + " timeouts, each after "
                    + timeoutBudget + " loss" + (timeoutBudget == 1 ? "" : "es") + " of the retransmitted last packet "
                    + "or its ACK");
        }
        return r;
    }

    /**
     * How many packets of a message the sender puts on the wire before one that requests an ACK:
     * the last packet requests one, and with {@code ackInterval} n > 0 every n-th too (seed 002, II-A).
     * Read from the parameters, not from the knock-outs: a knock-out of the ACK request keeps the
     * expectations, so its failures show as unexpected.
     *
     * @param protocol messages, packets and ACK interval
     * @return the position (1-based) of a message's first packet that carries AckReq
     */
    static int packetsToFirstAckRequest(GbnConfig protocol) {
        int p = protocol.packets();
        return protocol.ackInterval() == 0 ? p : Math.min(protocol.ackInterval(), p);
    }

    /**
     * The ACK-request rule. The receiver acknowledges in-order packets only when one asks for it
     * (AckReq: a message's last packet and, by an interval, middle packets; seed 002, II-A), and the
     * sender has at most the window outstanding. When a message's first packet that asks for an ACK
     * lies beyond the window ({@code ackInterval=0} with more packets than the window, or an interval
     * longer than the window), the window fills with packets that ask for none: no ACK ever comes, no
     * message completes, with no loss at all, and every RTO resends the same window. That is a
     * property of three parameters, not of the protocol's timing: seed 002's sender asks on middle
     * packets at an interval (Table I: every 256 packets) for this reason. The configuration is still
     * checked (its safety, e.g. PSN confusion with reordering, docs/gbn.md), and what the stall
     * implies is expected: {@code Completion}; with an RTO {@code NoTimeout} (the RTO fires at every
     * window), {@code CompletionWithinKRtos} (without bound) and {@code GoodputBound} (each RTO resends
     * the window, nothing completes), and {@code NoStalledGap} once a loss or reordering can open a gap
     * (no packet after the window's last draws a NAK); without an RTO {@code DeadlockFree} (the full
     * window stops the sender). Measured at 5-packet messages and window 4 on the five schemes (L = 1),
     * with L = 0, 2, one message, a duplicating network, reordering and {@code timeout=0}; the stored
     * finding {@code gbn-five-packets} carries the traces. Anything else such a configuration violates
     * is the checker's answer (UNEXPECTED).
     *
     * @param c a configuration
     * @return property name to the reason it is expected to fail; empty when a window reaches an AckReq
     */
    static Map<String, String> ackRequestRule(TimedConfig c) {
        Map<String, String> r = new LinkedHashMap<>();
        int first = packetsToFirstAckRequest(c.protocol());
        if (first <= c.window()) {
            return r;
        }
        String why = "the first packet of a message that requests an ACK is packet " + first + " of "
                + c.protocol().packets() + (c.protocol().ackInterval() == 0 ? " (ackInterval=0: the last only)"
                : " (ackInterval=" + c.protocol().ackInterval() + ")") + ", beyond the window of " + c.window() + ": the window fills with packets that request none, the "
                + "receiver acknowledges nothing and no message completes (seed 002 II-A asks for ACKs on middle "
                + "packets at an interval; the ACK-request rule, docs/gbn.md)";
        r.put(TimedGbnProperties.PROGRESS, why);
        if (c.timeout() == 0) {
            r.put(org.rdmacheck.properties.DeadlockFreedom.standard().name(), why + "; with no RTO the full window "
                    + "stops the sender");
            return r;
        }
        String rto = why + "; every RTO resends the same window, without bound";
        r.put(TimedGbnProperties.NO_TIMEOUT, rto);
        r.put(TimedGbnProperties.WITHIN_K_RTOS, rto);
        r.put(TimedGbnProperties.RETRANSMISSION_BOUND, rto + ", with no loss to pay for it");
        if (c.goodputTransmissions().isPresent()) {
            r.put(TimedGbnProperties.GOODPUT, rto);
        }
        if (c.losses() >= 1 || c.delivery() == Delivery.REORDER) {
            r.put(TimedGbnProperties.NO_STALLED_GAP, rto + ", and a gap in it waits for the RTO (no packet after "
                    + "the window's last draws a NAK)");
        }
        return r;
    }

    /**
     * Whether a PSN width reads every PSN of a transfer exactly: {@code messages × packets <= 2^(b-1)}.
     * Sequence numbers in the model are counters; only the wire carries them modulo 2^b
     * ({@link org.rdmacheck.model.gbn.timed.PsnSpace}). With N packets a data packet's sequence number
     * and EPSN lie in 0..N, so they differ by less than half of 2^b and the receiver's old/new rule reads
     * the counter itself; an ACK/NAK at or above UNA is read as itself (less than 2^b above it), one below
     * UNA as 2^b + n, beyond anything sent, and dropped, at every such width alike; every wire PSN is the
     * counter. So two widths that both cover the transfer give the same states and the same steps, action
     * for action (5,513 states for improved at L = 2 at psnBits 3 and 24). The window alone is not enough
     * for that: a stale copy can lie a window plus what is sent during its lifetime behind EPSN
     * (docs/gbn.md, window 4 of 3-bit PSNs confused at delayMax 6), so a width that does not cover the
     * transfer keeps its value in every comparison.
     *
     * @param psnBits the PSN width b
     * @param total   the packets of the transfer, messages × packets
     * @return whether the width reads every PSN of the transfer as its sequence number
     */
    static boolean widthCovers(int psnBits, int total) {
        return total <= 1 << (psnBits - 1);
    }

    /**
     * {@code here} with its PSN width and window set to {@code own}'s where neither can change a step
     * (seed 002 speaks of neither; each is the model's): the width where both widths cover
     * {@code here}'s transfer ({@link #widthCovers}), the window where both windows are at least the
     * transfer's packets, so that the sender's guard {@code next - una < window} never binds (no more
     * than N - 1 packets are ever outstanding). The window enters one more place, RetransmissionBound's
     * bound (a go-back resends up to a window, {@link TimedConfig#resendPerLoss}) and the saturation of
     * the counter of transmissions only that bound and GoodputBound read: a larger window carries every
     * other property ({@link #expectedFrom}); a smaller one that still covers the transfer lowers the
     * bound, and a violation stays one. The NAK interval, the delays and the RTO stay keyed: they decide
     * which timer fires first (the NAK-storm rule, the window's edge), so a finding's traces are not
     * behaviours at another value unless replayed there ({@link #LONGER_RTO}).
     *
     * @param here a configuration's resolved parameters
     * @param own  a finding's (or a variant's own) resolved parameters
     * @return {@code here}, its width and window replaced by {@code own}'s where that changes nothing
     */
    static Map<String, String> atOwnWidthAndWindow(Map<String, String> here, Map<String, String> own) {
        Map<String, String> r = new LinkedHashMap<>(here);
        if (!here.containsKey(PSN_BITS.name()) || !own.containsKey(PSN_BITS.name())) {
            return r;
        }
        int total = Integer.parseInt(here.get(MESSAGES.name())) * Integer.parseInt(here.get(PACKETS.name()));
        if (widthCovers(Integer.parseInt(here.get(PSN_BITS.name())), total)
                && widthCovers(Integer.parseInt(own.get(PSN_BITS.name())), total)) {
            r.put(PSN_BITS.name(), own.get(PSN_BITS.name()));
        }
        if (Integer.parseInt(here.get(WINDOW.name())) >= total && Integer.parseInt(own.get(WINDOW.name())) >= total) {
            r.put(WINDOW.name(), own.get(WINDOW.name()));
        }
        return r;
    }

    /**
     * The PSN-wrap rule: a sender that may have more than half the PSN space outstanding,
     * {@code min(window, N) > 2^(b-1)}, makes the receiver misread a packet once one loss opens a gap
     * before it: PSN 0 lost, the packets after it arrive, and the one 2^(b-1) ahead of EPSN falls in the
     * half-space the InfiniBand old/new rule reads as old (seed 002 II-A: a packet below EPSN is a
     * duplicate). Seed 002 says nothing of the PSN width; the bound is the receiver's rule, and a
     * configuration beyond it is checked, not refused (the stored mutation {@code improved-psn-wrap} is
     * one): NoPsnConfusion is expected to fail there with a loss budget of at least one a data packet can
     * take (not when every packet is a spared last packet). Measured, TimedPsnExpectationTest: the five
     * schemes at 3-bit PSNs with window 5 and 3-packet messages, 2-bit PSNs with window 3 and 2-packet
     * messages, L = 1. Whatever else such a configuration violates is the checker's answer.
     *
     * @param c a configuration
     * @return NoPsnConfusion to the reason, or empty
     */
    static Map<String, String> psnWrapRule(TimedConfig c) {
        Map<String, String> r = new LinkedHashMap<>();
        int half = c.psns().size() / 2;
        int outstanding = Math.min(c.window(), c.total());
        if (outstanding > half && c.losses() >= 1 && (c.lastPacketLoss() || c.protocol().packets() >= 2)) {
            r.put(TimedGbnProperties.NO_PSN_CONFUSION, "up to " + outstanding + " packets outstanding (window "
                    + c.window() + ", " + c.total() + " packets), more than half of the " + c.psns().size()
                    + " PSNs of psnBits=" + c.psnBits() + ": with a packet lost, the one " + half + " ahead of EPSN "
                    + "is read as an old duplicate (the PSN-wrap rule, docs/gbn.md)");
        }
        return r;
    }

    /** Parameters the NAK-storm rule lets differ from a scheme's defaults (losses only upwards). */
    private static final Set<String> NAK_STORM_FREE = Set.of(DELAY_MAX.name(), NAK_INTERVAL.name(), TICK_NS.name(),
            LOSSES.name(), GOODPUT.name());

    /**
     * The NAK-interval rule of docs/gbn.md ("Timers that matter", row T vs RTT), seed 002 II-A: when
     * the NAK interval T is no longer than the round trip (at most 2 × {@code delayMax} ticks), the
     * interval ends while packets sent before the go-back still arrive out of order; each draws
     * another NAK(n) and the sender goes back again: a NAK storm, so NoRedundantNak,
     * NoSpuriousRetransmission and GoodputBound fail with one loss. Measured at the default shape
     * of the five schemes ({@code nakInterval} 1..8 against {@code delayMax} 2 and 3); the rule
     * claims no more: it applies to one of the five schemes with at least one loss, an RTO, and
     * every parameter but {@code delayMax}, {@code nakInterval}, {@code tickNs} and the loss budget
     * at the scheme's default. Elsewhere the checker's verdict is the answer.
     *
     * @param variant a variant
     * @param p       resolved parameters
     * @return property name to the reason it is expected to fail; empty when the rule does not apply
     */
    Map<String, String> nakStormRule(String variant, Params p) {
        Map<String, String> r = new LinkedHashMap<>();
        if (!LOSS_FINDINGS.containsKey(variant) || LOSSES.get(p) < 1 || TIMEOUT.get(p) == 0) {
            return r;
        }
        Map<String, String> base = new java.util.TreeMap<>(resolve(variant, Params.empty()).asMap());
        Map<String, String> here = new java.util.TreeMap<>(atOwnWidthAndWindow(p.asMap(), base));
        here.keySet().removeAll(NAK_STORM_FREE);
        base.keySet().removeAll(NAK_STORM_FREE);
        int t = NAK_INTERVAL.get(p);
        int rtt = 2 * DELAY_MAX.get(p);
        if (!here.equals(base) || t > rtt) {
            return r;
        }
        String why = "the NAK interval " + t + " is no longer than the round trip " + rtt + " (2 x delayMax): "
                + "packets sent before the go-back still arrive out of order after it ends and draw NAK(n) again, "
                + "a NAK storm (the NAK-interval rule, docs/gbn.md)";
        r.put(TimedGbnProperties.NO_REDUNDANT_NAK, why);
        r.put(TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION, why);
        if (WINDOW.get(p) <= Integer.parseInt(base.get(WINDOW.name()))) {
            r.put(TimedGbnProperties.RETRANSMISSION_BOUND, why + ": more go-backs than losses");
        }
        if (GOODPUT.get(p) > 0) {
            r.put(TimedGbnProperties.GOODPUT, why);
        }
        return r;
    }

    /**
     * Whether the window stops the sender inside the second message after the first message's
     * packets: P <= W < 2P (the next message's last packet, the next AckReq, is not sent before an
     * ACK) and PSN W is not a message's last packet, with AckReq on last packets only and at least
     * two messages. Losing the first message's last ACK (the timeout budget) then leaves the
     * receiver waiting for a middle packet until the RTO.
     *
     * @param c a configuration
     * @return whether the RTO can fire at the window's edge while the receiver waits for a middle packet
     */
    static boolean stallsAtTheWindow(TimedConfig c) {
        int p = c.protocol().packets();
        int w = c.window();
        return c.protocol().messages() >= 2 && c.protocol().ackInterval() == 0 && p <= w && w < 2 * p
                && w % p != p - 1;
    }

    @Override
    public List<ExpectationNote> expectations(CheckSpec<?> built) {
        TimedGoBackN m = (TimedGoBackN) built.model();
        List<ExpectationNote> notes = new java.util.ArrayList<>();
        ExpectationNote.Expectation fails = ExpectationNote.Expectation.FAILS;
        lossBudgetRule(m.config()).forEach((prop, why) -> notes.add(ExpectationNote.of(fails, prop,
                " at loss budget L = " + m.config().losses() + ": " + why + " (the loss-budget rule, docs/gbn.md)")));
        nakStormRule(built.variant(), Params.of(built.parameters())).forEach((prop, why) -> notes.add(
                ExpectationNote.of(fails, prop, ": " + why)));
        // one line per reason: the rule's properties share theirs
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        ackRequestRule(m.config()).forEach((prop, why) -> byReason.computeIfAbsent(why, k -> new java.util.ArrayList<>())
                .add(prop));
        byReason.forEach((why, props) -> notes.add(new ExpectationNote(fails, props, ": " + why)));
        psnWrapRule(m.config()).forEach((prop, why) -> notes.add(ExpectationNote.of(fails, prop, ": " + why)));
        Params here = Params.of(built.parameters());
        containedFindings(built.variant(), here).forEach(f -> {
            String losses = resolve(f, Params.empty()).asMap().get(LOSSES.name());
            Map<String, String> own = new java.util.TreeMap<>(variant(f).defaults());
            own.remove(GOODPUT.name()); // the figure asked for, not the finding's shape
            own.putIfAbsent(LOSSES.name(), losses);
            boolean shape = own.size() > 1;
            Set<String> expected = new java.util.TreeSet<>(expectedFrom(f, here));
            notes.add(new ExpectationNote(fails, List.copyOf(expected), " here: this configuration contains the stored "
                    + "finding " + f + " (" + own.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(java.util.stream.Collectors.joining(" ")) + (shape ? "" : " at the default shape")
                    + "; at least its losses" + (MESSAGES_AT_LEAST.containsKey(f) ? " and messages" : "") + ", "
                    + (PACKETS.get(here) != PACKETS.get(resolve(f, Params.empty())) ? "packets=" + PACKETS.get(here)
                    + " where its trace replays action for action, " : "")
                    + (LONGER_RTO.containsKey(f) ? "timeout at least its, " : "")
                    + (SPARED_LAST_PACKETS.containsKey(f) ? "lastPacketLoss either, " : "") + "every other "
                    + "parameter equal, but a PSN width and a window that change no step; more messages, a longer RTO and spared last packets carry the properties "
                    + "whose stored traces replay there): " + variant(f).description() + " (docs/gbn.md, \""
                    + docSection(f, shape, losses) + "\")"));
        });
        return notes;
    }

    /** The findings stored one step past the others' shapes (docs/gbn.md, "Two losses at larger shapes"). */
    private static final Set<String> LARGER_SHAPES = Set.of("gbn-four-packets-two-losses",
            "gb0-four-packets-two-losses", "ce-three-packets-two-losses", "improved-four-packets-two-losses",
            "st-three-messages-two-losses", "improved-three-messages-two-losses", "gbn-five-packets-two-losses",
            "gb0-five-packets-two-losses", "ce-four-packets-two-losses", "improved-five-packets-two-losses",
            "st-three-packets-three-losses", "st-four-packets-three-losses", "ce-five-packets-two-losses",
            "gbn-three-packets-four-losses", "gb0-three-packets-three-losses", "improved-four-messages-two-losses",
            "gbn-three-messages-four-losses", "gb0-three-messages-three-losses", "st-five-packets-three-losses",
            "ce-three-packets-three-losses", "improved-four-packets-three-losses", "gb0-four-packets-four-losses",
            "st-four-losses", "improved-four-losses", "ce-five-packets-four-losses",
            "improved-five-packets-four-losses");

    private static String docSection(String finding, boolean shape, String losses) {
        if (finding.endsWith("-last-packets-spared")) {
            return "A longer RTO and spared last packets";
        }
        if (LARGER_SHAPES.contains(finding)) {
            return "Two losses at larger shapes";
        }
        if (shape) {
            return losses.equals("1") ? "The window's edge" : "Improved with three-packet messages";
        }
        return losses.equals("2") ? "Two losses" : "Three losses";
    }

    /**
     * Builds the configured model.
     *
     * @param variant variant name (its protocol is the part before the first '-')
     * @param params  parameters with defaults filled in
     * @return the model
     */
    public static TimedGoBackN model(String variant, Params params) {
        GbnConfig protocol = new GbnConfig(PACKETS.get(params), MESSAGES.get(params), ACK_INTERVAL.get(params),
                GbnVariant.of(variant.split("-")[0]), DuplicatePolicy.of(GbnEntry.DUPLICATES.get(params)),
                NakPolicy.of(GbnEntry.NAK_POLICY.get(params)), GbnEntry.knockedOut(new TimedGbnEntry(), params));
        Delivery delivery = REORDER.get(params) ? Delivery.REORDER : Delivery.FIFO;
        return new TimedGoBackN(new TimedConfig(protocol, LOSSES.get(params), NET_DUPLICATES.get(params), delivery,
                DELAY_MIN.get(params), DELAY_MAX.get(params), TICK_NS.get(params), TIMEOUT.get(params),
                NAK_INTERVAL.get(params), PSN_BITS.get(params), WINDOW.get(params), MAX_RTOS.get(params),
                GOODPUT.get(params), DISPLACEMENT.get(params), LAST_PACKET_LOSS.get(params)));
    }

    /**
     * @param variant a variant name
     * @param changes parameters to change from the variant's defaults
     * @return the resolved parameters
     */
    public Params params(String variant, Map<String, String> changes) {
        return resolve(variant, Params.of(new LinkedHashMap<>(changes)));
    }
}
