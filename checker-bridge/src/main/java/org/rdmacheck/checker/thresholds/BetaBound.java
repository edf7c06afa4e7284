package org.rdmacheck.checker.thresholds;

/**
 * The largest safe {@code t_ECN} under one β.
 *
 * @param beta    β
 * @param tEcnMax largest safe t_ECN in bytes, -1 if none
 */
public record BetaBound(Beta beta, long tEcnMax) {
}
