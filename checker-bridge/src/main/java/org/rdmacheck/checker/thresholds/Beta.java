package org.rdmacheck.checker.thresholds;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.InputException;

/**
 * The dynamic-threshold factor β of seed 004 §4 ({@code t_PFC = β(B − 8·n·t_flight − s)/8}), an
 * exact positive fraction {@code numerator/denominator} in lowest terms.
 *
 * @param numerator   positive
 * @param denominator positive
 */
public record Beta(long numerator, long denominator) implements Comparable<Beta> {

    /** Reduces to lowest terms. */
    public Beta {
        if (numerator <= 0 || denominator <= 0) {
            throw new InputException("beta = " + numerator + "/" + denominator + ": expected a positive fraction");
        }
        long g = BigInteger.valueOf(numerator).gcd(BigInteger.valueOf(denominator)).longValueExact();
        numerator /= g;
        denominator /= g;
    }

    /** Largest numerator or denominator, so that the solver's products stay within 32 bits. */
    public static final long MAX_TERM = 4096;

    /**
     * @param name  the parameter's name
     * @param value e.g. {@code 8}, {@code 1/2}, {@code 0.25}
     * @return the fraction
     * @throws InputException if it does not parse or is not positive
     */
    public static Beta parse(String name, String value) {
        String v = value == null ? "" : value.trim();
        long num;
        long den;
        try {
            int slash = v.indexOf('/');
            if (slash >= 0) {
                num = Long.parseLong(v.substring(0, slash).trim());
                den = Long.parseLong(v.substring(slash + 1).trim());
            } else {
                BigDecimal d = new BigDecimal(v);
                int scale = Math.max(0, d.scale());
                num = d.movePointRight(scale).toBigIntegerExact().longValueExact();
                den = BigInteger.TEN.pow(scale).longValueExact();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InputException(name + " = " + value + ": expected a positive fraction like 8, 1/2 or 0.25");
        }
        if (num <= 0 || den <= 0) {
            throw new InputException(name + " = " + value + ": expected a positive fraction like 8, 1/2 or 0.25");
        }
        long g = BigInteger.valueOf(num).gcd(BigInteger.valueOf(den)).longValueExact();
        if (num / g > MAX_TERM || den / g > MAX_TERM) {
            throw new InputException(name + " = " + value + ": expected a numerator and denominator of at most "
                    + MAX_TERM + " (chips offer a few simple factors)");
        }
        return new Beta(num, den);
    }

    /**
     * @param name  the parameter's name
     * @param value comma-separated fractions
     * @return them, ascending, without duplicates
     * @throws InputException if one does not parse or the list is empty
     */
    public static List<Beta> parseList(String name, String value) {
        List<Beta> out = new ArrayList<>();
        for (String part : (value == null ? "" : value).split(",")) {
            if (part.isBlank()) {
                throw new InputException(name + " = " + value + ": expected a comma-separated list of positive fractions");
            }
            Beta b = parse(name, part);
            if (!out.contains(b)) {
                out.add(b);
            }
        }
        out.sort(null);
        return List.copyOf(out);
    }

    @Override
    public int compareTo(Beta o) {
        return BigInteger.valueOf(numerator).multiply(BigInteger.valueOf(o.denominator))
                .compareTo(BigInteger.valueOf(o.numerator).multiply(BigInteger.valueOf(denominator)));
    }

    @Override
    public String toString() {
        return denominator == 1 ? Long.toString(numerator) : numerator + "/" + denominator;
    }
}
