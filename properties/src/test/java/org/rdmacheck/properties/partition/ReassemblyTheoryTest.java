package org.rdmacheck.properties.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.partition.DataPartition;
import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;

/**
 * Property-based tests (QuickTheories, fixed seed): random sizes, chunk sizes, QP counts,
 * transfer counts and completion orders, far beyond what exhaustive checking covers; the
 * reassembled data must equal the original byte for byte.
 */
class ReassemblyTheoryTest {

    private static final long SEED = 20_030_003L;

    /** A configuration; chunk may exceed size (one chunk) or divide it or not. */
    record Config(int size, int chunk, int qps, int transfers) {
        DataPartition model(PartitionVariant v) {
            return new DataPartition(PartitionConfig.faultFree(size, chunk, qps, transfers), v);
        }
    }

    /** One run: the final state and, per transfer, the chunk offsets in completion order. */
    record Run(LayoutState last, Map<Integer, List<Integer>> completionOrder) {
    }

    /** A delivered buffer as traces show it. */
    private static Map<String, Object> delivery(int dataId, List<Integer> data) {
        Map<String, Object> d = new java.util.LinkedHashMap<>();
        d.put("dataId", dataId);
        d.put("data", data);
        return d;
    }

    /** @return a state's value of one of the TLA+ twin's variables, as the view shows it */
    private static List<?> view(DataPartition m, LayoutState s, String variable) {
        return (List<?>) ((Map<?, ?>) m.view(s)).get(variable);
    }

    private static Gen<Config> configs() {
        return integers().between(1, 200).zip(integers().between(1, 70), integers().between(1, 8),
                integers().between(1, 3), Config::new);
    }

    private static Gen<List<Integer>> choices() {
        return lists().of(integers().between(0, 1_000_000)).ofSizeBetween(0, 300);
    }

    /** Follows the model, picking each step with the next choice, until no step is enabled. */
    private static Run walk(DataPartition m, List<Integer> choices, List<Invariant<LayoutState>> invariants) {
        LayoutState s = m.initialStates().get(0);
        Map<Integer, List<Integer>> order = new HashMap<>();
        for (int k = 0; ; k++) {
            for (Invariant<LayoutState> inv : invariants) {
                assertTrue(inv.test(s), inv.name() + " at step " + k + " in " + m);
            }
            List<Transition<LayoutState>> ts = new ArrayList<>();
            m.successors(s, ts::add);
            if (ts.isEmpty()) {
                return new Run(s, order);
            }
            int c = choices.isEmpty() ? 0 : choices.get(k % choices.size());
            Transition<LayoutState> t = ts.get(c % ts.size());
            Action a = t.action();
            if (a.name().equals("Reorder")) {
                order.computeIfAbsent((Integer) a.params().get("dataId"), x -> new ArrayList<>())
                        .add((Integer) a.params().get("offset"));
            }
            s = t.next();
        }
    }

    private static List<Invariant<LayoutState>> invariants(DataPartition m) {
        List<Invariant<LayoutState>> out = new ArrayList<>();
        for (Property<LayoutState> p : PartitionProperties.all(m)) {
            if (p instanceof Invariant<LayoutState> inv) {
                out.add(inv);
            }
        }
        return out;
    }

    @Test
    void everyCompletionOrderReassemblesEveryTransferByteForByte() {
        qt().withFixedSeed(SEED).withExamples(300).forAll(configs(), choices()).checkAssert((cfg, ch) -> {
            DataPartition m = cfg.model(PartitionVariant.PAPER);
            Run run = walk(m, ch, invariants(m));
            assertTrue(m.allTransfersComplete(run.last()), "every transfer completes: " + cfg);
            List<Object> want = new ArrayList<>();
            for (int t = 0; t < cfg.transfers(); t++) {
                want.add(delivery(t, SymbolicData.original(cfg.size(), t)));
            }
            assertEquals(want, view(m, run.last(), "delivered"), "byte-exact reassembly: " + cfg);
        });
    }

    @Test
    void qpErrorsReceiveWorkRequestsAndIdReuseStillReassembleEveryTransfer() {
        Gen<PartitionConfig> faulty = integers().between(1, 40).zip(integers().between(1, 12), integers().between(1, 5),
                integers().between(1, 5), (size, chunk, qps, transfers) -> new int[] {size, chunk, qps, transfers})
                .zip(integers().between(1, 3), integers().between(1, 3), integers().between(0, 3),
                        (a, ids, rq, errors) -> new PartitionConfig(a[0], a[1], a[2], a[3], ids, rq, errors));
        qt().withFixedSeed(SEED).withExamples(300).forAll(faulty, choices()).checkAssert((cfg, ch) -> {
            DataPartition m = new DataPartition(cfg, PartitionVariant.PAPER);
            Run run = walk(m, ch, invariants(m));
            assertTrue(m.allTransfersComplete(run.last()), "every transfer completes: " + cfg);
            assertEquals(cfg.transfers(), view(m, run.last(), "delivered").size(), "one delivery per transfer: " + cfg);
        });
    }

    @Test
    void postingWithoutWaitingForCompletionsStillReassemblesExactly() {
        // RC QPs complete in posting order, so only AtMostOneOutstandingPerQp can break
        qt().withFixedSeed(SEED).withExamples(100).forAll(configs(), choices()).checkAssert((cfg, ch) -> {
            DataPartition m = cfg.model(PartitionVariant.NO_COMPLETION_WAIT);
            List<Invariant<LayoutState>> others = invariants(m).stream()
                    .filter(i -> !i.name().equals("AtMostOneOutstandingPerQp")).toList();
            Run run = walk(m, ch, others);
            assertTrue(m.allTransfersComplete(run.last()), "every transfer completes: " + cfg);
        });
    }

    @Test
    void arrivalOrderOffsetsAreRightExactlyWhenChunksCompleteInOrder() {
        qt().withFixedSeed(SEED).withExamples(300).forAll(configs(), choices()).checkAssert((cfg, ch) -> {
            DataPartition m = cfg.model(PartitionVariant.ARRIVAL_OFFSET);
            Run run = walk(m, ch, List.of());
            for (Object o : view(m, run.last(), "delivered")) {
                Map<?, ?> d = (Map<?, ?>) o;
                int id = (Integer) d.get("dataId");
                List<Integer> offsets = run.completionOrder().get(id);
                boolean inOrder = offsets.equals(offsets.stream().sorted().toList());
                List<Integer> original = SymbolicData.original(cfg.size(), id);
                if (inOrder) {
                    assertEquals(original, d.get("data"), "in-order completions reassemble correctly: " + cfg);
                } else {
                    assertNotEquals(original, d.get("data"), "out-of-order completions misplace chunks: " + cfg);
                }
            }
        });
    }

    @Test
    void withoutADataIdASingleTransferIsStillCorrect() {
        qt().withFixedSeed(SEED).withExamples(200).forAll(configs(), choices()).checkAssert((cfg, ch) -> {
            Config one = new Config(cfg.size(), cfg.chunk(), cfg.qps(), 1);
            DataPartition m = one.model(PartitionVariant.NO_DATA_ID);
            Run run = walk(m, ch, invariants(m));
            assertEquals(List.of(delivery(0, SymbolicData.original(one.size(), 0))), view(m, run.last(), "delivered"));
        });
    }

    @Test
    void aFullSizeLastChunkOverflowsExactlyWhenTheChunkDoesNotDivideTheSize() {
        qt().withFixedSeed(SEED).withExamples(200).forAll(configs(), choices()).checkAssert((cfg, ch) -> {
            DataPartition m = cfg.model(PartitionVariant.LAST_CHUNK_FULL_SIZE);
            LayoutState last = walk(m, ch, List.of()).last();
            int pad = (cfg.chunk() - cfg.size() % cfg.chunk()) % cfg.chunk();
            assertEquals(pad * cfg.transfers(), view(m, last, "outside").size(), "bytes written past each buffer: " + cfg);
        });
    }
}
