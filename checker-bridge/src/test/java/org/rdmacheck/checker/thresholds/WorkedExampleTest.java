package org.rdmacheck.checker.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 004 §4's Arista 7050QX32 example: the paper's figures against its formulas and the solver. */
class WorkedExampleTest {

    private final ThresholdAnalysis analysis = new ThresholdAnalysis(new ThresholdSolver(20_000));

    @Test
    void solverReproducesTheFiguresThatFollow() {
        ThresholdReport r = analysis.derive(SwitchSpecs.load("arista-7050qx32"));
        assertEquals(22_400, r.headroom().bytes());
        assertEquals(6_265_600, r.sharedBuffer());
        assertEquals(24_475, r.staticDerivation().tPfcMax()); // paper: 24.47 KB
        assertEquals(764, r.staticDerivation().tEcnMax()); // paper: 0.85 KB; < one MTU either way
        assertFalse(r.staticDerivation().feasible());
        assertEquals(new Beta(8, 1), r.dynamicDerivation().beta().orElseThrow());
        assertEquals(21_755, r.dynamicDerivation().tEcnMax()); // paper: t_ECN < 21.75 KB (21,755.6 B)
        assertTrue(r.dynamicDerivation().feasible());
    }

    @Test
    void figuresAreFlaggedAsTheyFollowOrNot() {
        List<PaperFigure> f = WorkedExample.figures();
        assertEquals(List.of(PaperFigure.Status.GIVEN, PaperFigure.Status.GIVEN, PaperFigure.Status.FOLLOWS_TRUNCATED,
                PaperFigure.Status.DOES_NOT_FOLLOW, PaperFigure.Status.FOLLOWS_TRUNCATED,
                PaperFigure.Status.DOES_NOT_FOLLOW, PaperFigure.Status.FOLLOWS),
                f.stream().map(PaperFigure::status).toList());
        assertTrue(f.get(3).computed().startsWith("0.7648 KB"));
        assertTrue(f.get(5).computed().startsWith("97.9 KB"));
        assertTrue(f.get(1).note().contains("111.6 m"));
    }

    @Test
    void computedHeadroomShowsEveryTerm() {
        Headroom h = Headroom.of(SwitchSpecs.load("arista-7050qx32-link"));
        assertEquals(List.of("LargestFrameAtPauseSender", "PauseFrame", "InterfaceDelays", "CablePropagationBothWays",
                "SenderResponseTime", "LargestFrameAtUpstream"), h.terms().stream().map(HeadroomTerm::name).toList());
        // 1520 + 84 + 6144 + 5000 (100 m at 40 Gb/s, both ways) + 7552 + 1520
        assertEquals(21_820, h.bytes());
        assertFalse(h.given());
    }

    @Test
    void seedMisconfigurationHasAMinimalWitness() {
        SwitchSpec sw = SwitchSpecs.load("arista-7050qx32");
        ConfigCheck c = analysis.check(sw, ThresholdConfig.ofStatic("seed004-misconfigured", 24_470, 120_000))
                .check().orElseThrow();
        assertEquals(ConfigCheck.Verdict.UNSAFE, c.verdict());
        Witness w = c.witnessSearch().witness().orElseThrow();
        assertTrue(c.witnessSearch().minimal());
        assertEquals(24_470, w.ingressBytes());
        assertTrue(w.fedQueues().stream().allMatch(q -> q.bytes() <= 120_000));
        assertTrue(Witnesses.evaluate(sw, 22_400, c.config(), w).violates());
    }

    @Test
    void dartOrderingDeflectionBelowEcnHoldsButPfcDependsOnTheReading() {
        List<ThresholdReport> reports = DartSettings.check(analysis);
        assertEquals(4, reports.size());
        for (ThresholdReport r : reports) {
            ConfigCheck c = r.check().orElseThrow();
            assertFalse(c.fails("DeflectionBelowEcn"));
            assertTrue(c.solverAgrees());
        }
        // per-port reading: static worst case fails (16 x 22.5 KB > 203,488 B), dynamic beta = 8 holds
        assertEquals(ConfigCheck.Verdict.UNSAFE, reports.get(0).check().orElseThrow().verdict());
        assertEquals(ConfigCheck.Verdict.SAFE, reports.get(1).check().orElseThrow().verdict());
        // per-switch reading: the headroom alone (16 x 21,512 B) exceeds 225 KB
        assertTrue(reports.get(2).sharedBuffer() < 0);
        assertTrue(reports.get(2).check().orElseThrow().fails("NoLossBeforePause"));
        assertTrue(reports.get(3).check().orElseThrow().fails("HeadroomFits"));
    }

    @Test
    void deepBufferSwitchBeyondChocoDomainsIsExact() {
        // a 64 MB, 64 x 100 Gb/s switch: B exceeds Choco's domain bound, the per-queue quantities do not
        SwitchSpec sw = SwitchSpecs.parse(java.util.Map.of("buffer", "64MB", "ports", "64", "speed", "100G",
                "cable", "100m"), "t");
        ThresholdReport r = analysis.derive(sw);
        long tf = r.headroom().bytes();
        assertEquals(ThresholdMath.staticPfcMax(sw, tf), r.staticDerivation().tPfcMax());
        assertEquals(ThresholdMath.dynamicEcnMax(sw, tf, new Beta(8, 1)), r.dynamicDerivation().tEcnMax());
        ConfigCheck above = analysis.check(sw, ThresholdConfig.ofDynamic("x", new Beta(8, 1),
                r.dynamicDerivation().tEcnMax() + 1)).check().orElseThrow();
        assertEquals(ConfigCheck.Verdict.UNSAFE, above.verdict());
        assertTrue(Witnesses.evaluate(sw, tf, above.config(), above.witnessSearch().witness().orElseThrow()).violates());
        assertEquals(ConfigCheck.Verdict.SAFE, analysis.check(sw, ThresholdConfig.ofDynamic("y", new Beta(8, 1),
                r.dynamicDerivation().tEcnMax())).check().orElseThrow().verdict());
    }
}
