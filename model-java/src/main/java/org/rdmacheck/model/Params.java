package org.rdmacheck.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Model parameters as given by the user ({@code --param packets=4}), with typed, validated
 * access. Every accessor names the parameter and the expected range in its error message.
 */
public final class Params {

    private final Map<String, String> values;

    private Params(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** @return no parameters */
    public static Params empty() {
        return new Params(Map.of());
    }

    /**
     * @param values parameter name to raw value
     * @return the parameters
     */
    public static Params of(Map<String, String> values) {
        return new Params(values);
    }

    /**
     * Parses {@code KEY=VALUE} strings.
     *
     * @param assignments the strings
     * @return the parameters
     * @throws InputException for a string without '=', with an empty key, or a key given twice
     */
    public static Params parse(Iterable<String> assignments) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new InputException("parameter '" + a + "': expected KEY=VALUE");
            }
            String key = a.substring(0, eq).trim();
            String value = a.substring(eq + 1).trim();
            String before = m.put(key, value);
            if (before != null) {
                throw new InputException("parameter '" + key + "' given twice (" + key + "=" + before + ", " + key
                        + "=" + value + "): expected each parameter once");
            }
        }
        return new Params(m);
    }

    /**
     * @param defaults default values
     * @return these parameters with missing names taken from {@code defaults}
     */
    public Params withDefaults(Map<String, String> defaults) {
        Map<String, String> m = new LinkedHashMap<>(defaults);
        m.putAll(values);
        return new Params(m);
    }

    /**
     * Rejects any parameter not in {@code known}.
     *
     * @param model the model's name, for the message
     * @param known accepted parameter names
     */
    public void requireKnown(String model, Set<String> known) {
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                throw new InputException("unknown parameter '" + k + "' for " + model + ": expected one of "
                        + new TreeSet<>(known));
            }
        }
    }

    /** @return name to raw value, in the order given */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * @param name parameter name
     * @return whether it was given
     */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /**
     * @param name parameter name
     * @param def  value if absent
     * @return the raw string
     */
    public String string(String name, String def) {
        return values.getOrDefault(name, def);
    }

    /**
     * An integer in [min, max].
     *
     * @param name parameter name
     * @param def  value if absent
     * @param min  least accepted value
     * @param max  greatest accepted value
     * @return the value
     */
    public int integer(String name, int def, int min, int max) {
        String raw = values.get(name);
        if (raw == null) {
            return def;
        }
        int v;
        try {
            v = Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new InputException(name + " = '" + raw + "': expected an integer in [" + min + ", " + max + "]");
        }
        if (v < min || v > max) {
            throw new InputException(name + " = " + v + ": expected an integer in [" + min + ", " + max + "]");
        }
        return v;
    }

    /**
     * A finite real in [min, max].
     *
     * @param name parameter name
     * @param def  value if absent
     * @param min  least accepted value
     * @param max  greatest accepted value
     * @return the value
     */
    public double real(String name, double def, double min, double max) {
        String raw = values.get(name);
        if (raw == null) {
            return def;
        }
        double v;
        try {
            v = Double.parseDouble(raw);
        } catch (NumberFormatException e) {
            throw new InputException(name + " = '" + raw + "': expected a number in [" + min + ", " + max + "]");
        }
        if (!Double.isFinite(v) || v < min || v > max) {
            throw new InputException(name + " = " + raw + ": expected a finite number in [" + min + ", " + max + "]");
        }
        return v;
    }

    /**
     * One of a fixed set of words.
     *
     * @param name    parameter name
     * @param def     value if absent
     * @param allowed accepted words
     * @return the value
     */
    public String choice(String name, String def, Set<String> allowed) {
        String raw = values.getOrDefault(name, def);
        if (!allowed.contains(raw)) {
            throw new InputException(name + " = '" + raw + "': expected one of " + new TreeSet<>(allowed));
        }
        return raw;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
