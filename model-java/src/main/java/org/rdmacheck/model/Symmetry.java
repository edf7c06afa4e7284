package org.rdmacheck.model;

/**
 * A symmetric set of a model: {@link #size} interchangeable elements (senders, queue pairs, hosts)
 * such that renaming them by any permutation maps reachable states to reachable states, and
 * transitions to transitions, and leaves every checked property unchanged. With symmetry
 * reduction the explorer stores one representative per class of states equal up to a renaming,
 * as TLC does with {@code SYMMETRY} (the permutation giving the least fingerprint).
 *
 * @param <S> state type
 */
public interface Symmetry<S> {

    /** @return what the elements are, e.g. {@code qps} */
    String elements();

    /** @return how many elements are interchangeable */
    int size();

    /**
     * Renames the elements: element {@code i} becomes element {@code permutation[i]}.
     *
     * @param state       a state
     * @param permutation a permutation of {@code 0 .. size()-1}
     * @return the renamed state
     */
    S permute(S state, int[] permutation);
}
