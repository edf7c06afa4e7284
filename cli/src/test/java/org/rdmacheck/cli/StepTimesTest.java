package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The suite starts its steps longest first by their last times, steps never timed before them. */
class StepTimesTest {

    @Test
    void stepsNeverTimedFirstThenTheLongest() {
        List<String> labels = List.of("a", "b", "c", "d", "e");
        Map<String, Long> known = Map.of("a", 100L, "c", 5_000L, "e", 100L);
        // b and d never ran: first, in their order; then c, then a and e (equal) in their order
        assertEquals(List.of(1, 3, 2, 0, 4), StepTimes.order(labels, known));
        assertEquals(List.of(0, 1, 2, 3, 4), StepTimes.order(labels, Map.of()));
    }

    @Test
    void aRunAddsItsTimesToThoseSaved(@TempDir Path home) throws Exception {
        assertEquals(Map.of(), StepTimes.load(home));
        StepTimes.save(home, Map.of("gbn gbn", 900L, "fabric repaired", 8_000L));
        StepTimes.save(home, Map.of("fabric repaired", 7_000L));
        assertEquals(Map.of("gbn gbn", 900L, "fabric repaired", 7_000L), StepTimes.load(home));
        Files.writeString(home.resolve("out/suite/steps.json"), "{ not json");
        assertEquals(Map.of(), StepTimes.load(home), "an unreadable file gives the default order");
    }

    @Test
    void aFreshCheckoutOrdersItsFirstRunByTheBundledTimes(@TempDir Path home) throws Exception {
        Map<String, Long> reference = StepTimes.reference();
        assertEquals(reference, StepTimes.known(home));
        // the bundled times name the suite's steps: most of today's (a step added since starts first)
        List<String> labels = Suite.labels(List.of());
        long named = labels.stream().filter(reference::containsKey).count();
        org.junit.jupiter.api.Assertions.assertTrue(named >= labels.size() * 9 / 10,
                named + " of " + labels.size() + " steps in " + StepTimes.REFERENCE + ": measure them again");
        // a longest step of the reference starts first on a fresh checkout (of the steps listed here:
        // the conformance steps need a checkout's specs)
        List<String> present = labels.stream().filter(reference::containsKey).toList();
        long longest = present.stream().mapToLong(reference::get).max().orElseThrow();
        assertEquals(longest, reference.get(present.get(StepTimes.order(present, reference).get(0))));
        StepTimes.save(home, Map.of("gbn gbn", 900L));
        assertEquals(Map.of("gbn gbn", 900L), StepTimes.known(home), "a checkout's own times replace the bundled ones");
    }
}
