package org.rdmacheck.checker.explorer;

import java.util.List;
import org.rdmacheck.model.Transition;

/**
 * The result of expanding one frontier state (computed in parallel, consumed in order).
 *
 * @param transitions      successors in emission order
 * @param fingerprints     their fingerprints
 * @param violatedInvariants indices (into the property list) of invariants false in the state
 * @param actionViolations pairs (successor ordinal, property index) of violated action properties
 * @param deadlock         no successor and not final
 * @param goals            per progress property (by property index), whether the state is a goal
 */
record Expansion<S>(List<Transition<S>> transitions, long[] fingerprints, int[] violatedInvariants,
                    int[] actionViolations, boolean deadlock, boolean[] goals) {
}
