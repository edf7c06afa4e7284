package org.rdmacheck.model.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.ForwardingLayoutModel;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.partition.PartitionProperties;

/**
 * "Never twice" (seed 003, III-B; specs/partition/PartitionService.tla) on the partition model: the
 * application's buffers are a set of (data ID, bytes), which a second hand-over of the same bytes under the
 * same data ID leaves as it was, so only the hand-over step judged against the state before it
 * ({@link PartitionProperties#NO_DUPLICATE}) sees the duplicate. The planted bug (this test only, a wrapper of
 * the model): once a transfer was handed over and its data ID is free, the receiver may hand the same buffer
 * over again (a {@code Reorder} of the transfer's last chunk that changes nothing the receiver keeps). Every
 * other property, and the state count, are as on the design; {@code NoDuplicateDelivery} fails, on the packed
 * and on the object path. Before the property, {@code check partition} passed that bug.
 */
class PartitionDuplicateDeliveryTest {

    private static ExplorationReport explore(CheckSpec<?> spec, boolean packed) {
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withPackedSuccessors(packed)
                .withProgress(0, x -> { })).check(spec);
        assertTrue(r.complete());
        return r;
    }

    private static Map<String, CheckResult.Verdict> verdicts(ExplorationReport r) {
        return r.results().stream().collect(Collectors.toMap(CheckResult::property, CheckResult::verdict));
    }

    /** The defaults (one data ID, 1,349 states) and two data IDs (7,691): the same counts with the bug. */
    @Test
    void aBufferHandedOverAgainViolatesNoDuplicateDeliveryAlone() {
        handedOverTwice(Map.of(), 1349);
        handedOverTwice(Map.of("ids", "2"), 7691);
    }

    @SuppressWarnings("unchecked")
    private static void handedOverTwice(Map<String, String> params, long states) {
        CheckSpec<LayoutState> design = (CheckSpec<LayoutState>) Catalog.find("partition").build("paper",
                Params.of(params));
        DataPartition m = (DataPartition) design.model();
        HandsOverAgain bug = new HandsOverAgain(m);
        // the properties are the design's own (they read the design's layout, which the plant keeps)
        CheckSpec<LayoutState> planted = new CheckSpec<>(design.modelName(), "paper", design.parameters(), bug,
                PartitionProperties.all(m), Set.of(PartitionProperties.NO_DUPLICATE));
        for (boolean packed : new boolean[] {true, false}) {
            ExplorationReport d = explore(design, packed);
            ExplorationReport b = explore(planted, packed);
            assertEquals(states, d.stats().distinctStates(), "design, packed " + packed);
            assertEquals(states, b.stats().distinctStates(), "planted, packed " + packed);
            assertTrue(b.stats().transitions() > d.stats().transitions(), "the plant adds steps");
            Map<String, CheckResult.Verdict> held = verdicts(d);
            Map<String, CheckResult.Verdict> got = verdicts(b);
            assertEquals(CheckResult.Verdict.VERIFIED, held.get(PartitionProperties.NO_DUPLICATE));
            assertEquals(CheckResult.Verdict.VIOLATED, got.get(PartitionProperties.NO_DUPLICATE), "packed " + packed);
            assertEquals(held.keySet(), got.keySet());
            got.forEach((p, v) -> {
                if (!p.equals(PartitionProperties.NO_DUPLICATE)) {
                    assertEquals(held.get(p), v, p + " sees nothing of the duplicate, packed " + packed);
                }
            });
        }
    }

    /**
     * The plant: the model's steps, and in every state, for each buffer the application holds whose data ID is
     * free, a {@code Reorder} on QP 0 of its transfer's last chunk that leaves the state as it is (the receiver
     * hands the buffer to the application again).
     */
    private record HandsOverAgain(DataPartition m) implements ForwardingLayoutModel {

        @Override
        public LayoutModel delegate() {
            return m;
        }

        @Override
        public PackedModel.Expander expander() {
            PackedModel.Expander real = m.expander();
            int chunks = m.splitter().chunkCount();
            return (s, o, sink) -> {
                real.successors(s, o, sink);
                int n = m.layout().length(s, o);
                int[] same = java.util.Arrays.copyOfRange(s, o, o + n);
                int at = m.deliveredAt(s, o);
                for (int k = 0; k < m.deliveredCount(s, o); k++) {
                    int first = m.deliveredByte(s, at, k, 0);
                    if (first == SymbolicData.HOLE) {
                        continue;
                    }
                    int t = SymbolicData.transferOf(m.size(), first);
                    if (!m.allocated(s, o, m.splitter().headerId(t))) {
                        sink.accept(DataPartition.code(DataPartition.REORDER, 0, t * chunks + chunks - 1), same, n);
                    }
                }
            };
        }
    }
}
