package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The delay-differential model at N = 8 (deployed parameters): it converges at τ* = 50 µs, where the
 * published analysis says -6.4° and the exact linearisation +1.9°, and settles into a limit cycle at
 * 100 µs, from a start near the fixed point and one far from it alike; the step is halved once and the
 * verdict holds.
 */
class SolverVerdictTest {

    private static final SolverVerdict.Rule SHORT = new SolverVerdict.Rule(100_000, 20_000, 1.0, 5.0);

    private static FluidParameters at(int n, double tau) {
        return FluidParameters.deployed().with("N", "" + n).with("tauStar", "" + tau);
    }

    @Test
    void convergesAtFiftyMicrosecondsFromBothStarts() {
        for (SolverVerdict.Start s : SolverVerdict.Start.values()) {
            SolverVerdict v = SolverVerdict.of(at(8, 50), s, SHORT);
            assertEquals(SolverVerdict.Behaviour.CONVERGES, v.behaviour(), v.toString());
            assertTrue(v.stepSettled(), v.toString());
            assertTrue(v.amplitudeKB() < 1, v.toString());
            assertEquals(0, v.emptyShare(), 1e-12);
        }
    }

    @Test
    void oscillatesAtOneHundredMicrosecondsFromBothStarts() {
        for (SolverVerdict.Start s : SolverVerdict.Start.values()) {
            SolverVerdict v = SolverVerdict.of(at(8, 100), s, SHORT);
            assertEquals(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION, v.behaviour(), v.toString());
            assertTrue(v.stepSettled(), v.toString());
            // a limit cycle of about 220 KB peak to peak with a period of about 2.6 ms, the queue empty half the time
            assertEquals(219, v.amplitudeKB(), 10, v.toString());
            assertEquals(2620, v.periodMicros(), 100, v.toString());
            assertTrue(v.emptyShare() > 0.3, v.toString());
        }
    }

    @Test
    void growthIsDecidedBeforeAmplitude() {
        double t = 1.0;
        // a growing envelope is never CONVERGES, however small (the far start at 1.03 tau*_c, N = 8: 0.3 KB, x 1.16)
        assertEquals(SolverVerdict.Behaviour.STILL_GROWING, SolverVerdict.judge(0.3, 0.3 / 1.16, t));
        assertEquals(SolverVerdict.Behaviour.STILL_GROWING, SolverVerdict.judge(1e-4, 1e-5, t));
        assertEquals(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION, SolverVerdict.judge(2.7, 0.9, t));
        // small and shrinking, or steady within the 1 % jitter allowance: converges
        assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.judge(0.3, 0.75, t));
        assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.judge(0.5, 0.5 / 1.005, t));
        assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.judge(0, 0, t));
        // below the numerical floor a ratio is round-off, not growth
        assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.judge(1e-9, 1e-12, t));
        // above the threshold: a limit cycle (within 0.9 of the window before) or still decaying
        assertEquals(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION, SolverVerdict.judge(219, 219, t));
        assertEquals(SolverVerdict.Behaviour.STILL_DECAYING, SolverVerdict.judge(5, 10, t));
    }

    @Test
    void theLinearisationVetoesConvergenceWhereItIsUnstable() {
        // a fixed point with a root in the right half-plane attracts no generic solution: windows that
        // read CONVERGES there are a growing mode under a decaying transient, undecided
        SolverVerdict.Linear unstable = new SolverVerdict.Linear(StabilityVerdict.UNSTABLE, -0.3, false, 2);
        SolverVerdict.Linear stable = new SolverVerdict.Linear(StabilityVerdict.STABLE, 0.3, false, 0);
        assertEquals(SolverVerdict.Behaviour.STILL_GROWING, SolverVerdict.decide(SolverVerdict.Behaviour.CONVERGES, 0.2, 0.8, unstable));
        assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.decide(SolverVerdict.Behaviour.CONVERGES, 0.2, 0.8, stable));
        // either test finding a root in the right half-plane is enough (a positive margin with two roots counted)
        assertEquals(SolverVerdict.Behaviour.STILL_GROWING, SolverVerdict.decide(SolverVerdict.Behaviour.CONVERGES, 0.2, 0.8,
                new SolverVerdict.Linear(StabilityVerdict.STABLE, 0.3, false, 2)));
        assertEquals(SolverVerdict.Behaviour.STILL_GROWING, SolverVerdict.decide(SolverVerdict.Behaviour.CONVERGES, 0.2, 0.8,
                new SolverVerdict.Linear(StabilityVerdict.UNSTABLE, -0.3, false, -1)));
        // no linearisation (p* > Pmax, or RED's marking cut off): the windows alone
        assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.decide(SolverVerdict.Behaviour.CONVERGES, 0.2, 0.8,
                new SolverVerdict.Linear(StabilityVerdict.OUTSIDE_LINEAR_REGION, Double.NaN, false, -1)));
        assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.decide(SolverVerdict.Behaviour.CONVERGES, 0.2, 0.8,
                new SolverVerdict.Linear(StabilityVerdict.CUT_OFF_MARKING, Double.NaN, false, -1)));
        // a settled limit cycle where the linearisation is stable stands (far starts are outside its reach) ...
        assertEquals(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION,
                SolverVerdict.decide(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION, 219, 219.5, stable));
        // ... but a shrinking envelope there is the slowest stable mode decaying (N = 8, 0.98 tau*_c, near start:
        // 3.0 KB at x 0.90 per window, which the windows alone call sustained)
        assertEquals(SolverVerdict.Behaviour.STILL_DECAYING,
                SolverVerdict.decide(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION, 3.0, 3.0 / 0.9, stable));
        assertEquals(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION,
                SolverVerdict.decide(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION, 3.0, 3.0 / 0.9, unstable));
        for (SolverVerdict.Behaviour b : SolverVerdict.Behaviour.values()) {
            if (b != SolverVerdict.Behaviour.CONVERGES) {
                assertEquals(b, SolverVerdict.decide(b, 0.2, 0.8, unstable));
            }
            if (b != SolverVerdict.Behaviour.SUSTAINED_OSCILLATION) {
                assertEquals(b, SolverVerdict.decide(b, 3.0, 3.0 / 0.9, stable));
            }
        }
    }

    @Test
    void convergesOnlyWhereTheLinearisationConfirmsIt() {
        SolverVerdict.Behaviour c = SolverVerdict.Behaviour.CONVERGES;
        // a refused margin scan (tau* far past tau*_c) or a failed root count (-1) is no evidence of stability
        assertEquals(SolverVerdict.Behaviour.UNDECIDED, SolverVerdict.decide(c, 0.2, 0.8,
                new SolverVerdict.Linear(StabilityVerdict.UNDETERMINED, Double.NaN, false, -1)));
        SolverVerdict.Linear uncounted = new SolverVerdict.Linear(StabilityVerdict.STABLE, 0.3, false, -1);
        assertTrue(!uncounted.stable() && !uncounted.unstable(), uncounted.toString());
        assertEquals(SolverVerdict.Behaviour.UNDECIDED, SolverVerdict.decide(c, 0.2, 0.8, uncounted));
        assertEquals(SolverVerdict.Behaviour.UNDECIDED, SolverVerdict.decide(c, 0.2, 0.8,
                new SolverVerdict.Linear(StabilityVerdict.NO_CROSSOVER, Double.NaN, false, -1)));
        // on the boundary (|PM| < 1e-6 deg) neither side is resolved, whatever the count says
        for (double pm : new double[] {1e-9, 0.0, -6.9e-9}) {
            for (int z : new int[] {0, 2}) {
                SolverVerdict.Linear l = new SolverVerdict.Linear(pm > 0 ? StabilityVerdict.STABLE : StabilityVerdict.UNSTABLE,
                        pm, false, z);
                assertTrue(l.onBoundary() && !l.stable() && !l.unstable(), l.toString());
                assertEquals(SolverVerdict.Behaviour.UNDECIDED, SolverVerdict.decide(c, 0.2, 0.8, l), l.toString());
            }
        }
        assertTrue(!new SolverVerdict.Linear(StabilityVerdict.STABLE, 2e-6, false, 0).onBoundary());
    }

    @Test
    void atTheCriticalDelayTheLinearisationIsOnTheBoundary() {
        // N = 8 at tau*_c itself: the margin is within 1e-9 deg of 0 and the root count there is
        // ill-conditioned (0 at a margin of 0.0 deg); neither stable nor unstable
        double c = SolverVerdict.criticalDelayMicros(at(8, 50));
        SolverVerdict.Linear lin = SolverVerdict.Linear.of(at(8, c));
        assertTrue(lin.onBoundary(), lin.toString());
        assertTrue(!lin.stable() && !lin.unstable(), lin.toString());
        SolverVerdict.Linear off = SolverVerdict.Linear.of(at(8, 0.99 * c));
        assertTrue(off.stable() && !off.onBoundary(), off.toString());
    }

    @Test
    void aRefusedMarginScanDoesNotLetConvergesThrough() {
        // 10 Tb/s, one flow, tau* = 100 ms against tau*_c = 0.0062 us: the margin scan is refused as too
        // long (UNDETERMINED), the windows read CONVERGES with the queue empty throughout; and the queue is
        // never negative (the solver's step of 2.5 us emptied it to -3.4 KB on average before q >= 0 was kept)
        FluidParameters p = at(1, 100_000).with("C", "10000").with("Rai", "10000").with("Rhai", "10000");
        SolverVerdict.Linear lin = SolverVerdict.Linear.of(p);
        assertEquals(StabilityVerdict.UNDETERMINED, lin.verdict(), lin.toString());
        SolverVerdict.Rule rule = new SolverVerdict.Rule(40_000, 20_000, 1.0, 5.0);
        for (SolverVerdict.Start s : SolverVerdict.Start.values()) {
            SolverVerdict v = SolverVerdict.of(p, s, rule, org.rdmacheck.fluid.SolveMonitor.NONE, lin);
            assertEquals(SolverVerdict.Behaviour.CONVERGES, v.windowBehaviour(), v.toString());
            assertEquals(SolverVerdict.Behaviour.UNDECIDED, v.behaviour(), v.toString());
            assertTrue(!v.decided(), v.toString());
            assertTrue(v.meanQueueKB() >= 0, v.toString());
        }
    }

    @Test
    void justAboveTheCriticalDelayNeitherStartConverges() {
        // N = 8, a 100 ms horizon: at 1.01 and 1.03 tau*_c neither start is CONVERGES. The far start at
        // 1.03 tau*_c is the case the windows alone got wrong: its decaying transient still hides the
        // growing mode (0.2 KB after 0.8 KB, the windows read CONVERGES), the linearisation's margin is
        // -0.29 deg: STILL_GROWING
        double c = SolverVerdict.criticalDelayMicros(at(8, 50));
        for (double f : new double[] {1.01, 1.03}) {
            SolverVerdict.Linear lin = SolverVerdict.Linear.of(at(8, f * c));
            assertEquals(StabilityVerdict.UNSTABLE, lin.verdict(), lin.toString());
            assertTrue(lin.phaseMarginDeg() < 0 && lin.phaseMarginDeg() > -0.5, lin.toString());
            // the root count agrees with the margin: one complex pair crossed into the right half-plane
            assertEquals(2, lin.rightHalfPlaneRoots(), lin.toString());
            for (SolverVerdict.Start s : SolverVerdict.Start.values()) {
                SolverVerdict v = SolverVerdict.of(at(8, f * c), s, SHORT);
                assertTrue(v.behaviour() != SolverVerdict.Behaviour.CONVERGES && v.behaviour() != SolverVerdict.Behaviour.DIVERGED,
                        v.toString());
                assertEquals(lin, v.linear());
            }
        }
        SolverVerdict far = SolverVerdict.of(at(8, 1.03 * c), SolverVerdict.Start.FAR, SHORT);
        assertEquals(SolverVerdict.Behaviour.CONVERGES, far.windowBehaviour(), far.toString());
        assertTrue(far.amplitudeKB() < 0.5 * far.previousAmplitudeKB(), far.toString());
        assertEquals(SolverVerdict.Behaviour.STILL_GROWING, far.behaviour(), far.toString());
    }

    @Test
    void justBelowTheCriticalDelayNoStartOscillates() {
        // N = 8 at 0.98 tau*_c (60.9 us, +0.20 deg), 300 ms: the near start's envelope shrinks x 0.90 per
        // window (3.0 KB), which the windows alone call SUSTAINED_OSCILLATION (and, the far start
        // converging, bistable); the linearisation is stable: STILL_DECAYING, undecided
        double c = SolverVerdict.criticalDelayMicros(at(8, 50));
        SolverVerdict near = SolverVerdict.of(at(8, 0.98 * c), SolverVerdict.Start.NEAR, SolverVerdict.Rule.defaults());
        assertEquals(StabilityVerdict.STABLE, near.linear().verdict(), near.toString());
        assertEquals(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION, near.windowBehaviour(), near.toString());
        assertEquals(SolverVerdict.Behaviour.STILL_DECAYING, near.behaviour(), near.toString());
        assertTrue(near.amplitudeKB() < near.previousAmplitudeKB(), near.toString());
    }

    @Test
    void justBelowTheCriticalDelayTheFarStartConverges() {
        // the far start at 0.97 tau*_c (N = 8, the default 300 ms horizon): the windows and the
        // linearisation (+0.29 deg) agree
        double c = SolverVerdict.criticalDelayMicros(at(8, 50));
        SolverVerdict below = SolverVerdict.of(at(8, 0.97 * c), SolverVerdict.Start.FAR, SolverVerdict.Rule.defaults());
        assertEquals(SolverVerdict.Behaviour.CONVERGES, below.behaviour(), below.toString());
        assertEquals(StabilityVerdict.STABLE, below.linear().verdict(), below.toString());
        assertTrue(below.linear().phaseMarginDeg() > 0, below.toString());
        assertEquals(0, below.linear().rightHalfPlaneRoots(), below.toString());
    }

    @Test
    void horizonIsBounded() {
        assertThrows(FluidInputException.class, () -> new SolverVerdict.Rule(1e308, 20_000, 1, 5));
        assertThrows(FluidInputException.class, () -> new SolverVerdict.Rule(Double.NaN, 20_000, 1, 5));
        assertThrows(FluidInputException.class, () -> new SolverVerdict.Rule(SolverVerdict.MAX_HORIZON_MICROS * 1.01,
                20_000, 1, 5));
    }

    @Test
    void criticalDelayOfTheExactLinearisation() {
        assertEquals(62.2, SolverVerdict.criticalDelayMicros(at(8, 50)), 0.1);
        assertEquals(85.6, SolverVerdict.criticalDelayMicros(at(2, 50)), 0.1);
        // N = 16: p* > Pmax, no fixed point in RED's linear region, no critical delay
        assertTrue(Double.isNaN(SolverVerdict.criticalDelayMicros(at(16, 50))));
    }

    @Test
    @Tag("slow")
    void changesBehaviourWithinTenPercentOfTheCriticalDelay() {
        SolverVerdict.Rule rule = SolverVerdict.Rule.defaults();
        for (int n : new int[] {2, 8}) {
            double c = SolverVerdict.criticalDelayMicros(at(n, 50));
            for (SolverVerdict.Start s : SolverVerdict.Start.values()) {
                assertEquals(SolverVerdict.Behaviour.CONVERGES, SolverVerdict.of(at(n, 0.9 * c), s, rule).behaviour());
                assertEquals(SolverVerdict.Behaviour.SUSTAINED_OSCILLATION,
                        SolverVerdict.of(at(n, 1.1 * c), s, rule).behaviour());
            }
        }
    }
}
