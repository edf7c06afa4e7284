package org.rdmacheck.fluid;

/**
 * Watches a solve from its step handler: progress reports and limits. Called at every accepted
 * step end, so an implementation does little per call (e.g. looks at the clock every few thousand
 * steps). It stops a solve by throwing {@link FluidLimitException}.
 */
@FunctionalInterface
public interface SolveMonitor {

    /** Watches nothing. */
    SolveMonitor NONE = (t, end, steps) -> { };

    /**
     * @param timeMicros     simulated time reached
     * @param durationMicros simulated time the solve ends at
     * @param steps          steps accepted so far in this solve
     * @throws FluidLimitException to stop the solve
     */
    void stepEnd(double timeMicros, double durationMicros, long steps);

    /**
     * Called by a scenario after its solves and before it writes its files (PNG rendering can take
     * longer than the solves on a loaded machine), so that a limit covers the whole scenario: a limit
     * reached here stops the scenario before anything is written. Watches nothing by default.
     *
     * @param timeMicros simulated time the scenario's solves reached
     * @throws FluidLimitException to stop the scenario
     */
    default void checkpoint(double timeMicros) {
    }
}
