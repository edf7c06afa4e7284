package org.rdmacheck.model.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;

/**
 * The declared state of the data partition against what the transitions do, on every reachable
 * state of small configurations: every changed slot is among its group's declared writes, every
 * group's action occurs, and the queues the bounds argument ({@link PartitionLayout}) caps stay
 * within their capacities (the capacity of the receive completions is reached where its argument
 * is tight). A delivered buffer wider than 32 bits is a wide FIFO element and reads back as it
 * was written.
 */
class PartitionLayoutTest {

    static Stream<Arguments> configurations() {
        return Stream.of(
                Arguments.of(new PartitionConfig(3, 2, 2, 2, 1, 1, 1), PartitionVariant.PAPER, Set.of()),
                Arguments.of(new PartitionConfig(3, 2, 2, 2, 2, 1, 0), PartitionVariant.REPOST_BEFORE_CONSUME, Set.of()),
                Arguments.of(new PartitionConfig(3, 2, 2, 2, 1, 1, 1), PartitionVariant.ERROR_AFTER_LANDING, Set.of()),
                Arguments.of(new PartitionConfig(3, 2, 2, 2, 1, 1, 0), PartitionVariant.LAST_CHUNK_FULL_SIZE, Set.of()),
                Arguments.of(new PartitionConfig(3, 2, 2, 2, 1, 1, 0), PartitionVariant.NO_COMPLETION_WAIT, Set.of()),
                Arguments.of(new PartitionConfig(3, 2, 2, 2, 1, 1, 1), PartitionVariant.PAPER,
                        Set.of(DataPartition.Knockout.RNR_RETRY)),
                Arguments.of(new PartitionConfig(3, 2, 2, 2, 1, 1, 0), PartitionVariant.REUSE_ON_SEND_COMPLETION,
                        Set.of(DataPartition.Knockout.CHUNK_REQUEUE)));
    }

    @ParameterizedTest(name = "{1} {0} {2}")
    @MethodSource("configurations")
    void transitionsWriteOnlyWhatTheirGroupDeclaresAndQueuesStayWithinTheirBounds(PartitionConfig c, PartitionVariant v,
                                                                                 Set<DataPartition.Knockout> off) {
        DataPartition m = new DataPartition(c, v, off);
        Map<String, Footprint> groups = new HashMap<>();
        for (Footprint f : m.footprints()) {
            groups.put(f.action(), f);
        }
        Set<String> actions = new HashSet<>();
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        ArrayDeque<LayoutState> queue = new ArrayDeque<>(seen);
        int longestCompletions = 0;
        while (!queue.isEmpty()) {
            LayoutState s = queue.poll();
            for (Fifo q : m.fields().completions) {
                longestCompletions = Math.max(longestCompletions, s.length(q));
            }
            m.successors(s, t -> {
                Footprint f = groups.get(t.action().name());
                assertTrue(f != null, () -> "no footprint for " + t.action());
                actions.add(t.action().name());
                for (Slot slot : m.layout().slots()) {
                    if (changed(slot, s, t.next())) {
                        assertTrue(f.writes().contains(slot), () -> t.action() + " from " + s + " changes "
                                + slot.name() + ", not among the writes of " + f.action());
                    }
                }
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        assertTrue(actions.containsAll(List.of("Post", "SendComplete", "Arrive", "Reorder", "PostReceive")), v.id());
        assertTrue(longestCompletions <= m.fields().completionCapacity, v.id());
        if (v == PartitionVariant.REPOST_BEFORE_CONSUME) {
            // every chunk of both transfers waits in one QP's completions at once: the bound is tight
            assertEquals(c.transfers() * m.splitter().chunkCount(), longestCompletions);
        }
    }

    private static boolean changed(Slot slot, LayoutState a, LayoutState b) {
        if (slot instanceof Field x) {
            return a.get(x) != b.get(x);
        }
        return !java.util.Arrays.equals(a.elements((Fifo) slot), b.elements((Fifo) slot));
    }

    @Test
    void aDeliveredBufferWiderThanOneValueIsAWideElement() {
        // 8 bytes of 0..32 (6 bits) and a data ID: 49 bits, two values per delivered buffer
        DataPartition m = new DataPartition(new PartitionConfig(8, 8, 1, 4, 2, 1, 0), PartitionVariant.PAPER);
        Fifo delivered = m.fields().delivered;
        assertTrue(delivered.wide());
        assertEquals(2, delivered.words());
        LayoutState s = m.initialStates().get(0);
        // Post, Arrive, SendComplete, Reorder: transfer 0 is delivered in one chunk
        for (String step : List.of("Post", "Arrive", "Reorder")) {
            LayoutState[] next = new LayoutState[1];
            m.successors(s, t -> {
                if (next[0] == null && t.action().name().equals(step)) {
                    next[0] = t.next();
                }
            });
            s = next[0];
        }
        Map<?, ?> view = (Map<?, ?>) m.view(s);
        assertEquals(List.of(Map.of("dataId", 0, "data", SymbolicData.original(8, 0))), view.get("delivered"));
        assertEquals(s, new LayoutState(m.layout(), m.layout().encode(s.named()), 0, s.length()),
                "named values encode back to the same values");
    }
}
