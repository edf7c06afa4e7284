package org.rdmacheck.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.scenario.TwoFlowScenario;

class FixedPointTest {

    @Test
    void twoDeployedFlowsConvergeToTheComputedFixedPoint() {
        FluidParameters p = FluidParameters.deployed();
        FixedPointResult fp = FixedPoint.of(p);
        assertTrue(fp.inLinearRegion());
        assertEquals(20, fp.rateGbps(), 1e-12);
        TwoFlowScenario.Run run = TwoFlowScenario.solve(p, SolverSettings.defaults(), 100);
        Trajectory tr = run.trajectory();
        int last = tr.size() - 1;
        for (int g = 0; g < 2; g++) {
            assertEquals(fp.rateGbps(), tr.rateGbps()[g][last], 0.05, "Rc of flow " + g);
            assertEquals(fp.targetGapGbps(), tr.targetGbps()[g][last] - tr.rateGbps()[g][last], 0.01, "Rt - Rc");
            assertEquals(fp.alpha(), tr.alpha()[g][last], 2e-3, "alpha of flow " + g);
        }
        assertEquals(fp.queueKB(), tr.queueKB()[last], 0.5);
    }

    @Test
    void theFixedPointSatisfiesEquations7To9() {
        FluidParameters p = FluidParameters.deployed().with("N", "4");
        FixedPointResult fp = FixedPoint.of(p);
        double rc = p.capacityPerMicro() / 4;
        MarkingTerms m = new MarkingTerms(fp.markingProbability());
        assertEquals(m.atLeastOneMarked(p.alphaIntervalMicros() * rc), fp.alpha(), 1e-12);
        // (9) at the fixed point: decrease balances increase
        double gap = Units.gbpsToPacketsPerMicro(fp.targetGapGbps(), 1);
        double b = p.byteCounterPackets();
        double tr = p.timerMicros() * rc;
        double decrease = rc * fp.alpha() / (2 * p.cnpIntervalMicros()) * m.atLeastOneMarked(p.cnpIntervalMicros() * rc);
        double increase = gap / 2 * rc * (m.scaledCounterTerm(b) / b + m.scaledCounterTerm(tr) / tr);
        assertEquals(decrease, increase, 1e-9 * decrease);
        assertEquals(Marking.of(p).queueFor(fp.markingProbability()), fp.queueKB(), 1e-9);
    }

    @Test
    void manyFlowsHaveNoFixedPointInRedsLinearRegion() {
        FixedPointResult fp = FixedPoint.of(FluidParameters.deployed().with("N", "32"));
        assertFalse(fp.inLinearRegion());
        assertTrue(fp.markingProbability() > 0.01);
        assertTrue(Double.isNaN(fp.queueKB()));
        assertTrue(FixedPoint.of(FluidParameters.strawman()).cutOff());
    }
}
