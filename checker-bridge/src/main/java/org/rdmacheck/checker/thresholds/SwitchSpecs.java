package org.rdmacheck.checker.thresholds;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/**
 * Reads switch descriptions and configurations from key/value maps: JSON files, command-line flags
 * and counterexample provenance all go through here, so the three agree on names and units.
 */
public final class SwitchSpecs {

    /** Keys of a switch description. */
    public static final List<String> SWITCH_KEYS = List.of("name", "buffer", "ports", "priorities", "mtu", "speed",
            "cable", "nsPerMetre", "responseQuanta", "interfaceDelayBits", "frameOverhead", "pauseFrame", "tFlight",
            "betas", "betaDivisor");

    /** Keys of a configuration. */
    public static final List<String> CONFIG_KEYS = List.of("name", "mode", "tPfc", "beta", "tEcn", "kMin", "kMax",
            "deflection");

    /**
     * The chip's allowed β by default: powers of two from 1/64 to 8. Broadcom chips set dynamic
     * thresholds as powers of two; seed 004 §4 uses β = 8, the largest. Override with {@code betas}.
     */
    public static final String DEFAULT_BETAS = "1/64,1/32,1/16,1/8,1/4,1/2,1,2,4,8";

    /** Built-in switch descriptions, by name. */
    public static final List<String> PRESETS = List.of("arista-7050qx32", "arista-7050qx32-link", "dart-vi-a-per-port",
            "dart-vi-a-per-switch");

    private SwitchSpecs() {
    }

    /**
     * @param values key to value (units as in {@link Units})
     * @param source where they come from, for messages
     * @return the switch
     * @throws InputException naming the first bad value
     */
    public static SwitchSpec parse(Map<String, String> values, String source) {
        unknown(values, SWITCH_KEYS, source);
        int priorities = Units.integer("priorities", values.getOrDefault("priorities", "8"), 1, Integer.MAX_VALUE);
        if (priorities > SwitchSpec.MAX_PRIORITIES) {
            throw new InputException("priorities = " + priorities + ": expected 1..8 (PFC has eight priority classes)");
        }
        long buffer = Units.positive("buffer", values.get("buffer"), Units.bytes("buffer", required(values, "buffer", source)));
        int ports = Units.integer("ports", required(values, "ports", source), 1, 4096);
        long mtu = Units.positive("mtu", values.get("mtu"), Units.bytes("mtu", values.getOrDefault("mtu", "1500")));
        long tFlight = 0;
        if (values.containsKey("tFlight")) {
            tFlight = Units.positive("tFlight", values.get("tFlight"), Units.bytes("tFlight", values.get("tFlight")));
        }
        if (tFlight > 0 && values.containsKey("speed")) {
            throw new InputException(source + ": tFlight = " + values.get("tFlight") + " and speed = "
                    + values.get("speed") + " both given: give t_flight directly or the link it is computed from");
        }
        Optional<Link> link = values.containsKey("speed") ? Optional.of(link(values)) : Optional.empty();
        if (link.isEmpty() && tFlight == 0) {
            throw new InputException(source + ": give tFlight (the headroom per port per priority) or speed and cable");
        }
        List<Beta> betas = Beta.parseList("betas", values.getOrDefault("betas", DEFAULT_BETAS));
        int divisor = Units.integer("betaDivisor", values.getOrDefault("betaDivisor", "8"), 1, 1024);
        return new SwitchSpec(values.getOrDefault("name", "switch"), buffer, ports, priorities, mtu, link, tFlight,
                betas, divisor);
    }

    private static Link link(Map<String, String> v) {
        long bps = Units.bitsPerSecond("speed", v.get("speed"));
        BigDecimal cable = Units.metres("cable", v.getOrDefault("cable", "0"));
        BigDecimal perMetre = Units.decimal("nsPerMetre", v.getOrDefault("nsPerMetre", "5"));
        if (perMetre.signum() <= 0) {
            throw new InputException("nsPerMetre = " + v.get("nsPerMetre") + ": expected a positive delay per metre");
        }
        int quanta = v.containsKey("responseQuanta")
                ? Units.integer("responseQuanta", v.get("responseQuanta"), 0, 65535) : Link.standardResponseQuanta(bps);
        long intf = v.containsKey("interfaceDelayBits")
                ? Units.integer("interfaceDelayBits", v.get("interfaceDelayBits"), 0, Integer.MAX_VALUE)
                : Link.standardInterfaceDelay(bps);
        if (quanta < 0 || intf < 0) {
            throw new InputException("speed = " + v.get("speed") + ": no standard response time or interface delay for"
                    + " this speed (table: 10G, 25G, 40G, 100G): give responseQuanta and interfaceDelayBits");
        }
        long overhead = Units.bytes("frameOverhead", v.getOrDefault("frameOverhead", "20"));
        long pause = Units.positive("pauseFrame", v.get("pauseFrame"), Units.bytes("pauseFrame", v.getOrDefault("pauseFrame", "64")));
        return new Link(bps, cable, perMetre, quanta, intf, overhead, pause);
    }

    /**
     * @param values key to value
     * @param sw     the switch (for the allowed β)
     * @param source where they come from
     * @return the configuration
     * @throws InputException naming the first bad value
     */
    public static ThresholdConfig parseConfig(Map<String, String> values, SwitchSpec sw, String source) {
        unknown(values, CONFIG_KEYS, source);
        String name = values.getOrDefault("name", "config");
        if (name.isEmpty() || name.length() > MAX_CONFIG_NAME || !name.matches("[A-Za-z0-9._:+=-]+")) {
            throw new InputException(label("name", source) + " = '" + (name.length() > 40 ? name.substring(0, 40)
                    + "...' (" + name.length() + " characters)" : name + "'") + ": expected 1 to " + MAX_CONFIG_NAME
                    + " letters, digits or . _ : + = - (it names the witness file)");
        }
        String mode = values.getOrDefault("mode", values.containsKey("beta") ? "dynamic" : "static");
        ThresholdConfig c = switch (mode) {
            case "static" -> {
                if (values.containsKey("beta")) {
                    throw new InputException(label("beta", source) + " = " + values.get("beta")
                            + ": a static configuration has no beta; expected " + label("tPfc", source) + " instead");
                }
                String t = required(values, "tPfc", source, "static t_PFC, a size like 24KB");
                long tPfc = Units.positive(label("tPfc", source), t, Units.bytes(label("tPfc", source), t));
                yield ThresholdConfig.ofStatic(name, tPfc, ecn(values, source));
            }
            case "dynamic" -> {
                if (values.containsKey("tPfc")) {
                    throw new InputException(label("tPfc", source) + " = " + values.get("tPfc")
                            + ": a dynamic configuration has no fixed t_PFC");
                }
                Beta beta = sw.requireAllowed(Beta.parse(label("beta", source), required(values, "beta", source,
                        "dynamic beta, a fraction like 8 or 1/2")));
                yield ThresholdConfig.ofDynamic(name, beta, ecn(values, source));
            }
            default -> throw new InputException(label("mode", source) + " = " + mode + ": expected static or dynamic");
        };
        long kMax = values.containsKey("kMax") ? Units.positive(label("kMax", source), values.get("kMax"),
                Units.bytes(label("kMax", source), values.get("kMax"))) : 0;
        long defl = values.containsKey("deflection") ? Units.positive(label("deflection", source),
                values.get("deflection"), Units.bytes(label("deflection", source), values.get("deflection"))) : 0;
        return c.withKMax(kMax).withDeflection(defl);
    }

    /** Longest configuration name: it becomes part of a witness file's name. */
    public static final int MAX_CONFIG_NAME = 100;

    /** The command-line option that sets each configuration key, for messages about flags. */
    private static final Map<String, String> OPTIONS = Map.of("name", "--config-name", "mode", "--mode", "tPfc",
            "--t-pfc", "beta", "--beta", "tEcn", "--t-ecn", "kMin", "--t-ecn", "kMax", "--k-max", "deflection",
            "--deflection");

    /** A key as the user wrote it: its option for flags, else the file and the key. */
    private static String label(String key, String source) {
        return "flags".equals(source) ? OPTIONS.getOrDefault(key, key) : source + ": " + key;
    }

    private static long ecn(Map<String, String> v, String source) {
        if (!v.containsKey("tEcn") && !v.containsKey("kMin")) {
            throw new InputException(("flags".equals(source) ? "--t-ecn" : source + ": tEcn") + " missing: "
                    + "expected the ECN threshold t_ECN (DCQCN's K_min), a size like 22.5KB, beside "
                    + ("flags".equals(source) ? "--t-pfc or --beta" : "tPfc or beta"));
        }
        String key = v.containsKey("tEcn") ? "tEcn" : "kMin";
        long tEcn = Units.positive(label(key, source), v.get(key), Units.bytes(label(key, source), v.get(key)));
        if (v.containsKey("tEcn") && v.containsKey("kMin") && Units.bytes("kMin", v.get("kMin")) != tEcn) {
            throw new InputException("kMin = " + v.get("kMin") + " differs from tEcn = " + v.get("tEcn")
                    + ": t_ECN is DCQCN's K_min (seed 004 §4); give one");
        }
        return tEcn;
    }

    /**
     * @param sw a switch
     * @return its description as a key/value map in canonical units (bytes, bits/s), for provenance
     */
    public static Map<String, String> toMap(SwitchSpec sw) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", sw.name());
        m.put("buffer", Long.toString(sw.bufferBytes()));
        m.put("ports", Integer.toString(sw.ports()));
        m.put("priorities", Integer.toString(sw.priorities()));
        m.put("mtu", Long.toString(sw.mtuBytes()));
        sw.link().ifPresent(l -> {
            m.put("speed", Long.toString(l.bitsPerSecond()));
            m.put("cable", l.cableMetres().toPlainString());
            m.put("nsPerMetre", l.nsPerMetre().toPlainString());
            m.put("responseQuanta", Integer.toString(l.responseQuanta()));
            m.put("interfaceDelayBits", Long.toString(l.interfaceDelayBitTimes()));
            m.put("frameOverhead", Long.toString(l.frameOverheadBytes()));
            m.put("pauseFrame", Long.toString(l.pauseFrameBytes()));
        });
        if (sw.tFlightGiven() > 0) {
            m.put("tFlight", Long.toString(sw.tFlightGiven()));
        }
        m.put("betas", String.join(",", sw.betas().stream().map(Beta::toString).toList()));
        m.put("betaDivisor", Integer.toString(sw.betaDivisor()));
        return m;
    }

    /**
     * @param c a configuration
     * @return it as a key/value map in bytes, for provenance
     */
    public static Map<String, String> toMap(ThresholdConfig c) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", c.name());
        m.put("mode", c.mode() == ThresholdMode.STATIC ? "static" : "dynamic");
        if (c.mode() == ThresholdMode.STATIC) {
            m.put("tPfc", Long.toString(c.tPfc()));
        }
        c.beta().ifPresent(b -> m.put("beta", b.toString()));
        m.put("tEcn", Long.toString(c.tEcn()));
        if (c.kMax() > 0) {
            m.put("kMax", Long.toString(c.kMax()));
        }
        if (c.deflection() > 0) {
            m.put("deflection", Long.toString(c.deflection()));
        }
        return m;
    }

    /**
     * @param nameOrFile a preset name ({@link #PRESETS}) or a JSON file
     * @return the switch
     * @throws InputException if the file is missing or malformed, or a value is bad
     */
    public static SwitchSpec load(String nameOrFile) {
        return parse(loadMap(nameOrFile), nameOrFile);
    }

    /**
     * @param nameOrFile a preset name ({@link #PRESETS}) or a JSON file
     * @return its keys and values, unvalidated (to merge command-line flags over)
     * @throws InputException if the file is missing or malformed
     */
    public static Map<String, String> loadMap(String nameOrFile) {
        if (PRESETS.contains(nameOrFile)) {
            return flatten(preset(nameOrFile), "preset " + nameOrFile, "switch");
        }
        Path p = Path.of(nameOrFile);
        if (!Files.exists(p)) {
            throw new InputException("'" + nameOrFile + "': expected a switch profile (" + String.join(", ", PRESETS)
                    + ") or a JSON file; it is neither");
        }
        return flatten(readJson(p), p.toString(), "switch");
    }

    /**
     * @param file a JSON configuration file
     * @return its keys and values, unvalidated
     * @throws InputException if the file is missing or malformed
     */
    public static Map<String, String> loadConfigMap(Path file) {
        return flatten(readJson(file), file.toString(), "config");
    }

    /**
     * @param file a JSON file: an object with the configuration's keys
     * @param sw   the switch
     * @return the configuration
     * @throws InputException if the file is missing or malformed, or a value is bad
     */
    public static ThresholdConfig loadConfig(Path file, SwitchSpec sw) {
        return parseConfig(flatten(readJson(file), file.toString(), "config"), sw, file.toString());
    }

    /**
     * @param name a preset name
     * @return its JSON tree
     */
    public static JsonNode preset(String name) {
        String res = "/org/rdmacheck/checker/thresholds/" + name + ".json";
        try (InputStream in = SwitchSpecs.class.getResourceAsStream(res)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + res);
            }
            return TraceJson.MAPPER.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + res, e);
        }
    }

    private static JsonNode readJson(Path p) {
        try {
            return TraceJson.MAPPER.readTree(Files.readString(p, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new InputException(p + ": no such file");
        } catch (JsonProcessingException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.describe(p, e));
        } catch (IOException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.cannotRead(p, e));
        }
    }

    /** JSON object to key/value strings; numbers in plain notation; the key "notes" is ignored. */
    private static Map<String, String> flatten(JsonNode json, String source, String what) {
        if (json == null || !json.isObject()) {
            throw new InputException(source + ": expected a JSON object describing a " + what);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (e.getKey().equals("notes")) {
                continue;
            }
            if (v.isNumber()) {
                if (v.isFloatingPointNumber() && !v.isBigDecimal() && !Double.isFinite(v.doubleValue())) {
                    throw new InputException(source + ": '" + e.getKey() + "' = " + v.asText()
                            + ": expected a finite number");
                }
                m.put(e.getKey(), v.decimalValue().toPlainString());
            } else if (v.isTextual()) {
                m.put(e.getKey(), v.textValue());
            } else {
                throw new InputException(source + ": '" + e.getKey() + "' must be a string or a number");
            }
        }
        return m;
    }

    private static String required(Map<String, String> v, String key, String source, String expected) {
        String s = v.get(key);
        if (s == null) {
            throw new InputException(label(key, source) + " missing: expected the " + expected);
        }
        return s;
    }

    private static String required(Map<String, String> v, String key, String source) {
        String s = v.get(key);
        if (s == null) {
            throw new InputException(source + ": missing '" + key + "'");
        }
        return s;
    }

    private static void unknown(Map<String, String> v, List<String> keys, String source) {
        for (String k : v.keySet()) {
            if (!keys.contains(k)) {
                throw new InputException(source + ": unknown key '" + k + "': expected one of " + keys);
            }
        }
    }

    /** @return the set of preset names */
    static Set<String> presetNames() {
        return Set.copyOf(PRESETS);
    }
}
