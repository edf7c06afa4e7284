package org.rdmacheck.checker.cdg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * The deadlock-configuration search (a knot of full channels under virtual cut-through) on the small
 * tree-routed fabrics of the escape-vl model: forced return from the escape lane has one on the ring of
 * 4 (ten full channels), none on the ring of 3; one deflecting lane has one; Dart's escape lane has
 * none. Every reported channel's options lie inside the reported set, and the set is minimal.
 */
class KnotSearchTest {

    private static KnotSearch.Result search(String topo, String routing, int lanes, int tokens) {
        DeadlockQuery q = new DeadlockQuery(topo, routing, lanes, tokens, List.of(), Orientation.ROOT);
        return KnotSearch.search(q.fabric(TopologySpecs.parse(topo)), q.routingFunction()).orElseThrow();
    }

    @Test
    void forcedReturnFromTheEscapeLaneHasADeadlockConfigurationOnTheRingOfFour() {
        KnotSearch.Result r = search("ring:n=4,hosts=1", "tree-escape-return", 2, 1);
        assertTrue(r.deadlockConfiguration());
        assertEquals(10, r.knot().size(), r.knot().toString());
        assertClosed(r.knot());
        // the VL0 heads have one option only: the VL1 channel of their next hop
        assertTrue(r.knot().stream().filter(b -> b.channel().endsWith("@VL0")).allMatch(b -> b.options().size() == 1
                && b.options().get(0).endsWith("@VL1")));
    }

    @Test
    void forcedReturnHasNoneOnTheRingOfThreeNorWithoutTokens() {
        assertFalse(search("ring:n=3,hosts=1", "tree-escape-return", 2, 1).deadlockConfiguration());
        // without deflection every hop is a tree hop: no set of full channels blocks every head
        assertFalse(search("ring:n=4,hosts=1", "tree-escape-return", 2, 0).deadlockConfiguration());
    }

    @Test
    void oneDeflectingLaneHasOneAndDartsEscapeLaneHasNone() {
        KnotSearch.Result one = search("ring:n=3,hosts=1", "tree-deflect", 1, 1);
        assertTrue(one.deadlockConfiguration());
        assertClosed(one.knot());
        assertFalse(search("ring:n=4,hosts=1", "tree-escape", 2, 1).deadlockConfiguration());
        assertFalse(search("ring:n=4,hosts=1", "escape", 2, 4).deadlockConfiguration());
    }

    private static void assertClosed(List<KnotSearch.Blocked> knot) {
        Set<String> full = new HashSet<>();
        knot.forEach(b -> full.add(b.channel()));
        assertEquals(knot.size(), full.size());
        for (KnotSearch.Blocked b : knot) {
            assertFalse(b.options().isEmpty(), b.toString());
            assertTrue(full.containsAll(b.options()), b + " has an option outside " + full);
        }
    }
}
