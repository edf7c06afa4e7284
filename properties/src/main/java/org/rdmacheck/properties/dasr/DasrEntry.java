package org.rdmacheck.properties.dasr;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.dasr.DartConfig;
import org.rdmacheck.model.dasr.DartReceiverModel;
import org.rdmacheck.model.dasr.Design;
import org.rdmacheck.model.dasr.LoopParams;
import org.rdmacheck.model.dasr.ReceiverMachine;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/** Catalogue entry {@code dasr}: Dart's receiver machine and DASR (seed 000, III). */
public final class DasrEntry implements ModelEntry {

    /** Liveness (a): every sender's rate ends up in its band (max-min share plus one unit) for ever. */
    public static final String RATES_SETTLE = "RatesSettle";
    /** Liveness (d): the classifier ends up keeping its state for ever. */
    public static final String CLASSIFIER_SETTLES = "ClassifierSettles";

    /**
     * Fair marking: strong fairness of every window outcome (every set of marked senders). A sender
     * at a standing queue is marked in a window with a probability strictly between 0 and 1, so an
     * outcome possible infinitely often happens infinitely often with probability 1.
     */
    public static final Fairness FAIR_MARKING = new Fairness("Observe (each marking)", Fairness.Strength.STRONG,
            Fairness.Scope.EACH, a -> a.name().equals("Observe"));

    @Override
    public String name() {
        return "dasr";
    }

    @Override
    public String description() {
        return "Dart receiver (seed 000 III): three-state machine, DASR with the AUSS, look-ahead, soft state, tenants";
    }

    private static final ParamSpec.Int SENDERS = ParamSpec.integer("senders", 2, 1, 4,
            "senders per tenant (persistent variants: at least 2)");
    private static final ParamSpec.Int MESSAGES = ParamSpec.integer("messages", 2, 1, 3, "in-flight messages per sender");
    private static final ParamSpec.Int TENANTS = ParamSpec.integer("tenants", 1, 1, 3,
            "tenants with private AUSS (persistent variants: 1)");
    private static final ParamSpec.Int GROUPS = ParamSpec.integer("groups", 2, 0, 4,
            "static incast groups (group g lists senders g and g+1)");
    private static final ParamSpec.Choice LOOKAHEAD = ParamSpec.choice("lookahead", "on", List.of("on", "off"),
            "look-ahead notifications of incast groups");

    private static final ParamSpec.Int K = ParamSpec.integer("k", 8, 1, 20,
            "persistent loop: windows the classifier keeps its state before MaxMinShareWithinK asks for max-min shares");
    private static final ParamSpec.Int AI = ParamSpec.integer("ai", 0, 0, 1000,
            "persistent loop: R_AI credits per rate unit (0: DCQCN's R_AI = 40 Mb/s on the grid, 83 for 3 senders)");
    private static final ParamSpec.Int BC = ParamSpec.integer("bc", 36, 1, 100,
            "persistent loop: windows per byte-counter event (DCQCN: B = 10 MB at 40 Gb/s in 55 us windows)");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(SENDERS, MESSAGES, TENANTS, GROUPS, LOOKAHEAD, K, AI, BC);
    }

    /**
     * The persistent loop has three senders by default (two interchangeable ones and the bottlenecked
     * one) and an additive increase of one rate unit per 2 events: DCQCN's R_AI = 40 Mb/s is one unit
     * per 83 events on the 12-unit grid, which makes the hysteresis reading's state space too large
     * for a default check (ai=0 selects it).
     */
    private static final Map<String, String> LOOP_SENDERS = Map.of("senders", "3", "ai", "2");

    /** Safety properties each persistent variant violates at its defaults (liveness: {@link #LIVE_FAILS}). */
    private static final Map<String, Set<String>> PERSISTENT_FAILS = Map.of(
            "persistent", Set.of("WindowRateSumAtMostLineRate"),
            "persistent-hysteresis", Set.of("WindowRateSumAtMostLineRate", "MaxMinShareWithinK"),
            "persistent-overload-marks", Set.of("WindowRateSumAtMostLineRate"));

    /** Liveness properties each persistent variant violates at its defaults. */
    private static final Map<String, Set<String>> LIVE_FAILS = Map.of(
            "persistent", Set.of(RATES_SETTLE, CLASSIFIER_SETTLES),
            "persistent-hysteresis", Set.of(RATES_SETTLE, CLASSIFIER_SETTLES),
            "persistent-overload-marks", Set.of(RATES_SETTLE, CLASSIFIER_SETTLES));

    /** groups=1 keeps these variants' checks to a few seconds; the violation needs no second group. */
    private static final Map<String, String> SMALL_GROUPS = Map.of("groups", "1");

    @Override
    public List<VariantSpec> variants() {
        return List.of(
                new VariantSpec("dart", "the paper's design; the network puts congestion anywhere", Set.of()),
                new VariantSpec("count-messages", "n counts in-flight messages instead of unique senders",
                        Set.of("NCountsUniqueSenders"), VariantSpec.Origin.UNSTATED, SMALL_GROUPS),
                new VariantSpec("early-removal", "a sender leaves the AUSS at its first message end",
                        Set.of("NCountsUniqueSenders", "ActiveSenderKept", "RateSumAtMostLineRate",
                                "ListedArrivalWithinLineRate"),
                        VariantSpec.Origin.UNSTATED, SMALL_GROUPS),
                // two tenants of the default size are ~10^8 states (18,348 per tenant, squared):
                // one sender with one message per tenant shows the leak in about a thousand states
                new VariantSpec("shared-lookahead", "look-ahead lists populate other tenants' AUSS",
                        Set.of("TenantIsolation"), VariantSpec.Origin.UNSTATED,
                        Map.of("senders", "1", "tenants", "2", "messages", "1")),
                new VariantSpec("forward-ecn", "ECN marks are forwarded in ReceiverCongestion",
                        Set.of("NoDoubleThrottling")),
                new VariantSpec("no-timeout", "no soft-state timeouts", Set.of("FailedSenderLeaves")),
                new VariantSpec("persistent", "the paper's (memoryless) machine under persistent receiver+network "
                        + "congestion, senders with DCQCN reaction points",
                        PERSISTENT_FAILS.get("persistent"), VariantSpec.Origin.UNSTATED, LOOP_SENDERS),
                new VariantSpec("persistent-hysteresis",
                        "other reading of Figure 5: NonReceiverCongestion kept while marks last",
                        PERSISTENT_FAILS.get("persistent-hysteresis"), VariantSpec.Origin.UNSTATED, LOOP_SENDERS),
                new VariantSpec("persistent-overload-marks",
                        "persistent, but links mark only when overloaded (no standing-queue marks)",
                        PERSISTENT_FAILS.get("persistent-overload-marks"), VariantSpec.Origin.UNSTATED,
                        LOOP_SENDERS));
    }

    /**
     * Three properties hold by construction: the Figure 5 table is enumerated as a total function of
     * (state, observation), the window end applies exactly that function, and a window end is
     * enabled in every state. They are kept as sanity checks of the model's code.
     */
    @Override
    public Map<String, String> structuralProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("MachineTotal", "the Figure 5 table is enumerated as a total function of (state, observation), "
                + "in both readings");
        m.put("MachineDeterministic", "restates the window-end rule: the machine moves to the table's entry for "
                + "the observation (under the persistent network, the observation the rates produce)");
        m.put(DeadlockFreedom.standard().name(), "a window end (Observe) is enabled in every state");
        return Collections.unmodifiableMap(m);
    }

    /**
     * The smallest configuration where a tenant has two senders and another tenant exists: each
     * tenant's senders share the line rate by their own tenant's count (seed 000, III-E: the AUSS
     * is private to a tenant's flows, III-B: n = |AUSS|). With one sender per tenant (the other
     * two-tenant run) n is 1 whatever tenant's count is advertised, so an ACK carrying another
     * tenant's n went unnoticed; here RateSumAtMostLineRate and ReactionFollowsCongestion see it
     * within 4 steps. One message per sender and no incast group keep it to 253,554 states.
     */
    public static final Map<String, String> TENANT_SHARING = Map.of("senders", "2", "tenants", "2", "messages", "1",
            "groups", "0");

    @Override
    public List<Run> allRuns() {
        return List.of(
                new Run("dart", Params.empty()),
                new Run("dart", Params.of(Map.of("senders", "1", "tenants", "2", "messages", "1"))),
                new Run("dart", Params.of(TENANT_SHARING)),
                new Run("count-messages", Params.empty()),
                new Run("early-removal", Params.empty()),
                new Run("shared-lookahead", Params.empty()),
                new Run("forward-ecn", Params.empty()),
                new Run("no-timeout", Params.empty()),
                new Run("persistent", Params.empty()),
                new Run("persistent-hysteresis", Params.empty()),
                new Run("persistent-overload-marks", Params.empty()));
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        VariantSpec v = variant(variant);
        Params p = resolve(variant, params);
        boolean persistent = variant.startsWith("persistent");
        int senders = (persistent ? SENDERS.within(2, 4) : SENDERS).get(p);
        int messages = MESSAGES.get(p);
        int tenants = (persistent ? TENANTS.within(1, 1) : TENANTS).get(p);
        int groups = GROUPS.get(p);
        boolean lookahead = LOOKAHEAD.is(p, "on");
        int k = K.get(p);
        int ai = AI.get(p);
        int bc = BC.get(p);
        requireFor(variant, "shared-lookahead", tenants >= 2 && lookahead && groups >= 1,
                "tenants >= 2, lookahead=on and groups >= 1");
        requireFor(variant, "count-messages", messages >= 2, "messages >= 2");
        requireFor(variant, "early-removal", messages >= 2 && senders >= 2, "messages >= 2 and senders >= 2");
        requireFor(variant, "forward-ecn", senders >= 2, "senders >= 2");
        DartConfig config = new DartConfig(senders, messages, tenants, groups, lookahead,
                knockedOut(design(variant), knockouts(p)), new LoopParams(k, ai, bc));
        DartReceiverModel model = new DartReceiverModel(config);
        return new CheckSpec<>(name(), variant, p.asMap(), model, DasrProperties.all(model), v.mustFail());
    }

    /**
     * The persistent loop's liveness properties, under fair marking: (a) {@code RatesSettle},
     * {@code <>[]} every sender's rate at most its max-min share plus one unit, and (d) {@code ClassifierSettles}, {@code <>[]}
     * the window end keeps the machine state. None under the free network.
     */
    @Override
    @SuppressWarnings("unchecked")
    public java.util.Optional<LivenessSpec<?>> liveness(CheckSpec<?> built) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
        DartReceiverModel m = (DartReceiverModel) spec.model();
        if (!m.config().design().network().persistent()) {
            return java.util.Optional.empty();
        }
        List<Liveness<LayoutState>> props = List.of(
                Liveness.eventuallyAlways(RATES_SETTLE, DasrProperties.ratesInBand(m), FAIR_MARKING),
                Liveness.eventuallyAlways(CLASSIFIER_SETTLES, DasrProperties.classifierKeptItsState(m), FAIR_MARKING));
        return java.util.Optional.of(new LivenessSpec<>(spec, props, LIVE_FAILS.get(spec.variant())));
    }

    /**
     * MaxMinShareWithinK asks for max-min shares once the classifier kept its state k windows; a
     * persistent loop whose classifier never does proves it vacuously, and the check says so.
     */
    /**
     * Declared vacuous at their defaults (docs/dasr.md): persistent's classifier keeps its state at most 5
     * window ends, fewer than k = 8, and persistent-overload-marks' never keeps it k windows at any k.
     */
    @Override
    public Set<String> expectedVacuous(String variant) {
        return variant.equals("persistent") || variant.equals("persistent-overload-marks")
                ? Set.of("MaxMinShareWithinK") : Set.of();
    }

    @Override
    public Map<String, org.rdmacheck.properties.Invariant<?>> antecedentsUnreached(CheckSpec<?> built) {
        DartReceiverModel m = (DartReceiverModel) built.model();
        if (!m.config().design().network().persistent()) {
            return Map.of();
        }
        return Map.of("MaxMinShareWithinK", DasrProperties.classifierNeverKeptK(m));
    }

    /**
     * Dart's receiver mechanisms (seed 000, III). The three targets of Figure 5 are what the
     * classifier is for; the AUSS's per-sender count keeps a sender with another message in flight;
     * soft-state expiry removes failed senders; look-ahead counts an announced incast before its
     * messages start, and the flows it announces begin at the notification, so a timeout does not
     * undo the count in the period the notification arrived; a tenant's senders are apportioned by
     * their own tenant's count (III-E: the AUSS private to a tenant's flows), not by every tenant's.
     */
    @Override
    public List<Mechanism> mechanisms() {
        String pr = "ReactionFollowsCongestion";
        return List.of(
                new Mechanism("fig5-receiver-congestion", "Figure 5: ECN at line rate -> ReceiverCongestion",
                        "seed 000, III-C, Fig. 5", pr, "dart", Map.of("groups", "0"),
                        "marks at line rate lead to NonReceiverCongestion (n = 1) instead"),
                new Mechanism("fig5-non-receiver-congestion", "Figure 5: ECN below line rate -> NonReceiverCongestion",
                        "seed 000, III-C, Fig. 5", pr, "dart", Map.of("groups", "0"),
                        "marks below line rate lead to ReceiverCongestion (marks suppressed) instead"),
                new Mechanism("fig5-no-congestion", "Figure 5: no ECN -> NoCongestion", "seed 000, III-C, Fig. 5", pr,
                        "dart", Map.of("groups", "0"), "a window without marks keeps the machine's state"),
                new Mechanism("nrc-fallback", "n = 1 in NonReceiverCongestion (DCQCN fall-back)",
                        "seed 000, III-C", pr, "dart", Map.of("groups", "0"),
                        "NonReceiverCongestion advertises the count as the other states do, not n = 1"),
                new Mechanism("line-rate-start", "an idle sender's next flow begins at the full line rate (n = 1)",
                        "seed 000, III-A", "NewMessageAtLineRate", "dart", Map.of("groups", "0"),
                        "an idle sender keeps the n it last applied: its next message begins at that fraction "
                                + "of the line rate"),
                new Mechanism("rate-recovery", "senders speed back up when n falls (the ACK's n applied)",
                        "seed 000, III-B", "ShareFollowsLatestN", "dart", Map.of("groups", "0"),
                        "a sender applies max(its n, the ACK's n): once throttled by an incast it stays "
                                + "throttled after the short flows end, until its own flow ends"),
                new Mechanism("auss-count", "AUSS per-sender in-flight count", "seed 000, III-B, Fig. 4(b)",
                        "ActiveSenderKept", "dart", Map.of("groups", "0"),
                        "a message end removes its sender from the AUSS whatever its other messages in flight"),
                new Mechanism("soft-state-expiry", "soft-state timeout of idle senders", "seed 000, III-B",
                        "FailedSenderLeaves", "dart", Map.of("groups", "0"),
                        "no soft-state timeout: a failed sender stays in the AUSS"),
                new Mechanism("soft-state-refresh", "a sender's packets refresh its soft state (last packet's timestamp)",
                        "seed 000, III-B", "NCountsUniqueSenders", "dart", Map.of("groups", "0"),
                        "a packet does not refresh its sender's soft state: only a message's start or end sets "
                                + "the timestamp, so a sender in the middle of a message times out of the AUSS"),
                new Mechanism("look-ahead", "look-ahead notification of an incast group", "seed 000, III-D",
                        "ListedArrivalWithinLineRate", "dart", Map.of("groups", "1"),
                        "the receiver does not count a group's listed senders before their messages start: "
                                + "the list still arrives with the group's first message (the workload is the "
                                + "same), the receiver ignores it"),
                new Mechanism("look-ahead-begins-flow", "a look-ahead flow begins at the notification (soft state)",
                        "seed 000, III-D, III-B", "TimeoutOnlyWhenIdle", "dart", Map.of("groups", "1"),
                        "a look-ahead does not start the listed senders' soft-state timestamps: the next timeout "
                                + "removes a flow that began in that period"),
                // one sender per tenant is enough: with both tenants' senders active the receiver-wide n
                // is 2 where each tenant's own count is 1 (TENANT_SHARING, two per tenant, kills it too)
                new Mechanism("per-tenant-apportioning", "per-tenant rate apportioning (private AUSS)",
                        "seed 000, III-E, III-B", pr, "dart",
                        Map.of("senders", "1", "tenants", "2", "messages", "1", "groups", "0"),
                        "the n in a sender's ACKs counts every tenant's AUSS, not its own tenant's: one "
                                + "tenant's senders throttle another tenant's flows"));
    }

    /** The design with the knocked-out mechanisms removed (each a guard of the one model). */
    private static Design knockedOut(Design d, Set<String> off) {
        Set<ReceiverMachine.Target> targets = java.util.EnumSet.noneOf(ReceiverMachine.Target.class);
        if (off.contains("fig5-receiver-congestion")) {
            targets.add(ReceiverMachine.Target.RECEIVER_CONGESTION);
        }
        if (off.contains("fig5-non-receiver-congestion")) {
            targets.add(ReceiverMachine.Target.NON_RECEIVER_CONGESTION);
        }
        if (off.contains("fig5-no-congestion")) {
            targets.add(ReceiverMachine.Target.NO_CONGESTION);
        }
        Design out = d.withMachine(d.machine().without(targets));
        if (off.contains("nrc-fallback")) {
            out = out.withNrcFallback(false);
        }
        if (off.contains("line-rate-start")) {
            out = out.withLineRateStart(false);
        }
        if (off.contains("rate-recovery")) {
            out = out.withRateRecovery(false);
        }
        if (off.contains("auss-count")) {
            out = out.withEndRule(Design.EndRule.REMOVE_ON_FIRST_END);
        }
        if (off.contains("soft-state-expiry")) {
            out = out.withSoftStateTimeouts(false);
        }
        if (off.contains("soft-state-refresh")) {
            out = out.withSoftStateRefresh(false);
        }
        if (off.contains("look-ahead")) {
            out = out.withLookaheadScope(Design.LookaheadScope.IGNORED);
        }
        if (off.contains("look-ahead-begins-flow")) {
            out = out.withLookaheadBeginsFlows(false);
        }
        if (off.contains("per-tenant-apportioning")) {
            out = out.withApportioning(Design.Apportioning.RECEIVER_WIDE);
        }
        return out;
    }

    /**
     * @param variant a variant name of this entry
     * @return its design
     */
    static Design design(String variant) {
        Design paper = Design.paper();
        return switch (variant) {
            case "dart" -> paper;
            case "count-messages" -> paper.withCounting(Design.SenderCounting.MESSAGES);
            case "early-removal" -> paper.withEndRule(Design.EndRule.REMOVE_ON_FIRST_END);
            case "shared-lookahead" -> paper.withLookaheadScope(Design.LookaheadScope.SHARED);
            case "forward-ecn" -> paper.withEcnInReceiverCongestion(true);
            case "no-timeout" -> paper.withSoftStateTimeouts(false);
            case "persistent" -> paper.withNetwork(Design.Network.PERSISTENT_COMBINED);
            case "persistent-hysteresis" -> paper.withNetwork(Design.Network.PERSISTENT_COMBINED)
                    .withMachine(ReceiverMachine.hysteresis());
            case "persistent-overload-marks" -> paper.withNetwork(Design.Network.PERSISTENT_COMBINED_OVERLOAD_MARKS);
            default -> throw new IllegalStateException("variant " + variant + " has no design");
        };
    }

    /** A must-fail variant whose parameters make its violation impossible is a usage error. */
    private static void requireFor(String variant, String which, boolean ok, String needs) {
        if (variant.equals(which) && !ok) {
            throw new InputException("variant " + variant + " needs " + needs + " to show its violation");
        }
    }
}
