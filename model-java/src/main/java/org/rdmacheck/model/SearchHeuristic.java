package org.rdmacheck.model;

/**
 * A model's measure of how close a state is to a violation, for a directed search (best-first, as
 * in HSF-SPIN and other directed model checkers: Edelkamp, Lluch Lafuente and Leue, "Directed
 * explicit-state model checking in the validation of communication protocols", STTT 2004). The
 * search expands the state of highest score first; the measure steers the order only, never what
 * is reachable, so a violation the search reports is a behaviour of the model like any other.
 *
 * <p>Evaluated on packed values (the model's {@link StateCodec} encoding), once per state reached;
 * it must be deterministic and thread-safe (no shared scratch).
 */
public interface SearchHeuristic {

    /** @return the measure's name, as runs and reports show it */
    String name();

    /** @return one line: what the measure counts and which violations it aims at */
    String description();

    /** @return the greatest score {@link #score} returns (scores run from 0 to it) */
    int maxScore();

    /**
     * @param state  packed values
     * @param offset the state's first value
     * @return the score, from 0 to {@link #maxScore}: higher is closer to a violation
     */
    int score(int[] state, int offset);

    /**
     * @param score a score {@link #score} returned
     * @return what it means, in the measure's own terms (by default the number)
     */
    default String explain(int score) {
        return Integer.toString(score);
    }
}
