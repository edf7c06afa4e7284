package org.rdmacheck.fluid;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parameters of seed 004 Table 2, in the units a user speaks (Gb/s, KB, µs), validated on
 * construction. Accessors ending in {@code Packets}/{@code PerMicro} give the model's internal
 * units (see {@link Units}).
 *
 * @param flows               N, flows at the bottleneck
 * @param packetKB            packet size in KB (the model's unit of data)
 * @param lineRateGbps        C, bottleneck capacity and the NICs' line rate
 * @param kminKB              K_min of RED marking (5)
 * @param kmaxKB              K_max of RED marking (5)
 * @param pmax                P_max of RED marking (5)
 * @param g                   α gain, equation (1)
 * @param byteCounterKB       B, byte counter for rate increase
 * @param timerMicros         T, rate-increase timer
 * @param rateAiMbps          R_AI, additive-increase step
 * @param rateHaiMbps         R_HAI, hyper-increase step (packet-level simulation only; the fluid model has none)
 * @param fastRecoverySteps   F, fast-recovery steps
 * @param cnpIntervalMicros   τ, the NP's CNP generation interval (50 µs)
 * @param feedbackDelayMicros τ*, control-loop delay
 * @param alphaIntervalMicros τ', interval of the α decay (2) (55 µs)
 */
public record FluidParameters(int flows, double packetKB, double lineRateGbps, double kminKB, double kmaxKB,
                              double pmax, double g, double byteCounterKB, double timerMicros, double rateAiMbps,
                              double rateHaiMbps, int fastRecoverySteps, double cnpIntervalMicros,
                              double feedbackDelayMicros, double alphaIntervalMicros) {

    /** Validates every field; throws {@link FluidInputException} naming the first bad one. */
    public FluidParameters {
        if (flows < 1 || flows > MAX_FLOWS) {
            throw new FluidInputException("N = " + flows + ": expected a number of flows from 1 to " + MAX_FLOWS);
        }
        positive("packet", packetKB);
        positive("C", lineRateGbps);
        if (lineRateGbps > MAX_LINE_RATE_GBPS) {
            throw new FluidInputException("C = " + fmt(lineRateGbps) + " Gb/s: expected a line rate up to "
                    + (long) MAX_LINE_RATE_GBPS + " Gb/s");
        }
        nonNegative("Kmin", kminKB);
        nonNegative("Kmax", kmaxKB);
        if (kminKB > kmaxKB) {
            throw new FluidInputException("Kmin = " + kminKB + " KB > Kmax = " + kmaxKB + " KB: expected Kmin <= Kmax");
        }
        if (!(pmax > 0 && pmax <= 1)) {
            throw new FluidInputException("Pmax = " + pmax + ": expected a probability in (0, 1]");
        }
        if (!(g > 0 && g <= 1)) {
            throw new FluidInputException("g = " + g + ": expected a gain in (0, 1]");
        }
        positive("B", byteCounterKB);
        positive("T", timerMicros);
        nonNegative("Rai", rateAiMbps);
        nonNegative("Rhai", rateHaiMbps);
        if (fastRecoverySteps < 0) {
            throw new FluidInputException("F = " + fastRecoverySteps + ": expected at least 0 fast-recovery steps");
        }
        positive("tau", cnpIntervalMicros);
        checkDelay("tauStar", feedbackDelayMicros);
        positive("tauPrime", alphaIntervalMicros);
    }

    /** Most flows on one bottleneck: beyond it the fixed point's rate per flow leaves double precision. */
    public static final int MAX_FLOWS = 10_000;

    /** Fastest line rate taken, in Gb/s (10 Tb/s): beyond it the solver's rates overflow. */
    public static final double MAX_LINE_RATE_GBPS = 10_000;

    /**
     * Longest feedback delay τ* taken, in µs (100 ms: a thousand times DCQCN's 50-100 µs, half the
     * scenarios' 200 ms). The stability analysis' work grows with τ* (the delay turns the phase by
     * ωτ*, and the phase-crossover scan and the root count follow it); beyond this a point would
     * take minutes, and at 10^308 never finish.
     */
    public static final double MAX_DELAY_MICROS = 100_000;

    /**
     * @param name the option or parameter, for the message
     * @param micros a feedback delay τ* (µs)
     * @throws FluidInputException naming the value and the range [0, {@link #MAX_DELAY_MICROS}] unless it is in it
     */
    public static void checkDelay(String name, double micros) {
        if (!(micros >= 0 && micros <= MAX_DELAY_MICROS)) {
            throw new FluidInputException(name + " = " + micros + " us: expected a feedback delay from 0 to "
                    + (long) MAX_DELAY_MICROS + " us (100 ms)");
        }
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new FluidInputException(name + " = " + v + ": expected a finite number > 0");
        }
    }

    private static void nonNegative(String name, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new FluidInputException(name + " = " + v + ": expected a finite number >= 0 (no negative delays or sizes)");
        }
    }

    /**
     * The parameters DCQCN deploys (seed 004 §5.2): T = 55 µs, B = 10 MB, RED K_min = 5 KB,
     * K_max = 200 KB, P_max = 1 %, g = 1/256, R_AI = 40 Mb/s, F = 5, τ = τ* = 50 µs, τ' = 55 µs,
     * 40 Gb/s, two flows. R_HAI (not given by the paper) is 10 R_AI.
     *
     * @return the deployed parameters
     */
    public static FluidParameters deployed() {
        return new FluidParameters(2, 1.0, 40, 5, 200, 0.01, 1.0 / 256, 10_000, 55, 40, 400, 5, 50, 50, 55);
    }

    /**
     * The strawman of seed 004 §5.2 (QCN/DCTCP recommendations): B = 150 KB, T = 1.5 ms,
     * K_min = K_max = 40 KB, P_max = 1, g = 1/16; the rest as {@link #deployed()}.
     *
     * @return the strawman parameters
     */
    public static FluidParameters strawman() {
        return deployed().with("B", "150").with("T", "1500").with("Kmin", "40").with("Kmax", "40")
                .with("Pmax", "1").with("g", "1/16");
    }

    /** @return every parameter by its {@code --param} name, in the units of {@link #with} */
    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("N", Integer.toString(flows));
        m.put("packet", fmt(packetKB));
        m.put("C", fmt(lineRateGbps));
        m.put("Kmin", fmt(kminKB));
        m.put("Kmax", fmt(kmaxKB));
        m.put("Pmax", fmt(pmax));
        m.put("g", 1 / g == Math.rint(1 / g) ? "1/" + Math.round(1 / g) : fmt(g));
        m.put("B", fmt(byteCounterKB));
        m.put("T", fmt(timerMicros));
        m.put("Rai", fmt(rateAiMbps));
        m.put("Rhai", fmt(rateHaiMbps));
        m.put("F", Integer.toString(fastRecoverySteps));
        m.put("tau", fmt(cnpIntervalMicros));
        m.put("tauStar", fmt(feedbackDelayMicros));
        m.put("tauPrime", fmt(alphaIntervalMicros));
        return m;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * Returns a copy with one parameter changed. Names and units: N (flows), packet (KB), C (Gb/s),
     * Kmin, Kmax (KB), Pmax, g (a number or 1/k), B (KB), T (µs), Rai, Rhai (Mb/s), F, tau, tauStar,
     * tauPrime (µs).
     *
     * @param name  parameter name
     * @param value its value
     * @return the changed parameters (validated)
     */
    public FluidParameters with(String name, String value) {
        return withAll(Map.of(name, value));
    }

    /**
     * Returns a copy with several parameters changed at once, validated together (so Kmin and
     * Kmax can both move past each other's old value).
     *
     * @param changes parameter name to value, names as in {@link #with}
     * @return the changed parameters
     */
    public FluidParameters withAll(Map<String, String> changes) {
        Map<String, String> m = asMap();
        for (Map.Entry<String, String> e : changes.entrySet()) {
            if (!m.containsKey(e.getKey())) {
                throw new FluidInputException("unknown fluid parameter '" + e.getKey() + "': expected one of "
                        + m.keySet());
            }
            m.put(e.getKey(), e.getValue());
        }
        return new FluidParameters(integer("N", m.get("N"), parse("N", m.get("N"))), parse("packet", m.get("packet")),
                parse("C", m.get("C")), parse("Kmin", m.get("Kmin")), parse("Kmax", m.get("Kmax")),
                parse("Pmax", m.get("Pmax")), parse("g", m.get("g")), parse("B", m.get("B")), parse("T", m.get("T")),
                parse("Rai", m.get("Rai")), parse("Rhai", m.get("Rhai")), integer("F", m.get("F"), parse("F", m.get("F"))),
                parse("tau", m.get("tau")), parse("tauStar", m.get("tauStar")), parse("tauPrime", m.get("tauPrime")));
    }

    private static double parse(String name, String value) {
        try {
            return finiteNumber(value);
        } catch (NumberFormatException e) {
            throw new FluidInputException(name + " = '" + value + "': expected a finite number");
        }
    }

    /**
     * A number as parameters and the CLI's lists write it: a decimal, or a fraction {@code a/b}
     * such as {@code 1/256}, surrounding white space ignored.
     *
     * @param text the text
     * @return its value, finite
     * @throws NumberFormatException if the text is no such number, or its value is not finite
     */
    public static double finiteNumber(String text) {
        String s = text.trim();
        int slash = s.indexOf('/');
        double v = slash < 0 ? Double.parseDouble(s)
                : Double.parseDouble(s.substring(0, slash)) / Double.parseDouble(s.substring(slash + 1));
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw new NumberFormatException("not finite: " + text);
        }
        return v;
    }

    private static int integer(String name, String given, double v) {
        if (v != Math.rint(v)) {
            throw new FluidInputException(name + " = " + given.trim() + ": expected a whole number");
        }
        if (Math.abs(v) > MAX_FLOWS) {
            throw new FluidInputException(name + " = " + given.trim() + ": expected a whole number up to "
                    + MAX_FLOWS);
        }
        return (int) v;
    }

    /** @return C in packets/µs */
    public double capacityPerMicro() {
        return Units.gbpsToPacketsPerMicro(lineRateGbps, packetKB);
    }

    /** @return K_min in packets */
    public double kminPackets() {
        return Units.kbToPackets(kminKB, packetKB);
    }

    /** @return K_max in packets */
    public double kmaxPackets() {
        return Units.kbToPackets(kmaxKB, packetKB);
    }

    /** @return B in packets */
    public double byteCounterPackets() {
        return Units.kbToPackets(byteCounterKB, packetKB);
    }

    /** @return R_AI in packets/µs */
    public double rateAiPerMicro() {
        return Units.gbpsToPacketsPerMicro(rateAiMbps / 1000, packetKB);
    }

    /** @return R_HAI in packets/µs */
    public double rateHaiPerMicro() {
        return Units.gbpsToPacketsPerMicro(rateHaiMbps / 1000, packetKB);
    }
}
