package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns SANY parse/semantic errors and configuration errors into one line
 * {@code file:line:col: message}, the form editors and compilers use.
 */
final class TlcErrors {

    private static final Pattern SEMANTIC = Pattern.compile(
            "line (\\d+), col (\\d+) to line \\d+, col \\d+ of module (\\w+)\\s+(.+?)(?:\\n\\s*\\n|\\z)", Pattern.DOTALL);
    private static final Pattern ENCOUNTERED = Pattern.compile("Encountered \"(.*?)\" at line (\\d+), column (\\d+)");
    private static final Pattern EXPECTING = Pattern.compile("Was expecting \"?(.+?)\"?\\s*$", Pattern.MULTILINE);
    private static final Pattern PARSE_FILE = Pattern.compile("Fatal errors while parsing TLA\\+ spec in file (\\w+)");
    private static final Pattern LEXICAL = Pattern.compile(
            "Lexical error at line (\\d+), column (\\d+)\\.\\s+(.+?)$", Pattern.MULTILINE);
    private static final Pattern CANNOT_FIND = Pattern.compile("Cannot find source file for module (\\w+)");
    private static final Pattern ABORT_MODULE = Pattern.compile("In module (\\w+)\\s+(.+?)(?:\\n\\s*\\n|\\z)",
            Pattern.DOTALL);
    private static final Pattern CFG_LINE = Pattern.compile("configuration file at line (\\d+)\\s*\\n?(.*)",
            Pattern.DOTALL);
    private static final Set<String> CFG_WORDS = Set.of("CONSTANT", "CONSTANTS", "INIT", "NEXT", "SPECIFICATION",
            "INVARIANT", "INVARIANTS", "PROPERTY", "PROPERTIES", "CONSTRAINT", "CONSTRAINTS", "SYMMETRY", "VIEW",
            "CHECK_DEADLOCK", "TRUE", "FALSE");

    private TlcErrors() {
    }

    /**
     * @param messages  TLC's output
     * @param originals maps a module or file name to the user's file
     * @return the first spec error as one line, if the output has one
     */
    static Optional<String> specError(List<TlcMessage> messages, UnaryOperator<String> originals) {
        String plain = String.join("\n", messages.stream().filter(m -> m.code() == TlcMessage.PLAIN
                || m.code() == TlcMessage.PARSING_FAILED || m.code() == TlcMessage.PARSING_FAILED2)
                .map(TlcMessage::text).toList());
        Matcher lex = LEXICAL.matcher(plain);
        Matcher enc = ENCOUNTERED.matcher(plain);
        Matcher file = PARSE_FILE.matcher(plain);
        if (lex.find() && file.find()) {
            return Optional.of(originals.apply(file.group(1)) + ":" + lex.group(1) + ":" + lex.group(2)
                    + ": lexical error: " + lex.group(3).trim());
        }
        if (enc.find() && file.find(0)) {
            Matcher exp = EXPECTING.matcher(plain);
            String expecting = exp.find() ? ", expecting " + exp.group(1).trim() : "";
            return Optional.of(originals.apply(file.group(1)) + ":" + enc.group(2) + ":" + enc.group(3)
                    + ": parse error: encountered \"" + enc.group(1) + "\"" + expecting);
        }
        Matcher sem = SEMANTIC.matcher(plain);
        if (sem.find()) {
            int count = 1;
            while (sem.find()) {
                count++;
            }
            sem.reset().find();
            String more = count > 1 ? " (and " + (count - 1) + " more errors)" : "";
            return Optional.of(originals.apply(sem.group(3)) + ":" + sem.group(1) + ":" + sem.group(2) + ": "
                    + oneLine(sem.group(4)) + more);
        }
        Matcher missing = CANNOT_FIND.matcher(plain);
        if (missing.find()) {
            return Optional.of(originals.apply(missing.group(1)) + ":1:1: cannot find the module " + missing.group(1));
        }
        Matcher abort = ABORT_MODULE.matcher(plain);
        if (abort.find()) {
            return Optional.of(originals.apply(abort.group(1)) + ":1:1: " + oneLine(abort.group(2)));
        }
        return Optional.empty();
    }

    /**
     * @param messages TLC's output
     * @param cfg      the configuration file the user gave (or the generated one)
     * @param shown    the name to print for it
     * @return the first configuration error as one line, if any
     */
    static Optional<String> configError(List<TlcMessage> messages, Path cfg, String shown) {
        for (TlcMessage m : messages) {
            if (!m.isConfigError()) {
                continue;
            }
            Matcher at = CFG_LINE.matcher(m.text());
            if (at.find()) {
                return Optional.of(shown + ":" + at.group(1) + ":1: " + oneLine(at.group(2)));
            }
            String text = oneLine(m.text());
            return Optional.of(shown + ":" + locate(cfg, text) + ": " + text);
        }
        return Optional.empty();
    }

    /** Finds the first configuration line naming an identifier the message mentions. */
    private static String locate(Path cfg, String message) {
        List<String> lines;
        try {
            lines = Files.readAllLines(cfg, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "1:1";
        }
        for (String word : message.split("[^A-Za-z0-9_]+")) {
            if (word.isEmpty() || CFG_WORDS.contains(word) || Character.isLowerCase(word.charAt(0))
                    && word.chars().allMatch(Character::isLowerCase)) {
                continue;
            }
            Pattern w = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(word) + "(?![A-Za-z0-9_])");
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).replaceFirst("\\\\\\*.*", "");
                Matcher mm = w.matcher(line);
                if (mm.find()) {
                    return (i + 1) + ":" + (mm.start() + 1);
                }
            }
        }
        return "1:1";
    }

    /**
     * @param text several lines
     * @return them joined into one, whitespace collapsed
     */
    static String oneLine(String text) {
        return text.replaceAll("\\s+", " ").trim();
    }

    /** @param p a path  @return its file name, for generated files */
    static String fileName(String p) {
        return Paths.get(p).getFileName().toString();
    }
}
