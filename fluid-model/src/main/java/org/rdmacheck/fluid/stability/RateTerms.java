package org.rdmacheck.fluid.stability;

/**
 * How the linearisation treats the delayed rate R_C(t - τ*) in the exponents τR_C, τ'R_C and TR_C
 * of seed 004 (7)-(9).
 */
public enum RateTerms {
    /** as the equations have it: a delayed state, linearised like the delayed queue (exact) */
    DELAYED,
    /**
     * frozen at its fixed-point value R_C* = C/N, so that only the queue is delayed: a simplification
     * that makes some mid-range N unstable at τ* = 50 µs where the delay-differential model converges;
     * not the published analysis' simplifications ({@link Simplification})
     */
    FROZEN
}
