package org.rdmacheck.checker.thresholds;

/**
 * One constraint of the threshold model evaluated on concrete values, in integer bytes.
 *
 * @param name    the constraint's name (EcnBeforePfc, NoLossBeforePause, ...)
 * @param formula the inequality as the paper writes it
 * @param lhs     left side with the values substituted
 * @param rhs     right side with the values substituted
 * @param holds   whether it holds
 * @param source  the seed section it comes from
 */
public record Inequality(String name, String formula, String lhs, String rhs, boolean holds, String source) {
}
