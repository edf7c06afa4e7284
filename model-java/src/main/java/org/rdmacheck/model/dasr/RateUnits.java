package org.rdmacheck.model.dasr;

/**
 * Exact rate arithmetic: rates are integers in units of line rate / L, with L a multiple of every
 * n that can be advertised, so line rate / n is always an integer and sums are exact.
 */
public final class RateUnits {

    private RateUnits() {
    }

    /**
     * @param maxN the largest n
     * @return lcm(1..maxN), the line rate in units
     */
    public static int lineRateFor(int maxN) {
        int l = 1;
        for (int i = 2; i <= maxN; i++) {
            l = l / gcd(l, i) * i;
        }
        return l;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
