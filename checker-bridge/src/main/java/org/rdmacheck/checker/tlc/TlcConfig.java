package org.rdmacheck.checker.tlc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A TLC model configuration ({@code .cfg}): constant assignments and the INIT/NEXT or
 * SPECIFICATION, INVARIANT, PROPERTY, CONSTRAINT, ... sections. Parsed from a file so that
 * parameters can override constants, or built from scratch; {@link #render()} writes it back.
 *
 * @param constants constant name to right-hand side, including the operator ({@code = 3},
 *                  {@code <- MC_N}), in order
 * @param sections  section keyword (singular form: {@code INVARIANT}, {@code PROPERTY}, ...) to its
 *                  entries, in order
 */
public record TlcConfig(Map<String, String> constants, Map<String, List<String>> sections) {

    private static final Map<String, String> KEYWORDS = keywords();
    /**
     * Keywords that take exactly one entry; after it TLC expects a keyword. The others take entries
     * up to the next keyword.
     */
    private static final Set<String> SINGLE = Set.of("INIT", "NEXT", "SPECIFICATION", "SYMMETRY", "VIEW",
            "CHECK_DEADLOCK", "TYPE", "TYPE_CONSTRAINT");
    /** Keywords TLC 2.18 parses but never evaluates. */
    private static final List<String> IGNORED = List.of("TYPE", "TYPE_CONSTRAINT");

    /** Copies both maps, keeping their order. */
    public TlcConfig {
        constants = new LinkedHashMap<>(constants);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        sections.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        sections = copy;
    }

    /**
     * The keywords of TLC 2.18's configuration grammar ({@code tlc2.tool.impl.ModelConfig}), mapped to
     * their singular form. {@code ALIAS} and {@code POSTCONDITION} came after 2.18: this TLC reads
     * them as entries of the section before them, and so does this parser.
     */
    private static Map<String, String> keywords() {
        Map<String, String> k = new LinkedHashMap<>();
        for (String s : List.of("CONSTANT", "INIT", "NEXT", "SPECIFICATION", "INVARIANT", "PROPERTY", "CONSTRAINT",
                "ACTION_CONSTRAINT", "SYMMETRY", "VIEW", "CHECK_DEADLOCK", "TYPE", "TYPE_CONSTRAINT")) {
            k.put(s, s);
        }
        for (String s : List.of("CONSTANTS", "INVARIANTS", "PROPERTIES", "CONSTRAINTS", "ACTION_CONSTRAINTS")) {
            k.put(s, s.substring(0, s.length() - (s.endsWith("IES") ? 3 : 1)) + (s.endsWith("IES") ? "Y" : ""));
        }
        return Map.copyOf(k);
    }

    /** @return an empty configuration */
    public static TlcConfig empty() {
        return new TlcConfig(Map.of(), Map.of());
    }

    /**
     * Parses configuration text with TLC 2.18's grammar.
     *
     * @param text the file's contents
     * @return the configuration
     * @throws IllegalArgumentException if the text does not follow the configuration grammar
     *                                  (the caller then lets TLC report the error itself)
     */
    public static TlcConfig parse(String text) {
        List<String> toks = CfgTokens.split(text);
        Map<String, String> constants = new LinkedHashMap<>();
        Map<String, List<String>> sections = new LinkedHashMap<>();
        String section = null;
        int i = 0;
        while (i < toks.size()) {
            String t = toks.get(i);
            if (KEYWORDS.containsKey(t)) {
                section = KEYWORDS.get(t);
                i++;
                if (SINGLE.contains(section)) {
                    if (i >= toks.size() || KEYWORDS.containsKey(toks.get(i))) {
                        throw new IllegalArgumentException("configuration: " + t + " needs a name after it");
                    }
                    if (sections.containsKey(section)) {
                        throw new IllegalArgumentException("configuration: " + t + " appears twice");
                    }
                    sections.put(section, List.of(toks.get(i++)));
                    section = null;
                } else {
                    sections.computeIfAbsent(section, k -> new ArrayList<>());
                }
            } else if (section == null) {
                throw new IllegalArgumentException("configuration: expected a keyword, found '" + t + "'");
            } else if (section.equals("CONSTANT")) {
                i = constant(toks, i, constants);
            } else {
                sections.get(section).add(t);
                i++;
            }
        }
        sections.remove("CONSTANT");
        return new TlcConfig(constants, sections);
    }

    /**
     * @return the entries TLC parses but does not check ({@code TYPE}, {@code TYPE_CONSTRAINT}), as
     *         {@code KEYWORD name}
     */
    public List<String> ignoredByTlc() {
        List<String> out = new ArrayList<>();
        for (String k : IGNORED) {
            section(k).forEach(v -> out.add(k + " " + v));
        }
        return out;
    }

    /** @return whether TLC checks for deadlock under this configuration (its default is yes) */
    public boolean checksDeadlock() {
        return !section("CHECK_DEADLOCK").equals(List.of("FALSE"));
    }

    private static int constant(List<String> toks, int i, Map<String, String> constants) {
        String name = toks.get(i++);
        if (i < toks.size() && toks.get(i).startsWith("(")) {
            name += toks.get(i++);
        }
        if (i >= toks.size() || !(toks.get(i).equals("=") || toks.get(i).equals("<-"))) {
            throw new IllegalArgumentException("configuration: expected = or <- after constant " + name);
        }
        String op = toks.get(i++);
        StringBuilder rhs = new StringBuilder(op);
        if (i < toks.size() && toks.get(i).startsWith("[")) {
            rhs.append(' ').append(toks.get(i++));
        }
        if (i >= toks.size()) {
            throw new IllegalArgumentException("configuration: missing value of constant " + name);
        }
        rhs.append(' ').append(toks.get(i++));
        constants.put(name, rhs.toString());
        return i;
    }

    /**
     * @param name  a constant
     * @param value its value in configuration syntax (integer, string, model value, set of these, TRUE, FALSE)
     * @return a copy with {@code name = value}
     */
    public TlcConfig withConstantValue(String name, String value) {
        Map<String, String> c = new LinkedHashMap<>(constants);
        c.put(name, "= " + value);
        return new TlcConfig(c, sections);
    }

    /**
     * @param name       a constant
     * @param definition the name of a definition in the spec that replaces it
     * @return a copy with {@code name <- definition}
     */
    public TlcConfig withConstantReplaced(String name, String definition) {
        Map<String, String> c = new LinkedHashMap<>(constants);
        c.put(name, "<- " + definition);
        return new TlcConfig(c, sections);
    }

    /**
     * @param section a section keyword (singular)
     * @param entries its entries, replacing what it had
     * @return a copy
     */
    public TlcConfig withSection(String section, List<String> entries) {
        Map<String, List<String>> s = new LinkedHashMap<>(sections);
        if (entries.isEmpty()) {
            s.remove(section);
        } else {
            s.put(section, entries);
        }
        return new TlcConfig(constants, s);
    }

    /**
     * @param section a section keyword (singular)
     * @return its entries (empty if absent)
     */
    public List<String> section(String section) {
        return sections.getOrDefault(section, List.of());
    }

    /** @return the configuration as TLC reads it */
    public String render() {
        StringBuilder b = new StringBuilder("\\* generated by rdmacheck\n");
        if (!constants.isEmpty()) {
            b.append("CONSTANTS\n");
            constants.forEach((k, v) -> b.append("    ").append(k).append(' ').append(v).append('\n'));
        }
        for (Map.Entry<String, List<String>> e : sections.entrySet()) {
            if (SINGLE.contains(e.getKey())) {
                for (String v : e.getValue()) {
                    b.append(e.getKey()).append(' ').append(v).append('\n');
                }
            } else {
                b.append(e.getKey()).append('\n');
                e.getValue().forEach(v -> b.append("    ").append(v).append('\n'));
            }
        }
        return b.toString();
    }

    /** Tokenises configuration text: comments dropped, braces, strings and [Module] kept whole. */
    static final class CfgTokens {
        private CfgTokens() {
        }

        static List<String> split(String s) {
            List<String> out = new ArrayList<>();
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (s.startsWith("\\*", i)) {
                    int nl = s.indexOf('\n', i);
                    i = nl < 0 ? s.length() : nl;
                } else if (s.startsWith("(*", i)) {
                    i = skipComment(s, i);
                } else if (c == '{' || c == '(' || c == '[') {
                    int end = balanced(s, i);
                    out.add(s.substring(i, end));
                    i = end;
                } else if (c == '"') {
                    int end = stringEnd(s, i);
                    out.add(s.substring(i, end));
                    i = end;
                } else if (s.startsWith("<-", i)) {
                    out.add("<-");
                    i += 2;
                } else if (c == '=') {
                    out.add("=");
                    i++;
                } else {
                    int start = i;
                    while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && "={([\"".indexOf(s.charAt(i)) < 0
                            && !s.startsWith("<-", i) && !s.startsWith("\\*", i)) {
                        i++;
                    }
                    out.add(s.substring(start, i));
                }
            }
            return out;
        }

        private static int skipComment(String s, int i) {
            int depth = 0;
            while (i < s.length()) {
                if (s.startsWith("(*", i)) {
                    depth++;
                    i += 2;
                } else if (s.startsWith("*)", i)) {
                    depth--;
                    i += 2;
                    if (depth == 0) {
                        return i;
                    }
                } else {
                    i++;
                }
            }
            throw new IllegalArgumentException("configuration: unterminated comment");
        }

        private static int balanced(String s, int i) {
            int depth = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '"') {
                    i = stringEnd(s, i);
                    continue;
                }
                if (c == '{' || c == '(' || c == '[') {
                    depth++;
                } else if (c == '}' || c == ')' || c == ']') {
                    depth--;
                    if (depth == 0) {
                        return i + 1;
                    }
                }
                i++;
            }
            throw new IllegalArgumentException("configuration: unbalanced brackets");
        }

        private static int stringEnd(String s, int i) {
            int j = i + 1;
            while (j < s.length() && s.charAt(j) != '"') {
                j += s.charAt(j) == '\\' ? 2 : 1;
            }
            if (j >= s.length()) {
                throw new IllegalArgumentException("configuration: unterminated string");
            }
            return j + 1;
        }
    }
}
