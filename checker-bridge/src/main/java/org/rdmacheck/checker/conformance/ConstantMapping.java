package org.rdmacheck.checker.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.Flow;

/**
 * How the Java model's parameters and variants become the TLA+ spec's constants (the manifest's
 * {@code constantMapping}, format in {@code specs/README.md}). A parameter or variant without a
 * mapping, or a value its mapping cannot express, is refused: a comparison or a trace validation
 * against constants that are not the Java configuration's would report a false agreement.
 *
 * @param parameters Java parameter to its mapping
 * @param variants   Java variant to the TLA+ constants it sets (name to value)
 */
public record ConstantMapping(Map<String, Parameter> parameters, Map<String, Map<String, String>> variants) {

    /** Copies the maps. */
    public ConstantMapping {
        parameters = Map.copyOf(parameters);
        variants = Map.copyOf(variants);
    }

    /** How one Java parameter becomes TLA+ constants. */
    public sealed interface Parameter {
        /**
         * @param name  the parameter
         * @param value its value
         * @param out   the constants, to add to
         * @throws Unmapped if the spec cannot express the value
         */
        void apply(String name, String value, Map<String, String> out);
    }

    /** The value, as written (numbers). @param constant the TLA+ constant */
    public record Verbatim(String constant) implements Parameter {
        @Override
        public void apply(String name, String value, Map<String, String> out) {
            if (!value.matches("-?[0-9]+")) {
                throw new Unmapped(name + "=" + value + ": constant " + constant + " takes an integer");
            }
            out.put(constant, value);
        }
    }

    /** The value as a TLA+ string. @param constant the TLA+ constant */
    public record Quoted(String constant) implements Parameter {
        @Override
        public void apply(String name, String value, Map<String, String> out) {
            if (!value.matches("[A-Za-z0-9_.:-]*")) {
                throw new Unmapped(name + "=" + value + ": not expressible as the TLA+ string " + constant);
            }
            out.put(constant, "\"" + value + "\"");
        }
    }

    /** A table of values. @param constant the TLA+ constant  @param values Java value to TLA+ value */
    public record Table(String constant, Map<String, String> values) implements Parameter {
        @Override
        public void apply(String name, String value, Map<String, String> out) {
            String v = values.get(value);
            if (v == null) {
                throw new Unmapped(name + "=" + value + ": the spec's " + constant + " has a counterpart only for "
                        + new TreeSet<>(values.keySet()));
            }
            out.put(constant, v);
        }
    }

    /** The spec models only this value of the parameter (no constant). @param value the value */
    public record Only(String value) implements Parameter {
        @Override
        public void apply(String name, String v, Map<String, String> out) {
            if (!v.equals(value)) {
                throw new Unmapped(name + "=" + v + ": the spec models only " + name + "='" + value + "'");
            }
        }
    }

    /**
     * The iofd topology: {@code leafspine:tors=T,spines=S,hosts=H} or {@code fattree:k=K} onto
     * {@code TopoKind}, {@code Tors}, {@code Spines}, {@code HostsPerTor} and {@code K} (the
     * constants of the other kind keep neutral values the spec does not read).
     */
    public record IofdTopology() implements Parameter {
        @Override
        public void apply(String name, String value, Map<String, String> out) {
            int colon = value.indexOf(':');
            String kind = colon < 0 ? value : value.substring(0, colon);
            if (!kind.equals("leafspine") && !kind.equals("fattree")) {
                throw new Unmapped(name + "=" + value + ": the spec models leafspine and fattree topologies only");
            }
            List<String> parts = new ArrayList<>();
            for (String s : (colon < 0 ? "" : value.substring(colon + 1)).split(",")) {
                if (!s.isBlank()) {
                    parts.add(s.trim());
                }
            }
            Params p = Params.parse(parts);
            out.put("TopoKind", "\"" + kind + "\"");
            out.put("Tors", Integer.toString(p.integer("tors", 2, 1, 64)));
            out.put("Spines", Integer.toString(p.integer("spines", 2, 1, 64)));
            out.put("HostsPerTor", Integer.toString(p.integer("hosts", 1, 1, 64)));
            out.put("K", Integer.toString(p.integer("k", 4, 2, 64)));
        }
    }

    /** The iofd flows {@code SRC-DST[L],...} as the sequence of records {@code FlowSeq}. */
    public record IofdFlows() implements Parameter {
        @Override
        public void apply(String name, String value, Map<String, String> out) {
            List<String> records = new ArrayList<>();
            for (Flow f : Flow.parseList(value, Integer.MAX_VALUE)) {
                records.add("[src |-> " + f.src() + ", dst |-> " + f.dst() + ", long |-> "
                        + (f.isLong() ? "TRUE" : "FALSE") + "]");
            }
            out.put("FlowSeq", "<<" + String.join(", ", records) + ">>");
        }
    }

    /** A parameter value or variant the spec cannot express; one line for the user. */
    public static final class Unmapped extends InputException {
        /** @param message what cannot be mapped and why */
        public Unmapped(String message) {
            super(message);
        }
    }

    /**
     * @param variant    a Java variant
     * @param javaParams the effective Java parameters (every parameter of the model, defaults filled in)
     * @return the TLA+ constants
     * @throws Unmapped naming the first variant, parameter or value without a counterpart
     */
    public Map<String, String> constants(String variant, Map<String, String> javaParams) {
        Map<String, String> v = variants.get(variant);
        if (v == null) {
            throw new Unmapped("variant '" + variant + "' has no counterpart in the spec (constantMapping.variants: "
                    + new TreeSet<>(variants.keySet()) + ")");
        }
        Map<String, String> c = new LinkedHashMap<>(v);
        javaParams.forEach((k, value) -> {
            Parameter p = parameters.get(k);
            if (p == null) {
                throw new Unmapped("parameter '" + k + "' has no counterpart in the spec (constantMapping.parameters: "
                        + new TreeSet<>(parameters.keySet()) + ")");
            }
            p.apply(k, value, c);
        });
        return c;
    }

    /**
     * @param declared the constants the spec declares
     * @param constants mapped constants
     * @return the declared constants the mapping leaves unset (the configuration file's values would
     *         silently stand in for them)
     */
    public static Set<String> unset(Set<String> declared, Map<String, String> constants) {
        Set<String> s = new TreeSet<>(declared);
        s.removeAll(constants.keySet());
        return s;
    }

    /**
     * @param cm  the manifest's {@code constantMapping} (may be missing: nothing maps)
     * @param src the file, for errors
     * @return the mapping
     */
    static ConstantMapping parse(JsonNode cm, String src) {
        Map<String, Parameter> params = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = cm.path("parameters").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            params.put(e.getKey(), parameter(e.getKey(), e.getValue(), src));
        }
        Map<String, Map<String, String>> variants = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = cm.path("variants").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            variants.put(e.getKey(), SpecManifest.strings(e.getValue(), src));
        }
        return new ConstantMapping(params, variants);
    }

    private static Parameter parameter(String name, JsonNode n, String src) {
        if (n.isTextual()) {
            return new Verbatim(n.textValue());
        }
        String where = src + ": constantMapping.parameters." + name;
        if (n.has("only")) {
            return new Only(n.get("only").asText());
        }
        if (n.has("values")) {
            return new Table(required(n, "constant", where), SpecManifest.strings(n.get("values"), src));
        }
        String as = n.path("as").asText("");
        return switch (as) {
            case "string" -> new Quoted(required(n, "constant", where));
            case "integer" -> new Verbatim(required(n, "constant", where));
            case "iofd-topology" -> new IofdTopology();
            case "iofd-flows" -> new IofdFlows();
            default -> throw new InputException(where + ": expected a constant name, {\"constant\", \"as\": string|"
                    + "integer}, {\"constant\", \"values\"}, {\"only\"} or {\"as\": iofd-topology|iofd-flows}, got " + n);
        };
    }

    private static String required(JsonNode n, String field, String where) {
        if (!n.hasNonNull(field)) {
            throw new InputException(where + ": missing '" + field + "'");
        }
        return n.get(field).asText();
    }
}
