package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.engine.ExplorerSettings;

/**
 * The suite's steps side by side give the findings of the suite run one step after the other:
 * same rows in the same order, same verdicts, state counts and counterexamples.
 */
class SuiteParallelTest {

    /** Models and tasks of the suite that decide in a few seconds, with counterexamples among them. */
    private static final List<String> SUBSET = List.of("gbn", "escape-vl", "deadlock", "thresholds");

    @Test
    void stepsSideBySideFindWhatStepsInTurnFind(@TempDir Path dir) {
        ExplorerSettings settings = ExplorerSettings.defaults().withMaxStates(5_000_000);
        StringWriter log = new StringWriter();
        List<Finding> inTurn = Suite.run(SUBSET, settings.withThreads(1), dir.resolve("one"),
                new PrintWriter(log));
        assertEquals(1, Suite.workers(settings.withThreads(1)));
        List<Finding> sideBySide = Suite.run(SUBSET, settings.withThreads(2), dir.resolve("two"),
                new PrintWriter(log));
        assertTrue(inTurn.size() > 60, inTurn.size() + " findings");
        assertTrue(inTurn.stream().filter(f -> f.counterexample().isPresent()).count() > 10, "counterexamples");
        assertEquals(inTurn.stream().map(SuiteParallelTest::essence).toList(),
                sideBySide.stream().map(SuiteParallelTest::essence).toList());
        assertEquals(inTurn.stream().filter(f -> f.outcome() == Finding.Outcome.AS_EXPECTED).count(), inTurn.size(),
                "every finding as expected");
    }

    /**
     * Units of what the run measured (time, speed, memory) rather than found; likewise the strongly
     * connected components the fair-cycle search went through, which depend on the explorer threads.
     */
    private static final java.util.Set<Quantity.Unit> MEASURED = java.util.EnumSet.of(Quantity.Unit.MILLISECONDS,
            Quantity.Unit.STATES_PER_SECOND, Quantity.Unit.BYTES);

    /** What a finding says, without what the run measured. */
    private static Map<String, Object> essence(Finding f) {
        return Map.of("subject", f.subject(), "expected", f.expected(), "verdict", f.verdict(),
                "quantities", f.quantities().stream().filter(q -> !MEASURED.contains(q.unit())
                        && !q.name().equals("components"))
                        .map(q -> q.name() + "=" + q.value()).toList(),
                "counterexample", f.counterexample().map(t -> t.trace().steps().size() + " steps, "
                        + t.trace().steps()).orElse("none"),
                "cause", f.cause().map(Enum::name).orElse("-"));
    }
}
