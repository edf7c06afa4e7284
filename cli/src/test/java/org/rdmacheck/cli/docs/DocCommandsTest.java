package org.rdmacheck.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.cli.Main;

/**
 * Every command the guide quotes under a doc-check marker (convention in docs/README.md) is run
 * from the checkout's root in a fresh JVM, and what the page quotes must reproduce: the exit
 * status, the quoted lines (durations excepted) and the {@code expect} figures. Commands marked
 * {@code slow} run in the slow tier ({@code mvn -B verify -Pslow}).
 */
class DocCommandsTest {

    private static final long FAST_LIMIT_SECONDS = 300;
    private static final long SLOW_LIMIT_SECONDS = 3600;

    @Test
    void everyQuotedRunIsMarkedAndEveryMarkerIsWellFormed() {
        DocPages.Quotes quotes = DocPages.quotes(DocPages.pages(DocPages.root()));
        assertTrue(quotes.problems().isEmpty(), () -> "doc-check problems:\n" + String.join("\n",
                quotes.problems().stream().map(Object::toString).toList()));
        assertTrue(quotes.commands().size() >= 5, "the pages quote commands: " + quotes.commands().size());
    }

    @TestFactory
    Stream<DynamicTest> fastCommandsReproduceWhatTheDocsQuote() {
        return commands(false);
    }

    @Tag("slow")
    @TestFactory
    Stream<DynamicTest> slowCommandsReproduceWhatTheDocsQuote() {
        return commands(true);
    }

    private static Stream<DynamicTest> commands(boolean slow) {
        Path root = DocPages.root();
        return DocPages.quotes(DocPages.pages(root)).commands().stream()
                .filter(c -> c.slow() == slow)
                .map(c -> DynamicTest.dynamicTest(c.where() + ": " + String.join(" ", c.args()),
                        () -> reproduce(root, c, slow ? SLOW_LIMIT_SECONDS : FAST_LIMIT_SECONDS)));
    }

    private static void reproduce(Path root, DocPages.DocCommand c, long limitSeconds) throws Exception {
        Run r = run(root, c.args(), limitSeconds);
        String context = c.where() + ": ./rdmacheck " + String.join(" ", c.args()) + "\n--- stdout\n" + r.out()
                + "--- stderr\n" + r.err();
        assertEquals(c.exit(), r.code(), "exit status of " + context);
        List<String> printed = new ArrayList<>(r.out().lines().toList());
        printed.addAll(r.err().lines().toList());
        QuotedOutput.firstMissing(c.quoted(), printed)
                .ifPresent(q -> fail("quoted line not reproduced:\n  " + q + "\nin " + context));
        for (String e : c.expected()) {
            assertTrue(QuotedOutput.contains(r.out() + "\n" + r.err(), e), "expected \"" + e + "\" in " + context);
        }
    }

    record Run(int code, String out, String err) {
    }

    /** Runs {@code rdmacheck ARGS} as the launcher does: a JVM of its own, in the checkout's root. */
    static Run run(Path root, List<String> args, long limitSeconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // the default tier's options for short child JVMs (C1 alone: most quoted commands are over in
        // a second, mostly start-up), for this JVM and, passed on, for the TLC children it starts
        List<String> shortRun = TlcChecker.hostOptions();
        command.addAll(shortRun);
        if (!shortRun.isEmpty()) {
            command.add("-D" + TlcChecker.CHILD_JVM_PROPERTY + "=" + String.join(" ", shortRun));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(args);
        Path out = Files.createTempFile("doc-check", ".out");
        Path err = Files.createTempFile("doc-check", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            pb.environment().remove("COLUMNS"); // tables as the docs quote them: 120 columns
            Process p = pb.start();
            if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                fail("did not finish within " + limitSeconds + " s: " + String.join(" ", args));
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
