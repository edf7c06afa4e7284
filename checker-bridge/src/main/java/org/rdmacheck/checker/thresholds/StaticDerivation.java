package org.rdmacheck.checker.thresholds;

/**
 * Safe static thresholds (seed 004 §4): the largest {@code t_PFC} that loses no packet and the
 * largest {@code t_ECN} that still fires before it in the worst case.
 *
 * @param status   UNSATISFIABLE when not even a positive t_PFC fits beside the headroom
 * @param tPfcMax  the largest safe t_PFC (0 when none)
 * @param tEcnMax  the largest safe t_ECN (-1 when none)
 * @param feasible whether {@code tEcnMax} is at least one MTU
 */
public record StaticDerivation(SolveStatus status, long tPfcMax, long tEcnMax, boolean feasible) {
}
