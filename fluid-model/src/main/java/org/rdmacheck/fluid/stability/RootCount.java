package org.rdmacheck.fluid.stability;

/**
 * The number of roots of the characteristic quasi-polynomial Δ(s) = det(sI - J0 - J1 e^{-sτ*}) in
 * the open right half-plane, by the argument principle: a stability test of the linearisation that
 * holds whether or not the open loop is stable (the phase margin decides only when it is). For real
 * Jacobians Δ(-jω) is the conjugate of Δ(jω), and on a large right semicircle s⁴ dominates (the
 * delayed terms are bounded there, retarded type), so with φ the continuous argument of Δ(jω):
 * Z = 2 - (φ(W) - φ(0))/π. W is doubled until |Δ(jW)/(jW)⁴ - 1| < 0.05; the path [0, W] is cut
 * until the argument moves by less than 0.3 rad per piece.
 */
public final class RootCount {

    private static final double MAX_TURN = 0.3;
    /**
     * Most pieces the delay's rotation may ask for (W τ / 0.3): a count that would need more is refused
     * with {@link org.rdmacheck.fluid.FluidInputException} rather than run for minutes.
     */
    public static final double MAX_PIECES = 1e7;

    private RootCount() {
    }

    /**
     * @param lin   the linearisation (4 x 4 Jacobians)
     * @param delay τ* (µs)
     * @return roots with positive real part (counted with multiplicity); -1 if the count did not
     *         come out an integer (a root on or very near the imaginary axis)
     */
    public static int rightHalfPlane(Linearisation lin, double delay) {
        double[][] j0 = lin.presentJacobian();
        double[][] j1 = lin.delayedJacobian();
        double w = pathTop(j0, j1, delay);
        double[] start = det(j0, j1, delay, 0);
        double turn = wind(j0, j1, delay, 0, w, start, det(j0, j1, delay, w), 0);
        double z = 2 - turn / Math.PI;
        long r = Math.round(z);
        return Math.abs(z - r) < 0.1 ? (int) r : -1;
    }

    /**
     * Refuses what {@link #rightHalfPlane} would refuse, without counting: the path's top W and the
     * same bound on its pieces. For callers that analyse many points ({@link StabilityAttribution}), so
     * a delay too long for any of them is refused before the work starts.
     *
     * @param lin   the linearisation
     * @param delay τ* (µs)
     * @throws org.rdmacheck.fluid.FluidInputException where {@link #rightHalfPlane} would throw it
     */
    public static void requireCountable(Linearisation lin, double delay) {
        pathTop(lin.presentJacobian(), lin.delayedJacobian(), delay);
    }

    /** W, doubled from 10^-3 until s⁴ dominates Δ(jW); refused when the path to it would need more than {@link #MAX_PIECES}. */
    private static double pathTop(double[][] j0, double[][] j1, double delay) {
        double w = 1e-3;
        while (w < 1e6) {
            double[] d = det(j0, j1, delay, w);
            double s4 = w * w * w * w;
            if (Math.hypot(d[0] / s4 - 1, d[1] / s4) < 0.05) {
                break;
            }
            w *= 2;
        }
        if (w * delay / MAX_TURN > MAX_PIECES) {
            throw new org.rdmacheck.fluid.FluidInputException(String.format(java.util.Locale.ROOT,
                    "tauStar = %s us: the root count up to %.3g rad/us would take %.2g pieces, more than %.0g; "
                    + "expected tauStar <= %.4g us at these parameters", delay, w, w * delay / MAX_TURN, MAX_PIECES,
                    MAX_PIECES * MAX_TURN / w));
        }
        return w;
    }

    private static double wind(double[][] j0, double[][] j1, double delay, double a, double b, double[] fa, double[] fb,
                               int depth) {
        double turn = angle(fa, fb);
        double m = (a + b) / 2;
        if (depth > 40) {
            return turn;
        }
        // a piece must be short against the delay's rotation and the argument's move
        if (Math.abs(turn) < MAX_TURN && (b - a) * delay < MAX_TURN && depth >= 6) {
            return turn;
        }
        double[] fm = det(j0, j1, delay, m);
        return wind(j0, j1, delay, a, m, fa, fm, depth + 1) + wind(j0, j1, delay, m, b, fm, fb, depth + 1);
    }

    /** The change of argument from x to y, in (-π, π]. */
    private static double angle(double[] x, double[] y) {
        // arg(y / x)
        double re = y[0] * x[0] + y[1] * x[1];
        double im = y[1] * x[0] - y[0] * x[1];
        return Math.atan2(im, re);
    }

    /** det(jωI - J0 - J1 e^{-jωτ}) as {re, im}, by Gaussian elimination with partial pivoting. */
    static double[] det(double[][] j0, double[][] j1, double delay, double omega) {
        int n = j0.length;
        double[][] re = new double[n][n];
        double[][] im = new double[n][n];
        double c = Math.cos(omega * delay);
        double s = -Math.sin(omega * delay);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                re[i][j] = -j0[i][j] - j1[i][j] * c;
                im[i][j] = -j1[i][j] * s;
            }
            im[i][i] += omega;
        }
        double dre = 1;
        double dim = 0;
        for (int k = 0; k < n; k++) {
            int piv = k;
            for (int i = k + 1; i < n; i++) {
                if (Math.hypot(re[i][k], im[i][k]) > Math.hypot(re[piv][k], im[piv][k])) {
                    piv = i;
                }
            }
            if (piv != k) {
                double[] t = re[k];
                re[k] = re[piv];
                re[piv] = t;
                t = im[k];
                im[k] = im[piv];
                im[piv] = t;
                dre = -dre;
                dim = -dim;
            }
            double pr = re[k][k];
            double pi = im[k][k];
            double nre = dre * pr - dim * pi;
            dim = dre * pi + dim * pr;
            dre = nre;
            double mag = pr * pr + pi * pi;
            if (mag == 0) {
                return new double[] {0, 0};
            }
            for (int i = k + 1; i < n; i++) {
                // f = a[i][k] / a[k][k]
                double fr = (re[i][k] * pr + im[i][k] * pi) / mag;
                double fi = (im[i][k] * pr - re[i][k] * pi) / mag;
                for (int j = k; j < n; j++) {
                    double xr = fr * re[k][j] - fi * im[k][j];
                    double xi = fr * im[k][j] + fi * re[k][j];
                    re[i][j] -= xr;
                    im[i][j] -= xi;
                }
            }
        }
        return new double[] {dre, dim};
    }
}
