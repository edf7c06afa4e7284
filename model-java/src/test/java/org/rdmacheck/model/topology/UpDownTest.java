package org.rdmacheck.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one up*&#47;down* orientation: a total order, legal shortest routes, tree routes. */
class UpDownTest {

    @ParameterizedTest
    @ValueSource(strings = {"fattree:k=4", "leafspine:tors=3,spines=2,hosts=2", "ring:n=5,hosts=1", "torus:x=3,y=3,hosts=1",
        "clos:hosts=16,oversub=1,hostsPerTor=2,torsPerPod=2"})
    void everyLinkIsUpOneWayAndLegalRoutesAreShortestAndNeverTurnUp(String spec) {
        Topology t = TopologySpecs.parse(spec);
        for (Orientation o : Orientation.values()) {
            UpDown ud = new UpDown(t, o, arc -> true);
            for (int a = 0; a < t.arcCount(); a++) {
                assertNotEquals(ud.isUp(a), ud.isUp(Topology.reverse(a)), spec + " " + o + " " + t.arcName(a));
                if (o == Orientation.TIER && t.tier(t.arcFrom(a)) != t.tier(t.arcTo(a))) {
                    assertEquals(t.tier(t.arcTo(a)) > t.tier(t.arcFrom(a)), ud.isUp(a), t.arcName(a));
                }
            }
            for (int dst = 0; dst < t.nodeCount(); dst++) {
                if (t.isHost(dst)) {
                    assertLegal(t, ud, ud.toward(dst, arc -> true), true);
                }
            }
        }
    }

    /** Walks every ECMP choice from every switch: legal, as long as the distance says, ends at dst. */
    private static void assertLegal(Topology t, UpDown ud, UpDown.Routes r, boolean connected) {
        int dst = r.destination();
        for (int v = 0; v < t.nodeCount(); v++) {
            if (t.isHost(v)) {
                continue;
            }
            if (connected) {
                assertTrue(r.upDown(v) > 0, t.nodeName(v) + " -> " + t.nodeName(dst));
            }
            if (r.upDown(v) < 0) {
                assertEquals(0, r.nextArcs(v).length);
                continue;
            }
            walk(t, ud, r, v, false, r.upDown(v));
        }
    }

    private static void walk(Topology t, UpDown ud, UpDown.Routes r, int v, boolean wentDown, int left) {
        if (v == r.destination()) {
            assertEquals(0, left);
            return;
        }
        assertFalse(t.isHost(v), "a route passes through host " + t.nodeName(v));
        List<Integer> next = new ArrayList<>();
        r.nextArcs(v, wentDown, next::add);
        assertFalse(next.isEmpty(), "stuck at " + t.nodeName(v));
        for (int a : next) {
            assertFalse(wentDown && ud.isUp(a), "turns up after down at " + t.arcName(a));
            assertTrue(r.uses(a));
            walk(t, ud, r, t.arcTo(a), wentDown || !ud.isUp(a), left - 1);
        }
    }

    @Test
    void afterALinkFailureTierStrandsASpineWhereRootReachesEverything() {
        Topology t = TopologySpecs.parse("leafspine:tors=2,spines=2,hosts=1");
        int failed = t.linkByName("leaf0-spine0");
        IntPredicate alive = arc -> Topology.linkOf(arc) != failed;
        int h0 = t.nodeId("h0.0");
        UpDown tier = new UpDown(t, Orientation.TIER, alive);
        UpDown.Routes byTier = tier.toward(h0, alive);
        assertEquals(-1, byTier.upDown(t.nodeId("spine0")), "spine0 reaches leaf0 only through a valley");
        assertEquals(2, byTier.upDown(t.nodeId("spine1")));
        UpDown root = new UpDown(t, Orientation.ROOT, alive);
        UpDown.Routes byRoot = root.toward(h0, alive);
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!t.isHost(v)) {
                assertTrue(byRoot.upDown(v) > 0, t.nodeName(v));
            }
        }
        assertLegal(t, root, byRoot, true);
        assertEquals(4, byRoot.upDown(t.nodeId("spine0")), "spine0 -> leaf1 -> spine1 -> leaf0 -> h0");
    }

    @Test
    void treeArcsFollowTheTreeUpToTheCommonAncestorThenDown() {
        Topology t = TopologySpecs.parse("fattree:k=4");
        UpDown ud = new UpDown(t, Orientation.ROOT, t.spanningTree((arc, to) -> !t.isHost(to)));
        for (int d = 0; d < t.nodeCount(); d++) {
            if (t.isHost(d)) {
                continue;
            }
            NextHops check = new NextHops(t, d, (arc, to) -> !t.isHost(to) && ud.tree().contains(t, arc));
            for (int v = 0; v < t.nodeCount(); v++) {
                if (t.isHost(v)) {
                    continue;
                }
                int[] expected = check.arcs(v);
                int arc = ud.treeArc(v, d);
                assertEquals(v == d ? -1 : expected[0], arc, t.nodeName(v) + " -> " + t.nodeName(d));
                assertEquals(v == d ? 0 : 1, expected.length);
            }
        }
    }
}
