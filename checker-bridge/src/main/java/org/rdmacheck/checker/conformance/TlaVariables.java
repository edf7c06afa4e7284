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

/** Reads the names declared by {@code VARIABLE}/{@code VARIABLES} in the modules of a spec folder. */
final class TlaVariables {

    private static final Pattern BLOCK_COMMENT = Pattern.compile("\\(\\*.*?\\*\\)", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("\\\\\\*[^\\n]*");
    private static final Pattern DECLARATION = Pattern.compile(
            "\\bVARIABLES?\\s+([A-Za-z_][A-Za-z0-9_]*(?:\\s*,\\s*[A-Za-z_][A-Za-z0-9_]*)*)");

    private TlaVariables() {
    }

    /**
     * @param folder a spec folder
     * @return every variable declared in its {@code .tla} files
     */
    static Set<String> declared(Path folder) {
        Set<String> vars = new LinkedHashSet<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".tla")).sorted().toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                text = LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(text).replaceAll(" ")).replaceAll(" ");
                Matcher m = DECLARATION.matcher(text);
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
