package org.rdmacheck.fluid.stability;

import java.util.Set;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.Units;

/**
 * Seed 004 (5)-(9) for N identical flows linearised with any subset of the published analysis'
 * simplifications ({@link Simplification}): the empty set gives the exact Jacobians of
 * {@link Linearisation#at} (checked entry by entry in {@code SimplifiedLinearisationTest}), the
 * full set the published ones. State (q, R_C, R_T, α) as {@link Linearisation}; model units
 * packets, packets/µs, µs.
 * <p>
 * Terms, at the delayed marking probability p and delayed rate r = R_C(t - τ*):
 * <pre>
 *   (9)  dR_C/dt = -R_C α/(2τ) · c(p, r) + (R_T - R_C)/2 · (h_B + h_T)
 *   (8)  dR_T/dt = -(R_T - R_C)/τ · c(p, r) + R_AI (s_B h_B + s_T h_T)
 *   (7)  dα/dt   = g/τ' (a(p, r) - α)
 *   c = 1 - (1-p)^{τ r},  a = 1 - (1-p)^{τ' r},  h_B = r φ(B),  h_T = r φ(T r),
 *   s_B = (1-p)^{F B},  s_T = (1-p)^{F T r},  φ(x) = p/((1-p)^{-x} - 1)
 * </pre>
 * Each term is a value with its two slopes (∂/∂p, ∂/∂r); {@link Simplification#SMALL_P} replaces
 * them by their first-order forms in p, {@link Simplification#FROZEN_TIMER_RATE} and
 * {@link Simplification#FROZEN_ALPHA_RATE} drop the slope through an exponent's rate, and the other
 * switches rewrite single Jacobian entries as their documentation says.
 */
public final class SimplifiedLinearisation {

    private static final int Q = 0;
    private static final int RC = 1;
    private static final int RT = 2;
    private static final int A = 3;

    private SimplifiedLinearisation() {
    }

    /**
     * The operating point the simplifications imply: p* exact or closed form, then α* and R_T* - R_C*
     * from (7), (8) at that p* (the same in both analyses).
     *
     * @param params parameters (N flows)
     * @param simplifications the switches
     * @return the operating point
     */
    public static FixedPointResult operatingPoint(FluidParameters params, Set<Simplification> simplifications) {
        return simplifications.contains(Simplification.CLOSED_FORM_P)
                ? FixedPoint.at(params, FixedPoint.closedFormProbability(params)) : FixedPoint.of(params);
    }

    /**
     * @param params          parameters (N flows, τ*)
     * @param point           the operating point ({@link #operatingPoint}); outside RED's linear region
     *                        only with {@link Simplification#UNCAPPED_RED}
     * @param simplifications the switches
     * @return the linearisation
     * @throws IllegalArgumentException for cut-off marking, or p* > P_max without {@link Simplification#UNCAPPED_RED}
     */
    public static Linearisation at(FluidParameters params, FixedPointResult point, Set<Simplification> simplifications) {
        boolean uncapped = simplifications.contains(Simplification.UNCAPPED_RED);
        if (point.cutOff() || (!point.inLinearRegion() && !uncapped)) {
            throw new IllegalArgumentException("no slope of RED marking at p* = " + point.markingProbability());
        }
        double pk = params.packetKB();
        double p = point.markingProbability();
        double rc = Units.gbpsToPacketsPerMicro(point.rateGbps(), pk);
        double gap = Units.gbpsToPacketsPerMicro(point.targetGapGbps(), pk);
        double alpha = point.alpha();
        double tau = params.cnpIntervalMicros();
        double tauP = params.alphaIntervalMicros();
        double g = params.g();
        double rai = params.rateAiPerMicro();
        double b = params.byteCounterPackets();
        double timer = params.timerMicros();
        int fast = params.fastRecoverySteps();
        boolean small = simplifications.contains(Simplification.SMALL_P);
        boolean frozenTimer = simplifications.contains(Simplification.FROZEN_TIMER_RATE);

        Term c = small ? new Term(tau * rc * p, tau * rc, tau * p) : exactMarked(p, rc, tau);
        Term a = small ? new Term(tauP * rc * p, tauP * rc, tauP * p) : exactMarked(p, rc, tauP);
        if (simplifications.contains(Simplification.FROZEN_ALPHA_RATE)) {
            a = new Term(a.v, a.dp, 0);
        }
        boolean smallB = simplifications.contains(Simplification.SMALL_P_BYTE_COUNTER);
        Term hB = counter(p, rc, b, false, 0, smallB, false);
        Term hT = counter(p, rc, timer, true, 0, small, frozenTimer);
        Term sHB = counter(p, rc, b, false, fast, smallB, false);
        Term sHT = counter(p, rc, timer, true, fast, small, frozenTimer);

        double[][] j0 = new double[4][4];
        double[][] j1 = new double[4][4];
        double slope = params.pmax() / (params.kmaxPackets() - params.kminPackets());
        // (6): dq/dt = N R_C - C
        j0[Q][RC] = params.flows();
        // (9), decrease: -R_C α/(2τ) c(p, r)
        j0[RC][RC] = -alpha * c.v / (2 * tau);
        j0[RC][A] = -rc * c.v / (2 * tau);
        double rcDp = -rc * alpha / (2 * tau) * c.dp;
        j1[RC][RC] = -rc * alpha / (2 * tau) * c.dr;
        // (9), increase: (R_T - R_C)/2 (h_B + h_T), h = r (b + d)
        double events = hB.v + hT.v;
        j0[RC][RT] = events / 2;
        rcDp += gap / 2 * (hB.dp + hT.dp);
        if (simplifications.contains(Simplification.SWAPPED_INCREASE_DELAYS)) {
            // (R_T - r)/2 · R_C (b + d)(p, r): ∂/∂R_C = gap (b + d)/2, ∂/∂r = -R_C (b + d)/2 + gap/2 · R_C ∂(b + d)/∂r
            double perRate = events / rc;
            double exponentSlope = hB.dr + hT.dr - perRate;   // = r ∂(b + d)/∂r
            j0[RC][RC] += gap / 2 * perRate;
            j1[RC][RC] += -events / 2 + gap / 2 * exponentSlope;
        } else {
            j0[RC][RC] += -events / 2;
            j1[RC][RC] += gap / 2 * (hB.dr + hT.dr);
        }
        j1[RC][Q] = slope * rcDp;
        // (8): -(R_T - R_C)/τ c(p, r) + R_AI (s_B h_B + s_T h_T)
        j0[RT][RC] = c.v / tau;
        j0[RT][RT] = -c.v / tau;
        j1[RT][Q] = slope * (-gap / tau * c.dp + rai * (sHB.dp + sHT.dp));
        j1[RT][RC] = -gap / tau * c.dr + rai * (sHB.dr + sHT.dr);
        if (simplifications.contains(Simplification.EXTRA_AI_TERM)) {
            j0[RT][RC] += rai * (1 / b + 1 / (timer * rc));
        }
        // (7): g/τ' (a(p, r) - α)
        j0[A][A] = simplifications.contains(Simplification.ALPHA_DECAY_PER_PACKET) ? -g * rc : -g / tauP;
        j1[A][Q] = slope * g / tauP * a.dp;
        j1[A][RC] = g / tauP * a.dr;
        return Linearisation.of(j0, j1, params.flows(), params.feedbackDelayMicros());
    }

    /** A term's value and its slopes in the delayed p and the delayed rate r. */
    private record Term(double v, double dp, double dr) {
    }

    /** 1 - (1-p)^{k r} and its slopes. */
    private static Term exactMarked(double p, double r, double k) {
        double l = -Math.log1p(-p);
        double e = Math.exp(-k * r * l);
        return new Term(-Math.expm1(-k * r * l), k * r * e / (1 - p), k * l * e);
    }

    /**
     * r · s · φ(x) with x = B (byte counter) or T r (timer), s = (1-p)^{F x} (F = 0: s = 1).
     *
     * @param p       delayed marking probability
     * @param r       delayed rate (R_C*)
     * @param size    B, or T for the timer
     * @param timer   whether x = T r (else x = B)
     * @param fast    F, or 0 for the plain counter term
     * @param small   first order in p
     * @param frozen  drop the slope through the exponent's rate (timer only)
     */
    private static Term counter(double p, double r, double size, boolean timer, int fast, boolean small, boolean frozen) {
        double x = timer ? size * r : size;
        double dxDr = timer ? size : 0;
        if (small) {
            // r (1/x - (F + 1/2 + 1/(2x)) p)
            double k = fast + 0.5 + 1 / (2 * x);
            double per = 1 / x - k * p;
            // ∂/∂x of (1/x - (1/2x) p) = -1/x² + p/(2x²)
            double perDx = -1 / (x * x) + p / (2 * x * x);
            double dr = per + (frozen ? 0 : r * perDx * dxDr);
            return new Term(r * per, -r * k, dr);
        }
        double l = -Math.log1p(-p);
        double one = -Math.expm1(-x * l);               // 1 - (1-p)^x
        double e = Math.exp(-x * l);                    // (1-p)^x
        double phi = p * e / one;
        double phiP = e / one - p * x * e / ((1 - p) * one * one);
        double phiX = -p * l * e / (one * one);
        double s = Math.exp(-fast * x * l);
        double sP = -fast * x * s / (1 - p);
        double sX = -fast * l * s;
        double value = r * s * phi;
        double dp = r * (sP * phi + s * phiP);
        double dr = s * phi + (frozen ? 0 : r * (sX * phi + s * phiX) * dxDr);
        return new Term(value, dp, dr);
    }
}
