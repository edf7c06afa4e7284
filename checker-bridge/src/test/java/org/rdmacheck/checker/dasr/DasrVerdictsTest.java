package org.rdmacheck.checker.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.engine.liveness.LivenessReport;
import org.rdmacheck.model.dasr.DartReceiverModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.dasr.DasrProperties;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.dasr.DasrEntry;

/** Verdicts of the {@code dasr} runs of {@code rdmacheck all}, and the persistent loop's lassos per reading. */
class DasrVerdictsTest {

    private static final DasrEntry ENTRY = new DasrEntry();

    static ExplorationReport check(String variant, Map<String, String> params) {
        return check(variant, params, false);
    }

    static ExplorationReport check(String variant, Map<String, String> params, boolean symmetry) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(params));
        return new Explorer(ExplorerSettings.defaults().withThreads(2).withSymmetry(symmetry).withProgress(0, r -> { }))
                .check(spec);
    }

    static Set<String> violated(ExplorationReport r) {
        Set<String> out = new TreeSet<>();
        for (CheckResult c : r.results()) {
            assertTrue(c instanceof CheckResult.Verified || c instanceof CheckResult.Violated, c.toString());
            if (c instanceof CheckResult.Violated) {
                out.add(c.property());
            }
        }
        return out;
    }

    /**
     * The free-network runs; the persistent runs at their defaults are {@code DasrLoopSlowTest}'s, the
     * two tenants of two senders ({@link DasrEntry#TENANT_SHARING}, 253,554 states) are checked in full
     * by {@code all} and here to a bound ({@link #eachTenantsSendersShareTheLineRateByTheirOwnCount}).
     */
    @Test
    void everyRunViolatesExactlyItsMustFailProperties() {
        for (ModelEntry.Run run : ENTRY.allRuns()) {
            if (run.variant().startsWith("persistent") || run.params().asMap().equals(DasrEntry.TENANT_SHARING)) {
                continue;
            }
            ExplorationReport r = check(run.variant(), run.params().asMap());
            assertEquals(new TreeSet<>(ENTRY.variant(run.variant()).mustFail()), violated(r),
                    run.variant() + " " + run.params());
        }
    }

    /**
     * seed 000, III-E and III-B: a tenant's senders are advertised n = their own tenant's AUSS count.
     * Advertising another tenant's count (tenant 0's, a bug planted by hand in the window end's
     * feedback) breaks RateSumAtMostLineRate within 4 steps and ReactionFollowsCongestion within 3,
     * inside the first 2,000 states of the breadth-first search; the full check is {@code all}'s run.
     */
    @Test
    void eachTenantsSendersShareTheLineRateByTheirOwnCount() {
        CheckSpec<?> spec = ENTRY.build("dart", Params.of(DasrEntry.TENANT_SHARING));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withMaxStates(5_000)
                .withProgress(0, x -> { })).check(spec.withoutProgress());
        for (String p : List.of("RateSumAtMostLineRate", "ReactionFollowsCongestion")) {
            assertTrue(!(r.result(p) instanceof CheckResult.Violated), p + ": " + r.result(p));
        }
        assertTrue(r.stats().distinctStates() >= 2_000, "at least the 2,000 states that show the plant: " + r.stats().distinctStates());
    }

    /**
     * The knock-out per-tenant-apportioning (every tenant's count in each ACK) at two senders per tenant:
     * ReactionFollowsCongestion fails in 3 steps, as at its coverage scope of one sender per tenant;
     * RateSumAtMostLineRate holds within the same states (a larger n only lowers the rates).
     */
    @Test
    void receiverWideApportioningIsKilledAtTwoSendersPerTenantToo() {
        Map<String, String> p = new java.util.HashMap<>(DasrEntry.TENANT_SHARING);
        p.put(ModelEntry.KNOCKOUT_PARAM, "per-tenant-apportioning");
        CheckSpec<?> spec = ENTRY.build("dart", Params.of(p));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withMaxStates(5_000)
                .withProgress(0, x -> { })).check(spec.withoutProgress());
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, r.result("ReactionFollowsCongestion"));
        assertEquals(3, v.counterexample().steps().size() - 1);
        assertTrue(!(r.result("RateSumAtMostLineRate") instanceof CheckResult.Violated));
    }

    /**
     * seed 000, III-B: the throttling lasts "only for the duration of the short flows". At dart's
     * defaults the case that matters is reached (a sender has an ACK on its way with a smaller n than
     * it applies: NNeverFalls is violated), and ShareFollowsLatestN holds; with the knock-out
     * rate-recovery (a sender applies max(its n, the ACK's n)) it is the only property that fails.
     */
    @Test
    void sendersSpeedBackUpWhenNFalls() {
        CheckSpec<LayoutState> spec = cast(ENTRY.build("dart", Params.empty()));
        DartReceiverModel m = (DartReceiverModel) spec.model();
        List<org.rdmacheck.properties.Property<LayoutState>> ps = new ArrayList<>(spec.properties());
        ps.add(DasrProperties.nNeverFalls(m));
        CheckSpec<LayoutState> withAntecedent = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(),
                spec.model(), ps, Set.of("NNeverFalls"));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(2).withProgress(0, x -> { }))
                .check(withAntecedent);
        assertEquals(Set.of("NNeverFalls"), violated(r));
        assertEquals(18_348, r.stats().distinctStates());
        ExplorationReport k = check("dart", Map.of(ModelEntry.KNOCKOUT_PARAM, "rate-recovery"));
        assertEquals(Set.of("ShareFollowsLatestN"), violated(k));
        assertEquals(20_528, k.stats().distinctStates());
        ExplorationReport scope = check("dart", Map.of(ModelEntry.KNOCKOUT_PARAM, "rate-recovery", "groups", "0"));
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, scope.result("ShareFollowsLatestN"));
        assertEquals(5, v.counterexample().steps().size() - 1);
    }

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> cast(CheckSpec<?> s) {
        return (CheckSpec<LayoutState>) s;
    }

    /** Every property either has a variant that violates it at that variant's defaults, or is structural. */
    @Test
    void everyPropertyMustFailSomewhereOrIsStructural() {
        Set<String> structural = ENTRY.structuralProperties().keySet();
        assertEquals(Set.of("MachineTotal", "MachineDeterministic", "DeadlockFree"), structural);
        Set<String> covered = new TreeSet<>(structural);
        for (var v : ENTRY.variants()) {
            covered.addAll(v.mustFail());
            for (String s : structural) {
                assertTrue(!v.mustFail().contains(s), "structural " + s + " must fail in " + v.name());
            }
        }
        for (var v : ENTRY.variants()) {
            ENTRY.liveness(ENTRY.build(v.name(), Params.empty())).ifPresent(l -> covered.addAll(l.expectedViolations()));
        }
        // a knock-out violates its mechanism's purpose (KnockoutsTest in the cli module asserts each kill)
        ENTRY.mechanisms().forEach(m -> covered.add(m.purpose()));
        Set<String> all = new TreeSet<>();
        ENTRY.build("dart", Params.empty()).properties().forEach(p -> all.add(p.name()));
        ENTRY.build("persistent", Params.empty()).properties().forEach(p -> all.add(p.name()));
        ENTRY.liveness(ENTRY.build("persistent", Params.empty())).orElseThrow().properties()
                .forEach(p -> all.add(p.name()));
        assertEquals(all, covered);
        for (ModelEntry.Run run : ENTRY.allRuns()) {
            if (!ENTRY.variant(run.variant()).mustFail().isEmpty()) {
                assertTrue(run.params().asMap().isEmpty(), run.variant() + " fails at its own defaults");
            }
        }
    }

    /** Two tenants with the other sizes at the variant's defaults: a finished check with the leak. */
    @Test
    void sharedLookaheadWithTwoTenantsReportsTheLeak() {
        CheckSpec<?> spec = ENTRY.build("shared-lookahead", Params.of(Map.of("tenants", "2")));
        assertEquals(Map.of("senders", "1", "messages", "1", "tenants", "2"),
                Map.of("senders", spec.parameters().get("senders"), "messages", spec.parameters().get("messages"),
                        "tenants", spec.parameters().get("tenants")));
        ExplorationReport r = check("shared-lookahead", Map.of("tenants", "2"));
        assertEquals(Set.of("TenantIsolation"), violated(r));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("TenantIsolation"))
                .counterexample();
        assertTrue(cex.steps().size() >= 2, "a trace to the leaking step");
        assertTrue(r.stats().distinctStates() < 100_000, "distinct states " + r.stats().distinctStates());
    }

    @Test
    void paperDesignStateCountIsStableAcrossThreadCounts() {
        CheckSpec<?> spec = ENTRY.build("dart", Params.empty());
        long one = new Explorer(ExplorerSettings.defaults().withThreads(1)).check(spec).stats().distinctStates();
        long two = new Explorer(ExplorerSettings.defaults().withThreads(2)).check(spec).stats().distinctStates();
        assertEquals(one, two);
        assertEquals(18_348, one);
    }

    /** The persistent loop at small sizes (same verdicts as at the defaults, see {@code DasrLoopSlowTest}). */
    static final Map<String, Map<String, String>> SMALL = Map.of(
            "persistent", Map.of("ai", "2", "bc", "2"),
            "persistent-hysteresis", Map.of("ai", "1", "bc", "1"),
            "persistent-overload-marks", Map.of("ai", "2", "bc", "2"));

    static LivenessReport live(String variant, Map<String, String> params) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(params));
        LivenessSpec<?> live = ENTRY.liveness(spec).orElseThrow();
        return new LivenessChecker(ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { })).check(live);
    }

    static Set<String> violatedLive(LivenessReport r) {
        Set<String> out = new TreeSet<>();
        for (CheckResult c : r.results()) {
            assertTrue(c instanceof CheckResult.Verified || c instanceof CheckResult.Violated, c.toString());
            if (c instanceof CheckResult.Violated) {
                out.add(c.property());
            }
        }
        return out;
    }

    /** Safety and liveness verdicts of each persistent variant at small sizes equal its declared ones. */
    @Test
    void persistentLoopVerdictsAtSmallSizes() {
        for (var e : SMALL.entrySet()) {
            String v = e.getKey();
            assertEquals(new TreeSet<>(ENTRY.variant(v).mustFail()), violated(check(v, e.getValue())), v);
            CheckSpec<?> spec = ENTRY.build(v, Params.of(e.getValue()));
            assertEquals(new TreeSet<>(ENTRY.liveness(spec).orElseThrow().expectedViolations()),
                    violatedLive(live(v, e.getValue())), v);
        }
    }

    private static List<JsonNode> loop(Counterexample cex) {
        assertTrue(cex.loopStart() >= 0, "a lasso, not a dead end");
        List<JsonNode> out = new ArrayList<>();
        for (TraceStep s : cex.steps().subList(cex.loopStart(), cex.steps().size())) {
            out.add(s.state());
        }
        return out;
    }

    private static int rate(JsonNode state, int sender, int lineRate) {
        return Math.min(lineRate / state.get("applied").get(sender).asInt(),
                state.get("rp").get(sender).get("rc").asInt());
    }

    /**
     * Memoryless reading: the classifier cycles through RC and NRC for ever, and the rate oscillation
     * it causes is the unbottlenecked senders': their marks always come with line rate, RC suppresses
     * them, their DCQCN limiters stay at line rate and they jump from L/3 = 4 to 12 units whenever NRC
     * sets n = 1. The bottlenecked sender 0 stays within 1..3 units (c = 2).
     */
    @Test
    void memorylessClassifierOscillationIsARateOscillationOfTheUnbottleneckedSenders() {
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                live("persistent", SMALL.get("persistent")).result(DasrEntry.CLASSIFIER_SETTLES)).counterexample();
        Set<String> modes = new TreeSet<>();
        Set<Integer> r0 = new TreeSet<>();
        Set<Integer> r1 = new TreeSet<>();
        for (JsonNode st : loop(cex)) {
            modes.add(st.get("mode").asText());
            r0.add(rate(st, 0, 12));
            r1.add(rate(st, 1, 12));
        }
        assertTrue(modes.containsAll(Set.of("ReceiverCongestion", "NonReceiverCongestion")), modes.toString());
        assertEquals(Set.of(4, 12), r1);
        assertTrue(r0.stream().allMatch(r -> r >= 1 && r <= 3), r0.toString());
    }

    /**
     * Hysteresis reading: NRC is kept while marks last, but once DCQCN has cut the rates the marks
     * stop, NoCongestion advertises n = |AUSS| = 3, sender 0's recovering rate overruns the
     * bottleneck, and NRC's n = 1 releases the other senders' DCQCN rates, recovered above their share
     * in the meantime: the classifier cycles between NRC and NoCongestion for ever.
     */
    @Test
    void hysteresisClassifierCyclesBetweenNonReceiverAndNoCongestion() {
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                live("persistent-hysteresis", SMALL.get("persistent-hysteresis"))
                        .result(DasrEntry.CLASSIFIER_SETTLES)).counterexample();
        Set<String> modes = new TreeSet<>();
        int maxOther = 0;
        for (JsonNode st : loop(cex)) {
            modes.add(st.get("mode").asText());
            maxOther = Math.max(maxOther, Math.max(rate(st, 1, 12), rate(st, 2, 12)));
        }
        assertEquals(Set.of("NoCongestion", "NonReceiverCongestion"), modes);
        assertTrue(maxOther > 6, "an unbottlenecked sender leaves its band (share 5 + 1): " + maxOther);
    }

    /** The question (a) for sender 0 alone: its rate ends up in its band under both readings. */
    @Test
    void bottleneckedSenderStaysInItsBandUnderBothReadings() {
        for (String v : List.of("persistent", "persistent-hysteresis")) {
            CheckSpec<?> built = ENTRY.build(v, Params.of(SMALL.get(v)));
            @SuppressWarnings("unchecked")
            CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
            DartReceiverModel model = (DartReceiverModel) spec.model();
            Liveness<LayoutState> sender0 = Liveness.eventuallyAlways("Sender0InBand",
                    s -> DasrProperties.inBand(model, s, 0), DasrEntry.FAIR_MARKING);
            LivenessReport r = new LivenessChecker(ExplorerSettings.defaults().withThreads(2)
                    .withProgress(0, x -> { })).check(new LivenessSpec<>(spec, List.of(sender0), Set.of()));
            assertInstanceOf(CheckResult.Verified.class, r.result("Sender0InBand"), v);
        }
    }

    /** The rate sum overshoots at the second window end: NRC's n = 1 releases line-rate DCQCN limiters. */
    @Test
    void rateSumOvershootsWhenNonReceiverCongestionReleasesTheDcqcnLimiters() {
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                check("persistent", SMALL.get("persistent")).result("WindowRateSumAtMostLineRate")).counterexample();
        JsonNode last = cex.steps().get(cex.steps().size() - 1).state();
        assertEquals("NonReceiverCongestion", last.get("mode").asText());
        assertEquals(6 + 12 + 12, rate(last, 0, 12) + rate(last, 1, 12) + rate(last, 2, 12));
    }

    @Test
    void impossibleMustFailConfigurationsAreUsageErrors() {
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("shared-lookahead", Params.of(Map.of("tenants", "1"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("persistent", Params.of(Map.of("senders", "1"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("dart", Params.of(Map.of("lookahead", "maybe"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("dart", Params.of(Map.of("senders", "-1"))));
    }
}
