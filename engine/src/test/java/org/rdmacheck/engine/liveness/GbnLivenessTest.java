package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.GbnEntry;
import org.rdmacheck.properties.gbn.GbnProperties;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.layout.LayoutState;

/** Go-Back-N's Delivered under fair protocol actions and finitely many losses, per variant at its defaults. */
class GbnLivenessTest {

    private static final GbnEntry GBN = new GbnEntry();

    private static CheckResult delivered(String variant, Map<String, String> params, int threads) {
        CheckSpec<?> spec = GBN.build(variant, Params.of(params));
        LivenessSpec<?> live = GBN.liveness(spec).orElseThrow();
        LivenessReport r = new LivenessChecker(ExplorerSettings.defaults().withThreads(threads)
                .withProgress(0, x -> { })).check(live);
        assertTrue(r.complete(), r.stopReason());
        CheckResult res = r.result(GbnProperties.DELIVERED);
        assertEquals(live.expectedViolations().contains(GbnProperties.DELIVERED),
                res.verdict() == CheckResult.Verdict.VIOLATED, variant + " " + params + ": " + res);
        if (res instanceof CheckResult.Violated v) {
            assertEquals(Counterexample.Kind.TEMPORAL, v.counterexample().kind());
            assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(live, v.counterexample()));
        }
        return res;
    }

    @Test
    void everyVariantAtItsDefaultsMeetsItsExpectation() {
        for (String variant : new String[] {"gbn", "gb0", "st", "ce", "improved", "improved-ignore"}) {
            delivered(variant, Map.of(), 1);
        }
        assertEquals(CheckResult.Verdict.VIOLATED, delivered("improved-ignore", Map.of(), 1).verdict());
        assertEquals(CheckResult.Verdict.VERIFIED, delivered("gb0", Map.of("losses", "2"), 1).verdict());
    }

    @Test
    void oneAndTwoThreadsAgree() {
        CheckResult a = delivered("improved-ignore", Map.of(), 1);
        CheckResult b = delivered("improved-ignore", Map.of(), 2);
        assertEquals(((CheckResult.Violated) a).counterexample().steps(),
                ((CheckResult.Violated) b).counterexample().steps());
    }

    /** Both variants with Check-EPSN livelock when receptions are only weakly fair (docs/explorer.md). */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"ce", "improved"})
    @SuppressWarnings("unchecked")
    void checkEpsnLivelocksWhenReceptionsAreOnlyWeaklyFair(String variant) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) GBN.build(variant, Params.empty());
        GoBackN m = (GoBackN) spec.model();
        Liveness<LayoutState> weak = Liveness.eventually("DeliveredUnderWeakFairness", m::done,
                new Fairness("each non-loss action", Fairness.Strength.WEAK, Fairness.Scope.EACH,
                        a -> !a.name().startsWith("Lose")));
        LivenessSpec<LayoutState> live = new LivenessSpec<>(spec, List.of(weak), Set.of());
        LivenessReport r = new LivenessChecker(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { }))
                .check(live);
        CheckResult res = r.result("DeliveredUnderWeakFairness");
        assertEquals(CheckResult.Verdict.VIOLATED, res.verdict());
        Counterexample cex = ((CheckResult.Violated) res).counterexample();
        assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(live, cex));
        // the loop fills the control channel (capacity 4), which disables ReceiveData now and then
        assertTrue(cex.steps().subList(cex.loopStart(), cex.steps().size()).stream()
                .anyMatch(st -> st.state().get("ctrl").size() == 4));
        assertTrue(cex.steps().subList(cex.loopStart() + 1, cex.steps().size()).stream()
                .noneMatch(st -> st.action().name().equals("ReceiveData")));
    }

    /**
     * The catalogue's channel fairness (each channel's receptions as one action) gives the verdicts
     * that fairness of every reception and send value on its own gives, on every variant's defaults.
     */
    @Test
    @SuppressWarnings("unchecked")
    void channelFairnessAgreesWithPerValueFairness() {
        for (String variant : new String[] {"gbn", "gb0", "st", "ce", "improved", "improved-ignore"}) {
            CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) GBN.build(variant, Params.empty());
            GoBackN m = (GoBackN) spec.model();
            Liveness<LayoutState> perValue = Liveness.eventually("PerValue", m::done,
                    new Fairness("Receive*", Fairness.Strength.STRONG, Fairness.Scope.EACH,
                            a -> a.name().startsWith("Receive")),
                    new Fairness("Send and timers", Fairness.Strength.WEAK, Fairness.Scope.EACH,
                            a -> !a.name().startsWith("Lose") && !a.name().startsWith("Receive")));
            LivenessSpec<LayoutState> catalogue = (LivenessSpec<LayoutState>) GBN.liveness(spec).orElseThrow();
            List<Liveness<LayoutState>> both = new java.util.ArrayList<>(catalogue.properties());
            both.add(perValue);
            LivenessReport r = new LivenessChecker(ExplorerSettings.defaults().withThreads(2).withProgress(0, x -> { }))
                    .check(new LivenessSpec<>(spec, both, Set.of()));
            assertEquals(r.result(GbnProperties.DELIVERED).verdict(), r.result("PerValue").verdict(), variant);
        }
    }
}
