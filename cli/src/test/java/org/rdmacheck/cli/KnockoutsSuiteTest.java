package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * The knock-outs of the suite are one part per mechanism, in the order of {@code rdmacheck
 * knockouts}, and the parts find what the command finds.
 */
class KnockoutsSuiteTest {

    @Test
    void onePartPerMechanismInTheCommandsOrder() {
        List<String> expected = new ArrayList<>();
        for (ModelEntry e : KnockoutsCommand.entries(List.of())) {
            for (Mechanism m : e.mechanisms()) {
                expected.add(e.name() + " " + m.name());
                for (int k = 2; k <= m.scopes().size(); k++) {
                    expected.add(e.name() + " " + m.name() + " scope " + k);
                }
            }
        }
        assertTrue(expected.size() > 30, expected.toString());
        assertEquals(expected, new KnockoutsSuite().parts(ExplorerOptions.home()).stream()
                .map(SuiteTask.Part::label).toList());
    }

    @Test
    void thePartsFindWhatTheCommandFinds(@TempDir Path dir) throws Exception {
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        List<String> models = List.of("gbn", "escape-vl", "partition");
        List<ModelEntry> entries = KnockoutsCommand.entries(List.of()).stream()
                .filter(e -> models.contains(e.name())).toList();
        List<Finding> command = KnockoutsCommand.run(entries, settings,
                KnockoutsCommand.DEFAULT_EACH_MILLIS, dir.resolve("command"), line -> { }).stream()
                .map(KnockoutsSuite::finding).toList();
        List<Finding> parts = new ArrayList<>();
        for (SuiteTask.Part p : new KnockoutsSuite().parts(ExplorerOptions.home())) {
            if (models.contains(p.label().split(" ")[0])) {
                parts.addAll(p.work().run(settings, dir.resolve("parts"), line -> { }));
            }
        }
        assertTrue(command.size() >= 10, command.size() + " mechanisms");
        assertEquals(command.stream().map(KnockoutsSuiteTest::essence).toList(),
                parts.stream().map(KnockoutsSuiteTest::essence).toList());
        assertTrue(parts.stream().allMatch(f -> f.outcome() == Finding.Outcome.AS_EXPECTED), parts.toString());
    }

    /** What a finding says, without its time. */
    private static Map<String, Object> essence(Finding f) {
        return Map.of("subject", f.subject(), "verdict", f.verdict(), "detail", f.detail(),
                "states", f.quantity("distinctStates").map(q -> q.value()).orElse(-1.0),
                "counterexample", f.counterexample().map(t -> t.trace().steps().toString()).orElse("none"));
    }
}
