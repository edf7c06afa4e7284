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
    void onTheStabilityBoundaryThePointIsNotCompared() {
        // the solver's boundary rule (SolverVerdict.Linear): |PM| < 1e-6 deg is neither stable nor unstable.
        // At tau*_c itself the margin is 0.0 deg (UNSTABLE by its sign) and the root count 0: before the
        // rule the cross-check counted it by the sign alone. Per N: just inside the band (+-0.5e-6 deg),
        // on tau*_c, just outside it (+-2e-6 deg); 40 ms runs (two windows), the decay or growth at such
        // margins is far too slow to show, so every run reads SUSTAINED_OSCILLATION
        FluidParameters d = FluidParameters.deployed();
        for (int n : new int[] {2, 8, 10}) {
            FluidParameters p = d.with("N", Integer.toString(n));
            double c = SolverVerdict.criticalDelayMicros(p.with("tauStar", "50"));
            double perDeg = Math.toRadians(1) / StabilityAnalysis.of(p.with("tauStar", Double.toString(c)),
                    FixedPointSource.EXACT).margins().crossoverRadPerMicro();
            double[] marginsDeg = {2e-6, 0.5e-6, 0, -0.5e-6, -2e-6};
            double[] delays = new double[marginsDeg.length];
            for (int i = 0; i < delays.length; i++) {
                delays[i] = marginsDeg[i] == 0 ? c : c - marginsDeg[i] * perDeg;
            }
            StabilityCrossCheck x = StabilityCrossCheck.run(d, new int[] {n}, delays, FixedPointSource.EXACT,
                    SolverSettings.defaults(), 2 * PerturbedRun.WINDOW_MICROS);
            assertEquals(5, x.points().size());
            for (int i = 0; i < delays.length; i++) {
                StabilityCrossCheck.Point pt = x.points().get(i);
                String at = "N = " + n + ", tau* = " + delays[i] + ": " + pt;
                double pm = pt.linear().phaseMarginDeg();
                assertEquals(marginsDeg[i], pm, 2e-7, at);
                assertEquals(SimulatedBehaviour.SUSTAINED_OSCILLATION, pt.run().behaviour(), at);
                if (Math.abs(marginsDeg[i]) < SolverVerdict.Linear.BOUNDARY_DEG) {
                    assertTrue(pt.check().onBoundary(), at);
                    assertEquals(StabilityCrossCheck.Comparison.UNDECIDED, pt.comparison(), at);
                } else {
                    // off the band the margin and the root count decide, and agree
                    assertTrue(!pt.check().onBoundary() && (marginsDeg[i] > 0 ? pt.check().stable() : pt.check().unstable()),
                            at);
                    assertEquals(marginsDeg[i] > 0 ? 0 : 2, pt.check().rightHalfPlaneRoots(), at);
                    assertEquals(marginsDeg[i] > 0 ? StabilityCrossCheck.Comparison.DISAGREES
                            : StabilityCrossCheck.Comparison.AGREES, pt.comparison(), at);
                }
            }
            // at tau*_c the margin's sign alone said UNSTABLE, which the sustained run would have "confirmed"
            assertEquals(StabilityVerdict.UNSTABLE, x.points().get(2).linear().verdict());
            assertEquals(3, x.undecided().size());
            assertEquals(1, x.disagreements().size());
            assertEquals(0.5, x.agreementRate(), "the three undecided points are not in the rate");
        }
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
