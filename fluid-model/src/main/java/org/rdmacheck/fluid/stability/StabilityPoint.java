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
 */
public record StabilityPoint(int flows, double delayMicros, double p, double queueKB, StabilityVerdict verdict,
                             Margins margins) {

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
