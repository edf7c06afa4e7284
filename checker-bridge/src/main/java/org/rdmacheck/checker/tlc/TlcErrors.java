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
    /** SANY names the module it could not parse (an EXTENDS'd one too) after the root module's name. */
    private static final Pattern PARSED_MODULE = Pattern.compile("Could not parse module (\\w+) from file");
    private static final Pattern LEXICAL = Pattern.compile(
            "Lexical error at line (\\d+), column (\\d+)\\.\\s+(.+?)$", Pattern.MULTILINE);
    private static final Pattern CANNOT_FIND = Pattern.compile(
            "Cannot find source file for module (\\w+)(?: imported in module (\\w+))?");
    private static final Pattern NESTED_POSITION = Pattern.compile(
            "Line (\\d+), column (\\d+) to line (\\d+), column (\\d+) in (\\w+)");
    private static final Pattern TEXT_POSITION = Pattern.compile(
            "line (\\d+), col(?:umn)? (\\d+) to line (\\d+), col(?:umn)? (\\d+) of module (\\w+)");
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
     * @param dir       the folder TLC ran in (copies of the spec's modules)
     * @param originals maps a module or file name to the user's file
     * @return the first spec error as one line, if the output has one
     */
    static Optional<String> specError(List<TlcMessage> messages, Path dir, UnaryOperator<String> originals) {
        String plain = String.join("\n", messages.stream().filter(m -> m.code() == TlcMessage.PLAIN
                || m.code() == TlcMessage.PARSING_FAILED || m.code() == TlcMessage.PARSING_FAILED2)
                .map(TlcMessage::text).toList());
        Matcher lex = LEXICAL.matcher(plain);
        Matcher enc = ENCOUNTERED.matcher(plain);
        Matcher file = PARSE_FILE.matcher(plain);
        Matcher parsed = PARSED_MODULE.matcher(plain);
        // "in file" names the root module even when the error is in a module it EXTENDS
        String module = parsed.find() ? parsed.group(1) : file.find() ? file.group(1) : null;
        if (module != null && lex.find()) {
            return Optional.of(originals.apply(module) + ":" + lex.group(1) + ":" + lex.group(2)
                    + ": lexical error: " + lex.group(3).trim());
        }
        if (module != null && enc.find()) {
            Matcher exp = EXPECTING.matcher(plain);
            String expecting = exp.find() ? ", expecting " + exp.group(1).trim() : "";
            return Optional.of(originals.apply(module) + ":" + enc.group(2) + ":" + enc.group(3)
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
            return Optional.of(missingModule(missing.group(1), missing.group(2), dir, originals));
        }
        Matcher abort = ABORT_MODULE.matcher(plain);
        if (abort.find()) {
            return Optional.of(originals.apply(abort.group(1)) + ":1:1: " + oneLine(abort.group(2)));
        }
        return Optional.empty();
    }

    /**
     * Names the module that imports a missing one, at its {@code EXTENDS} or {@code INSTANCE}.
     *
     * @param module   the missing module
     * @param importer the importing module as SANY names it, or null
     * @param dir      the folder TLC ran in
     * @param originals maps a module name to the user's file
     * @return one line {@code Importer.tla:line:col: cannot find the module M (EXTENDS in Importer)}
     */
    static String missingModule(String module, String importer, Path dir, UnaryOperator<String> originals) {
        Pattern use = Pattern.compile("\\b(EXTENDS|INSTANCE)\\b[^=]*?\\b(" + Pattern.quote(module) + ")\\b");
        List<String> candidates = importer != null ? List.of(importer + ".tla") : tlaFiles(dir);
        for (String file : candidates) {
            Path f = dir.resolve(file);
            if (!Files.isRegularFile(f)) {
                continue;
            }
            try {
                String text = TlaDeclarations.withoutComments(Files.readString(f, StandardCharsets.UTF_8));
                Matcher m = use.matcher(text);
                if (m.find()) {
                    int at = m.start(2);
                    int line = 1 + (int) text.substring(0, at).chars().filter(c -> c == '\n').count();
                    int col = at - text.lastIndexOf('\n', at - 1);
                    String name = file.replaceFirst("\\.tla$", "");
                    return originals.apply(file) + ":" + line + ":" + col + ": cannot find the module " + module
                            + " (" + m.group(1) + " in module " + name + "); it is not in the spec folder, a library "
                            + "(--library) or the standard modules";
                }
            } catch (IOException e) {
                // fall through to the importer's name only
            }
        }
        return (importer != null ? originals.apply(importer) + ": " : "") + "cannot find the module " + module
                + (importer != null ? " imported by module " + importer : "")
                + "; it is not in the spec folder, a library (--library) or the standard modules";
    }

    private static List<String> tlaFiles(Path dir) {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tla")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * A run-time error in evaluating the spec (applying {@code Head} to an empty sequence, a
     * function outside its domain, ...), reported as an error in the spec at TLA+ position.
     *
     * @param messages  TLC's output
     * @param status    TLC's exit status
     * @param originals maps a module name to the user's file
     * @return one line {@code file:line:col: TLC cannot evaluate ...}, if the run ended so
     */
    static Optional<String> evaluationError(List<TlcMessage> messages, TlcExitStatus status,
                                            UnaryOperator<String> originals) {
        Optional<TlcMessage> nested = messages.stream().filter(m -> m.code() == TlcMessage.NESTED_EXPRESSION)
                .findFirst();
        boolean evalStatus = status == TlcExitStatus.FAILURE_SPEC_EVAL || status == TlcExitStatus.FAILURE_SAFETY_EVAL
                || status == TlcExitStatus.FAILURE_LIVENESS_EVAL;
        if (!evalStatus && !(status == TlcExitStatus.ERROR && nested.isPresent())) {
            return Optional.empty();
        }
        String what = messages.stream().filter(m -> m.isError() && m.code() != TlcMessage.NESTED_EXPRESSION
                && m.code() != TlcMessage.BEHAVIOR_UP_TO_THIS_POINT).map(m -> oneLine(m.text())).findFirst()
                .orElse(status.meaning());
        // TLC lists the nested expressions outermost first: the last one is where evaluation failed.
        java.util.regex.MatchResult pos = null;
        if (nested.isPresent()) {
            Matcher m = NESTED_POSITION.matcher(nested.get().text());
            while (m.find()) {
                pos = m.toMatchResult();
            }
        }
        if (pos == null) {
            Matcher m = TEXT_POSITION.matcher(what);
            pos = m.find() ? m.toMatchResult() : null;
        }
        long states = messages.stream().filter(m -> m.code() == TlcMessage.STATE_PRINT2
                || m.code() == TlcMessage.STATE_PRINT3).count();
        String after = states > 0 ? "; the behaviour up to this point has " + states + " states" : "";
        if (pos == null) {
            return Optional.of("TLC cannot evaluate the spec: " + what + after);
        }
        return Optional.of(originals.apply(pos.group(5)) + ":" + pos.group(1) + ":" + pos.group(2)
                + ": TLC cannot evaluate the spec: " + what + " (line " + pos.group(1) + ", col " + pos.group(2)
                + " to line " + pos.group(3) + ", col " + pos.group(4) + " of module " + pos.group(5) + ")" + after);
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

    /**
     * @param messages TLC's output
     * @return the first configuration error as one line, without a location
     */
    static Optional<String> configErrorText(List<TlcMessage> messages) {
        return messages.stream().filter(TlcMessage::isConfigError).findFirst().map(m -> {
            Matcher at = CFG_LINE.matcher(m.text());
            return oneLine(at.find() ? at.group(2) : m.text());
        });
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
