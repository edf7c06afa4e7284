package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
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
