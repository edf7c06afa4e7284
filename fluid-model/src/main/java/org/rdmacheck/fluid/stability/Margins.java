package org.rdmacheck.fluid.stability;

import java.util.List;

/**
 * The stability margins of an open-loop transfer function L(jω).
 *
 * @param crossovers      every gain crossover (|L(jω)| = 1) in the scanned band, lowest first
 * @param phaseMarginDeg  the smallest phase margin over all crossovers, 180° + ∠(n/d)(jω_c) wrapped to
 *                        (-180°, 180°] minus the delay's lag ω_c τ (not wrapped); NaN when there is no
 *                        crossover ({@link #hasCrossover()})
 * @param crossoverRadPerMicro the crossover where that smallest margin occurs (rad/µs), NaN without one
 * @param gainMarginDb    -20 log10 |L(jω_π)| at the phase crossover (∠L = -180°) whose gain is
 *                        closest to 1, NaN when no phase crossover has |L| ≥ {@link MarginFinder#GAIN_FLOOR}
 * @param phaseCrossoverRadPerMicro that phase crossover (rad/µs), NaN without one
 * @param peakMagnitude   the largest |L| seen on the band: below 1 without a crossover means
 *                        small-gain stable, at least 1 without one means the band missed it
 */
public record Margins(List<Crossover> crossovers, double phaseMarginDeg, double crossoverRadPerMicro,
                      double gainMarginDb, double phaseCrossoverRadPerMicro, double peakMagnitude) {

    /** No margins: the point was not linearised. */
    public static final Margins NONE = new Margins(List.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** Copies the list. */
    public Margins {
        crossovers = List.copyOf(crossovers);
    }

    /**
     * One gain crossover.
     *
     * @param radPerMicro    ω_c (rad/µs)
     * @param phaseMarginDeg 180° + ∠(n/d)(jω_c) wrapped to (-180°, 180°], minus ω_c τ (not wrapped)
     */
    public record Crossover(double radPerMicro, double phaseMarginDeg) {
    }

    /** @return whether |L(jω)| crosses 1 at all (without a crossover |L| < 1 everywhere: small-gain stable) */
    public boolean hasCrossover() {
        return !crossovers.isEmpty();
    }

    /** @return whether a phase crossover with a finite gain margin was found */
    public boolean hasGainMargin() {
        return !Double.isNaN(gainMarginDb);
    }

    /** @return the crossover frequency in Hz, NaN without one */
    public double crossoverHz() {
        return crossoverRadPerMicro * 1e6 / (2 * Math.PI);
    }
}
