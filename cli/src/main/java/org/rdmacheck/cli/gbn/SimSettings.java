package org.rdmacheck.cli.gbn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.NakPolicy;
import org.rdmacheck.model.gbn.SimGrid;
import org.rdmacheck.model.gbn.SimParams;

/** Builds a simulation grid from {@code --param KEY=VALUE} settings, validating every value. */
public final class SimSettings {

    /** Default settings: seed 002 Table I, the three ACK timeouts of Fig. 6, loss 1e-5 .. 1e-2. */
    public static final Map<String, String> DEFAULTS = java.util.Collections.unmodifiableMap(defaults());

    /** The settings that are counts (or the seed): JSON writes them as integers. */
    public static final Set<String> INTEGER_PARAMETERS = Set.of("replications", "messages", "seed", "retryCnt");

    private SimSettings() {
    }

    private static Map<String, String> defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("variants", "gb0,gbn,st,ce,improved");
        m.put("lossRates", "1e-5,1e-4,1e-3,1e-2");
        m.put("rto", "100e-3,10e-3,500e-6");
        m.put("replications", "8");
        m.put("messages", "25");
        m.put("seed", "1");
        m.put("duplicates", "ack");
        m.put("nakPolicy", "epsn");
        m.put("messageBytes", Long.toString(4L << 20));
        m.put("payloadBytes", "1024");
        m.put("ackIntervalBytes", Long.toString(256L << 10));
        m.put("nakInterval", "500e-6");
        m.put("bandwidth", "40e9");
        m.put("hopDelay", "1e-6");
        m.put("retryCnt", "7");
        return m;
    }

    /**
     * @param given user settings
     * @return the grid
     * @throws InputException naming the first bad value
     */
    public static SimGrid grid(List<String> given) {
        Params p = Params.parse(given);
        p.requireKnown("gbn-sim", DEFAULTS.keySet());
        p = withUnits(p).withDefaults(DEFAULTS);
        SimParams t = SimParams.tableI();
        SimParams base = new SimParams(p.real("bandwidth", 40e9, 1e6, 1e13), p.real("hopDelay", 1e-6, 0, 1),
                t.hops(), (long) p.real("messageBytes", 4 << 20, 1, 1e10), p.integer("payloadBytes", 1024, 1, 65536),
                t.headerBytes(), t.ctrlBytes(), t.rto(), (long) p.real("ackIntervalBytes", 256 << 10, 0, 1e10),
                p.real("nakInterval", 500e-6, 1e-9, 10), 0, p.integer("retryCnt", 7, 0, 7));
        if (base.packets() > 1_000_000) {
            throw new InputException("messageBytes / payloadBytes = " + base.packets()
                    + " packets: expected at most 1000000");
        }
        List<GbnVariant> variants = new ArrayList<>();
        for (String v : list(p.string("variants", ""))) {
            variants.add(GbnVariant.of(v));
        }
        return new SimGrid(base, variants, DuplicatePolicy.of(p.choice("duplicates", "ack", Set.of("ack", "ignore"))),
                NakPolicy.of(p.choice("nakPolicy", "epsn", Set.of("interval", "epsn"))), reals("rto", p),
                reals("lossRates", p), p.integer("replications", 8, 2, 100_000), p.integer("messages", 25, 1, 10_000_000),
                (long) p.real("seed", 1, -9e15, 9e15));
    }

    /**
     * Rates, sizes and times with units, written as the other commands take them: bandwidth
     * {@code 40G} or {@code 40Gbps} (bits/s), sizes {@code 4MiB} or {@code 1KB}, times {@code 500us},
     * {@code 10ms} (seconds when bare); plain numbers keep their base unit.
     */
    static Params withUnits(Params p) {
        Map<String, String> m = new LinkedHashMap<>(p.asMap());
        m.computeIfPresent("bandwidth", (k, v) -> plain(v) ? v
                : Long.toString(org.rdmacheck.checker.thresholds.Units.bitsPerSecond(k, v)));
        for (String k : List.of("messageBytes", "payloadBytes", "ackIntervalBytes")) {
            m.computeIfPresent(k, (key, v) -> plain(v) ? v
                    : Long.toString(org.rdmacheck.checker.thresholds.Units.bytes(key, v)));
        }
        for (String k : List.of("hopDelay", "nakInterval")) {
            m.computeIfPresent(k, SimSettings::seconds);
        }
        m.computeIfPresent("rto", (k, v) -> String.join(",", list(v).stream().map(x -> seconds(k, x)).toList()));
        return Params.of(m);
    }

    private static boolean plain(String v) {
        try {
            Double.parseDouble(v.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * @param name the setting's name, for messages
     * @param text a time: a bare number of seconds, or one with ns, us, ms or s ({@code 10ms})
     * @return it in seconds
     * @throws InputException naming the text when it is no time
     */
    public static double secondsOf(String name, String text) {
        return Double.parseDouble(seconds(name, text));
    }

    /** @return {@code text} in seconds: a bare number, or one with ns, us, ms or s */
    private static String seconds(String name, String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9.eE+-]+)\\s*(ns|us|µs|ms|s)?")
                .matcher(text.trim());
        if (!m.matches() || !plain(m.group(1))) {
            throw new InputException(name + " = '" + text + "': expected a time such as 500us, 10ms, 0.1s or 1e-3 "
                    + "(seconds)");
        }
        double scale = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ns" -> 1e-9;
            case "us", "µs" -> 1e-6;
            case "ms" -> 1e-3;
            default -> 1;
        };
        return Double.toString(Double.parseDouble(m.group(1)) * scale);
    }

    private static List<String> list(String s) {
        List<String> out = new ArrayList<>();
        for (String x : s.split(",")) {
            if (!x.isBlank()) {
                out.add(x.trim());
            }
        }
        if (out.isEmpty()) {
            throw new InputException("'" + s + "': expected a comma-separated list");
        }
        return out;
    }

    private static List<Double> reals(String name, Params p) {
        List<Double> out = new ArrayList<>();
        for (String x : list(p.string(name, ""))) {
            double v;
            try {
                v = Double.parseDouble(x);
            } catch (NumberFormatException e) {
                throw new InputException(name + " = '" + x + "': expected a number");
            }
            if (name.equals("lossRates") && !(v >= 0 && v < 1)) {
                throw new InputException("loss rate = " + x + ": expected a number in [0, 1)");
            }
            if (name.equals("rto") && !(v > 0 && Double.isFinite(v))) {
                throw new InputException("rto = " + x + ": expected a number of seconds > 0");
            }
            out.add(v);
        }
        return out;
    }
}
