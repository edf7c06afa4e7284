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

    @Test
    void noFindingWhereTheFixedPointIsOutsideRedsLinearRegion() {
        FluidParameters many = FluidParameters.deployed().with("N", "32");
        assertTrue(FixedPointCheck.check("x", many, "", 50).isEmpty());
    }
}
