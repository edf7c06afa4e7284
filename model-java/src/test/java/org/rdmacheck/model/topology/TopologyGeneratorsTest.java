package org.rdmacheck.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;

class TopologyGeneratorsTest {

    @Test
    void fatTreeK4HasTheTextbookShape() {
        Topology t = FatTree.build(4);
        assertEquals(16, t.hostCount());
        assertEquals(16 + 20, t.nodeCount());
        assertEquals(16 + 16 + 16, t.linkCount());
        int tor = t.nodeId("e0.0");
        assertEquals(NodeRole.TOR, t.role(tor));
        assertEquals(4, t.degree(tor));
        assertEquals(4, t.degree(t.nodeId("c1.1")));
        assertEquals(3, t.tier(t.nodeId("c0.0")));
        assertTrue(t.findArc(t.nodeId("a3.1"), t.nodeId("c1.0")) >= 0);
        assertEquals(-1, t.findArc(t.nodeId("a3.1"), t.nodeId("c0.0")));
        assertEquals(t.nodeId("h0.0.0"), 0);
    }

    @Test
    void fatTreeK64IsCheap() {
        Topology t = FatTree.build(64);
        assertEquals(65_536, t.hostCount());
        assertEquals(65_536 + 5_120, t.nodeCount());
        assertEquals(3 * 65_536, t.linkCount());
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            assertEquals(64, t.degree(n), t.nodeName(n));
        }
    }

    @Test
    void everyGeneratorHasConsistentArcs() {
        qt().withFixedSeed(6L).forAll(integers().between(1, 8)).checkAssert(i -> {
            consistent(FatTree.build(2 * i));
            consistent(LeafSpine.build(i, 1 + i % 3, 1 + i % 2));
            consistent(Ring.build(2 + i, i % 3));
        });
    }

    private static void consistent(Topology t) {
        int arcs = 0;
        for (int n = 0; n < t.nodeCount(); n++) {
            for (int p = 0; p < t.degree(n); p++) {
                int a = t.arcAt(n, p);
                assertEquals(n, t.arcFrom(a));
                assertEquals(p, t.arcPort(a));
                assertEquals(t.neighbor(n, p), t.arcTo(a));
                assertEquals(n, t.arcTo(Topology.reverse(a)));
                assertTrue(t.tier(t.arcTo(a)) != t.tier(n) || t.role(n) == NodeRole.SWITCH, t.arcName(a));
                arcs++;
            }
        }
        assertEquals(t.arcCount(), arcs);
        assertEquals(2 * t.linkCount(), arcs);
    }

    @Test
    void leafSpineIsCompleteBipartite() {
        Topology t = LeafSpine.build(3, 2, 2);
        assertEquals(6, t.hostCount());
        assertEquals(6 + 6, t.linkCount());
        assertEquals(2 + 2, t.degree(t.nodeId("leaf1")));
        assertEquals(3, t.degree(t.nodeId("spine0")));
        assertEquals(NodeRole.SPINE, t.role(t.nodeId("spine1")));
    }

    @Test
    void seedClosHas1024HostsFourToOne() {
        // seed 000 §VI-A: 1024 hosts, oversubscription 4, longest path 6 hops
        Topology t = TopologySpecs.parse("clos:hosts=1024,oversub=4");
        assertEquals(1024, t.hostCount());
        int tor = t.nodeId("tor0");
        int hostPorts = 0;
        int upPorts = 0;
        for (int p = 0; p < t.degree(tor); p++) {
            if (t.isHost(t.neighbor(tor, p))) {
                hostPorts++;
            } else {
                upPorts++;
            }
        }
        assertEquals(4, hostPorts / upPorts);
        assertEquals(1024 + 64 + 32 + 32, t.nodeCount());
        assertEquals(6, diameterBetweenHosts(t, 0));
    }

    private static int diameterBetweenHosts(Topology t, int src) {
        int[] dist = new int[t.nodeCount()];
        java.util.Arrays.fill(dist, -1);
        int[] queue = new int[t.nodeCount()];
        int head = 0;
        int tail = 0;
        queue[tail++] = src;
        dist[src] = 0;
        int max = 0;
        while (head < tail) {
            int n = queue[head++];
            for (int p = 0; p < t.degree(n); p++) {
                int m = t.neighbor(n, p);
                if (dist[m] < 0) {
                    dist[m] = dist[n] + 1;
                    queue[tail++] = m;
                    if (t.isHost(m)) {
                        max = Math.max(max, dist[m]);
                    }
                }
            }
        }
        return max;
    }

    @Test
    void ringClosesTheLoop() {
        Topology t = TopologySpecs.parse("ring:n=4");
        assertEquals(4, t.hostCount());
        assertEquals(8, t.linkCount());
        assertTrue(t.findArc(t.nodeId("s3"), t.nodeId("s0")) >= 0);
        assertEquals(t.linkByName("s3-s0"), t.linkByName("s0-s3"));
    }

    @Test
    void badSpecsAreOneLineErrors() {
        assertThrows(InputException.class, () -> TopologySpecs.parse("fattree:k=7"));
        assertThrows(InputException.class, () -> TopologySpecs.parse("fattree:k=-2"));
        assertThrows(InputException.class, () -> TopologySpecs.parse("fattree:q=2"));
        assertThrows(InputException.class, () -> TopologySpecs.parse("torus:n=3"));
        assertThrows(InputException.class, () -> TopologySpecs.parse("clos:hosts=1000,oversub=4"));
        assertThrows(InputException.class, () -> TopologySpecs.parse("clos:hosts=1024,oversub=3"));
        assertThrows(InputException.class, () -> TopologySpecs.parse("ring:n=2"));
        assertThrows(InputException.class, () -> TopologySpecs.parse("file:/no/such/file.json"));
        InputException e = assertThrows(InputException.class, () -> FatTree.build(4).linkByName("e0.0-c0.0"));
        assertTrue(e.getMessage().contains("e0.0-c0.0"));
    }
}
