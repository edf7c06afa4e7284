package org.rdmacheck.model.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;

/**
 * The declared footprints of Go-Back-N's transition groups against what the transitions do: on
 * every reachable state of small configurations, every slot a transition changes is among the
 * writes its group declares, and every group's action occurs.
 */
class GoBackNFootprintTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({"improved, ack, interval", "gb0, ignore, epsn", "ce, ack, epsn", "st, ack, interval"})
    void transitionsWriteOnlyWhatTheirGroupDeclares(String variant, String duplicates, String nakPolicy) {
        GoBackN m = new GoBackN(new GbnConfig(3, 1, 2, GbnVariant.of(variant), DuplicatePolicy.of(duplicates),
                NakPolicy.of(nakPolicy)), 2, 3);
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
        assertEquals(groups.keySet().size() - (variant.contains("ce") || variant.equals("improved") ? 0 : 1),
                seenActions.size(), () -> "actions seen: " + seenActions);
    }

    private static boolean changed(Slot slot, LayoutState a, LayoutState b) {
        if (slot instanceof Field f) {
            return a.get(f) != b.get(f);
        }
        return !java.util.Arrays.equals(a.elements((org.rdmacheck.model.layout.Fifo) slot),
                b.elements((org.rdmacheck.model.layout.Fifo) slot));
    }

    @org.junit.jupiter.api.Test
    void independentGroupsAreTold() {
        GoBackN m = new GoBackN(new GbnConfig(3, 1, 2, GbnVariant.IMPROVED, DuplicatePolicy.ACK, NakPolicy.INTERVAL),
                1, 4);
        Map<String, Footprint> g = new HashMap<>();
        m.footprints().forEach(f -> g.put(f.action(), f));
        // sending touches the data channel only on the sender's side; a NAK interval's end only the receiver's timer
        assertTrue(!g.get("Send").dependsOn(g.get("NakIntervalExpiry")));
        assertTrue(g.get("Send").dependsOn(g.get("ReceiveData")));
        assertTrue(g.get("Timeout").dependsOn(g.get("LoseCtrl")));
        assertEquals(List.of("next", "una", "epsn", "nakTimer", "ceLpsn", "lastNak", "data", "ctrl", "lossesLeft"),
                m.layout().slots().stream().map(Slot::name).toList());
    }
}
