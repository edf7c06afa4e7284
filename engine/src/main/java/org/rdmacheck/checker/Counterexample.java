package org.rdmacheck.checker;

import java.util.List;
import java.util.Objects;

/**
 * A counterexample trace: the property it violates, its kind, the steps, and its provenance.
 *
 * <p>Kinds: {@code invariant} (the last state violates), {@code action} (the last step
 * violates), {@code deadlock} (the last state has no successor and is not final), {@code progress}
 * (no goal is reachable from the state at {@link #violationIndex}; the trace then continues to a
 * lasso whose loop starts at {@link #loopStart}, or to a dead end), {@code temporal} (a TLC
 * liveness lasso), {@code witness} (a solver's concrete witness with no steps to replay as a
 * behaviour) and {@code cycle} (a channel-dependency cycle).
 *
 * @param property       the violated property
 * @param kind           see {@link Kind}
 * @param steps          the steps, initial state first
 * @param violationIndex index of the step at which the violation is established
 * @param loopStart      for lassos, the index of the step the last state returns to; -1 otherwise
 * @param provenance     where it came from
 * @param note           free text for the reader (may be empty)
 */
public record Counterexample(String property, Kind kind, List<TraceStep> steps, int violationIndex, int loopStart,
                             Provenance provenance, String note) {
    /** Copies the steps. */
    public Counterexample {
        Objects.requireNonNull(property);
        Objects.requireNonNull(kind);
        steps = List.copyOf(steps);
        note = note == null ? "" : note;
    }

    /** What a counterexample shows; {@link #word()} is how it is written in JSON. */
    public enum Kind {
        /** the last state violates an invariant */
        INVARIANT,
        /** the last step violates an action property */
        ACTION,
        /** the last state has no successor and is not final */
        DEADLOCK,
        /** no goal is reachable from the violation step; the trace ends in a lasso or a dead end */
        PROGRESS,
        /** a failed {@code Assert} found by TLC */
        ASSERTION,
        /** a TLC liveness lasso */
        TEMPORAL,
        /** a solver's concrete witness, one step */
        WITNESS,
        /** a channel-dependency cycle */
        CYCLE;

        /** @return the lower-case word used in JSON */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /**
         * @param word a kind as written in JSON
         * @return the kind, if the word names one
         */
        public static java.util.Optional<Kind> ofWord(String word) {
            for (Kind k : values()) {
                if (k.word().equals(word)) {
                    return java.util.Optional.of(k);
                }
            }
            return java.util.Optional.empty();
        }

        /** @return whether the trace is a behaviour of a state machine (replayable step by step) */
        public boolean isBehaviour() {
            return this == INVARIANT || this == ACTION || this == DEADLOCK || this == PROGRESS || this == TEMPORAL
                    || this == ASSERTION;
        }

        @Override
        public String toString() {
            return word();
        }
    }

    /** @return the number of transitions in the trace (steps minus the initial state) */
    public int length() {
        return Math.max(0, steps.size() - 1);
    }
}
