package org.rdmacheck.model;

/**
 * Symmetry reduction on a model's packed encoding ({@link StateCodec}): the canonical member of a
 * state's class computed on its values, without building a state object per renaming. When the
 * symmetric group is the full symmetric group on elements whose data sits in per-element blocks,
 * sorting the blocks gives the canonical member in O(n log n) block comparisons instead of n!
 * renamings.
 *
 * <p>Contract: for every state {@code s} and renaming {@code p},
 * {@code canonical(encode(s))} equals {@code canonical(encode(permute(s, p)))}, and it is the
 * encoding of some renaming of {@code s} (so it decodes to a member of the class). Two states thus
 * get equal canonical values exactly when one is a renaming of the other: the reduced state count
 * is the number of classes.
 */
public interface PackedSymmetry {

    /**
     * Writes the canonical member of a state's class.
     *
     * @param values the state's packed values, as its codec wrote them
     * @param length how many values the state has
     * @param out    receives the canonical member's packed values (cleared by the caller)
     */
    void canonical(int[] values, int length, Words out);
}
