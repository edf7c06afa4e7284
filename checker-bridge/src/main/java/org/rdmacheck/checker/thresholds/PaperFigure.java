package org.rdmacheck.checker.thresholds;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * One figure of seed 004 §4's worked example beside what the paper's own formulas yield.
 *
 * @param figure        what it is
 * @param paper         the figure as printed
 * @param paperValue    the printed figure as a number, when the paper prints one figure
 * @param formula       the formula it should follow from
 * @param computed      what the formula yields, exactly (or "-" for given inputs), for people
 * @param computedValue what the formula yields as a number, when it is one figure (not an expression)
 * @param status        whether it follows
 * @param note          the explanation
 */
public record PaperFigure(String figure, String paper, Optional<Amount> paperValue, String formula, String computed,
                          Optional<Amount> computedValue, Status status, String note) {

    /** Rejects missing values. */
    public PaperFigure {
        Objects.requireNonNull(paperValue, "paperValue");
        Objects.requireNonNull(computedValue, "computedValue");
    }

    /** Whether a printed figure follows from the paper's formulas. */
    public enum Status {
        /** an input the paper states */
        GIVEN,
        /** equals the formula's value rounded to the printed decimals */
        FOLLOWS,
        /** equals the formula's value truncated (not rounded) to the printed decimals */
        FOLLOWS_TRUNCATED,
        /** does not follow */
        DOES_NOT_FOLLOW
    }

    /**
     * A figure of the worked example as a number with its unit.
     *
     * @param value the exact value
     * @param unit  bytes, or a dimensionless ratio
     */
    public record Amount(BigDecimal value, Unit unit) {

        /** @param bytes a size  @return it in bytes */
        public static Amount bytes(BigDecimal bytes) {
            return new Amount(bytes, Unit.BYTES);
        }

        /** The units the worked example's figures come in. */
        public enum Unit {
            /** bytes (decimal: 1 KB = 1000 B, as the paper) */
            BYTES,
            /** a dimensionless ratio */
            RATIO
        }
    }
}
