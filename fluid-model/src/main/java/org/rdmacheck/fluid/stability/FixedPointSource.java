package org.rdmacheck.fluid.stability;

import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidParameters;

/** Which fixed point the model is linearised around. */
public enum FixedPointSource {
    /** the exact root of seed 004 (6)-(9) ({@link FixedPoint#of}) */
    EXACT,
    /** the closed-form p* of Zhu et al. (CoNEXT 2016), the point their published curves use */
    CLOSED_FORM;

    /**
     * @param params the parameters (N flows)
     * @return the operating point: p* from this source, α* and R_T* - R_C* from (7) and (8) at that p*
     */
    public FixedPointResult of(FluidParameters params) {
        return this == EXACT ? FixedPoint.of(params) : FixedPoint.at(params, FixedPoint.closedFormProbability(params));
    }
}
