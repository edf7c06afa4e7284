package org.rdmacheck.properties.iofd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * The largest proofs of the repaired design (variant dft) ({@link IofdEntry#scaleRuns()}), up to a k=4 fat-tree
 * with two flows (one long) and a switch failure: 3.66 million states. Run with {@code mvn -B verify -Pslow}.
 */
@Tag("slow")
class IofdScaleSlowTest {

    /** Distinct states of each scale run, in order. */
    private static final long[] STATES = {1_298, 3_248, 75_607, 372_575, 3_657_509};

    @TestFactory
    Stream<DynamicTest> theDesignIsProvenOnEveryScaleConfiguration() {
        List<ModelEntry.Run> runs = IofdEntry.scaleRuns();
        assertEquals(STATES.length, runs.size());
        return IntStream.range(0, runs.size()).mapToObj(i -> DynamicTest.dynamicTest(runs.get(i).params().toString(), () -> {
            ExplorationReport r = IofdVerificationTest.explore(new IofdEntry().build("dft", runs.get(i).params()));
            assertTrue(r.complete());
            r.results().forEach(c -> assertInstanceOf(CheckResult.Verified.class, c, c.property()));
            assertEquals(STATES[i], r.stats().distinctStates());
        }));
    }
}
