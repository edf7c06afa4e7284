package org.rdmacheck.model.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;

/**
 * The declared footprints of the Dart receiver's transition groups against what the transitions
 * do: on every reachable state of small configurations (free network and persistent loop), every
 * slot a transition changes is among the writes its group declares, and every group's action occurs.
 */
class DartFootprintTest {

    static Stream<Arguments> configurations() {
        Design paper = Design.paper();
        return Stream.of(
                Arguments.of("dart", new DartConfig(2, 2, 1, 2, true, paper)),
                Arguments.of("two tenants, shared look-ahead",
                        new DartConfig(1, 1, 2, 2, true, paper.withLookaheadScope(Design.LookaheadScope.SHARED))),
                Arguments.of("early removal, counting messages", new DartConfig(2, 2, 1, 1, true,
                        paper.withEndRule(Design.EndRule.REMOVE_ON_FIRST_END)
                                .withCounting(Design.SenderCounting.MESSAGES))),
                Arguments.of("persistent", new DartConfig(3, 2, 1, 2, true,
                        paper.withNetwork(Design.Network.PERSISTENT_COMBINED), new LoopParams(8, 2, 2))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void transitionsWriteOnlyWhatTheirGroupDeclares(String label, DartConfig config) {
        DartReceiverModel m = new DartReceiverModel(config);
        Map<String, Footprint> groups = new HashMap<>();
        for (Footprint f : m.footprints()) {
            groups.put(f.action(), f);
        }
        Set<String> seenActions = new HashSet<>();
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        ArrayDeque<LayoutState> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            LayoutState s = queue.poll();
            m.successors(s, t -> {
                Footprint f = groups.get(t.action().name());
                assertTrue(f != null, () -> "no footprint for " + t.action());
                seenActions.add(t.action().name());
                for (Slot slot : m.layout().slots()) {
                    if (slot instanceof Field x && s.get(x) != t.next().get(x)) {
                        assertTrue(f.writes().contains(slot), () -> t.action() + " from " + s + " changes "
                                + slot.name() + ", not among the writes of " + f.action());
                        assertTrue(f.reads().contains(slot) || f.writes().contains(slot), slot.name());
                    }
                }
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        assertEquals(groups.keySet(), seenActions, label + ": every group's action occurs");
    }

    @Test
    void windowEndsDependOnSenderStepsButPacketsDoNotTouchTheMachine() {
        DartReceiverModel m = new DartReceiverModel(new DartConfig(2, 2, 1, 2, true, Design.paper()));
        Map<String, Footprint> g = new HashMap<>();
        m.footprints().forEach(f -> g.put(f.action(), f));
        assertTrue(g.get("Observe").dependsOn(g.get("MessageStart")));
        assertFalse(g.get("Packet").writes().contains(m.fields().mode));
        assertFalse(g.get("Fail").writes().contains(m.fields().flight[0]));
    }
}
