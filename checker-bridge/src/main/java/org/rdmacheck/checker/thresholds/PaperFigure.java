package org.rdmacheck.checker.thresholds;

/**
 * One figure of seed 004 §4's worked example beside what the paper's own formulas yield.
 *
 * @param figure   what it is
 * @param paper    the figure as printed
 * @param formula  the formula it should follow from
 * @param computed what the formula yields, exactly (or "-" for given inputs)
 * @param status   whether it follows
 * @param note     the explanation
 */
public record PaperFigure(String figure, String paper, String formula, String computed, Status status, String note) {

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
}
