package org.rdmacheck.checker.explorer;

import java.util.List;
import org.rdmacheck.model.Transition;

/**
 * The result of expanding one frontier state (computed in parallel, consumed in order).
 *
 * @param transitions      successors in emission order; an entry is null when its state had already
 *                         been visited before this block (matched during the parallel phase)
 * @param fingerprints     their fingerprints
 * @param known            for null entries, the index of the visited state
 * @param violatedInvariants indices (into the property list) of invariants false in the state
 * @param actionViolations pairs (successor ordinal, property index) of violated action properties
 * @param deadlock         no successor and not final
 * @param goals            per progress property (by property index), whether the state is a goal
 */
record Expansion<S>(List<Transition<S>> transitions, long[] fingerprints, int[] known, int[] violatedInvariants,
                    int[] actionViolations, boolean deadlock, boolean[] goals) {
}
