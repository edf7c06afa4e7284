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

    /**
     * Validates every field against its stated range ({@link #RANGES}); throws {@link FluidInputException}
     * naming the first bad one, its value and the range.
     */
    public FluidParameters {
        if (flows < 1 || flows > MAX_FLOWS) {
            throw new FluidInputException("N = " + flows + ": expected a number of flows from 1 to " + MAX_FLOWS);
        }
        check("packet", packetKB);
        check("C", lineRateGbps);
        check("Kmin", kminKB);
        check("Kmax", kmaxKB);
        if (kminKB > kmaxKB) {
            throw new FluidInputException("Kmin = " + kminKB + " KB > Kmax = " + kmaxKB + " KB: expected Kmin <= Kmax");
        }
        if (!(pmax > 0 && pmax <= 1)) {
            throw new FluidInputException("Pmax = " + pmax + ": expected a probability in (0, 1]");
        }
        check("g", g);
        check("B", byteCounterKB);
        check("T", timerMicros);
        check("Rai", rateAiMbps);
        check("Rhai", rateHaiMbps);
        // an increase step above the line rate is no DCQCN setting: both are capped at C
        for (String k : new String[] {"Rai", "Rhai"}) {
            double v = k.equals("Rai") ? rateAiMbps : rateHaiMbps;
            if (v > lineRateGbps * 1000) {
                throw new FluidInputException(k + " = " + fmt(v) + " Mb/s: expected an increase step from 0 to the line "
                        + "rate C = " + fmt(lineRateGbps * 1000) + " Mb/s");
            }
        }
        if (fastRecoverySteps < 0 || fastRecoverySteps > MAX_FAST_RECOVERY_STEPS) {
            throw new FluidInputException("F = " + fastRecoverySteps + ": expected fast-recovery steps from 0 to "
                    + MAX_FAST_RECOVERY_STEPS);
        }
        check("tau", cnpIntervalMicros);
        checkDelay("tauStar", feedbackDelayMicros);
        check("tauPrime", alphaIntervalMicros);
    }

    /**
     * The range of one parameter, in the unit {@code --param} takes. The bounds come from what the
     * parameter means in seed 004 (Table 2, §5): wide enough for every sweep of the seeds and the
     * docs (g 1/16-1/1024, K_max 40-3,200 KB, B 150 KB-10 MB, T 55 µs-1.5 ms, R_AI 2.5-80 Mb/s),
     * and closed to values that are no DCQCN setting (a timer of 10^308 µs, a line rate of 10^-300
     * Gb/s), which the model answered with a divergence or no fixed point rather than a refusal.
     *
     * @param name  the parameter's name
     * @param min   the smallest value taken
     * @param max   the largest value taken
     * @param unit  its unit ("" for a pure number)
     * @param means what the bounds stand for, for the message
     */
    public record Range(String name, double min, double max, String unit, String means) {
        /** @param v a value  @return whether it is in [min, max] (NaN is not) */
        public boolean contains(double v) {
            return v >= min && v <= max;
        }

        /** @return "from MIN to MAX UNIT (MEANS)" */
        public String describe() {
            String u = unit.isEmpty() ? "" : " " + unit;
            return "from " + fmt(min) + u + " to " + fmt(max) + u + " (" + means + ")";
        }
    }

    /** Most fast-recovery steps F (DCQCN's is 5). */
    public static final int MAX_FAST_RECOVERY_STEPS = 100;

    /**
     * Every real-valued parameter's range (N, P_max, F, τ* and the R_AI, R_HAI &le; C relation are
     * checked on their own), by {@code --param} name.
     */
    public static final Map<String, Range> RANGES = ranges(
            new Range("packet", 0.064, 9, "KB", "a 64 B Ethernet frame to a 9 KB jumbo frame"),
            new Range("C", 1, FluidParameters.MAX_LINE_RATE_GBPS, "Gb/s", "1 Gb/s Ethernet to 10 Tb/s"),
            new Range("Kmin", 0, 1_000_000, "KB", "up to 1 GB, above any switch's buffer"),
            new Range("Kmax", 0, 1_000_000, "KB", "up to 1 GB, above any switch's buffer"),
            new Range("g", 1.0 / 65_536, 1, "", "an EWMA gain, 1/65536 to 1; seed 004 sweeps 1/16 to 1/1024"),
            new Range("B", 1, 1_000_000_000, "KB", "the byte counter, 1 KB to 1 TB; deployed 10 MB"),
            new Range("T", 1, 1_000_000, "us", "the rate-increase timer, 1 us to 1 s; deployed 55 us"),
            new Range("Rai", 0, 10_000_000, "Mb/s", "the additive increase, at most the line rate"),
            new Range("Rhai", 0, 10_000_000, "Mb/s", "the hyper increase, at most the line rate"),
            new Range("tau", 1, FluidParameters.MAX_DELAY_MICROS, "us", "the CNP interval, 1 us to 100 ms; deployed 50 us"),
            new Range("tauPrime", 1, FluidParameters.MAX_DELAY_MICROS, "us", "the alpha timer, 1 us to 100 ms; deployed 55 us"));

    private static Map<String, Range> ranges(Range... rs) {
        Map<String, Range> m = new LinkedHashMap<>();
        for (Range r : rs) {
            m.put(r.name(), r);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    private static void check(String name, double v) {
        Range r = RANGES.get(name);
        if (!r.contains(v)) {
            throw new FluidInputException(name + " = " + fmt(v) + (r.unit().isEmpty() ? "" : " " + r.unit())
                    + ": expected a value " + r.describe());
        }
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
        // the constructor states each one's range (N up to MAX_FLOWS, F up to MAX_FAST_RECOVERY_STEPS)
        int max = name.equals("F") ? MAX_FAST_RECOVERY_STEPS : MAX_FLOWS;
        if (Math.abs(v) > max) {
            throw new FluidInputException(name + " = " + given.trim() + ": expected a whole number from "
                    + (name.equals("F") ? 0 : 1) + " to " + max);
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
