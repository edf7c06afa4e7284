package org.rdmacheck.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The guide's pages (README.md and docs/*.md) and the commands they quote, read by the doc-check
 * convention of docs/README.md: an HTML comment {@code <!-- doc-check exit=N [slow] [expect="..."] -->}
 * on the line before a fenced block whose first line is {@code $ ./rdmacheck ...}; the block's
 * other lines are quoted output.
 */
final class DocPages {

    private static final Pattern MARKER = Pattern.compile("^<!-- ?doc-check\\b(.*?)-->\\s*$");
    private static final Pattern ATTRIBUTE = Pattern.compile("\\s*(?:(exit)=(\\d+)|(slow)|(expect)=\"([^\"]*)\")");
    static final String PROMPT = "$ ";

    private DocPages() {
    }

    /** A command a page quotes, marked for checking. */
    record DocCommand(Path page, int line, List<String> args, int exit, boolean slow, List<String> quoted,
            List<String> expected) {

        String where() {
            return page.getFileName() + ":" + line;
        }
    }

    /** A problem in how a page marks or quotes a command (the test fails on each). */
    record Problem(Path page, int line, String message) {

        @Override
        public String toString() {
            return page.getFileName() + ":" + line + ": " + message;
        }
    }

    /** What the pages quote: the marked commands and the marking problems found. */
    record Quotes(List<DocCommand> commands, List<Problem> problems) {
    }

    /** @return the checkout's root (the folder holding docs/ and specs/), found upwards from here */
    static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !(Files.isDirectory(dir.resolve("docs")) && Files.isDirectory(dir.resolve("specs")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no checkout above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    /** @return README.md and every docs/*.md, in name order */
    static List<Path> pages(Path root) {
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        try (Stream<Path> s = Files.list(root.resolve("docs"))) {
            s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    static List<String> lines(Path page) {
        try {
            return Files.readAllLines(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the marked commands of the pages and every marking problem */
    static Quotes quotes(List<Path> pages) {
        List<DocCommand> commands = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Path page : pages) {
            read(page, lines(page), commands, problems);
        }
        return new Quotes(commands, problems);
    }

    static void read(Path page, List<String> lines, List<DocCommand> commands, List<Problem> problems) {
        boolean inFence = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("```")) {
                if (inFence && line.startsWith(PROMPT + "./rdmacheck")) {
                    problems.add(new Problem(page, i + 1, "a quoted run without a doc-check marker: " + line));
                }
                Matcher m = MARKER.matcher(line);
                if (!inFence && m.matches()) {
                    int fence = i + 1;
                    if (fence >= lines.size() || !lines.get(fence).startsWith("```")) {
                        problems.add(new Problem(page, i + 1, "a doc-check marker not followed by a fenced block"));
                        continue;
                    }
                    int end = fence + 1;
                    while (end < lines.size() && !lines.get(end).startsWith("```")) {
                        end++;
                    }
                    block(page, i + 1, m.group(1), lines.subList(fence + 1, end)).ifPresentOrElse(commands::add,
                            () -> { });
                    Optional<Problem> p = check(page, i + 1, m.group(1), lines.subList(fence + 1, end));
                    p.ifPresent(problems::add);
                    i = end;
                }
                continue;
            }
            inFence = !inFence;
        }
    }

    private static Optional<Problem> check(Path page, int line, String attributes, List<String> body) {
        if (body.isEmpty() || !body.get(0).startsWith(PROMPT + "./rdmacheck ")) {
            return Optional.of(new Problem(page, line, "a marked block must start with '$ ./rdmacheck ...'"));
        }
        if (body.stream().skip(1).anyMatch(l -> l.startsWith(PROMPT))) {
            return Optional.of(new Problem(page, line, "one command per marked block"));
        }
        Matcher a = ATTRIBUTE.matcher(attributes);
        int at = 0;
        boolean exit = false;
        while (a.find() && a.start() == at) {
            exit |= a.group(1) != null;
            at = a.end();
        }
        if (!attributes.substring(at).isBlank()) {
            return Optional.of(new Problem(page, line, "unknown doc-check attribute: " + attributes.substring(at).strip()));
        }
        return exit ? Optional.empty() : Optional.of(new Problem(page, line, "a doc-check marker needs exit=N"));
    }

    private static Optional<DocCommand> block(Path page, int line, String attributes, List<String> body) {
        if (body.isEmpty() || !body.get(0).startsWith(PROMPT + "./rdmacheck ")) {
            return Optional.empty();
        }
        StringBuilder command = new StringBuilder(body.get(0).substring(PROMPT.length()));
        int k = 1;
        while (command.toString().endsWith("\\") && k < body.size()) {
            command.setLength(command.length() - 1);
            command.append(' ').append(body.get(k++).strip());
        }
        List<String> words = words(command.toString());
        List<String> quoted = new ArrayList<>();
        for (String l : body.subList(k, body.size())) {
            if (!l.isBlank()) {
                quoted.add(l);
            }
        }
        int exit = -1;
        boolean slow = false;
        List<String> expected = new ArrayList<>();
        Matcher a = ATTRIBUTE.matcher(attributes);
        while (a.find()) {
            if (a.group(1) != null) {
                exit = Integer.parseInt(a.group(2));
            } else if (a.group(3) != null) {
                slow = true;
            } else if (a.group(4) != null) {
                expected.add(a.group(5));
            }
        }
        return Optional.of(new DocCommand(page, line, words.subList(1, words.size()), exit, slow, quoted, expected));
    }

    /** Splits a command line into words at spaces; single and double quotes group. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : command.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed quote in: " + command);
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }
}
