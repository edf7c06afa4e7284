package org.rdmacheck.checker.thresholds;

/**
 * One constraint of the threshold model evaluated on concrete values.
 *
 * @param name    the constraint's name (EcnBeforePfc, NoLossBeforePause, ...)
 * @param formula the inequality as the paper writes it
 * @param note    what qualifies the evaluation, for people ({@code vacuous: no shared buffer}); empty when nothing
 * @param lhs     left side with the values substituted
 * @param rhs     right side with the values substituted
 * @param outcome whether it holds, and whether only vacuously
 * @param source  the seed section it comes from
 */
public record Inequality(String name, String formula, String note, Side lhs, Side rhs, Outcome outcome,
                         String source) {

    /** A side of an inequality: a number of bytes ({@link ExactBytes}) or a state ({@link EcnMarking}). */
    public sealed interface Side permits ExactBytes, EcnMarking {
    }

    /** How an inequality came out. */
    public enum Outcome {
        /** it holds on the values */
        HOLDS,
        /** it holds because the case it constrains cannot arise (the note says why) */
        HOLDS_VACUOUSLY,
        /** it fails on the values */
        FAILS;

        /** @param holds whether an inequality holds  @return {@link #HOLDS} or {@link #FAILS} */
        public static Outcome of(boolean holds) {
            return holds ? HOLDS : FAILS;
        }
    }

    /**
     * An inequality between two whole numbers of bytes, with no note.
     *
     * @param name    its name
     * @param formula its formula
     * @param lhs     left side in bytes
     * @param rhs     right side in bytes
     * @param holds   whether it holds
     * @param source  the seed section
     * @return the inequality
     */
    public static Inequality ofBytes(String name, String formula, long lhs, long rhs, boolean holds, String source) {
        return new Inequality(name, formula, "", ExactBytes.of(lhs), ExactBytes.of(rhs), Outcome.of(holds), source);
    }

    /** @return whether it holds, vacuously or not */
    public boolean holds() {
        return outcome != Outcome.FAILS;
    }
}
