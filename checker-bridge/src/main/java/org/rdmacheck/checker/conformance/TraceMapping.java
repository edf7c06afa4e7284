package org.rdmacheck.checker.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonPointer;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.checker.tlc.TlaValues;
import org.rdmacheck.model.InputException;

/**
 * How a Java state view (JSON) becomes an assignment of the spec's variables, for trace
 * validation. Without a {@code traceMapping} in the manifest, every top-level field of the view
 * is a variable of the same name, arrays become sequences and objects records (or functions when
 * their keys are not identifiers). A mapping entry {@code "var": "/json/pointer"} reads a variable
 * from elsewhere in the view; {@code "var": {"from": "/pointer", "as": "set"}} renders an array as
 * a set; {@code "via": "EXPR"} then applies a TLA+ expression in which {@code json} names that
 * value, e.g. {@code "RdmacheckFnOver(json, QArcs)"} for an array indexed by the spec's queue arcs
 * in ascending order. The trace module provides {@code RdmacheckFn(seq)} (a function on
 * {@code 0..Len(seq)-1}), {@code RdmacheckFnOver(seq, S)}, {@code RdmacheckSet(seq)} and
 * {@code RdmacheckSetsOver(seq, S)} (a function on S whose values are the sets of seq's lists); the
 * expression may use every definition of the spec. {@code "absent": "EXPR"} gives the variable's
 * value (a TLA+ expression) for a state view without the field: a field a model shows in newer
 * states than the traces stored before it (dasr's {@code arrived}).
 */
public final class TraceMapping {

    /**
     * One variable.
     *
     * @param from JSON pointer into the state view
     * @param as   {@code value} (default rendering) or {@code set}
     * @param via  TLA+ expression over {@code json} (the rendered value), or null
     * @param absent TLA+ expression: the value when the view has no {@code from}, or null (then a
     *             missing field is an error)
     */
    public record Variable(String from, String as, String via, String absent) {
        /** @return the first field of the state view it reads */
        String field() {
            String f = from.startsWith("/") ? from.substring(1) : from;
            int slash = f.indexOf('/');
            return (slash < 0 ? f : f.substring(0, slash)).replace("~1", "/").replace("~0", "~");
        }
    }

    private TraceMapping() {
    }

    /**
     * @param node the manifest's {@code traceMapping} (may be missing)
     * @param src  file name for errors
     * @return variable name to mapping, in order (empty: identity)
     */
    static Map<String, Variable> parse(JsonNode node, String src) {
        Map<String, Variable> m = new LinkedHashMap<>();
        if (node.isMissingNode() || node.isNull()) {
            return m;
        }
        if (!node.isObject()) {
            throw new InputException(src + ": traceMapping must be an object of variable -> JSON pointer");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            Variable var = v.isTextual() ? new Variable(v.textValue(), "value", null, null)
                    : new Variable(v.path("from").asText("/" + e.getKey()), v.path("as").asText("value"),
                            v.hasNonNull("via") ? v.get("via").asText() : null,
                            v.hasNonNull("absent") ? v.get("absent").asText() : null);
            if (!var.from().isEmpty() && !var.from().startsWith("/")) {
                throw new InputException(src + ": traceMapping." + e.getKey() + " '" + var.from()
                        + "': expected a JSON pointer such as /field");
            }
            if (!var.as().equals("value") && !var.as().equals("set")) {
                throw new InputException(src + ": traceMapping." + e.getKey() + ".as '" + var.as()
                        + "': expected value or set");
            }
            m.put(e.getKey(), var);
        }
        return m;
    }

    /**
     * @param mapping a manifest's mapping (empty for identity)
     * @param state   a Java state view
     * @param step    the step index, for errors
     * @return TLA+ variable to TLA+ expression
     * @throws InputException if the state lacks a mapped field or has a value TLA+ cannot express
     */
    public static Map<String, String> variables(Map<String, Variable> mapping, JsonNode state, int step) {
        Map<String, String> out = new LinkedHashMap<>();
        if (mapping.isEmpty()) {
            if (!state.isObject()) {
                throw new InputException("trace step " + step + ": the state is not a JSON object of variables");
            }
            state.fields().forEachRemaining(e -> out.put(e.getKey(), render(e.getValue(), "value", step)));
            return out;
        }
        if (!state.isObject()) {
            throw new InputException("trace step " + step + ": the state is not a JSON object");
        }
        Set<String> read = new HashSet<>();
        mapping.values().forEach(v -> read.add(v.field()));
        for (Iterator<String> it = state.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!read.contains(f)) {
                throw new InputException("trace step " + step + ": the state's field '" + f + "' is not read by the "
                        + "manifest's traceMapping (it reads " + new TreeSet<>(read) + ")");
            }
        }
        for (Map.Entry<String, Variable> e : mapping.entrySet()) {
            JsonNode v = state.at(JsonPointer.compile(e.getValue().from()));
            if (v.isMissingNode() && e.getValue().absent() != null) {
                out.put(e.getKey(), "(" + e.getValue().absent() + ")");
                continue;
            }
            if (v.isMissingNode()) {
                throw new InputException("trace step " + step + ": the state has no " + e.getValue().from()
                        + " for variable " + e.getKey());
            }
            String value = render(v, e.getValue().as(), step);
            out.put(e.getKey(), e.getValue().via() == null ? value
                    : "(LET json == " + value + " IN " + e.getValue().via() + ")");
        }
        return out;
    }

    private static String render(JsonNode v, String as, int step) {
        try {
            return as.equals("set") ? TlaValues.renderSet(v) : TlaValues.render(v);
        } catch (IllegalArgumentException e) {
            throw new InputException("trace step " + step + ": " + e.getMessage());
        }
    }
}
