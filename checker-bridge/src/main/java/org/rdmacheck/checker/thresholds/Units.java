package org.rdmacheck.checker.thresholds;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.model.InputException;

/**
 * Parses and formats the quantities of a switch description: sizes in bytes, link rates, cable
 * lengths. Sizes use decimal prefixes as seed 004 §4 does (1 KB = 1000 bytes, 1 MB = 10^6 bytes);
 * binary prefixes are spelled KiB, MiB, GiB.
 */
public final class Units {

    private static final Pattern NUMBER_UNIT = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z/]*)\\s*");

    private static final Map<String, Long> SIZE = Map.of("", 1L, "b", 1L, "kb", 1_000L, "mb", 1_000_000L,
            "gb", 1_000_000_000L, "kib", 1L << 10, "mib", 1L << 20, "gib", 1L << 30);

    private static final Map<String, Long> RATE = Map.of("", 1L, "k", 1_000L, "m", 1_000_000L,
            "g", 1_000_000_000L, "t", 1_000_000_000_000L);

    private Units() {
    }

    /**
     * @param name  the parameter's name, for the error message
     * @param value e.g. {@code 12MB}, {@code 22.4KB}, {@code 1500}, {@code 1500B}, {@code 2MiB}
     * @return the size in whole bytes (may be zero)
     * @throws InputException if it does not parse, is negative, or is not a whole number of bytes
     */
    public static long bytes(String name, String value) {
        Matcher m = match(name, value, "a size like 12MB, 22.4KB or 1500 (decimal KB/MB/GB, binary KiB/MiB/GiB)");
        Long mult = SIZE.get(m.group(2).toLowerCase(Locale.ROOT));
        if (mult == null) {
            throw new InputException(name + " = " + value + ": unknown size unit '" + m.group(2)
                    + "': expected B, KB, MB, GB (decimal) or KiB, MiB, GiB (binary)");
        }
        return whole(name, value, new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(mult)), "bytes");
    }

    /**
     * @param name  the parameter's name
     * @param value e.g. {@code 40G}, {@code 40Gbps}, {@code 100Gb/s}, {@code 25000000000}
     * @return bits per second
     * @throws InputException if it does not parse or is not positive
     */
    public static long bitsPerSecond(String name, String value) {
        Matcher m = match(name, value, "a rate like 40G, 40Gbps or 100Gb/s");
        String unit = m.group(2).toLowerCase(Locale.ROOT).replaceFirst("(bps|b/s|bit/s)$", "");
        Long mult = RATE.get(unit);
        if (mult == null) {
            throw new InputException(name + " = " + value + ": unknown rate unit '" + m.group(2)
                    + "': expected a rate like 40G, 40Gbps or 100Gb/s");
        }
        return positive(name, value, whole(name, value, new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(mult)),
                "bits per second"));
    }

    /**
     * @param name  the parameter's name
     * @param value e.g. {@code 100m}, {@code 100}, {@code 1.5km}
     * @return metres (may be zero)
     * @throws InputException if it does not parse
     */
    public static BigDecimal metres(String name, String value) {
        Matcher m = match(name, value, "a length like 100m or 1.5km");
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        BigDecimal v = new BigDecimal(m.group(1));
        return switch (unit) {
            case "", "m" -> v;
            case "km" -> v.multiply(BigDecimal.valueOf(1000));
            default -> throw new InputException(name + " = " + value + ": unknown length unit '" + m.group(2)
                    + "': expected m or km");
        };
    }

    /**
     * @param name  the parameter's name
     * @param value a non-negative decimal number
     * @return it
     * @throws InputException if it does not parse
     */
    public static BigDecimal decimal(String name, String value) {
        Matcher m = match(name, value, "a non-negative number");
        if (!m.group(2).isEmpty()) {
            throw new InputException(name + " = " + value + ": expected a plain non-negative number");
        }
        return new BigDecimal(m.group(1));
    }

    /**
     * @param name  the parameter's name
     * @param value an integer
     * @param min   least allowed
     * @param max   largest allowed
     * @return it
     * @throws InputException if it does not parse or is out of range
     */
    public static int integer(String name, String value, int min, int max) {
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new InputException(name + " = " + value + ": expected an integer in [" + min + ", " + max + "]");
        }
        if (v < min || v > max) {
            throw new InputException(name + " = " + value + ": expected an integer in [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    /**
     * @param name  the parameter's name
     * @param value its text
     * @param v     its value
     * @return v
     * @throws InputException if v is not positive
     */
    public static long positive(String name, String value, long v) {
        if (v <= 0) {
            throw new InputException(name + " = " + value + ": expected a positive value");
        }
        return v;
    }

    /**
     * @param bytes a size
     * @return it in decimal kilobytes with up to three decimals and the exact byte count, e.g.
     *         {@code 24.475 KB (24,475 B)}
     */
    public static String kb(long bytes) {
        return String.format(Locale.ROOT, "%s KB (%,d B)", kbNumber(BigDecimal.valueOf(bytes)), bytes);
    }

    /**
     * @param bytes a size, possibly fractional
     * @return it in decimal kilobytes with up to three decimals
     */
    public static String kbNumber(BigDecimal bytes) {
        DecimalFormat f = new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
        return f.format(bytes.divide(BigDecimal.valueOf(1000), 3, RoundingMode.HALF_EVEN));
    }

    private static Matcher match(String name, String value, String expected) {
        if (value == null) {
            throw new InputException(name + ": missing value: expected " + expected);
        }
        String v = value.trim();
        if (v.startsWith("-")) {
            throw new InputException(name + " = " + value + ": negative: expected " + expected);
        }
        Matcher m = NUMBER_UNIT.matcher(v);
        if (!m.matches()) {
            throw new InputException(name + " = " + value + ": expected " + expected);
        }
        return m;
    }

    private static long whole(String name, String value, BigDecimal v, String what) {
        try {
            return v.longValueExact();
        } catch (ArithmeticException e) {
            throw new InputException(name + " = " + value + ": expected a whole number of " + what);
        }
    }
}
