package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The attribution at N = 8, τ* = 50 µs: its ends are the exact (+1.92°) and the published (-6.43°)
 * margins, the Shapley shares add up to the difference, and so do the path steps.
 */
class StabilityAttributionTest {

    @Test
    void aDelayTooLongForOneSubsetIsRefusedBeforeAnyIsAnalysed() {
        // tau* = 100 ms is in range, but some subsets' phase-crossover scans would exceed their bound (the
        // widest band, 89.1 rad/us, allows 16,830 us): refused before the first subset is started, where it
        // used to be refused after 49 subsets and 35 s
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        FluidParameters p = FluidParameters.deployed().with("N", "8").with("tauStar", "100000");
        org.rdmacheck.fluid.FluidInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.rdmacheck.fluid.FluidInputException.class, () -> StabilityAttribution.at(p, () -> {
                    asked.incrementAndGet();
                    return false;
                }));
        assertTrue(e.getMessage().startsWith("tauStar = 100000.0 us: the phase-crossover scan"), e.getMessage());
        assertEquals(0, asked.get());
    }

    @Test
    void sharesAddUpToTheDifferenceBetweenTheAnalyses() {
        FluidParameters p = FluidParameters.deployed().with("N", "8").with("tauStar", "50");
        StabilityAttribution a = StabilityAttribution.at(p, () -> false);
        assertTrue(a.complete());
        assertEquals(256, a.combinations().size());
        assertEquals(1.92, a.exactMarginDeg(), 0.05);
        assertEquals(-6.43, a.publishedMarginDeg(), 0.05);
        double diff = a.publishedMarginDeg() - a.exactMarginDeg();
        double shapley = a.shares().stream().mapToDouble(StabilityAttribution.Share::shapley).sum();
        double path = a.shares().stream().mapToDouble(StabilityAttribution.Share::pathStep).sum();
        assertEquals(diff, shapley, 1e-9);
        assertEquals(diff, path, 1e-9);
        // the largest share: the first-order form of the byte counter's terms (B p* = 58 at N = 8)
        StabilityAttribution.Share largest = a.shares().stream()
                .max(java.util.Comparator.comparingDouble(s -> Math.abs(s.shapley()))).orElseThrow();
        assertEquals(Simplification.SMALL_P_BYTE_COUNTER, largest.simplification());
        assertTrue(largest.shapley() < -8, largest.toString());
        // freezing the rate in alpha's exponent hardly matters (|share| < 0.1 deg); every other one does (> 0.3 deg)
        for (StabilityAttribution.Share s : a.shares()) {
            boolean small = s.simplification() == Simplification.FROZEN_ALPHA_RATE;
            assertTrue(small ? Math.abs(s.shapley()) < 0.1 : Math.abs(s.shapley()) > 0.3, s.toString());
        }
    }
}
