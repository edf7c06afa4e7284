package org.rdmacheck.fluid.stability;

import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.StateLayout;
import org.rdmacheck.fluid.Units;

/**
 * Seed 004 (5)-(9) for N identical flows, linearised around an operating point (see the package
 * documentation for the derivation): δẋ(t) = J0 δx(t) + J1 δx(t - τ*) over the state
 * (q, R_C, R_T, α) indexed as {@link StateLayout} for one group. J0 holds the partial derivatives
 * with respect to the present state, J1 those with respect to the delayed state (only q, through
 * the slope of RED (5), and R_C, through the exponents of (7)-(9), are delayed). Model units:
 * packets, packets/µs, µs. Immutable.
 */
public final class Linearisation {

    private static final int Q = StateLayout.QUEUE;
    private static final int RC = 1;
    private static final int RT = 2;
    private static final int A = 3;

    private final double[][] present;
    private final double[][] delayed;
    private final int flows;
    private final double delay;

    private Linearisation(double[][] present, double[][] delayed, int flows, double delay) {
        this.present = present;
        this.delayed = delayed;
        this.flows = flows;
        this.delay = delay;
    }

    /**
     * @param present J0 (4 x 4, copied)
     * @param delayed J1 (4 x 4, copied)
     * @param flows   N
     * @param delay   τ* (µs)
     * @return the linearisation with these Jacobians (for {@link SimplifiedLinearisation})
     */
    static Linearisation of(double[][] present, double[][] delayed, int flows, double delay) {
        return new Linearisation(copy(present), copy(delayed), flows, delay);
    }

    /**
     * @param params parameters (N flows, τ*)
     * @param point  the operating point (from {@link FixedPointSource}), inside RED's linear region
     * @return the linearisation
     * @throws IllegalArgumentException if the point is outside RED's linear region or marking is cut-off
     *                                  (the marking function has no slope there)
     */
    public static Linearisation at(FluidParameters params, FixedPointResult point) {
        return at(params, point, RateTerms.DELAYED);
    }

    /**
     * @param params    parameters (N flows, τ*)
     * @param point     the operating point, inside RED's linear region
     * @param rateTerms whether the delayed rate in the exponents is linearised or frozen at R_C*
     * @return the linearisation ({@link RateTerms#FROZEN}: J1's R_C column is zero)
     */
    public static Linearisation at(FluidParameters params, FixedPointResult point, RateTerms rateTerms) {
        if (!point.inLinearRegion() || point.cutOff()) {
            throw new IllegalArgumentException("no slope of RED marking at p* = " + point.markingProbability());
        }
        double pk = params.packetKB();
        double rc = Units.gbpsToPacketsPerMicro(point.rateGbps(), pk);
        double gap = Units.gbpsToPacketsPerMicro(point.targetGapGbps(), pk);
        double alpha = point.alpha();
        double tau = params.cnpIntervalMicros();
        double tauP = params.alphaIntervalMicros();
        double g = params.g();
        double rai = params.rateAiPerMicro();
        Terms t = new Terms(point.markingProbability(), rc, tau, tauP, params.byteCounterPackets(),
                params.timerMicros(), params.fastRecoverySteps());
        double[][] j0 = new double[4][4];
        double[][] j1 = new double[4][4];
        // (6): dq/dt = N R_C - C
        j0[Q][RC] = params.flows();
        // (9): dR_C/dt = -R_C α/(2τ) c + (R_T - R_C)/2 (h_B + h_T)
        double events = t.hB + t.hT;
        j0[RC][RC] = -alpha * t.c / (2 * tau) - events / 2;
        j0[RC][RT] = events / 2;
        j0[RC][A] = -rc * t.c / (2 * tau);
        double dRcDp = -rc * alpha / (2 * tau) * t.cP + gap / 2 * (t.hBP + t.hTP);
        double dRcDr = -rc * alpha / (2 * tau) * t.cR + gap / 2 * (t.hBR + t.hTR);
        // (8): dR_T/dt = -(R_T - R_C)/τ c + R_AI (s_B h_B + s_T h_T)
        j0[RT][RC] = t.c / tau;
        j0[RT][RT] = -t.c / tau;
        double dRtDp = -gap / tau * t.cP + rai * (t.sBP * t.hB + t.sB * t.hBP + t.sTP * t.hT + t.sT * t.hTP);
        double dRtDr = -gap / tau * t.cR + rai * (t.sB * t.hBR + t.sTR * t.hT + t.sT * t.hTR);
        // (7): dα/dt = g/τ' (a - α)
        j0[A][A] = -g / tauP;
        double dADp = g / tauP * t.aP;
        double dADr = g / tauP * t.aR;
        // delayed q enters through p = slope (q - K_min) of (5); delayed R_C directly
        double slope = params.pmax() / (params.kmaxPackets() - params.kminPackets());
        j1[RC][Q] = slope * dRcDp;
        j1[RT][Q] = slope * dRtDp;
        j1[A][Q] = slope * dADp;
        if (rateTerms == RateTerms.DELAYED) {
            j1[RC][RC] = dRcDr;
            j1[RT][RC] = dRtDr;
            j1[A][RC] = dADr;
        }
        return new Linearisation(j0, j1, params.flows(), params.feedbackDelayMicros());
    }

    /** @return J0, ∂f/∂x(t) at the operating point (a copy) */
    public double[][] presentJacobian() {
        return copy(present);
    }

    /** @return J1, ∂f/∂x(t - τ*) at the operating point (a copy) */
    public double[][] delayedJacobian() {
        return copy(delayed);
    }

    /**
     * The open loop, broken at the delayed queue v(t) = δq(t - τ*). The queue being non-empty at the
     * operating point, δq̇ = N δR_C, so the delayed rate is δR_C(t - τ*) = v̇/N: the reaction point
     * (R_C, R_T, α) sees u = J1[·][q] v + J1[·][R_C] v̇/N, and
     * L(s) = -N/s · e_{R_C}ᵀ (sI - A)^{-1} (J1[·][q] + s/N J1[·][R_C]) · e^{-sτ*},
     * with A the reaction point's block of J0. (sI - A)^{-1} = adj(sI - A)/χ(s) comes from the
     * Faddeev-LeVerrier recursion, so L is n(s)/(s χ(s)) · e^{-sτ*} with deg n ≤ 3, deg χ = 3.
     *
     * @return L(s)
     */
    public LoopTransfer loop() {
        double[][] a = new double[3][3];
        double[] bq = new double[3];
        double[] br = new double[3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                a[i][j] = present[i + 1][j + 1];
            }
            bq[i] = delayed[i + 1][Q];
            br[i] = delayed[i + 1][RC] / flows;
        }
        // Faddeev-LeVerrier: M1 = I, c2 = -tr A; M2 = A M1 + c2 I, c1 = -tr(A M2)/2; M3 = A M2 + c1 I, c0 = -tr(A M3)/3
        double[][] m1 = identity();
        double c2 = -trace(mul(a, m1));
        double[][] m2 = plus(mul(a, m1), c2);
        double c1 = -trace(mul(a, m2)) / 2;
        double[][] m3 = plus(mul(a, m2), c1);
        double c0 = -trace(mul(a, m3)) / 3;
        // adj(sI - A) = s² M1 + s M2 + M3; row R_C of it times (bq + s br)
        double[] r1 = m1[0];
        double[] r2 = m2[0];
        double[] r3 = m3[0];
        double[] num = new double[4];
        num[0] = dot(r3, bq);
        num[1] = dot(r2, bq) + dot(r3, br);
        num[2] = dot(r1, bq) + dot(r2, br);
        num[3] = dot(r1, br);
        for (int k = 0; k < 4; k++) {
            num[k] *= -flows;
        }
        return new LoopTransfer(num, new double[] {0, c0, c1, c2, 1}, delay);
    }

    /** @return the eigenvalues' largest real part of the reaction point's block A (< 0: open loop stable but for the integrator) */
    public double openLoopAbscissa() {
        double[][] a = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                a[i][j] = present[i + 1][j + 1];
            }
        }
        var eig = new org.apache.commons.math3.linear.EigenDecomposition(
                new org.apache.commons.math3.linear.Array2DRowRealMatrix(a));
        double max = Double.NEGATIVE_INFINITY;
        for (double re : eig.getRealEigenvalues()) {
            max = Math.max(max, re);
        }
        return max;
    }

    private static double[][] identity() {
        return new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    }

    private static double[][] mul(double[][] x, double[][] y) {
        double[][] r = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < 3; k++) {
                    r[i][j] += x[i][k] * y[k][j];
                }
            }
        }
        return r;
    }

    private static double[][] plus(double[][] x, double c) {
        double[][] r = copy(x);
        for (int i = 0; i < 3; i++) {
            r[i][i] += c;
        }
        return r;
    }

    private static double trace(double[][] x) {
        return x[0][0] + x[1][1] + x[2][2];
    }

    private static double dot(double[] x, double[] y) {
        return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    }

    private static double[][] copy(double[][] x) {
        double[][] r = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i].clone();
        }
        return r;
    }

    /**
     * The probability terms of (7)-(9) at the delayed (p, r = R_C(t - τ*)) and their partial
     * derivatives (suffix P: ∂/∂p, R: ∂/∂r), through L = -ln(1-p), (1-p)^x = e^{-xL},
     * dL/dp = 1/(1-p). Counter terms φ(x) = p/((1-p)^{-x} - 1) = p E/(1-E) with E = e^{-xL}:
     * ∂φ/∂p = E/(1-E) - p x E/((1-p)(1-E)²), ∂φ/∂x = -p L E/(1-E)².
     */
    private static final class Terms {
        final double c;
        final double cP;
        final double cR;
        final double aP;
        final double aR;
        final double hB;
        final double hBP;
        final double hBR;
        final double hT;
        final double hTP;
        final double hTR;
        final double sB;
        final double sBP;
        final double sT;
        final double sTP;
        final double sTR;

        Terms(double p, double r, double tau, double tauP, double b, double timer, int fast) {
            double l = -Math.log1p(-p);
            double q = 1 - p;
            // c = 1 - (1-p)^{τ r}: a CNP in a τ window (7)-(9); a = 1 - (1-p)^{τ' r} (7)
            double ec = Math.exp(-tau * r * l);
            c = -Math.expm1(-tau * r * l);
            cP = tau * r * ec / q;
            cR = tau * l * ec;
            double ea = Math.exp(-tauP * r * l);
            aP = tauP * r * ea / q;
            aR = tauP * l * ea;
            // byte counter: h_B = r φ(B), s_B = (1-p)^{F B}
            hB = r * phi(p, l, b);
            hBP = r * phiP(p, l, b);
            hBR = phi(p, l, b);
            sB = Math.exp(-fast * b * l);
            sBP = -fast * b * sB / q;
            // timer: h_T = r φ(T r), s_T = (1-p)^{F T r}
            double x = timer * r;
            hT = r * phi(p, l, x);
            hTP = r * phiP(p, l, x);
            hTR = phi(p, l, x) + r * timer * phiX(p, l, x);
            sT = Math.exp(-fast * x * l);
            sTP = -fast * x * sT / q;
            sTR = -fast * timer * l * sT;
        }

        private static double phi(double p, double l, double x) {
            double e = Math.exp(-x * l);
            return p * e / -Math.expm1(-x * l);
        }

        private static double phiP(double p, double l, double x) {
            double e = Math.exp(-x * l);
            double one = -Math.expm1(-x * l);
            return e / one - p * x * e / ((1 - p) * one * one);
        }

        private static double phiX(double p, double l, double x) {
            double e = Math.exp(-x * l);
            double one = -Math.expm1(-x * l);
            return -p * l * e / (one * one);
        }
    }
}
