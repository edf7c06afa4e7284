package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;

/** The network model's action codes, trace view and declared writes. */
class NetworkModelTest {

    private static NetworkModel model(Map<String, String> params) {
        return (NetworkModel) new FabricEntry().build("repaired", Params.of(params)).model();
    }

    @Test
    void everyActionsCodeIsItsInverseAndEveryChangedSlotIsADeclaredWrite() {
        NetworkModel m = model(Map.of("failures", "1", "flows", "0-1,1-0L", "background", "2", "pfc-hysteresis", "2",
                "xoff", "3"));
        Map<String, Footprint> groups = new HashMap<>();
        m.footprints().forEach(f -> groups.put(f.action(), f));
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        ArrayDeque<LayoutState> queue = new ArrayDeque<>(seen);
        int edges = 0;
        while (!queue.isEmpty() && seen.size() < 20_000) {
            LayoutState s = queue.poll();
            List<Transition<LayoutState>> next = new ArrayList<>();
            m.successors(s, next::add);
            for (Transition<LayoutState> t : next) {
                edges++;
                assertEquals(t.action(), m.action(m.code(t.action())));
                Footprint f = groups.get(m.group(t.action()));
                for (Slot slot : m.layout().slots()) {
                    if (!f.writes().contains(slot)) {
                        if (slot instanceof Field x) {
                            assertEquals(s.get(x), t.next().get(x), t.action() + " changes " + slot.name());
                        } else {
                            assertArrayEquals(s.elements((Fifo) slot), t.next().elements((Fifo) slot),
                                    t.action() + " changes " + slot.name());
                        }
                    }
                }
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            }
        }
        assertTrue(edges > 20_000, "edges " + edges);
    }

    @Test
    void tracesShowTheBuffersDftsAndCountersByName() {
        NetworkModel m = model(Map.of());
        Map<?, ?> v = (Map<?, ?>) m.view(m.initialStates().get(0));
        assertEquals(List.of("buffers", "background", "dft", "sent", "expected", "failed"), List.copyOf(v.keySet()));
        assertEquals(20, ((List<?>) v.get("buffers")).size());
        assertEquals(6, ((List<?>) v.get("dft")).size());
    }
}
