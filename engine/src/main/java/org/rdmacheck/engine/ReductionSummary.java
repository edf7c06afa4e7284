package org.rdmacheck.engine;

/**
 * The partial-order reduction of one exploration: what was asked for, what was applied (less when
 * the model declares no footprints or a checked property is not preserved by it), why, and how
 * many states were expanded with fewer successors than enabled.
 *
 * @param requested     the reduction asked for
 * @param applied       the reduction in force
 * @param reason        why it differs from the request (empty when it does not)
 * @param reducedStates states expanded with a proper subset of their enabled transitions
 */
public record ReductionSummary(Reduction requested, Reduction applied, String reason, long reducedStates) {

    /** @return no reduction asked for */
    public static ReductionSummary none() {
        return new ReductionSummary(Reduction.NONE, Reduction.NONE, "", 0);
    }
}
