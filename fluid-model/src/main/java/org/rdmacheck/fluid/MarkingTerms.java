package org.rdmacheck.fluid;

/**
 * The probability terms of seed 004 equations (7)-(9) for one marking probability p, evaluated
 * without overflow and with their p → 0 limits. All work through L = -ln(1-p) ∈ [0, ∞]:
 * (1-p)^x = e^{-xL}. The counter terms p / ((1-p)^{-x} - 1) are computed as
 * {@code x p / ((1-p)^{-x} - 1) = (p/L) · u/expm1(u)} with u = xL, which tends to 1 as p → 0
 * (one increase event per x unmarked packets) and to 0 without overflow for large x (B = 10,000
 * packets). Immutable; one instance per (delayed) p.
 */
public final class MarkingTerms {

    private final double p;
    private final double logSurvive;   // L = -ln(1-p), +inf for p = 1
    private final double pOverL;       // p / L, with limit 1 at p = 0

    /** @param p marking probability in [0, 1] */
    public MarkingTerms(double p) {
        this.p = p;
        if (p <= 0) {
            logSurvive = 0;
            pOverL = 1;
        } else if (p >= 1) {
            logSurvive = Double.POSITIVE_INFINITY;
            pOverL = 0;
        } else {
            logSurvive = -Math.log1p(-p);
            pOverL = p / logSurvive;
        }
    }

    /** @return the marking probability */
    public double p() {
        return p;
    }

    /**
     * @param x packet count (≥ 0)
     * @return 1 - (1-p)^x, the probability that at least one of x packets is marked
     */
    public double atLeastOneMarked(double x) {
        if (x <= 0 || logSurvive == 0) {
            return 0;
        }
        return -expm1(-x * logSurvive);
    }

    /**
     * @param x packet count (≥ 0)
     * @return (1-p)^x, the probability that x packets all go unmarked
     */
    public double noneMarked(double x) {
        if (x <= 0 || logSurvive == 0) {
            return 1;
        }
        return Math.exp(-x * logSurvive);
    }

    /**
     * The counter term scaled by its count: x p / ((1-p)^{-x} - 1). For p → 0 it is 1; it is the
     * expected number of counter expiries per x packets between marks.
     *
     * @param x packet count (≥ 0)
     * @return x p / ((1-p)^{-x} - 1) with its limits
     */
    public double scaledCounterTerm(double x) {
        if (logSurvive == 0) {
            return 1;
        }
        if (pOverL == 0) {
            return 0;
        }
        double u = x * logSurvive;
        return u == 0 ? pOverL : pOverL * (u / expm1(u));
    }

    /**
     * The counter term of (8) with its fast-recovery factor, sharing one exponential:
     * {@code scaledCounterTerm(x)} and {@code noneMarked(fast · x)}.
     *
     * @param x    packet count per counter expiry (≥ 0)
     * @param fast F
     * @return both terms
     */
    public CounterTerms counterTerms(double x, int fast) {
        if (logSurvive == 0) {
            return CounterTerms.UNMARKED;
        }
        if (pOverL == 0) {
            return new CounterTerms(0, noneMarked(fast * x));
        }
        double u = x * logSurvive;
        if (Math.abs(u) < 1e-5) {
            return new CounterTerms(scaledCounterTerm(x), noneMarked(fast * x));
        }
        double e = Math.exp(u);                      // (1-p)^{-x}
        double inv = 1 / e;                          // (1-p)^{x}, 0 when e overflows
        double survive = 1;
        for (int i = 0; i < fast; i++) {
            survive *= inv;
        }
        return new CounterTerms(pOverL * (u / (e - 1)), survive);
    }

    /**
     * A counter's terms.
     *
     * @param scaled  x p / ((1-p)^{-x} - 1)
     * @param survive (1-p)^{F x}
     */
    public record CounterTerms(double scaled, double survive) {
        static final CounterTerms UNMARKED = new CounterTerms(1, 1);
    }

    /**
     * e^x - 1 through the intrinsic {@link Math#exp} (several times faster than
     * {@link Math#expm1}, which dominates the solver's time), with a Taylor series where the
     * subtraction would cancel: relative error below 1e-10 everywhere.
     */
    static double expm1(double x) {
        if (Math.abs(x) < 1e-5) {
            return x * (1 + x * (0.5 + x / 6));
        }
        return Math.exp(x) - 1;
    }
}
