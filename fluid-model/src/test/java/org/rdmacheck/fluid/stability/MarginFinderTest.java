package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The margin finder on transfer functions whose margins are known in closed form. */
class MarginFinderTest {

    /** L(s) = K e^{-sθ} / (1 + sT). */
    private static LoopTransfer lag(double k, double t, double theta) {
        return new LoopTransfer(new double[] {k}, new double[] {1, t}, theta);
    }

    /** ω with atan(ωT) + ωθ = π, by bisection (the phase is monotone). */
    private static double phaseCrossover(double t, double theta) {
        double lo = 0;
        double hi = 10 * Math.PI / theta;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (Math.atan(mid * t) + mid * theta < Math.PI) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Test
    void firstOrderLagWithDelayHasItsAnalyticMargins() {
        for (double theta : new double[] {0.5, 2, 5, 8}) {
            double k = 4;
            double t = 10;
            Margins m = MarginFinder.of(lag(k, t, theta));
            double wc = Math.sqrt(k * k - 1) / t;
            double pm = 180 - Math.toDegrees(Math.atan(wc * t) + wc * theta);
            assertEquals(1, m.crossovers().size(), "theta " + theta);
            assertEquals(wc, m.crossoverRadPerMicro(), 1e-9 * wc, "crossover, theta " + theta);
            assertEquals(pm, m.phaseMarginDeg(), 1e-6, "phase margin, theta " + theta);
            double w180 = phaseCrossover(t, theta);
            double gm = 20 * Math.log10(Math.sqrt(1 + w180 * w180 * t * t) / k);
            assertEquals(w180, m.phaseCrossoverRadPerMicro(), 1e-8, "phase crossover, theta " + theta);
            assertEquals(gm, m.gainMarginDb(), 1e-6, "gain margin, theta " + theta);
            // the sign of both margins says the same: θ = 5 and 8 are past the stability limit (θ ≈ 4.7)
            assertEquals(theta < 4, pm > 0);
            assertEquals(pm > 0, gm > 0);
        }
    }

    @Test
    void theDelaysLagIsNotWrapped() {
        // θ = 20, past the stability limit (θ ≈ 4.7): the margin is about -339°; wrapped into
        // (-180°, 180°] it would read +21°, a stable loop
        Margins m = MarginFinder.of(lag(4, 10, 20));
        double wc = Math.sqrt(15) / 10;
        double unwrapped = 180 - Math.toDegrees(Math.atan(wc * 10) + wc * 20);
        assertTrue(unwrapped < -180);
        assertEquals(unwrapped, m.phaseMarginDeg(), 1e-6);
        // the margin falls linearly with the delay at the (delay-independent) crossover
        for (double theta : new double[] {0, 100, 300}) {
            assertEquals(180 - Math.toDegrees(Math.atan(wc * 10) + wc * theta),
                    MarginFinder.of(lag(4, 10, theta)).phaseMarginDeg(), 1e-6 * Math.max(1, theta));
        }
    }

    @Test
    void theLargestScanAcceptedFinishesInSeconds() {
        // just under the bound: 0.99 x MAX_SCAN_POINTS points; thread CPU time, so the load does not count
        double theta = 0.99 * MarginFinder.MAX_SCAN_POINTS * 0.15 / (MarginFinder.HIGH - MarginFinder.LOW);
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long t0 = mx.getCurrentThreadCpuTime();
        Margins m = MarginFinder.of(lag(4, 10, theta));
        long cpu = mx.getCurrentThreadCpuTime() - t0;
        double wc = Math.sqrt(15) / 10;
        assertEquals(180 - Math.toDegrees(Math.atan(wc * 10) + wc * theta), m.phaseMarginDeg(), 1e-3);
        assertTrue(cpu < 10_000_000_000L, "CPU " + cpu / 1e9 + " s");
    }

    @Test
    void aDelayTooLongToScanIsRefusedAtOnce() {
        // |L| stays above the floor to the band's top (10^3 rad/µs): 10^3 θ / 0.15 points, far more than the bound
        for (double theta : new double[] {1e6, 1e308}) {
            long t0 = System.nanoTime();
            org.rdmacheck.fluid.FluidInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                    org.rdmacheck.fluid.FluidInputException.class, () -> MarginFinder.of(lag(4, 10, theta)));
            assertTrue(e.getMessage().startsWith("tauStar = " + theta + " us"), e.getMessage());
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L);
        }
    }

    @Test
    void theScanIsRefusedWithoutScanningWhereTheMarginsWouldRefuseIt() {
        // requireScannable applies of()'s band and bound without the phase-crossover scan: the same
        // refusal, the same message; hasGainCrossover is the margins' hasCrossover from the grid alone
        for (LoopTransfer l : new LoopTransfer[] {lag(4, 10, 1e6), lag(4, 10, 2), lag(0.5, 10, 2), lag(4, 10, 1e4)}) {
            String refused;
            Margins m = null;
            try {
                m = MarginFinder.of(l);
                refused = null;
            } catch (org.rdmacheck.fluid.FluidInputException e) {
                refused = e.getMessage();
            }
            if (refused == null) {
                MarginFinder.requireScannable(l);
                assertEquals(m.hasCrossover(), MarginFinder.hasGainCrossover(l), l.toString());
            } else {
                String message = refused;
                org.rdmacheck.fluid.FluidInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                        org.rdmacheck.fluid.FluidInputException.class, () -> MarginFinder.requireScannable(l));
                assertEquals(message, e.getMessage());
            }
        }
        assertTrue(MarginFinder.hasGainCrossover(lag(4, 10, 2)));
        assertFalse(MarginFinder.hasGainCrossover(lag(0.5, 10, 2)));
    }

    @Test
    void noCrossoverBelowUnitGain() {
        Margins m = MarginFinder.of(lag(0.5, 10, 2));
        assertFalse(m.hasCrossover());
        assertTrue(Double.isNaN(m.phaseMarginDeg()));
        assertTrue(Double.isNaN(m.crossoverHz()));
        assertEquals(0.5, m.peakMagnitude(), 1e-6);
        double w180 = phaseCrossover(10, 2);
        assertEquals(20 * Math.log10(Math.sqrt(1 + w180 * w180 * 100) / 0.5), m.gainMarginDb(), 1e-6);
    }

    @Test
    void smallestMarginOverSeveralCrossovers() {
        // L(s) = k/s · ωn²/(s² + 2ζωn s + ωn²): a lightly damped resonance lifts |L| above 1 again
        double k = 0.5;
        double wn = 10;
        double zeta = 0.01;
        LoopTransfer l = new LoopTransfer(new double[] {k * wn * wn}, new double[] {0, wn * wn, 2 * zeta * wn, 1}, 0);
        Margins m = MarginFinder.of(l);
        assertEquals(3, m.crossovers().size());
        double min = Double.MAX_VALUE;
        for (Margins.Crossover c : m.crossovers()) {
            assertEquals(1, l.magnitude(c.radPerMicro()), 1e-9);
            double w = c.radPerMicro();
            double phase = -90 - Math.toDegrees(Math.atan2(2 * zeta * wn * w, wn * wn - w * w));
            assertEquals(180 + phase, c.phaseMarginDeg(), 1e-6);
            min = Math.min(min, c.phaseMarginDeg());
        }
        assertEquals(min, m.phaseMarginDeg());
        assertTrue(m.phaseMarginDeg() < 0, "the resonance crossovers lie past -180 degrees");
        assertTrue(m.crossovers().get(0).phaseMarginDeg() > 80, "the first crossover alone looks safe");
    }
}
