package org.rdmacheck.checker.thresholds;

import java.util.List;
import java.util.Optional;

/**
 * Safe dynamic thresholds (seed 004 §4): the β from the chip's set that allows the largest
 * {@code t_ECN}, and that t_ECN.
 *
 * @param status   UNSATISFIABLE when no β allows any t_ECN
 * @param beta     the best β
 * @param tEcnMax  the largest safe t_ECN (-1 when none)
 * @param feasible whether {@code tEcnMax} is at least one MTU
 * @param perBeta  the bound under each allowed β, ascending β
 */
public record DynamicDerivation(SolveStatus status, Optional<Beta> beta, long tEcnMax, boolean feasible,
                                List<BetaBound> perBeta) {
    /** Copies the list. */
    public DynamicDerivation {
        perBeta = List.copyOf(perBeta);
    }
}
