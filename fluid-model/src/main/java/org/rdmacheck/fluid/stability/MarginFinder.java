package org.rdmacheck.fluid.stability;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;

/**
 * Finds the margins of L(s) = n(s)/d(s) e^{-sτ} on a frequency band. Gain crossovers do not depend
 * on the delay (|e^{-jωτ}| = 1): they are bracketed on a log-spaced grid of ln|L| and refined by
 * Brent's method in ln ω. Phase crossovers (L(jω) on the negative real axis) are bracketed by sign
 * changes of Im L on a grid fine enough that the delay turns the phase by at most 0.15 rad per step,
 * up to the frequency where |L| has fallen below {@link #GAIN_FLOOR} for good, and refined the same
 * way; that scan takes about ω_max τ / 0.15 points and is refused (one line naming τ*) beyond
 * {@link #MAX_SCAN_POINTS}, so every accepted loop finishes in seconds. Stateless.
 */
public final class MarginFinder {

    /** Phase crossovers with |L| below this (a gain margin above 80 dB) are not reported. */
    public static final double GAIN_FLOOR = 1e-4;
    /** Default band, rad/µs: 10^-3 to 10^9 rad/s. */
    public static final double LOW = 1e-9;
    /** Default band, rad/µs. */
    public static final double HIGH = 1e3;
    /**
     * Most points of the phase-crossover scan: a loop whose delay would need more is refused with
     * {@link org.rdmacheck.fluid.FluidInputException}. At the bound, about 1 s of thread CPU (a
     * crossover refined every 21 points); the deployed loops at τ* = 100 ms take 0.6-1.7 x 10^6 points.
     */
    public static final double MAX_SCAN_POINTS = 1e7;
    private static final int PER_DECADE = 40;
    private static final double MAX_DELAY_TURN = 0.15;

    private MarginFinder() {
    }

    /** @param l the loop  @return its margins on the default band */
    public static Margins of(LoopTransfer l) {
        return of(l, LOW, HIGH);
    }

    /**
     * @param l    the loop
     * @param low  lowest frequency (rad/µs, > 0)
     * @param high highest frequency (rad/µs)
     * @return the margins on [low, high]
     */
    public static Margins of(LoopTransfer l, double low, double high) {
        Grid g = Grid.of(l, low, high);
        UnivariateFunction logGain = x -> Math.log(l.magnitude(Math.exp(x)));
        List<Margins.Crossover> crossovers = new ArrayList<>();
        double peak = g.logGain[0];
        for (int k = 1; k < g.logGain.length; k++) {
            double prev = g.logGain[k - 1];
            double v = g.logGain[k];
            peak = Math.max(peak, v);
            if ((prev > 0) != (v > 0)) {
                double w = Math.exp(root(logGain, g.x(k) - g.step, g.x(k)));
                crossovers.add(new Margins.Crossover(w, phaseMargin(l, w)));
            }
        }
        Margins.Crossover worst = crossovers.stream()
                .min((a, b) -> Double.compare(a.phaseMarginDeg(), b.phaseMarginDeg())).orElse(null);
        double top = g.scanTop(high);
        double[] gm = Double.isNaN(top) ? new double[] {Double.NaN, Double.NaN} : gainMargin(l, low, top);
        return new Margins(crossovers, worst == null ? Double.NaN : worst.phaseMarginDeg(),
                worst == null ? Double.NaN : worst.radPerMicro(), gm[0], gm[1], Math.exp(peak));
    }

    /**
     * Refuses a loop whose margins {@link #of(LoopTransfer)} would refuse, without the phase-crossover
     * scan: the same log grid of ln|L| (about 480 points) gives the scan's top and the same bound
     * applies. For callers that analyse many loops ({@link StabilityAttribution}'s 2^8 subsets), so a
     * delay too long for any of them is refused before the work starts.
     *
     * @param l the loop
     * @throws org.rdmacheck.fluid.FluidInputException where {@link #of(LoopTransfer)} would throw it
     */
    public static void requireScannable(LoopTransfer l) {
        double top = Grid.of(l, LOW, HIGH).scanTop(HIGH);
        if (!Double.isNaN(top)) {
            refuseLongScan(l.delayMicros(), LOW, top);
        }
    }

    /**
     * @param l the loop
     * @return whether |L(jω)| crosses 1 on the default band ({@link Margins#hasCrossover()} of
     *         {@link #of(LoopTransfer)}), from the log grid alone
     */
    public static boolean hasGainCrossover(LoopTransfer l) {
        double[] lg = Grid.of(l, LOW, HIGH).logGain;
        for (int k = 1; k < lg.length; k++) {
            if ((lg[k - 1] > 0) != (lg[k] > 0)) {
                return true;
            }
        }
        return false;
    }

    /** ln|L| on the log-spaced grid of [low, high], {@link #PER_DECADE} points a decade. */
    private record Grid(double logLow, double step, double[] logGain) {

        static Grid of(LoopTransfer l, double low, double high) {
            int n = (int) Math.ceil(Math.log10(high / low) * PER_DECADE);
            double step = Math.log(high / low) / n;
            double logLow = Math.log(low);
            double[] lg = new double[n + 1];
            for (int k = 0; k <= n; k++) {
                lg[k] = Math.log(l.magnitude(Math.exp(logLow + k * step)));
            }
            return new Grid(logLow, step, lg);
        }

        double x(int k) {
            return logLow + k * step;
        }

        /**
         * @param high the band's top
         * @return the phase-crossover scan's top: one grid step past the last point (after the first)
         *         where |L| ≥ {@link #GAIN_FLOOR}, at most high; NaN when there is none
         */
        double scanTop(double high) {
            for (int k = logGain.length - 1; k >= 1; k--) {
                if (logGain[k] >= Math.log(GAIN_FLOOR)) {
                    return Math.min(high, Math.exp(x(k) + step));
                }
            }
            return Double.NaN;
        }
    }

    /**
     * 180° + ∠L(jω): the rational part's 180° + ∠(n/d)(jω) wrapped to (-180°, 180°], minus the delay's
     * lag ωτ, which is not wrapped. The margin at a crossover thus falls linearly with the delay
     * (PM(τ) = PM(0) - ωτ, as {@link SolverVerdict#criticalDelayMicros} assumes) and stays negative
     * past -180°: wrapping the whole phase turned a lag of more than a turn into a positive margin,
     * a false STABLE for every delay past τ_c + π/ω (N = 8, deployed: from about 1.2 ms).
     */
    static double phaseMargin(LoopTransfer l, double omega) {
        double[] v = l.rational(omega);
        double pm = 180 + Math.toDegrees(Math.atan2(v[1], v[0]));
        return (pm > 180 ? pm - 360 : pm) - Math.toDegrees(omega * l.delayMicros());
    }

    /**
     * {gain margin dB, ω}: of the phase crossovers on [low, high], the one whose |L| is closest to 1
     * (in dB): a positive margin is how much more gain destabilises the loop, a negative one (a
     * phase crossover below the gain crossover, a conditionally stable loop) how much less does.
     */
    private static double[] gainMargin(LoopTransfer l, double low, double high) {
        UnivariateFunction im = w -> l.at(w)[1];
        double best = Double.NaN;
        double bestW = Double.NaN;
        double w = low;
        double prev = im.value(w);
        double tau = l.delayMicros();
        double ratio = Math.pow(10, 1.0 / PER_DECADE);
        // the linear part of the grid takes (high - low) τ / MAX_DELAY_TURN points; refusing past the
        // bound also guarantees w + MAX_DELAY_TURN / τ > w in floating point (that needs a scan of
        // more than 10^15 points), so the loop always advances
        refuseLongScan(tau, low, high);
        while (w < high) {
            double next = Math.min(w * ratio, tau > 0 ? w + MAX_DELAY_TURN / tau : Double.POSITIVE_INFINITY);
            next = Math.min(next, high);
            double v = im.value(next);
            if (prev == 0 || (prev > 0) != (v > 0)) {
                double r = prev == 0 ? w : root(im, w, next);
                double[] at = l.at(r);
                double mag = Math.hypot(at[0], at[1]);
                if (at[0] < 0 && mag >= GAIN_FLOOR
                        && (Double.isNaN(best) || Math.abs(Math.log(mag)) < Math.abs(Math.log(best)))) {
                    best = mag;
                    bestW = r;
                }
            }
            prev = v;
            w = next;
        }
        return new double[] {Double.isNaN(best) ? Double.NaN : -20 * Math.log10(best), bestW};
    }

    /** The scan of [low, high] at delay tau takes (high - low) tau / {@link #MAX_DELAY_TURN} points: refused past the bound. */
    private static void refuseLongScan(double tau, double low, double high) {
        double points = (high - low) * tau / MAX_DELAY_TURN;
        if (points > MAX_SCAN_POINTS) {
            throw new org.rdmacheck.fluid.FluidInputException(String.format(java.util.Locale.ROOT,
                    "tauStar = %s us: the phase-crossover scan up to %.3g rad/us would take %.2g points, more than "
                    + "%.0g; expected tauStar <= %.4g us at these parameters", tau, high, points, MAX_SCAN_POINTS,
                    MAX_SCAN_POINTS * MAX_DELAY_TURN / (high - low)));
        }
    }

    private static double root(UnivariateFunction f, double a, double b) {
        return new BrentSolver(1e-13, 1e-12).solve(200, f, a, b);
    }
}
