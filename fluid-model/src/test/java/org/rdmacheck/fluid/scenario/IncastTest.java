package org.rdmacheck.fluid.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;

/**
 * Scenario 4: in the fluid model, sustained buffer starvation appears exactly where the fixed
 * point leaves RED's linear region (p* > P_max): the queue must then cross K_max, marking jumps
 * to 1, every flow cuts its rate and the queue drains.
 */
class IncastTest {

    private static void check(int n, double raiMbps, boolean starves) {
        FluidParameters p = FluidParameters.deployed().with("N", Integer.toString(n)).with("Rai", Double.toString(raiMbps));
        IncastRun run = IncastRun.solve(p, SolverSettings.defaults());
        assertEquals(starves, run.starves(), n + ":1, Rai " + raiMbps + ": lost " + run.lostFraction());
        assertEquals(starves, !FixedPoint.of(p).inLinearRegion(), "fixed point for " + n + ":1, Rai " + raiMbps);
        if (!starves) {
            assertEquals(FixedPoint.of(p).queueKB(), run.steadyQueue().meanKB(), 0.5);
            assertEquals(0, run.starvedMillis());
        }
    }

    @Test
    void eightToOneDoesNotStarve() {
        check(8, 40, false);
    }

    @Test
    void sixteenToOneStarvesWithDeployedRateAiButNotWithHalf() {
        check(16, 40, true);
        check(16, 20, false);
    }

    @Test
    void thirtyTwoToOneStarvesEvenWithHalfRateAi() {
        check(32, 20, true);
    }

    @Test
    void gainSweepFigures() {
        ScenarioReport r = QueueVsGain.run(FluidParameters.deployed(), SolverSettings.defaults(), null);
        assertEquals(QueueVsGain.degrees().length * QueueVsGain.gains().length, r.findings().size());
        // 2:1 has a fixed point in RED's linear region: the steady queue sits at q* for every g but the slowest,
        // and q* does not depend on g (alpha* = 1 - (1-p*)^{tau' Rc*} has no g)
        double q = FixedPoint.of(FluidParameters.deployed()).queueKB();
        for (int i = 0; i < 3; i++) {
            var f = r.findings().get(i).figures();
            assertEquals(q, f.get("steady_mean_queue_KB"), 0.2, r.findings().get(i).summary());
            assertTrue(f.get("steady_std_queue_KB") < 0.1, r.findings().get(i).summary());
        }
        // 16:1 has none: the queue keeps hitting empty for every g
        for (int i = QueueVsGain.gains().length; i < r.findings().size(); i++) {
            assertEquals(0, r.findings().get(i).figures().get("steady_min_queue_KB"), 1e-9);
        }
        assertFalse(r.findings().isEmpty());
    }
}
