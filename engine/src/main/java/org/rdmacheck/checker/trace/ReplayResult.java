package org.rdmacheck.checker.trace;

/**
 * The outcome of replaying a stored counterexample: a step is illegal on the current model, the
 * trace reproduces the violation, every step is legal but the property is no longer violated, or
 * every step is legal and the replayer could not decide (a bounded search ran out).
 */
public sealed interface ReplayResult permits ReplayResult.IllegalStep, ReplayResult.Reproduces,
        ReplayResult.NoLongerViolated, ReplayResult.Undecided {

    /** @return one line for the reader */
    String message();

    /** @return whether every step is a legal transition of the current model */
    default boolean legal() {
        return !(this instanceof IllegalStep);
    }

    /** @return the first step that is not legal, or -1 */
    default int firstIllegalStep() {
        return this instanceof IllegalStep i ? i.step() : -1;
    }

    /** @return whether the property is still violated at the end of the trace */
    default boolean stillViolated() {
        return this instanceof Reproduces;
    }

    /** @return whether the trace is legal and still a counterexample */
    default boolean reproduces() {
        return this instanceof Reproduces;
    }

    /** @return which case this is, as {@code replay --json} writes it */
    default Outcome outcome() {
        if (this instanceof IllegalStep) {
            return Outcome.ILLEGAL_STEP;
        }
        if (this instanceof Reproduces) {
            return Outcome.REPRODUCES;
        }
        return this instanceof NoLongerViolated ? Outcome.NO_LONGER_VIOLATED : Outcome.UNDECIDED;
    }

    /** The cases of a replay as an enum, for output. */
    enum Outcome {
        /** {@link IllegalStep} */
        ILLEGAL_STEP,
        /** {@link Reproduces} */
        REPRODUCES,
        /** {@link NoLongerViolated} */
        NO_LONGER_VIOLATED,
        /** {@link Undecided} */
        UNDECIDED
    }

    /**
     * A step is not a legal transition (or the trace is malformed at that step).
     *
     * @param step    the first illegal step (the number of steps when the lasso does not close)
     * @param message one line
     */
    record IllegalStep(int step, String message) implements ReplayResult {
    }

    /**
     * Every step is legal and the property is still violated.
     *
     * @param message one line
     */
    record Reproduces(String message) implements ReplayResult {
    }

    /**
     * Every step is legal, but the property is no longer violated (or no longer exists).
     *
     * @param message one line
     */
    record NoLongerViolated(String message) implements ReplayResult {
    }

    /**
     * Every step is legal but the replayer could not settle the property within its bounds.
     *
     * @param message one line
     */
    record Undecided(String message) implements ReplayResult {
    }
}
