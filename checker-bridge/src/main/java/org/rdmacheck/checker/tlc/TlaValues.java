package org.rdmacheck.checker.tlc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Converts TLA+ values as TLC prints them into JSON and JSON back into TLA+ expressions.
 *
 * <p>TLA+ to JSON: integers become numbers, strings strings, {@code TRUE}/{@code FALSE} booleans,
 * model values their name as a string, records {@code [a |-> 1]} objects, sequences and tuples
 * {@code <<1, 2>>} arrays, sets {@code {1, 2}} arrays in TLC's (normalised) order, intervals
 * {@code 1..3} arrays, and functions {@code (1 :> "a" @@ 2 :> "b")} objects keyed by the key's text
 * (strings without quotes) — the same shape Jackson gives a Java {@code Map}.
 *
 * <p>JSON to TLA+ ({@link #render}): objects whose keys are all identifiers become records, other
 * objects functions, arrays sequences, strings strings; {@link #renderSet} renders an array as a set.
 */
public final class TlaValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

    private TlaValues() {
    }

    /**
     * Parses a value printed by TLC.
     *
     * @param text the value, possibly spread over several lines
     * @return its JSON form
     * @throws IllegalArgumentException naming the offset of the first character that does not fit
     */
    public static JsonNode parse(String text) {
        return org.rdmacheck.checker.trace.ItfValues.toPlain(parseItf(text));
    }

    /**
     * Parses a value printed by TLC into its Informal Trace Format encoding, which keeps what the
     * plain JSON form of {@link #parse} loses: sets are {@code {"#set": [...]}}, functions
     * {@code {"#map": [[k, v], ...]}}, integers beyond 2^53 {@code {"#bigint": "..."}}, and model
     * values (TLC's uninterpreted constants) {@code {"#unserializable": "name"}}. Sequences and tuples,
     * which TLC prints alike ({@code <<1, 2>>}), become JSON arrays (ITF's sequences).
     *
     * @param text the value, possibly spread over several lines
     * @return its ITF form
     * @throws IllegalArgumentException naming the offset of the first character that does not fit
     */
    public static JsonNode parseItf(String text) {
        Parser p = new Parser(text);
        JsonNode v = p.value();
        p.skipSpace();
        if (!p.atEnd()) {
            throw p.error("end of value");
        }
        return v;
    }

    /** A recursive-descent parser over TLC's value syntax. */
    private static final class Parser {
        private final String s;
        private int i;

        Parser(String s) {
            this.s = s;
        }

        boolean atEnd() {
            return i >= s.length();
        }

        void skipSpace() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        boolean peek(String tok) {
            skipSpace();
            return s.startsWith(tok, i);
        }

        boolean accept(String tok) {
            if (peek(tok)) {
                i += tok.length();
                return true;
            }
            return false;
        }

        void expect(String tok) {
            if (!accept(tok)) {
                throw error("'" + tok + "'");
            }
        }

        IllegalArgumentException error(String expected) {
            String near = s.substring(Math.min(i, s.length()), Math.min(s.length(), i + 20));
            return new IllegalArgumentException("TLA+ value: expected " + expected + " at offset " + i + " near '"
                    + near + "'");
        }

        JsonNode value() {
            skipSpace();
            if (atEnd()) {
                throw error("a value");
            }
            if (accept("<<")) {
                return sequence();
            }
            char c = s.charAt(i);
            if (c == '[') {
                i++;
                return record();
            }
            if (c == '{') {
                i++;
                return set();
            }
            if (c == '(') {
                i++;
                return function();
            }
            if (c == '"') {
                return NODES.textNode(string());
            }
            if (c == '-' || Character.isDigit(c)) {
                return integerOrInterval();
            }
            String id = identifier();
            return switch (id) {
                case "TRUE" -> NODES.booleanNode(true);
                case "FALSE" -> NODES.booleanNode(false);
                default -> org.rdmacheck.checker.trace.ItfValues.unserializable(id);
            };
        }

        ArrayNode sequence() {
            ArrayNode a = NODES.arrayNode();
            if (accept(">>")) {
                return a;
            }
            do {
                a.add(value());
            } while (accept(","));
            expect(">>");
            return a;
        }

        JsonNode record() {
            ObjectNode o = NODES.objectNode();
            if (accept("]")) {
                return o;
            }
            do {
                skipSpace();
                String field = identifier();
                expect("|->");
                o.set(field, value());
            } while (accept(","));
            expect("]");
            return o;
        }

        JsonNode set() {
            ArrayNode a = NODES.arrayNode();
            if (!accept("}")) {
                do {
                    a.add(value());
                } while (accept(","));
                expect("}");
            }
            return org.rdmacheck.checker.trace.ItfValues.set(a);
        }

        JsonNode function() {
            ArrayNode pairs = NODES.arrayNode();
            do {
                JsonNode key = value();
                expect(":>");
                pairs.addArray().add(key).add(value());
            } while (accept("@@"));
            expect(")");
            return org.rdmacheck.checker.trace.ItfValues.map(pairs);
        }

        String string() {
            StringBuilder b = new StringBuilder();
            i++;
            while (i < s.length() && s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\' && i < s.length()) {
                    char e = s.charAt(i++);
                    b.append(switch (e) {
                        case 'n' -> '\n';
                        case 't' -> '\t';
                        case 'r' -> '\r';
                        case 'f' -> '\f';
                        default -> e;
                    });
                } else {
                    b.append(c);
                }
            }
            if (atEnd()) {
                throw error("closing '\"'");
            }
            i++;
            return b.toString();
        }

        JsonNode integerOrInterval() {
            BigInteger lo = integer();
            if (accept("..")) {
                skipSpace();
                BigInteger hi = integer();
                ArrayNode a = NODES.arrayNode();
                for (BigInteger k = lo; k.compareTo(hi) <= 0; k = k.add(BigInteger.ONE)) {
                    a.add(org.rdmacheck.checker.trace.ItfValues.integer(k));
                }
                return org.rdmacheck.checker.trace.ItfValues.set(a);
            }
            return org.rdmacheck.checker.trace.ItfValues.integer(lo);
        }

        BigInteger integer() {
            int start = i;
            if (i < s.length() && s.charAt(i) == '-') {
                i++;
            }
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start || i == start + 1 && s.charAt(start) == '-') {
                throw error("an integer");
            }
            return new BigInteger(s.substring(start, i));
        }

        String identifier() {
            int start = i;
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                i++;
            }
            if (i == start) {
                throw error("a value");
            }
            return s.substring(start, i);
        }
    }

    /**
     * Renders JSON as a TLA+ expression.
     *
     * @param v a JSON value (no floating-point numbers, no nulls)
     * @return the expression
     * @throws IllegalArgumentException for a value TLA+ cannot express
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
            b.append("<<");
            join(v.elements(), b);
            b.append(">>");
        } else if (v.isObject()) {
            renderObject(v, b);
        } else {
            throw new IllegalArgumentException("no TLA+ form for the JSON value " + v + ": expected integers, "
                    + "booleans, strings, arrays or objects");
        }
    }

    private static void renderObject(JsonNode v, StringBuilder b) {
        if (v.isEmpty()) {
            b.append("<<>>");
            return;
        }
        boolean record = true;
        for (Iterator<String> it = v.fieldNames(); it.hasNext();) {
            record &= IDENTIFIER.matcher(it.next()).matches();
        }
        boolean first = true;
        b.append(record ? "[" : "(");
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            b.append(first ? "" : record ? ", " : " @@ ");
            first = false;
            if (record) {
                b.append(e.getKey()).append(" |-> ");
            } else {
                b.append(INTEGER.matcher(e.getKey()).matches() ? e.getKey() : quote(e.getKey())).append(" :> ");
            }
            render(e.getValue(), b);
        }
        b.append(record ? "]" : ")");
    }

    /**
     * Renders a plain JSON value (as {@link #parse} makes it) as a TLA+ expression shaped like another value
     * of the same constant: where the shape, an ITF value ({@link #parseItf} of the constant's text as a
     * manifest gives it), has a set, the array is rendered as a set, {@code {1, 2}} where {@link #render}
     * would write the sequence {@code <<1, 2>>}; inside a set or a sequence every element takes the shape's
     * first (or same-index) element, inside a record each field its field's. Where the shape says nothing
     * (no shape, another kind of value) the value is rendered as {@link ItfValues#fromPlain} reads it.
     *
     * @param v     a plain JSON value
     * @param shape an ITF value of the same constant, or null
     * @return the expression
     * @throws IllegalArgumentException for a value TLA+ cannot express
     */
    public static String renderLike(JsonNode v, JsonNode shape) {
        return org.rdmacheck.checker.trace.ItfValues.render(shaped(v, shape));
    }

    private static JsonNode shaped(JsonNode v, JsonNode shape) {
        if (shape == null) {
            return org.rdmacheck.checker.trace.ItfValues.fromPlain(v);
        }
        if (v.isArray() && shape.isObject() && shape.has("#set") && shape.get("#set").isArray()) {
            JsonNode elements = shape.get("#set");
            com.fasterxml.jackson.databind.node.ArrayNode a = com.fasterxml.jackson.databind.node.JsonNodeFactory
                    .instance.arrayNode();
            v.forEach(x -> a.add(shaped(x, elements.isEmpty() ? null : elements.get(0))));
            return org.rdmacheck.checker.trace.ItfValues.set(a);
        }
        if (v.isArray() && shape.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode a = com.fasterxml.jackson.databind.node.JsonNodeFactory
                    .instance.arrayNode();
            for (int i = 0; i < v.size(); i++) {
                a.add(shaped(v.get(i), shape.isEmpty() ? null : shape.get(Math.min(i, shape.size() - 1))));
            }
            return a;
        }
        if (v.isObject() && shape.isObject() && !shape.isEmpty() && !shape.fieldNames().next().startsWith("#")) {
            JsonNode plain = org.rdmacheck.checker.trace.ItfValues.fromPlain(v);
            if (!plain.isObject() || plain.has("#map")) {
                return plain; // a function: its keys are no record's fields
            }
            com.fasterxml.jackson.databind.node.ObjectNode o = com.fasterxml.jackson.databind.node.JsonNodeFactory
                    .instance.objectNode();
            v.fields().forEachRemaining(e -> o.set(e.getKey(), shaped(e.getValue(), shape.get(e.getKey()))));
            return o;
        }
        return org.rdmacheck.checker.trace.ItfValues.fromPlain(v);
    }

    /**
     * Renders a JSON array as a TLA+ set.
     *
     * @param v an array
     * @return {@code {e1, e2, ...}}
     */
    public static String renderSet(JsonNode v) {
        if (!v.isArray()) {
            throw new IllegalArgumentException("expected a JSON array for a TLA+ set, got " + v);
        }
        StringBuilder b = new StringBuilder("{");
        join(v.elements(), b);
        return b.append('}').toString();
    }

    private static void join(Iterator<JsonNode> it, StringBuilder b) {
        boolean first = true;
        while (it.hasNext()) {
            b.append(first ? "" : ", ");
            first = false;
            render(it.next(), b);
        }
    }

    /**
     * @param s a string
     * @return a TLA+ string literal
     */
    public static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + '"';
    }
}
