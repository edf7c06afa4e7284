package org.rdmacheck.engine;

import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.examples.BoundedFifo;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.examples.FifoEntry;

/** Property-based: the explorer's count matches the closed form for random channel sizes and thread counts. */
class ExplorerPropertiesTest {

    @Test
    void randomFifoConfigurationsMatchTheClosedForm() {
        qt().withFixedSeed(20261121L).withExamples(40)
                .forAll(integers().between(1, 60), integers().between(1, 20), integers().between(1, 4))
                .checkAssert((m, c, threads) -> {
                    CheckSpec<?> spec = new FifoEntry().build("fifo", Params.of(Map.of(
                            "messages", "" + m, "capacity", "" + c)));
                    ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(threads)
                            .withProgress(0, x -> { })).check(spec);
                    org.junit.jupiter.api.Assertions.assertEquals(BoundedFifo.expectedStates(m, c),
                            r.stats().distinctStates());
                });
    }
}
