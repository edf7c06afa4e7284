package org.rdmacheck.fluid;

/**
 * The fixed point of the fluid model for N identical flows.
 *
 * @param flows           N
 * @param rateGbps        R_C* = C/N
 * @param markingProbability p*
 * @param alpha           α*
 * @param targetGapGbps   R_T* - R_C*
 * @param queueKB         q*, NaN when p* > P_max
 * @param inLinearRegion  whether p* ≤ P_max, i.e. RED's linear region holds a fixed point
 * @param cutOff          whether marking is cut-off (K_min = K_max): q* is then K itself, on the step
 */
public record FixedPointResult(int flows, double rateGbps, double markingProbability, double alpha,
                               double targetGapGbps, double queueKB, boolean inLinearRegion, boolean cutOff) {
}
