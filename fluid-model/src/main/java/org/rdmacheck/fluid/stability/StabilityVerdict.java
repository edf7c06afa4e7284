package org.rdmacheck.fluid.stability;

/** What the linear analysis says about one operating point. */
public enum StabilityVerdict {
    /** phase margin > 0 at every gain crossover: the linearised loop is stable */
    STABLE,
    /** phase margin ≤ 0 at some gain crossover: the linearised loop oscillates */
    UNSTABLE,
    /** |L(jω)| < 1 at every frequency: stable by the small-gain theorem, no phase margin to state */
    NO_CROSSOVER,
    /** p* > P_max: the fixed point is not in RED's linear region, so the linearisation does not apply */
    OUTSIDE_LINEAR_REGION,
    /** K_min = K_max: cut-off marking is a step with no slope to linearise */
    CUT_OFF_MARKING,
    /** the reaction point's own dynamics are unstable: margins do not decide stability */
    OPEN_LOOP_UNSTABLE,
    /** |L| ≥ 1 on the whole scanned band: no crossover found, no verdict */
    UNDETERMINED;

    /** @return whether the analysis produced margins (the point is linearisable and the margins decide) */
    public boolean hasMargins() {
        return this == STABLE || this == UNSTABLE;
    }

    /** @return whether the linear analysis says stable */
    public boolean stable() {
        return this == STABLE || this == NO_CROSSOVER;
    }
}
