package org.rdmacheck.fluid.stability;

import java.util.Arrays;

/**
 * An open-loop transfer function L(s) = n(s)/d(s) · e^{-sτ}: a rational part with real
 * coefficients (lowest power first) times a pure delay, the closed loop being 1 + L(s) = 0
 * (negative feedback). Time is in µs, so frequencies are in rad/µs. Immutable.
 *
 * @param numerator   coefficients of n(s), n_0 first
 * @param denominator coefficients of d(s), d_0 first (not all zero)
 * @param delayMicros τ ≥ 0
 */
public record LoopTransfer(double[] numerator, double[] denominator, double delayMicros) {

    /** Copies the coefficients and checks them. */
    public LoopTransfer {
        numerator = numerator.clone();
        denominator = denominator.clone();
        if (Arrays.stream(denominator).allMatch(c -> c == 0)) {
            throw new IllegalArgumentException("L(s) with a zero denominator");
        }
        if (!(delayMicros >= 0)) {
            throw new IllegalArgumentException("L(s) with delay " + delayMicros);
        }
    }

    @Override
    public double[] numerator() {
        return numerator.clone();
    }

    @Override
    public double[] denominator() {
        return denominator.clone();
    }

    /**
     * @param omega frequency (rad/µs)
     * @return L(jω) as {re, im}
     */
    public double[] at(double omega) {
        double[] r = rational(omega);
        double c = Math.cos(omega * delayMicros);
        double s = -Math.sin(omega * delayMicros);
        return new double[] {r[0] * c - r[1] * s, r[0] * s + r[1] * c};
    }

    /** @param omega frequency (rad/µs)  @return |L(jω)| (the delay does not change it) */
    public double magnitude(double omega) {
        double[] r = rational(omega);
        return Math.hypot(r[0], r[1]);
    }

    /**
     * @param omega frequency (rad/µs)
     * @return n(jω)/d(jω) as {re, im}
     */
    public double[] rational(double omega) {
        double[] n = horner(numerator, omega);
        double[] d = horner(denominator, omega);
        double den = d[0] * d[0] + d[1] * d[1];
        return new double[] {(n[0] * d[0] + n[1] * d[1]) / den, (n[1] * d[0] - n[0] * d[1]) / den};
    }

    /** Evaluates a real polynomial at s = jω. */
    private static double[] horner(double[] c, double omega) {
        double re = 0;
        double im = 0;
        for (int k = c.length - 1; k >= 0; k--) {
            // (re + j im)(j ω) + c_k
            double nre = -im * omega + c[k];
            im = re * omega;
            re = nre;
        }
        return new double[] {re, im};
    }

    /** @return the same rational part with another delay */
    public LoopTransfer withDelay(double micros) {
        return new LoopTransfer(numerator, denominator, micros);
    }
}
