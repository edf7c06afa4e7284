package org.rdmacheck.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every command the guide quotes under a doc-check marker (convention in docs/README.md) is run
 * from the checkout's root as the launcher runs it, and what the page quotes must reproduce: the
 * exit status, the quoted lines (durations excepted) and the {@code expect} figures. A tier's
 * commands run one after another in one JVM ({@link DocCommandBatch}), each with its own standard
 * output and error. Commands marked {@code slow} run in the slow tier ({@code mvn -B verify -Pslow}).
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

    private Stream<DynamicTest> commands(boolean slow) {
        Path root = DocPages.root();
        List<DocPages.DocCommand> tier = DocPages.quotes(DocPages.pages(root)).commands().stream()
                .filter(c -> c.slow() == slow).toList();
        long limit = slow ? SLOW_LIMIT_SECONDS : FAST_LIMIT_SECONDS;
        DocCommandBatch batch = new DocCommandBatch(root, tier.stream().map(DocPages.DocCommand::args).toList());
        batches.add(batch);
        return IntStream.range(0, tier.size()).mapToObj(i -> DynamicTest.dynamicTest(
                tier.get(i).where() + ": " + String.join(" ", tier.get(i).args()),
                () -> reproduce(tier.get(i), batch.result(i, limit))));
    }

    /** the batch JVM of this factory: stopped, if still running, and its folder removed once its tests are over */
    private final List<DocCommandBatch> batches = new ArrayList<>();

    @AfterEach
    void stopBatches() throws Exception {
        for (DocCommandBatch b : batches) {
            b.close();
        }
    }

    private static void reproduce(DocPages.DocCommand c, Run r) {
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
}
