package org.rdmacheck.checker;

import java.util.Objects;

/**
 * The outcome of checking one property: verified, violated (with a counterexample), inconclusive
 * (a limit was reached; partial statistics) or failed (the checker itself could not run). Never
 * null, never a bare boolean.
 */
public sealed interface CheckResult permits CheckResult.Verified, CheckResult.Violated, CheckResult.Inconclusive,
        CheckResult.Failed {

    /** @return the property this result is about */
    String property();

    /** @return statistics (partial for inconclusive results) */
    Stats stats();

    /** @return the verdict as a word */
    Verdict verdict();

    /** Verdict words, as printed and written in JSON. */
    enum Verdict {
        /** the property holds in every reachable state */
        VERIFIED,
        /** a counterexample was found */
        VIOLATED,
        /** a limit was reached before the question was settled */
        INCONCLUSIVE,
        /** the checker could not run */
        FAILED
    }

    /**
     * The property holds.
     *
     * @param property property name
     * @param stats    statistics
     */
    record Verified(String property, Stats stats) implements CheckResult {
        @Override
        public Verdict verdict() {
            return Verdict.VERIFIED;
        }
    }

    /**
     * The property is violated.
     *
     * @param property       property name
     * @param counterexample the shortest counterexample found
     * @param stats          statistics
     */
    record Violated(String property, Counterexample counterexample, Stats stats) implements CheckResult {
        /** Rejects a missing counterexample. */
        public Violated {
            Objects.requireNonNull(counterexample, "counterexample");
        }

        @Override
        public Verdict verdict() {
            return Verdict.VIOLATED;
        }
    }

    /** Why a check ended without a verdict. */
    enum InconclusiveReason {
        /** the state limit was reached */
        STATE_LIMIT,
        /** the time limit was reached */
        TIME_LIMIT,
        /** the heap limit was reached or the heap was exhausted */
        MEMORY_LIMIT,
        /** the search stopped at a violation of another property before settling this one */
        STOPPED_AT_VIOLATION,
        /** the checker's own data structures cannot hold the state space */
        STATE_SPACE_TOO_LARGE,
        /** the checker stopped with states left unexplored and no error (an exit requested by the spec, a lost worker) */
        STOPPED_EARLY,
        /** only random behaviours were explored (TLC's simulation mode): no violation found is no proof */
        SIMULATION_ONLY,
        /**
         * the checker explored a reduced space that does not settle this property: TLC's {@code VIEW}
         * (a quotient of the state space), or {@code SYMMETRY} or state/action constraints while it
         * checked liveness (TLC itself warns that it may miss violations)
         */
        REDUCED_SPACE,
        /**
         * there was nothing to check the property on: no initial state (Init unsatisfiable, or the
         * constraints exclude every initial state), a configuration that checks nothing, a topology
         * without two hosts, an implication whose antecedent no reachable state meets; a success
         * there would be vacuous
         */
        VACUOUS,
        /**
         * a state predicate given as a temporal property: it speaks of the first state only, and TLC
         * checked it on the initial states only (an invariant is checked in every reachable state)
         */
        INITIAL_STATES_ONLY,
        /**
         * the property was not checked at all (a progress property under {@code --no-progress}, a
         * property one side of a comparison does not have)
         */
        NOT_CHECKED,
        /**
         * the model reached a state past a bound it declares (a FIFO over its capacity): a
         * configuration outside the model's bounds, such as a knock-out outside its coverage scope;
         * the states beyond were not explored
         */
        MODEL_BOUND
    }

    /**
     * A limit (states, time, memory) was reached first.
     *
     * @param property property name
     * @param cause    which limit
     * @param reason   one line for the reader, e.g. {@code state limit 1000000 reached}
     * @param stats    partial statistics
     */
    record Inconclusive(String property, InconclusiveReason cause, String reason, Stats stats) implements CheckResult {
        /** Rejects a missing cause. */
        public Inconclusive {
            Objects.requireNonNull(cause, "cause");
        }

        @Override
        public Verdict verdict() {
            return Verdict.INCONCLUSIVE;
        }
    }

    /**
     * The checker failed.
     *
     * @param property property name
     * @param error    what went wrong
     * @param stats    statistics so far
     */
    record Failed(String property, String error, Stats stats) implements CheckResult {
        @Override
        public Verdict verdict() {
            return Verdict.FAILED;
        }
    }
}
