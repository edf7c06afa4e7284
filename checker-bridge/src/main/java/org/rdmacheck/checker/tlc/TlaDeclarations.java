package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the names declared by {@code VARIABLE(S)} and {@code CONSTANT(S)} in the modules of a spec
 * folder (comments removed; operator constants such as {@code F(_, _)} count by their name).
 */
public final class TlaDeclarations {

    private static final Pattern BLOCK_COMMENT = Pattern.compile("\\(\\*.*?\\*\\)", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("\\\\\\*[^\\n]*");
    private static final String NAME = "[A-Za-z_][A-Za-z0-9_]*(?:\\s*\\([^)]*\\))?";
    private static final String NAMES = "\\s+(" + NAME + "(?:\\s*,\\s*" + NAME + ")*)";
    private static final Pattern VARIABLES = Pattern.compile("\\bVARIABLES?" + NAMES);
    private static final Pattern CONSTANTS = Pattern.compile("\\bCONSTANTS?" + NAMES);
    private static final Pattern ARITY = Pattern.compile("\\([^)]*\\)");
    private static final Pattern DEFINITION = Pattern.compile(
            "(?m)^\\s*(?:RECURSIVE\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\([^)]*\\))?\\s*==");

    private TlaDeclarations() {
    }

    /**
     * @param folder a spec folder
     * @return every variable declared in its {@code .tla} files
     */
    public static Set<String> variables(Path folder) {
        return declared(folder, VARIABLES);
    }

    /**
     * @param folder a spec folder
     * @return every constant declared in its {@code .tla} files
     */
    public static Set<String> constants(Path folder) {
        return declared(folder, CONSTANTS);
    }

    /**
     * @param folder  a spec folder
     * @param without module names (without {@code .tla}) to leave out
     * @return every variable declared in its other {@code .tla} files
     */
    public static Set<String> variables(Path folder, Set<String> without) {
        return declared(folder, VARIABLES, without);
    }

    /**
     * @param folder  a spec folder
     * @param without module names (without {@code .tla}) to leave out
     * @return every constant declared in its other {@code .tla} files
     */
    public static Set<String> constants(Path folder, Set<String> without) {
        return declared(folder, CONSTANTS, without);
    }

    /**
     * @param folder a spec folder
     * @return every operator defined at the start of a line in its {@code .tla} files
     */
    public static Set<String> definitions(Path folder) {
        return declared(folder, DEFINITION);
    }

    /**
     * @param text TLA+ source
     * @return it with comments replaced by blanks (line numbers kept)
     */
    static String withoutComments(String text) {
        Matcher b = BLOCK_COMMENT.matcher(text);
        StringBuilder out = new StringBuilder();
        while (b.find()) {
            b.appendReplacement(out, Matcher.quoteReplacement(b.group().replaceAll("[^\\n]", " ")));
        }
        b.appendTail(out);
        Matcher l = LINE_COMMENT.matcher(out.toString());
        StringBuilder out2 = new StringBuilder();
        while (l.find()) {
            l.appendReplacement(out2, Matcher.quoteReplacement(" ".repeat(l.group().length())));
        }
        l.appendTail(out2);
        return out2.toString();
    }

    private static Set<String> declared(Path folder, Pattern declaration) {
        return declared(folder, declaration, Set.of());
    }

    private static Set<String> declared(Path folder, Pattern declaration, Set<String> without) {
        Set<String> names = new LinkedHashSet<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".tla"))
                    .filter(p -> !without.contains(p.getFileName().toString().replaceFirst("\\.tla$", "")))
                    .sorted().toList()) {
                Matcher m = declaration.matcher(withoutComments(Files.readString(f, StandardCharsets.UTF_8)));
                while (m.find()) {
                    for (String v : ARITY.matcher(m.group(1)).replaceAll("").split(",")) {
                        names.add(v.trim());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }
}
