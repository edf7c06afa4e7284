package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.rdmacheck.model.InputException;

/**
 * Values of the Informal Trace Format (ITF, Apalache ADR-015, also written by Quint): booleans,
 * strings, integers (JSON numbers within ±(2^53 - 1), otherwise {@code {"#bigint": "-123"}}),
 * sequences (JSON arrays), tuples ({@code {"#tup": [...]}}), sets ({@code {"#set": [...]}}),
 * functions ({@code {"#map": [[key, value], ...]}}), records (JSON objects) and values with no
 * other encoding ({@code {"#unserializable": "text"}}).
 *
 * <p>Three conversions: the project's plain JSON state views to ITF ({@link #fromPlain}, with the
 * fields to read as sets named by the caller), ITF back to plain JSON ({@link #toPlain}, exact
 * inverse of {@link #fromPlain} and the form {@code TlaValues.parse} gives TLC's values), and ITF to a
 * TLA+ expression ({@link #render}).
 */
public final class ItfValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final BigInteger SAFE = BigInteger.valueOf((1L << 53) - 1);
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern CANONICAL_INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
    private static final Set<String> TAGS = Set.of("#bigint", "#tup", "#set", "#map", "#unserializable");

    private ItfValues() {
    }

    /** @param v an integer  @return a JSON number within ±(2^53 - 1), else {@code {"#bigint": "v"}} */
    public static JsonNode integer(BigInteger v) {
        if (v.abs().compareTo(SAFE) > 0) {
            ObjectNode o = NODES.objectNode();
            o.put("#bigint", v.toString());
            return o;
        }
        return v.bitLength() < 32 ? NODES.numberNode(v.intValue()) : NODES.numberNode(v.longValue());
    }

    /** @param elements the elements  @return {@code {"#set": elements}} */
    public static JsonNode set(ArrayNode elements) {
        ObjectNode o = NODES.objectNode();
        o.set("#set", elements);
        return o;
    }

    /** @param pairs {@code [key, value]} pairs  @return {@code {"#map": pairs}} */
    public static JsonNode map(ArrayNode pairs) {
        ObjectNode o = NODES.objectNode();
        o.set("#map", pairs);
        return o;
    }

    /** @param text a value's TLA+ text  @return {@code {"#unserializable": text}} */
    public static JsonNode unserializable(String text) {
        ObjectNode o = NODES.objectNode();
        o.put("#unserializable", text);
        return o;
    }

    /**
     * A state view of the Java models as ITF: numbers stay numbers (beyond ±(2^53 - 1) {@code #bigint};
     * a non-integral number, which no model has, {@code #unserializable}), arrays are sequences except
     * the top-level fields named in {@code setFields}, objects whose keys are all identifiers are
     * records, other objects functions ({@code #map}) whose keys are integers where the key is one
     * ({@code "3"}), strings otherwise.
     *
     * @param state     a state view (a JSON object)
     * @param setFields top-level fields that hold sets
     * @return the state's variables as ITF values, in the view's order
     */
    public static ObjectNode fromPlainState(JsonNode state, Set<String> setFields) {
        ObjectNode o = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = state.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (setFields.contains(e.getKey()) && v.isArray()) {
                ArrayNode elems = NODES.arrayNode();
                v.forEach(x -> elems.add(fromPlain(x)));
                o.set(e.getKey(), set(elems));
            } else {
                o.set(e.getKey(), fromPlain(v));
            }
        }
        return o;
    }

    /**
     * @param v a plain JSON value (no nulls)
     * @return its ITF form, as in {@link #fromPlainState}
     */
    public static JsonNode fromPlain(JsonNode v) {
        if (v.isIntegralNumber()) {
            return integer(v.bigIntegerValue());
        }
        if (v.isNumber()) {
            return unserializable(v.asText());
        }
        if (v.isBoolean() || v.isTextual()) {
            return v;
        }
        if (v.isArray()) {
            ArrayNode a = NODES.arrayNode();
            v.forEach(x -> a.add(fromPlain(x)));
            return a;
        }
        if (v.isObject()) {
            boolean record = true;
            for (Iterator<String> it = v.fieldNames(); it.hasNext();) {
                record &= IDENTIFIER.matcher(it.next()).matches();
            }
            if (record) {
                ObjectNode o = NODES.objectNode();
                v.fields().forEachRemaining(e -> o.set(e.getKey(), fromPlain(e.getValue())));
                return o;
            }
            ArrayNode pairs = NODES.arrayNode();
            v.fields().forEachRemaining(e -> pairs.addArray().add(CANONICAL_INTEGER.matcher(e.getKey()).matches()
                    ? integer(new BigInteger(e.getKey())) : NODES.textNode(e.getKey())).add(fromPlain(e.getValue())));
            return map(pairs);
        }
        throw new IllegalArgumentException("no ITF form for the JSON value " + v);
    }

    /**
     * The plain JSON form: sets, tuples and sequences become arrays (in their order), functions
     * objects keyed by the key's plain form (a string as itself, anything else as its JSON text),
     * {@code #bigint} numbers, {@code #unserializable} its text.
     *
     * @param v an ITF value
     * @return its plain JSON form
     * @throws IllegalArgumentException for a malformed ITF value
     */
    public static JsonNode toPlain(JsonNode v) {
        if (v.isIntegralNumber()) {
            BigInteger b = v.bigIntegerValue();
            return b.bitLength() < 32 ? NODES.numberNode(b.intValue())
                    : b.bitLength() < 64 ? NODES.numberNode(b.longValue()) : NODES.numberNode(b);
        }
        if (v.isBoolean() || v.isTextual()) {
            return v;
        }
        if (v.isArray()) {
            ArrayNode a = NODES.arrayNode();
            v.forEach(x -> a.add(toPlain(x)));
            return a;
        }
        if (!v.isObject()) {
            throw new IllegalArgumentException("not an ITF value: " + v);
        }
        String tag = tag(v);
        switch (tag) {
            case "#bigint" -> {
                return toPlain(NODES.numberNode(bigint(v)));
            }
            case "#unserializable" -> {
                return NODES.textNode(v.get(tag).asText());
            }
            case "#set", "#tup" -> {
                return toPlain(array(v, tag));
            }
            case "#map" -> {
                ObjectNode o = NODES.objectNode();
                for (JsonNode pair : array(v, tag)) {
                    JsonNode k = toPlain(pair(pair).get(0));
                    o.set(k.isTextual() ? k.textValue() : k.toString(), toPlain(pair.get(1)));
                }
                return o;
            }
            default -> {
                ObjectNode o = NODES.objectNode();
                v.fields().forEachRemaining(e -> o.set(e.getKey(), toPlain(e.getValue())));
                return o;
            }
        }
    }

    /**
     * Renders an ITF value as a TLA+ expression: sets {@code {..}}, sequences and tuples
     * {@code <<..>>}, records {@code [f |-> ..]}, functions {@code (k :> v @@ ..)} (module TLC; the
     * empty function {@code <<>>}), {@code #unserializable} its text verbatim (a model value's name).
     *
     * @param v an ITF value
     * @return the expression
     * @throws IllegalArgumentException for a malformed ITF value
     */
    public static String render(JsonNode v) {
        StringBuilder b = new StringBuilder();
        render(v, b);
        return b.toString();
    }

    private static void render(JsonNode v, StringBuilder b) {
        if (v.isIntegralNumber()) {
            b.append(v.bigIntegerValue());
        } else if (v.isBoolean()) {
            b.append(v.booleanValue() ? "TRUE" : "FALSE");
        } else if (v.isTextual()) {
            b.append(quote(v.textValue()));
        } else if (v.isArray()) {
            join(v, "<<", ">>", b);
        } else if (v.isObject()) {
            renderObject(v, b);
        } else {
            throw new IllegalArgumentException("not an ITF value: " + v);
        }
    }

    private static void renderObject(JsonNode v, StringBuilder b) {
        String tag = tag(v);
        switch (tag) {
            case "#bigint" -> b.append(bigint(v));
            case "#unserializable" -> b.append(v.get(tag).asText());
            case "#set" -> join(array(v, tag), "{", "}", b);
            case "#tup" -> join(array(v, tag), "<<", ">>", b);
            case "#map" -> {
                JsonNode pairs = array(v, tag);
                if (pairs.isEmpty()) {
                    b.append("<<>>");
                    return;
                }
                b.append('(');
                for (int i = 0; i < pairs.size(); i++) {
                    JsonNode p = pair(pairs.get(i));
                    b.append(i == 0 ? "" : " @@ ");
                    render(p.get(0), b);
                    b.append(" :> ");
                    render(p.get(1), b);
                }
                b.append(')');
            }
            default -> {
                if (v.isEmpty()) {
                    b.append("<<>>");
                    return;
                }
                b.append('[');
                boolean first = true;
                for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!IDENTIFIER.matcher(e.getKey()).matches()) {
                        throw new IllegalArgumentException("record field '" + e.getKey() + "' is no TLA+ identifier");
                    }
                    b.append(first ? "" : ", ").append(e.getKey()).append(" |-> ");
                    first = false;
                    render(e.getValue(), b);
                }
                b.append(']');
            }
        }
    }

    /**
     * Collects the names of model values ({@code #unserializable} identifiers) in a value.
     *
     * @param v    an ITF value
     * @param into receives the names
     */
    public static void modelValues(JsonNode v, Set<String> into) {
        if (v.isObject() && v.has("#unserializable") && v.size() == 1) {
            String t = v.get("#unserializable").asText();
            if (IDENTIFIER.matcher(t).matches()) {
                into.add(t);
            }
            return;
        }
        if (v.isContainerNode()) {
            v.forEach(x -> modelValues(x, into));
        }
    }

    /**
     * Checks that a value is well-formed ITF.
     *
     * @param v     the value
     * @param where where it is, for the message
     * @throws InputException naming the place and what was expected
     */
    public static void check(JsonNode v, String where) {
        try {
            render(v);
        } catch (IllegalArgumentException e) {
            throw new InputException(where + ": " + e.getMessage() + " (expected an ITF value: boolean, string, "
                    + "integer, array, record, or an object tagged #bigint, #tup, #set, #map, #unserializable)");
        }
    }

    private static String tag(JsonNode v) {
        for (String t : TAGS) {
            if (v.has(t)) {
                if (v.size() != 1) {
                    throw new IllegalArgumentException("an ITF " + t + " object has no other field: " + v);
                }
                return t;
            }
        }
        return "";
    }

    private static BigInteger bigint(JsonNode v) {
        String s = v.get("#bigint").asText();
        if (!s.matches("-?[0-9]+")) {
            throw new IllegalArgumentException("#bigint \"" + s + "\": expected decimal digits");
        }
        return new BigInteger(s);
    }

    private static JsonNode array(JsonNode v, String tag) {
        JsonNode a = v.get(tag);
        if (!a.isArray()) {
            throw new IllegalArgumentException(tag + " must hold an array: " + v);
        }
        return a;
    }

    private static JsonNode pair(JsonNode p) {
        if (!p.isArray() || p.size() != 2) {
            throw new IllegalArgumentException("a #map entry must be a [key, value] pair: " + p);
        }
        return p;
    }

    private static void join(JsonNode elements, String open, String close, StringBuilder b) {
        b.append(open);
        for (int i = 0; i < elements.size(); i++) {
            b.append(i == 0 ? "" : ", ");
            render(elements.get(i), b);
        }
        b.append(close);
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + '"';
    }
}
