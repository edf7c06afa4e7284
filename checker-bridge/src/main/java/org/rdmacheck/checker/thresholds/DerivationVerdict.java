package org.rdmacheck.checker.thresholds;

/**
 * What a derivation of safe thresholds for a switch establishes (seed 004 §4): a verdict, like a
 * configuration's check, so that a switch with no safe setting is a negative answer (exit 1), not a
 * printout.
 */
public enum DerivationVerdict {
    /** static or dynamic thresholds exist with t_ECN of at least one MTU firing before PFC in the worst case */
    DERIVED,
    /**
     * proven: neither static nor dynamic thresholds admit a t_ECN of at least one MTU that fires before
     * PFC in the worst case (for instance the headroom p*n*t_flight alone does not fit in the buffer)
     */
    INFEASIBLE,
    /** the solver's time limit was reached before one of the two optima was proven */
    INCONCLUSIVE;

    /**
     * @param r a report
     * @return the verdict of its derivation: INCONCLUSIVE when either solve timed out, DERIVED when
     *         either mode is feasible, else INFEASIBLE
     */
    public static DerivationVerdict of(ThresholdReport r) {
        if (r.staticDerivation().status() == SolveStatus.TIMED_OUT
                || r.dynamicDerivation().status() == SolveStatus.TIMED_OUT) {
            return INCONCLUSIVE;
        }
        return r.staticDerivation().feasible() || r.dynamicDerivation().feasible() ? DERIVED : INFEASIBLE;
    }
}
