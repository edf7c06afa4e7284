package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The observations of Zhu et al. (CoNEXT 2016) on seed 004's model, as this linearisation finds
 * them: 40 Gb/s, R_AI = 40 Mb/s, K_max = 200 KB is stable for every N at τ* = 1 µs; its phase
 * margin is smallest at mid-range N, so as τ* grows it goes negative there first while N = 2 stays
 * stable (not monotonic in N); R_AI = 10 Mb/s with K_max = 1000 KB keeps a positive margin at
 * τ* = 50 µs. In this model the deployed margin at τ* = 50 µs is thin but positive (about 2° at
 * N = 8-10); the mid-N loss of stability appears from τ* ≈ 65 µs.
 */
class DcqcnStabilityTest {

    private static StabilityPoint at(FluidParameters base, int n, double tauMicros) {
        return StabilityAnalysis.of(base.with("N", "" + n).with("tauStar", "" + tauMicros), FixedPointSource.EXACT);
    }

    @Test
    void deployedIsStableForEveryFlowCountAtOneMicrosecond() {
        for (int n = 2; n <= 100; n += 2) {
            StabilityPoint s = at(FluidParameters.deployed(), n, 1);
            if (n <= 14) {
                assertEquals(StabilityVerdict.STABLE, s.verdict(), "N=" + n);
                assertTrue(s.phaseMarginDeg() > 5, "N=" + n + ": " + s.phaseMarginDeg());
            } else {
                // p* > Pmax from N = 15: the tool says so instead of printing a margin
                assertEquals(StabilityVerdict.OUTSIDE_LINEAR_REGION, s.verdict(), "N=" + n);
                assertTrue(Double.isNaN(s.phaseMarginDeg()));
                assertTrue(s.p() > 0.01);
            }
        }
        assertEquals(StabilityVerdict.STABLE, at(FluidParameters.deployed(), 14, 1).verdict());
        assertEquals(StabilityVerdict.OUTSIDE_LINEAR_REGION, at(FluidParameters.deployed(), 15, 1).verdict());
    }

    @Test
    void deployedMarginIsThinAtFiftyMicroseconds() {
        double min = Double.MAX_VALUE;
        for (int n = 4; n <= 14; n += 2) {
            StabilityPoint s = at(FluidParameters.deployed(), n, 50);
            assertEquals(StabilityVerdict.STABLE, s.verdict(), "N=" + n);
            min = Math.min(min, s.phaseMarginDeg());
        }
        assertTrue(min > 0 && min < 3, "smallest margin over N = 4..14 at 50 us: " + min);
    }

    @Test
    void stabilityIsNotMonotonicInFlowCount() {
        FluidParameters d = FluidParameters.deployed();
        StabilityPoint two = at(d, 2, 75);
        StabilityPoint eight = at(d, 8, 75);
        StabilityPoint fourteen = at(d, 14, 75);
        assertEquals(StabilityVerdict.STABLE, two.verdict());
        assertEquals(StabilityVerdict.UNSTABLE, eight.verdict());
        assertTrue(fourteen.phaseMarginDeg() > eight.phaseMarginDeg());
        for (int n = 2; n <= 14; n += 2) {
            assertEquals(StabilityVerdict.UNSTABLE, at(d, n, 100).verdict(), "N=" + n + " at 100 us");
        }
    }

    @Test
    void lowerIncreaseAndDeeperRedRestoreStability() {
        FluidParameters tuned = FluidParameters.deployed().with("Rai", "10").with("Kmax", "1000");
        int linear = 0;
        for (int n = 2; n <= 100; n += 2) {
            StabilityPoint s = at(tuned, n, 50);
            if (s.verdict() != StabilityVerdict.OUTSIDE_LINEAR_REGION) {
                assertEquals(StabilityVerdict.STABLE, s.verdict(), "N=" + n);
                assertTrue(s.phaseMarginDeg() > 4, "N=" + n + ": " + s.phaseMarginDeg());
                linear++;
            }
        }
        assertTrue(linear >= 10, "linear-region points " + linear);
    }

    @Test
    void closedFormPointIsStableAtOneMicrosecondAndLeavesRedEarlier() {
        for (int n = 2; n <= 10; n += 2) {
            StabilityPoint s = StabilityAnalysis.of(FluidParameters.deployed().with("N", "" + n).with("tauStar", "1"),
                    FixedPointSource.CLOSED_FORM);
            assertEquals(StabilityVerdict.STABLE, s.verdict(), "N=" + n);
        }
        // the closed form overestimates p*: it leaves the linear region at a smaller N than the exact root
        StabilityPoint twelve = StabilityAnalysis.of(FluidParameters.deployed().with("N", "12"), FixedPointSource.CLOSED_FORM);
        assertEquals(StabilityVerdict.OUTSIDE_LINEAR_REGION, twelve.verdict());
        assertEquals(StabilityVerdict.STABLE, at(FluidParameters.deployed(), 12, 50).verdict());
    }

    @Test
    void cutOffMarkingHasNoSlopeToLinearise() {
        StabilityPoint s = StabilityAnalysis.of(FluidParameters.strawman(), FixedPointSource.EXACT);
        assertEquals(StabilityVerdict.CUT_OFF_MARKING, s.verdict());
        assertTrue(Double.isNaN(s.phaseMarginDeg()));
    }
}
