package org.rdmacheck.model.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The topology layer's router: shortest next arcs toward one destination, under a filter. */
class NextHopsTest {

    /** Equal-cost routes from a node, counted along the next arcs. */
    private static long routes(Topology t, NextHops h, int node) {
        if (node == h.destination()) {
            return 1;
        }
        long n = 0;
        for (int a : h.arcs(node)) {
            n += routes(t, h, t.arcTo(a));
        }
        return n;
    }

    @Test
    void aFatTreeOffersEveryCoreBetweenPodsAndNoHostInTheMiddle() {
        Topology t = FatTree.build(4);
        int last = t.hostCount() - 1;
        NextHops h = new NextHops(t, last, Topology.ArcFilter.ALL);
        assertEquals(4, routes(t, h, 0));
        assertEquals(6, h.distance(0));
        assertEquals(0, h.arcs(last).length);
        // a host forwards only its own packets (its one arc); no route passes through another host
        assertEquals(1, h.arcs(0).length);
        for (int a = 0; a < t.arcCount(); a++) {
            int to = t.arcTo(a);
            assertFalse(h.lowers(a) && t.isHost(to) && to != last, t.arcName(a));
        }
        // from a ToR: up to both aggregation switches, never down to its other host
        int tor = t.neighbor(0, 0);
        assertEquals(2, h.arcs(tor).length);
    }

    @Test
    void aRejectedLinkIsNeverANextArcAndTheTreeHasOneRoute() {
        Topology t = Ring.build(4, 0);
        int s0 = t.nodeId("s0");
        int s2 = t.nodeId("s2");
        NextHops all = new NextHops(t, s2, Topology.ArcFilter.ALL);
        assertEquals(2, all.arcs(s0).length); // both ways round the ring
        int cut = t.linkByName("s0-s1");
        NextHops without = new NextHops(t, s2, (arc, to) -> Topology.linkOf(arc) != cut);
        assertEquals(1, without.arcs(s0).length);
        assertTrue(Topology.linkOf(without.arcs(s0)[0]) != cut);
        SpanningTree tree = t.spanningTree(Topology.ArcFilter.ALL);
        NextHops inTree = new NextHops(t, s2, (arc, to) -> tree.contains(t, arc));
        for (int v = 0; v < t.nodeCount(); v++) {
            assertEquals(v == s2 ? 0 : 1, inTree.arcs(v).length, t.nodeName(v));
        }
        assertArrayEquals(new int[0], new NextHops(t, s2, (arc, to) -> false).arcs(s0));
        assertEquals(-1, new NextHops(t, s2, (arc, to) -> false).distance(s0));
    }
}
