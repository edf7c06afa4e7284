package org.rdmacheck.checker.thresholds.sonic;

import java.math.BigDecimal;

/**
 * One term of a headroom calculation.
 *
 * @param name    the term's name
 * @param formula how it was computed, with the values used
 * @param value   its value (possibly fractional before rounding)
 * @param unit    bytes, or a dimensionless factor
 */
public record CalcTerm(String name, String formula, BigDecimal value, Unit unit) {

    /** The unit of a term. */
    public enum Unit {
        /** bytes */
        BYTES,
        /** a dimensionless factor */
        FACTOR
    }
}
