package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;

/** The linear verdicts against the nonlinear delay-differential model. */
class StabilityCrossCheckTest {

    @Test
    void delayDifferentialModelChangesBehaviourAtTheCriticalDelay() {
        // the margin at 50 us and its crossover give the delay at which it reaches 0: τc = τ + PM/ω_c
        FluidParameters p = FluidParameters.deployed().with("N", "8");
        StabilityPoint at50 = StabilityAnalysis.of(p.with("tauStar", "50"), FixedPointSource.EXACT);
        double critical = 50 + Math.toRadians(at50.phaseMarginDeg()) / at50.margins().crossoverRadPerMicro();
        assertTrue(critical > 55 && critical < 70, "critical delay " + critical);
        for (double offset : new double[] {-6, 6}) {
            FluidParameters q = p.with("tauStar", Double.toString(critical + offset));
            StabilityPoint lin = StabilityAnalysis.of(q, FixedPointSource.EXACT);
            PerturbedRun run = PerturbedRun.solve(q, FixedPoint.of(q), SolverSettings.defaults(), PerturbedRun.DURATION_MICROS);
            assertEquals(offset < 0 ? StabilityVerdict.STABLE : StabilityVerdict.UNSTABLE, lin.verdict());
            assertEquals(offset < 0 ? SimulatedBehaviour.CONVERGING : SimulatedBehaviour.SUSTAINED_OSCILLATION,
                    run.behaviour(), "tau* = " + (critical + offset) + ": amplitude " + run.firstAmplitudeKB() + " -> "
                    + run.lastAmplitudeKB() + " KB");
        }
    }

    @Test
    void frozenRateTermsGiveThePublishedInstabilityWhichTheSolverRefutes() {
        // with R_C(t - τ*) in the exponents frozen at C/N, τ* = 50 µs loses stability from N = 8
        FluidParameters d = FluidParameters.deployed();
        for (int n : new int[] {8, 10, 12, 14}) {
            StabilityPoint frozen = StabilityAnalysis.of(d.with("N", "" + n).with("tauStar", "50"), FixedPointSource.EXACT,
                    RateTerms.FROZEN);
            assertEquals(StabilityVerdict.UNSTABLE, frozen.verdict(), "N=" + n);
        }
        assertEquals(StabilityVerdict.STABLE, StabilityAnalysis.of(d.with("N", "2").with("tauStar", "50"),
                FixedPointSource.EXACT, RateTerms.FROZEN).verdict());
        // the delay-differential model converges there: the exact linearisation agrees, the frozen one does not
        StabilityCrossCheck exact = StabilityCrossCheck.run(d, new int[] {10}, new double[] {50}, FixedPointSource.EXACT,
                RateTerms.DELAYED, SolverSettings.defaults(), PerturbedRun.DURATION_MICROS);
        StabilityCrossCheck frozen = StabilityCrossCheck.run(d, new int[] {10}, new double[] {50}, FixedPointSource.EXACT,
                RateTerms.FROZEN, SolverSettings.defaults(), PerturbedRun.DURATION_MICROS);
        assertEquals(SimulatedBehaviour.CONVERGING, exact.points().get(0).run().behaviour());
        assertEquals(1.0, exact.agreementRate());
        assertEquals(0.0, frozen.agreementRate());
        assertTrue(frozen.points().get(0).linear().phaseMarginDeg() < -1);
    }

    @Test
    void gridAgreesWithTheSignOfTheMargin() {
        StabilityCrossCheck c = StabilityCrossCheck.run(FluidParameters.deployed(), new int[] {2, 8, 20},
                new double[] {1, 50, 100}, FixedPointSource.EXACT, SolverSettings.defaults(), PerturbedRun.DURATION_MICROS);
        // N = 20 is outside RED's linear region: not simulated
        assertEquals(6, c.points().size());
        assertEquals(3, c.skipped().size());
        assertTrue(c.skipped().stream().allMatch(s -> s.verdict() == StabilityVerdict.OUTSIDE_LINEAR_REGION));
        assertEquals(1.0, c.agreementRate(), "disagreements " + c.disagreements());
        assertTrue(c.disagreements().isEmpty());
        long converging = c.points().stream().filter(x -> x.run().behaviour() == SimulatedBehaviour.CONVERGING).count();
        assertEquals(4, converging);
    }
}
