package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.engine.ExplorerSettings;

/**
 * Saved findings are reused only under the key of the same code, checkout and options, and only
 * while the files the run wrote are as it left them.
 */
class SavedFindingsTest {

    private static final List<String> ONLY = List.of("philosophers");
    private static final ExplorerSettings SETTINGS = ExplorerSettings.defaults();

    private static final List<Finding> ROWS = List.of(
            Finding.of("philosophers", "naive", Map.of("n", "3"), "DeadlockFree", Finding.Expectation.FAILS,
                    Finding.Verdict.VIOLATED),
            Finding.of("philosophers", "ordered", Map.of("n", "3"), "DeadlockFree", Finding.Expectation.HOLDS,
                    Finding.Verdict.VERIFIED).with(Quantity.states("distinctStates", 26)));

    private static SavedFindings slot(Path home) {
        return SavedFindings.of(home, ONLY, SETTINGS, Optional.empty(), List.of());
    }

    private static Path checkout(Path home) throws Exception {
        Files.createDirectories(home.resolve("specs/philosophers"));
        Files.writeString(home.resolve("specs/philosophers/Spec.tla"), "---- MODULE Spec ----\n====\n");
        return home;
    }

    @Test
    void aSavedRunIsReusedUnderTheSameKey(@TempDir Path dir) throws Exception {
        Path home = checkout(dir);
        assertEquals(Optional.empty(), slot(home).lookup().rows());
        slot(home).save(ROWS);
        SavedFindings.Lookup again = slot(home).lookup();
        assertEquals(Optional.of(2), again.rows().map(List::size), again.reason());
        assertEquals(List.of(Finding.Verdict.VIOLATED, Finding.Verdict.VERIFIED),
                again.rows().orElseThrow().stream().map(Finding::verdict).toList());
        // outputs and build folders are not what the suite reads
        Files.createDirectories(home.resolve("out/report"));
        Files.writeString(home.resolve("out/report/index.html"), "<html>");
        Files.createDirectories(home.resolve("cli/target"));
        Files.writeString(home.resolve("cli/target/x.class"), "x");
        assertTrue(slot(home).lookup().rows().isPresent(), slot(home).lookup().reason());
    }

    @Test
    void aChangedFileOfTheCheckoutOrOptionRunsTheSuite(@TempDir Path dir) throws Exception {
        Path home = checkout(dir);
        slot(home).save(ROWS);
        String key = slot(home).key();
        Files.writeString(home.resolve("specs/philosophers/Spec.tla"), "---- MODULE Spec ----\n\n====\n");
        assertNotEquals(key, slot(home).key());
        assertTrue(slot(home).lookup().rows().isEmpty());
        slot(home).save(ROWS);
        assertTrue(slot(home).lookup().rows().isPresent());
        assertTrue(SavedFindings.of(home, ONLY, SETTINGS.withMaxStates(1000), Optional.empty(), List.of())
                .lookup().rows().isEmpty(), "another state limit");
        assertTrue(SavedFindings.of(home, List.of("gbn"), SETTINGS, Optional.empty(), List.of())
                .lookup().rows().isEmpty(), "another suite");
        assertEquals(slot(home).key(), SavedFindings.of(home, ONLY, SETTINGS.withThreads(1), Optional.empty(),
                List.of()).key(), "threads change no finding");
    }

    @Test
    void aRunThatReachedALimitIsNotReused(@TempDir Path dir) throws Exception {
        Path home = checkout(dir);
        slot(home).save(List.of(ROWS.get(0), Finding.of("philosophers", "ordered", Map.of("n", "3"), "DeadlockFree",
                Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE).withInconclusive(
                        org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, "time limit 1s reached")));
        SavedFindings.Lookup l = slot(home).lookup();
        assertTrue(l.rows().isEmpty());
        assertTrue(l.reason().contains("limit"), l.reason());
    }

    @Test
    void thePlotsDataChangedSinceRunsTheSuite(@TempDir Path dir) throws Exception {
        Path home = checkout(dir);
        Files.createDirectories(home.resolve("out/fluid"));
        Files.writeString(home.resolve("out/fluid/two-flow.csv"), "t,rate\n0,40\n");
        slot(home).save(ROWS);
        assertTrue(slot(home).lookup().rows().isPresent());
        Files.writeString(home.resolve("out/fluid/two-flow.csv"), "t,rate\n0,20\n");
        SavedFindings.Lookup l = slot(home).lookup();
        assertTrue(l.rows().isEmpty());
        assertTrue(l.reason().contains("changed since"), l.reason());
    }
}
