package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.partition.DataPartition;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.partition.PartitionEntry;

/**
 * The data partition where a delivered buffer is wider than 32 bits (a wide FIFO element: 8 bytes
 * of 5 bits and a data ID): the packed properties read it in place, so the paper's design keeps
 * every property and each placement mistake breaks exactly its own, with replayable traces. The
 * state counts are the layout model's (regression figures, not cross-checked in TLC).
 */
class PartitionWideTest {

    @ParameterizedTest
    @CsvSource({
        "paper, '', 7457",
        "arrival-offset, ReassembledEqualsOriginal, 20497",
        "last-chunk-full-size, NoWriteOutsideBuffer, 7457",
    })
    void wideDeliveredBuffersKeepTheVerdicts(String variant, String mustFail, long states) {
        // size 8 in chunks of 3, two transfers with a data ID each: byte values 0..16, 5 bits each, 41 bits
        CheckSpec<?> spec = new PartitionEntry().build(variant, Params.of(Map.of("size", "8", "chunk", "3",
                "transfers", "2", "ids", "2", "errors", "0")));
        DataPartition model = (DataPartition) spec.model();
        assertTrue(model.layout().fifos().stream().anyMatch(q -> q.name().equals("delivered") && q.wide()));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { }))
                .check(spec.withoutProgress());
        assertTrue(r.complete());
        Set<String> violated = new TreeSet<>();
        for (CheckResult x : r.results()) {
            if (x instanceof CheckResult.Violated v) {
                violated.add(x.property());
                assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), x.property());
            } else {
                assertInstanceOf(CheckResult.Verified.class, x, x.property());
            }
        }
        assertEquals(mustFail.isEmpty() ? Set.of() : Set.of(mustFail), violated, variant);
        assertEquals(states, r.stats().distinctStates(), variant);
    }
}
