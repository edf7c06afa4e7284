package org.rdmacheck.fluid;

import org.apache.commons.math3.analysis.solvers.BrentSolver;

/**
 * The fixed point of seed 004 (6)-(9) for N identical flows (§5.1, equation (10)): R_C* = C/N,
 * and with the delayed values equal to the present ones, (7) gives α* = 1 - (1-p)^{τ' R_C*},
 * (8) gives R_T* - R_C* = τ R_AI R_C* [(1-p)^{FB} h_B + (1-p)^{F T R_C*} h_T] / (1 - (1-p)^{τ R_C*}),
 * and (9) leaves one equation in p, solved by Brent's method on (0, 1) (it is positive near 0
 * and -R_C* / (2τ) at 1, so a root exists). The queue q* follows from inverting (5) when
 * p* ≤ P_max; otherwise RED has no fixed point in its linear region, which is reported.
 */
public final class FixedPoint {

    private FixedPoint() {
    }

    /**
     * @param params the parameters (N flows)
     * @return the fixed point
     */
    public static FixedPointResult of(FluidParameters params) {
        double rc = params.capacityPerMicro() / params.flows();
        double tau = params.cnpIntervalMicros();
        double b = params.byteCounterPackets();
        double tr = params.timerMicros() * rc;
        double f = params.fastRecoverySteps();
        double rai = params.rateAiPerMicro();
        double lo = 1e-300;
        double hi = 1 - 1e-16;
        org.apache.commons.math3.analysis.UnivariateFunction r = x -> residual9(x, rc, tau, b, tr, f, rai, params);
        double atLo = r.value(lo);
        double atHi = r.value(hi);
        // at extreme parameters (R_AI near 10^308 Mb/s, C or the packet near 10^-300, T near 10^308) the
        // residual overflows or is NaN at an end: one line naming the parameters, not a solver's exception
        if (!(Double.isFinite(atLo) && Double.isFinite(atHi) && Math.signum(atLo) * Math.signum(atHi) <= 0)) {
            throw new FluidInputException(String.format(java.util.Locale.ROOT, "no fixed point of (9) for p in (0, 1) "
                    + "at C = %s Gb/s, Rai = %s Mb/s, T = %s us, B = %s KB, packet = %s KB (residual %s at p -> 0, %s at "
                    + "p -> 1): expected parameters at which it is finite and changes sign", params.lineRateGbps(),
                    params.rateAiMbps(), params.timerMicros(), params.byteCounterKB(), params.packetKB(), atLo, atHi));
        }
        double p = new BrentSolver(1e-300, 1e-15, 1e-300).solve(10_000, r, lo, hi);
        return at(params, p);
    }

    /**
     * The paper's closed-form approximation of the fixed point's marking probability (Zhu et al.,
     * "ECN or Delay", CoNEXT 2016, §3, from (9) with (1-p)^x ≈ 1 - xp for small p), in the model's
     * packet units: p* ≈ ∛(R_AI N² / (τ' C²) · (1/B + N/(T C))²).
     *
     * @param params the parameters (N flows)
     * @return the approximate p*
     */
    public static double closedFormProbability(FluidParameters params) {
        double n = params.flows();
        double c = params.capacityPerMicro();
        double events = 1 / params.byteCounterPackets() + n / (params.timerMicros() * c);
        return Math.cbrt(params.rateAiPerMicro() * n * n / (params.alphaIntervalMicros() * c * c) * events * events);
    }

    /**
     * The rest of the fixed point for a given marking probability: α* from (7) and R_T* - R_C* from
     * (8), with R_C* = C/N. With the p* of {@link #of} this is the exact fixed point; with another p
     * (the closed form) it is the operating point that p implies.
     *
     * @param params the parameters (N flows)
     * @param p      the marking probability, in (0, 1)
     * @return the operating point
     */
    public static FixedPointResult at(FluidParameters params, double p) {
        double rc = params.capacityPerMicro() / params.flows();
        MarkingTerms m = new MarkingTerms(p);
        double alpha = m.atLeastOneMarked(params.alphaIntervalMicros() * rc);
        double gap = targetGap(m, rc, params.cnpIntervalMicros(), params.byteCounterPackets(),
                params.timerMicros() * rc, params.fastRecoverySteps(), params.rateAiPerMicro());
        Marking marking = Marking.of(params);
        boolean linear = p <= params.pmax();
        double q = linear ? marking.queueFor(p) : Double.NaN;
        double pk = params.packetKB();
        return new FixedPointResult(params.flows(), Units.packetsPerMicroToGbps(rc, pk), p, alpha,
                Units.packetsPerMicroToGbps(gap, pk), linear ? Units.packetsToKb(q, pk) : Double.NaN, linear,
                params.kminKB() == params.kmaxKB());
    }

    /** R_T - R_C from (8) = 0. */
    private static double targetGap(MarkingTerms m, double rc, double tau, double b, double tr, double f, double rai) {
        double increase = rai * rc * (m.noneMarked(f * b) * m.scaledCounterTerm(b) / b
                + m.noneMarked(f * tr) * m.scaledCounterTerm(tr) / tr);
        return tau * increase / m.atLeastOneMarked(tau * rc);
    }

    /** Right-hand side of (9) at the fixed point, as a function of p. */
    private static double residual9(double p, double rc, double tau, double b, double tr, double f, double rai,
                                    FluidParameters params) {
        MarkingTerms m = new MarkingTerms(p);
        double alpha = m.atLeastOneMarked(params.alphaIntervalMicros() * rc);
        double gap = targetGap(m, rc, tau, b, tr, f, rai);
        double events = rc * (m.scaledCounterTerm(b) / b + m.scaledCounterTerm(tr) / tr);
        return -rc * alpha / (2 * tau) * m.atLeastOneMarked(tau * rc) + gap / 2 * events;
    }
}
