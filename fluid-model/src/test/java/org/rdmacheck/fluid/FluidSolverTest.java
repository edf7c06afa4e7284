package org.rdmacheck.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.scenario.TwoFlowScenario;

class FluidSolverTest {

    @Test
    void derivativeEvaluationsAreBoundedByFourPerStep() {
        FluidParameters p = FluidParameters.deployed();
        SolveResult r = TwoFlowScenario.solve(p, SolverSettings.defaults(), 1000).result();
        long steps = (long) Math.ceil(TwoFlowScenario.DURATION_MICROS / r.stepMicros());
        assertEquals(steps, r.steps());
        // classical RK4: four evaluations per step, plus one per segment start (t = 0 and the 10 ms start)
        assertEquals(4 * steps + 2, r.evaluations());
    }

    @Test
    void stepIsCappedAtTheFeedbackDelay() {
        FluidParameters p = FluidParameters.deployed().with("tauStar", "2");
        SolveResult r = new FluidSolver(new SolverSettings(5)).solve(FluidProblem.identical(p, 1000));
        assertEquals(2, r.stepMicros());
        assertEquals(500, r.steps());
    }

    @Test
    void zeroFeedbackDelayIsAllowed() {
        FluidParameters p = FluidParameters.deployed().with("tauStar", "0");
        SolveResult r = FluidSolver.defaults().solve(FluidProblem.identical(p, 200_000));
        FixedPointResult fp = FixedPoint.of(p);
        assertEquals(fp.rateGbps(), Units.packetsPerMicroToGbps(r.finalState()[r.layout().currentRate(0)], 1), 0.05);
    }

    @Test
    void divergenceNamesTheTimeAndComponent() {
        StateLayout l = new StateLayout(2);
        double[] y = {10, 2.5, 2.6, 0.1, 2.5, 2.6, 0.1};
        FluidSolver.checkState(l, 5, 1234.5, y);
        y[l.targetRate(1)] = Double.NaN;
        FluidDivergenceException e = assertThrows(FluidDivergenceException.class,
                () -> FluidSolver.checkState(l, 5, 1234.5, y));
        assertEquals("Rt[1]", e.component());
        assertEquals(1234.5, e.timeMicros());
        y[l.targetRate(1)] = 2.6;
        y[l.alpha(0)] = 7;
        assertEquals("alpha[0]", assertThrows(FluidDivergenceException.class,
                () -> FluidSolver.checkState(l, 5, 1, y)).component());
        y[l.alpha(0)] = 0.1;
        y[StateLayout.QUEUE] = Double.POSITIVE_INFINITY;
        assertEquals("q", assertThrows(FluidDivergenceException.class,
                () -> FluidSolver.checkState(l, 5, 1, y)).component());
    }

    @Test
    void identicalGroupEqualsPerFlowForm() {
        // N identical flows as one group of N (5)-(9) and as N groups coupled by (11) give the same solution
        FluidParameters p = FluidParameters.deployed().with("N", "3");
        SolveResult one = FluidSolver.defaults().solve(FluidProblem.identical(p, 20_000));
        SolveResult three = FluidSolver.defaults().solve(new FluidProblem(p,
                List.of(FlowSpec.startingAt(1, 0, 40), FlowSpec.startingAt(1, 0, 40), FlowSpec.startingAt(1, 0, 40)),
                20_000));
        double[] a = one.finalState();
        double[] b = three.finalState();
        assertEquals(a[0], b[0], 1e-9);
        for (int g = 0; g < 3; g++) {
            assertEquals(a[1], b[1 + 3 * g], 1e-12);
            assertEquals(a[2], b[2 + 3 * g], 1e-12);
            assertEquals(a[3], b[3 + 3 * g], 1e-12);
        }
    }

    @Test
    void theQueueIsNeverNegative() {
        // seed 004 (6): q >= 0. At C = 10 Tb/s one flow at line rate empties the queue within a 2.5 us step;
        // RK4 overshot below 0 and (6)'s clamp at q <= 0 held it there (-3.4 KB on average in the solver verdict)
        FluidParameters p = FluidParameters.deployed().with("N", "1").with("tauStar", "100000").with("C", "10000")
                .with("Rai", "10000").with("Rhai", "10000");
        double[] min = {Double.MAX_VALUE};
        new FluidSolver(new SolverSettings(2.5)).solve(new FluidProblem(p, List.of(new FlowSpec(1, 0, 5000, 5000, 1)),
                40_000, 50), (t, y) -> min[0] = Math.min(min[0], y[StateLayout.QUEUE]));
        assertEquals(0, min[0], 0.0);
    }
}
