package org.rdmacheck.checker.thresholds;

import java.math.BigInteger;

/**
 * A number of bytes as an exact fraction {@code numerator/denominator} in lowest terms: the dynamic
 * t_PFC {@code β(B − p·n·t_flight − s)/d} of seed 004 §4 is a rational, not always a whole number.
 *
 * @param numerator   any
 * @param denominator positive
 */
public record ExactBytes(long numerator, long denominator) implements Inequality.Side {

    /** Reduces to lowest terms. */
    public ExactBytes {
        if (denominator <= 0) {
            throw new IllegalArgumentException("denominator " + denominator + ": expected a positive number");
        }
        long g = BigInteger.valueOf(numerator).gcd(BigInteger.valueOf(denominator)).longValueExact();
        numerator /= g;
        denominator /= g;
    }

    /** @param bytes a whole number of bytes  @return it */
    public static ExactBytes of(long bytes) {
        return new ExactBytes(bytes, 1);
    }

    /** @return whether it is a whole number of bytes */
    public boolean isWhole() {
        return denominator == 1;
    }

    /** @return its value, rounded to the nearest double */
    public double doubleValue() {
        return (double) numerator / denominator;
    }

    /** @return {@code 1234} or {@code 2469/2} */
    @Override
    public String toString() {
        return isWhole() ? Long.toString(numerator) : numerator + "/" + denominator;
    }
}
