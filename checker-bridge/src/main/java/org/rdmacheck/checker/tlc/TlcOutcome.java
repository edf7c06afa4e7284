package org.rdmacheck.checker.tlc;

import java.util.Locale;
import java.util.Optional;

/**
 * What a TLC run ended with, in the words of {@code manifest.json}'s {@code expect.result}
 * ({@link #word()}).
 */
public enum TlcOutcome {
    /** every property holds on the whole state space */
    SUCCESS,
    /** an invariant or an action property is violated */
    INVARIANT,
    /** a deadlock was reached */
    DEADLOCK,
    /** a temporal property is violated */
    PROPERTY,
    /** an {@code Assert} failed */
    ASSERTION,
    /** the time limit stopped TLC */
    TIMEOUT,
    /** TLC stopped with states left unexplored and no error (after {@code TLCSet("exit", TRUE)}, a lost worker) */
    INCOMPLETE,
    /** TLC could not finish (out of memory, an internal error) */
    ERROR;

    /** @return the lower-case word used in manifests and JSON */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param word an outcome as written in a manifest
     * @return the outcome, if the word names one
     */
    public static Optional<TlcOutcome> ofWord(String word) {
        for (TlcOutcome o : values()) {
            if (o.word().equals(word)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return word();
    }
}
