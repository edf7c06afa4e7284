package org.rdmacheck.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The automorphism search counts the known symmetry groups of small fabrics and honours pinned nodes. */
class AutomorphismsTest {

    private static Set<String> all(String spec, int[] pinned) {
        Topology t = TopologySpecs.parse(spec);
        Set<String> found = new HashSet<>();
        int[] pin = pinned == null ? filled(t.nodeCount()) : pinned;
        new Automorphisms(t).search(pin, 1_000_000, image -> {
            for (int l = 0; l < t.linkCount(); l++) {
                assertTrue(t.findArc(image[t.linkA(l)], image[t.linkB(l)]) >= 0, "a link maps onto a link");
            }
            found.add(Arrays.toString(image));
            return false;
        });
        return found;
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }

    @Test
    void leafSpinesAndRingsHaveTheirSymmetryGroups() {
        // 2 leaves (each with its host) x 2 spines: swap the leaves, swap the spines
        assertEquals(4, all("leafspine:tors=2,spines=2,hosts=1", null).size());
        // 3 leaves x 2 spines: 3! x 2!
        assertEquals(12, all("leafspine:tors=3,spines=2,hosts=1", null).size());
        // a ring of 4 switches with a host each: the dihedral group of order 8
        assertEquals(8, all("ring:n=4,hosts=1", null).size());
    }

    @Test
    void pinnedNodesRestrictTheSearch() {
        Topology t = TopologySpecs.parse("leafspine:tors=2,spines=2,hosts=1");
        int[] pin = filled(t.nodeCount());
        pin[0] = 1; // host 0 to host 1: its leaf follows, the spines stay free
        Set<String> found = all("leafspine:tors=2,spines=2,hosts=1", pin);
        assertEquals(2, found.size());
        pin[0] = t.nodeCount() - 1; // a host onto a switch: none
        assertTrue(all("leafspine:tors=2,spines=2,hosts=1", pin).isEmpty());
        assertTrue(new Automorphisms(t).simple());
        assertFalse(new Automorphisms(t).search(pin, 10, image -> true));
    }
}
