package org.rdmacheck.fluid.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;

/**
 * The simulated steady state of the two-flow scenario is seed 004's fixed point (computed apart from
 * the solver's equations), within the stated tolerance; a steady state elsewhere is refuted.
 */
class FixedPointCheckTest {

    @Test
    void twoFlowsSettleOnTheFixedPoint() {
        ScenarioReport r = TwoFlowScenario.run(FluidParameters.deployed(), SolverSettings.defaults(), null);
        ScenarioReport.Finding f = r.findings().stream().filter(x -> x.label().endsWith("= fixed point"))
                .findFirst().orElseThrow();
        assertEquals(ScenarioReport.Expect.HOLDS, f.expect());
        assertEquals("CONFIRMED", f.verdict(), f.summary());
    }

    @Test
    void aSteadyStateOffTheFixedPointIsRefuted() {
        FluidParameters two = FluidParameters.deployed().with("N", "2");
        double q = FixedPoint.of(two).queueKB();
        double c = FixedPoint.of(two).rateGbps();
        assertEquals("CONFIRMED", FixedPointCheck.check("x", two, "", q * 1.04, c, c).orElseThrow().verdict());
        assertEquals("REFUTED", FixedPointCheck.check("x", two, "", q * 0.9, c, c).orElseThrow().verdict());
        assertEquals("REFUTED", FixedPointCheck.check("x", two, "", q, c * 1.03, c * 0.97).orElseThrow().verdict());
    }

    /**
     * T at its range's top (1 s): the rate-increase timer never fires in the run, the two flows never
     * settle, so the last window is no steady state: the comparison is INCONCLUSIVE, not REFUTED.
     */
    @Test
    void aRunThatDidNotConvergeLeavesTheFixedPointUndecided() {
        ScenarioReport r = TwoFlowScenario.run(FluidParameters.deployed().with("T", "1000000"),
                SolverSettings.defaults(), null);
        assertEquals("NOT-CONVERGED", r.findings().get(0).verdict(), r.findings().get(0).summary());
        ScenarioReport.Finding f = r.findings().stream().filter(x -> x.label().endsWith("= fixed point"))
                .findFirst().orElseThrow();
        assertEquals("INCONCLUSIVE", f.verdict(), f.summary());
        FluidParameters two = FluidParameters.deployed().with("N", "2");
        double q = FixedPoint.of(two).queueKB();
        double c = FixedPoint.of(two).rateGbps();
        assertEquals("INCONCLUSIVE", FixedPointCheck.check("x", two, "", false, q, c, c).orElseThrow().verdict(),
                "not settled: undecided even where the window happens to match");
        assertEquals("INCONCLUSIVE", FixedPointCheck.check("x", two, "", false, q * 0.5, c, c).orElseThrow().verdict());
    }

    @Test
    void noFindingWhereTheFixedPointIsOutsideRedsLinearRegion() {
        FluidParameters many = FluidParameters.deployed().with("N", "32");
        assertTrue(FixedPointCheck.check("x", many, "", 50).isEmpty());
    }
}
