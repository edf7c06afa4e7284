package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.examples.PhilosophersEntry;

/** Larger reference runs: {@code mvn -B verify -Pslow}. */
@Tag("slow")
class ExplorerSlowTest {

    @Test
    void sixteenOrderedPhilosophersSameCountsInEveryMode() {
        CheckSpec<?> spec = new PhilosophersEntry().build("ordered", Params.of(Map.of("n", "16")));
        long expected = -1;
        for (ExplorerSettings.Storage st : ExplorerSettings.Storage.values()) {
            for (int threads : new int[] {1, 2}) {
                ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(threads).withStorage(st)
                        .withProgress(0, x -> { })).check(spec);
                r.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x));
                if (expected < 0) {
                    expected = r.stats().distinctStates();
                }
                assertEquals(1_136_689L, r.stats().distinctStates());
            }
        }
    }
}
