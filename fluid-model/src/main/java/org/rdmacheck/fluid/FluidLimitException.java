package org.rdmacheck.fluid;

/**
 * A solve was stopped by a limit (a {@link SolveMonitor}'s time limit) before it reached its
 * end: the result is inconclusive, not a finding. Carries the simulated time reached.
 */
public class FluidLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final double timeMicros;

    /**
     * @param message    which limit, in one line
     * @param timeMicros simulated time reached when it was hit
     */
    public FluidLimitException(String message, double timeMicros) {
        super(message);
        this.timeMicros = timeMicros;
    }

    /** @return simulated time (µs) reached when the limit was hit */
    public double timeMicros() {
        return timeMicros;
    }
}
