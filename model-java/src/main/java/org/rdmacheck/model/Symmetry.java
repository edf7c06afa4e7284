package org.rdmacheck.model;

/**
 * A symmetric set of a model: {@link #size} interchangeable elements (senders, queue pairs, hosts)
 * such that renaming them by any permutation maps reachable states to reachable states, and
 * transitions to transitions, and leaves every checked property unchanged. With symmetry
 * reduction the explorer stores one representative per class of states equal up to a renaming,
 * as TLC does with {@code SYMMETRY}: the class's canonical member ({@link #packed}) or, for a
 * symmetry without a packed form, the renaming with the least fingerprint.
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

    /**
     * The canonical member of a class computed on the model's packed encoding, when the model
     * offers it: the explorer then canonicalises without trying every renaming. It must pick a
     * member of the same class for every member (see {@link PackedSymmetry}); {@link #permute}
     * stays the reference it is tested against.
     *
     * @return the packed canonicalisation, empty when renamings are tried one by one
     */
    default java.util.Optional<PackedSymmetry> packed() {
        return java.util.Optional.empty();
    }
}
