package org.rdmacheck.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The guide's shape: a short front page that links the five common tasks early, pages with a table
 * of contents that matches their headings, links that resolve; and the doc-check matcher itself.
 */
class DocPagesTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^(##|###) (.*)$");

    @Test
    void theFrontPageIsShortAndLinksTheFiveTasksEarly() {
        List<String> readme = DocPages.lines(DocPages.root().resolve("README.md"));
        assertTrue(readme.size() <= 250, "README.md has " + readme.size() + " lines");
        String head = String.join("\n", readme.subList(0, Math.min(60, readme.size())));
        Map<String, String> tasks = new LinkedHashMap<>();
        tasks.put("Check a model", "docs/checking.md");
        tasks.put("Read a counterexample", "docs/checking.md#counterexamples");
        tasks.put("Derive thresholds", "docs/thresholds.md");
        tasks.put("Check a TLA+ spec", "docs/tlc.md");
        tasks.put("Check a real fabric", "docs/deadlock.md");
        tasks.forEach((task, link) -> {
            assertTrue(head.contains(task), task + " in the first 60 lines");
            assertTrue(head.contains("](" + link + ")"), link + " linked in the first 60 lines");
        });
        assertTrue(head.contains("./rdmacheck all") && head.contains("mvn -B verify"), "the two commands");
    }

    /**
     * The slow tier's table in docs/checking.md ("Tests") has a row for every test class with a test
     * tagged {@code slow}, in the module the class is in, and no row for a class that has none: a slow
     * test is run by nobody routinely, so its row is where its claim and its last run are read. Six
     * classes had slow tests and no row (ConformanceComparedTest, IofdFindingKindTest, BudgetCommandTest,
     * CatalogSymmetryTest, EscapeVlDuplicateDeliveryTest, FootprintAuditTest).
     */
    @Test
    void theSlowTiersTableHasARowForEverySlowClass() throws Exception {
        Path root = DocPages.root();
        Map<String, String> slow = new TreeMap<>();
        for (String module : List.of("model-java", "properties", "engine", "checker-bridge", "fluid-model", "cli")) {
            Path tests = root.resolve(module).resolve("src/test/java");
            if (!Files.isDirectory(tests)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(tests)) {
                for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                    if (SLOW_TAG.matcher(Files.readString(f)).find()) {
                        slow.put(f.getFileName().toString().replace(".java", ""), module);
                    }
                }
            }
        }
        assertTrue(slow.size() >= 30, "slow classes found: " + slow.keySet());
        Map<String, String> rows = new TreeMap<>();
        boolean inTable = false;
        for (String l : DocPages.lines(root.resolve("docs/checking.md"))) {
            if (l.startsWith("| class | module | tests |")) {
                inTable = true;
                continue;
            }
            if (inTable && !l.startsWith("|")) {
                break;
            }
            Matcher m = SLOW_ROW.matcher(l);
            if (inTable && m.find()) {
                rows.put(m.group(1), m.group(2));
            }
        }
        List<String> problems = new ArrayList<>();
        slow.forEach((c, module) -> {
            if (!rows.containsKey(c)) {
                problems.add(c + " (" + module + ") has a slow test and no row");
            } else if (!rows.get(c).equals(module)) {
                problems.add(c + ": its row says module " + rows.get(c) + ", the class is in " + module);
            }
        });
        rows.keySet().stream().filter(c -> !slow.containsKey(c))
                .forEach(c -> problems.add(c + " has a row and no slow test"));
        assertEquals(List.of(), problems, "docs/checking.md's slow tier table");
    }

    private static final Pattern SLOW_TAG = Pattern.compile("Tag\\(\"slow\"\\)");
    private static final Pattern SLOW_ROW = Pattern.compile("^\\| `(\\w+)`[^|]*\\| `([\\w-]+)` \\|");

    @Test
    void everyLinkedTaskPageOpensWithAMarkedCommand() {
        Path root = DocPages.root();
        for (String page : List.of("checking.md", "thresholds.md", "tlc.md", "deadlock.md")) {
            List<String> lines = DocPages.lines(root.resolve("docs").resolve(page));
            Optional<String> first = lines.stream().filter(l -> l.startsWith("```")).findFirst();
            assertTrue(first.isPresent(), page);
            int fence = lines.indexOf(first.get());
            assertTrue(lines.get(fence - 1).startsWith("<!-- doc-check"), page + ": its first command is doc-checked");
        }
    }

    @Test
    void everyPageHasATableOfContentsMatchingItsHeadings() {
        Path root = DocPages.root();
        for (Path page : DocPages.pages(root)) {
            if (page.equals(root.resolve("README.md"))) {
                continue;
            }
            List<String> lines = DocPages.lines(page);
            int start = lines.indexOf("<!-- toc -->");
            int end = lines.indexOf("<!-- /toc -->");
            assertTrue(start >= 0 && end > start, page + ": a table of contents between <!-- toc --> and <!-- /toc -->");
            List<String> toc = new ArrayList<>();
            for (String l : lines.subList(start, end)) {
                Matcher m = Pattern.compile("^\\s*- \\[(.*)\\]\\(#([^)]*)\\)$").matcher(l);
                if (m.matches()) {
                    toc.add(m.group(1) + " #" + m.group(2));
                }
            }
            List<String> headings = new ArrayList<>();
            Map<String, Integer> seen = new LinkedHashMap<>();
            boolean fence = false;
            for (String l : lines) {
                fence ^= l.startsWith("```");
                Matcher m = HEADING.matcher(l);
                if (!fence && m.matches()) {
                    String a = anchor(m.group(2));
                    int n = seen.merge(a, 1, Integer::sum) - 1;
                    headings.add(m.group(2) + " #" + (n == 0 ? a : a + "-" + n));
                }
            }
            assertEquals(headings, toc, page + ": the table of contents lists every ## and ### heading");
        }
    }

    @Test
    void relativeLinksResolve() {
        for (Path page : DocPages.pages(DocPages.root())) {
            Matcher m = LINK.matcher(String.join("\n", DocPages.lines(page)));
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("http") || target.startsWith("#") || target.startsWith("mailto:")) {
                    continue;
                }
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                assertTrue(Files.exists(page.getParent().resolve(file)), page.getFileName() + " links " + target);
            }
        }
    }

    /** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
    static String anchor(String heading) {
        return heading.strip().toLowerCase().replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }

    @Test
    void quotedLinesMatchWordByWordWithDurationsAndEllipsesFree() {
        List<String> printed = List.of("model  variant   property   verdict   states  time   detail",
                "gbn    improved  Completion  VERIFIED  10,403  0.17s  P(collision) <= 1.2e-11",
                "verified within: gbn improved losses=1 (10,403 distinct states)");
        assertEquals(Optional.empty(), QuotedOutput.firstMissing(List.of(
                "gbn improved Completion VERIFIED 10,403 2.5s P(collision) <= 1.2e-11",
                "verified within: … (10,403 distinct states)"), printed));
        assertEquals(Optional.of("gbn improved Completion VERIFIED 10,404 0.17s …"), QuotedOutput.firstMissing(
                List.of("gbn improved Completion VERIFIED 10,404 0.17s …"), printed), "a count is exact");
        assertTrue(QuotedOutput.firstMissing(List.of("verified within: …", "gbn improved Completion …"), printed)
                .isPresent(), "lines in order");
        assertTrue(QuotedOutput.firstMissing(List.of("gbn improved Completion VIOLATED …"), printed).isPresent());
        assertTrue(QuotedOutput.firstMissing(List.of("gbn improved"), printed).isPresent(), "a whole line");
        assertEquals("RTO 8.192 us", QuotedOutput.normalize("RTO   8.192 us"), "a figure with a spaced unit stays");
    }

    @Test
    void markersAreReadWithTheirAttributesAndUnmarkedRunsAreProblems() {
        List<DocPages.DocCommand> commands = new ArrayList<>();
        List<DocPages.Problem> problems = new ArrayList<>();
        DocPages.read(Path.of("p.md"), List.of("<!-- doc-check exit=1 slow expect=\"a b\" -->", "```",
                "$ ./rdmacheck check x --param 'a=b c' \\", "    --json", "out 1", "", "out 2", "```",
                "```", "$ ./rdmacheck list", "```", "<!-- doc-check slow -->", "```", "$ ./rdmacheck list", "```"),
                commands, problems);
        assertEquals(1, commands.stream().filter(c -> c.exit() == 1).count());
        DocPages.DocCommand c = commands.get(0);
        assertEquals(List.of("check", "x", "--param", "a=b c", "--json"), c.args());
        assertEquals(List.of("out 1", "out 2"), c.quoted());
        assertEquals(List.of("a b"), c.expected());
        assertTrue(c.slow());
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).message().contains("without a doc-check marker"));
        assertTrue(problems.get(1).message().contains("exit=N"));
    }
}
