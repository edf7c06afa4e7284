package org.rdmacheck.fluid;

/**
 * What a solve did: its final state, the work and the wall time.
 *
 * @param layout      names of the state indices
 * @param finalState  the state at the end (model units)
 * @param steps       accepted steps
 * @param evaluations derivative evaluations
 * @param stepMicros  the step used
 * @param wallNanos   wall time of the solve
 */
public record SolveResult(StateLayout layout, double[] finalState, long steps, long evaluations, double stepMicros,
                          long wallNanos) {

    /** Copies the final state. */
    public SolveResult {
        finalState = finalState.clone();
    }

    /** @return a copy of the final state */
    @Override
    public double[] finalState() {
        return finalState.clone();
    }
}
