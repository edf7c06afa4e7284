package org.rdmacheck.fluid;

/**
 * A group of identical flows: how many, when they start and with what rates. Before its start a
 * group sends nothing; at its start R_C and R_T jump to the given rates and α to its initial value
 * (1, seed 004 §3.1 footnote 1).
 *
 * @param multiplicity    how many identical flows the group stands for (≥ 1)
 * @param startMicros     start time (µs, ≥ 0)
 * @param initialRateGbps R_C at start (Gb/s)
 * @param initialTargetGbps R_T at start (Gb/s)
 * @param initialAlpha    α at start
 */
public record FlowSpec(int multiplicity, double startMicros, double initialRateGbps, double initialTargetGbps,
                       double initialAlpha) {

    /** Validates the fields. */
    public FlowSpec {
        if (multiplicity < 1) {
            throw new FluidInputException("flow multiplicity = " + multiplicity + ": expected at least 1");
        }
        if (!(startMicros >= 0) || Double.isInfinite(startMicros)) {
            throw new FluidInputException("flow start = " + startMicros + " us: expected a finite time >= 0");
        }
        if (!(initialRateGbps >= 0) || !(initialTargetGbps >= 0)) {
            throw new FluidInputException("flow initial rates " + initialRateGbps + ", " + initialTargetGbps
                    + " Gb/s: expected rates >= 0");
        }
        if (!(initialAlpha >= 0 && initialAlpha <= 1)) {
            throw new FluidInputException("flow initial alpha = " + initialAlpha + ": expected a value in [0, 1]");
        }
    }

    /**
     * @param multiplicity flows in the group
     * @param startMicros  start time
     * @param rateGbps     starting R_C = R_T
     * @return a group starting at the given rate with α = 1
     */
    public static FlowSpec startingAt(int multiplicity, double startMicros, double rateGbps) {
        return new FlowSpec(multiplicity, startMicros, rateGbps, rateGbps, 1);
    }
}
