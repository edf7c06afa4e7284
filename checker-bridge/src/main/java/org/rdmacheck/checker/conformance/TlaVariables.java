package org.rdmacheck.checker.conformance;

import java.io.IOException;
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
 * folder.
 */
final class TlaVariables {

    private static final Pattern BLOCK_COMMENT = Pattern.compile("\\(\\*.*?\\*\\)", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("\\\\\\*[^\\n]*");
    private static final String NAMES = "\\s+([A-Za-z_][A-Za-z0-9_]*(?:\\s*,\\s*[A-Za-z_][A-Za-z0-9_]*)*)";
    private static final Pattern VARIABLES = Pattern.compile("\\bVARIABLES?" + NAMES);
    private static final Pattern CONSTANTS = Pattern.compile("\\bCONSTANTS?" + NAMES);
    private static final Pattern DEFINITION = Pattern.compile(
            "(?m)^\\s*(?:RECURSIVE\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\([^)]*\\))?\\s*==");

    private TlaVariables() {
    }

    /**
     * @param folder a spec folder
     * @return every variable declared in its {@code .tla} files
     */
    static Set<String> declared(Path folder) {
        return declared(folder, VARIABLES);
    }

    /**
     * @param folder a spec folder
     * @return every constant declared in its {@code .tla} files
     */
    static Set<String> constants(Path folder) {
        return declared(folder, CONSTANTS);
    }

    /**
     * @param folder a spec folder
     * @return every operator defined at the start of a line in its {@code .tla} files
     */
    static Set<String> definitions(Path folder) {
        return declared(folder, DEFINITION);
    }

    private static Set<String> declared(Path folder, Pattern declaration) {
        Set<String> vars = new LinkedHashSet<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".tla")).sorted().toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                text = LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(text).replaceAll(" ")).replaceAll(" ");
                Matcher m = declaration.matcher(text);
                while (m.find()) {
                    for (String v : m.group(1).split(",")) {
                        vars.add(v.trim());
                    }
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return vars;
    }
}
