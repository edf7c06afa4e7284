package org.rdmacheck.model.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.fabric.FabricEntry;

/**
 * The compact encoding answers NoStaleDftEntry and the buffer occupancies on its values themselves
 * ({@code noStaleCompact}, {@code occupancyOf}); the step answers them on its loaded state (egress layouts, more
 * than 64 flows). No other test tells the two apart, so every reachable state of configurations where the
 * property fails and holds is read both ways here, and they must agree.
 */
class NetworkFastPathTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    /** @return {states, states violating NoStaleDftEntry} */
    private static int[] agree(String variant, Map<String, String> params, int max) {
        NetworkModel m = (NetworkModel) ENTRY.build(variant, Params.of(params)).model();
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        ArrayDeque<LayoutState> queue = new ArrayDeque<>(seen);
        int stale = 0;
        while (!queue.isEmpty()) {
            LayoutState s = queue.poll();
            int[] v = new int[s.length()];
            s.copyTo(v, 0);
            assertNull(m.fastPathDisagreement(v, 0), variant + " " + params + " at " + s);
            stale += m.noStaleEntry(v, 0) ? 0 : 1;
            m.successors(s, t -> {
                if (seen.size() < max && seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        return new int[] {seen.size(), stale};
    }

    @Test
    void theCompactFastPathsAgreeWithTheStepAtEveryState() {
        int[] noCleanup = agree("no-cleanup", Map.of("flows", "0-1,1-0"), 60_000);
        int[] paper = agree("paper", Map.of(), 60_000);
        int[] link = agree("fail-drops-link", Map.of(), 60_000);
        // no-cleanup two flows (cut at 60,000 states), the paper's rules, fail-drops link: the property fails in each
        assertEquals(java.util.List.of(60_000, 6_324, 49_399, 333, 40_529, 381), java.util.List.of(noCleanup[0],
                noCleanup[1], paper[0], paper[1], link[0], link[1]));
    }
}
