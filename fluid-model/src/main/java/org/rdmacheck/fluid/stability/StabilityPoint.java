package org.rdmacheck.fluid.stability;

/**
 * The linear analysis of one operating point.
 *
 * @param flows       N
 * @param delayMicros τ*
 * @param p           p* (from the chosen {@link FixedPointSource})
 * @param queueKB     q*, NaN outside RED's linear region
 * @param verdict     what the analysis says
 * @param margins     the margins ({@link Margins#NONE} when the point is not linearisable)
 * @param pastPmax    p* > P_max and the margins were computed anyway, with RED's slope continued past
 *                    P_max ({@link Simplification#UNCAPPED_RED}, as the published curves do): the
 *                    model's fixed point is not there (RED marks everything above K_max)
 * @param rootCount   the verdict comes from counting the characteristic roots in the right half-plane
 *                    ({@link RootCount}) because the open loop itself is unstable, so the phase margin
 *                    (still reported, as the published analysis reads it) does not decide
 */
public record StabilityPoint(int flows, double delayMicros, double p, double queueKB, StabilityVerdict verdict,
                             Margins margins, boolean pastPmax, boolean rootCount) {

    /** A point inside RED's linear region, or one without margins, decided by its phase margin. */
    public StabilityPoint(int flows, double delayMicros, double p, double queueKB, StabilityVerdict verdict,
                          Margins margins) {
        this(flows, delayMicros, p, queueKB, verdict, margins, false, false);
    }

    /** @return the smallest phase margin (degrees), NaN when the verdict has none */
    public double phaseMarginDeg() {
        return verdict.hasMargins() ? margins.phaseMarginDeg() : Double.NaN;
    }

    /** @return the crossover frequency of the smallest phase margin (Hz), NaN when the verdict has none */
    public double crossoverHz() {
        return verdict.hasMargins() ? margins.crossoverHz() : Double.NaN;
    }

    /** @return the gain margin (dB), NaN when there is none */
    public double gainMarginDb() {
        return verdict.hasMargins() || verdict == StabilityVerdict.NO_CROSSOVER ? margins.gainMarginDb() : Double.NaN;
    }

    /**
     * @param thresholdDeg required phase margin
     * @return whether the point is linearisable and stable with at least that margin (no crossover counts)
     */
    public boolean meets(double thresholdDeg) {
        return verdict == StabilityVerdict.NO_CROSSOVER
                || (verdict == StabilityVerdict.STABLE && margins.phaseMarginDeg() >= thresholdDeg);
    }
}
