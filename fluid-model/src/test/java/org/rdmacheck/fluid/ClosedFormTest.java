package org.rdmacheck.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * N = 1 with the queue below K_min (p ≡ 0) and a byte counter too large to expire: (7)-(9) reduce
 * to dR_T/dt = R_AI/T, dR_C/dt = (R_T - R_C)/(2T), dα/dt = -gα/τ', whose solutions are
 * R_T = R_T0 + R_AI t/T, R_T - R_C = 2R_AI + (D0 - 2R_AI) e^{-t/(2T)}, α = α0 e^{-gt/τ'}.
 */
class ClosedFormTest {

    @Test
    void rateIncreaseMatchesTheClosedForm() {
        FluidParameters p = FluidParameters.deployed().with("N", "1").with("Kmax", "1000000").with("Kmin", "1000000")
                .with("B", "1e9");   // the largest byte counter taken, 1 TB: about 10^-5 expiries in 5 ms
        double rc0 = 10;
        double rt0 = 12;
        FluidProblem problem = new FluidProblem(p, List.of(new FlowSpec(1, 0, rc0, rt0, 1)), 5_000);
        Trajectory.Recorder rec = new Trajectory.Recorder(problem.layout(), 1, 100);
        FluidSolver.defaults().solve(problem, rec);
        Trajectory tr = rec.trajectory();
        double rai = p.rateAiMbps() / 1000;
        double t2 = 2 * p.timerMicros();
        for (int i = 0; i < tr.size(); i++) {
            double t = tr.timesMicros()[i];
            double rt = rt0 + rai * t / p.timerMicros();
            double gap = 2 * rai + (rt0 - rc0 - 2 * rai) * Math.exp(-t / t2);
            assertEquals(rt, tr.targetGbps()[0][i], 1e-6, "Rt at t = " + t);
            assertEquals(rt - gap, tr.rateGbps()[0][i], 1e-6, "Rc at t = " + t);
            assertEquals(Math.exp(-p.g() * t / p.alphaIntervalMicros()), tr.alpha()[0][i], 1e-9, "alpha at t = " + t);
            assertEquals(0, tr.queueKB()[i]);
        }
    }
}
