package org.rdmacheck.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;

/** {@link TopologySpecs#parse(String, int)} refuses an over-size spec before building it. */
class TopologySpecsSizeTest {

    /** The node count computed from the spec is the built topology's, for every generated kind. */
    @Test
    void theCountFromTheSpecIsTheBuiltCount() {
        for (String spec : List.of("fattree:k=2", "fattree:k=4", "fattree:k=6", "leafspine:tors=3,spines=2,hosts=2",
                "leafspine:tors=1,spines=5,hosts=7", "clos:hosts=64,oversub=2,hostsPerTor=8,torsPerPod=2",
                "clos:hosts=1024,oversub=4", "ring:n=5,hosts=2", "ring:n=3,hosts=0", "torus:x=3,y=4,hosts=2",
                "torus:x=3,y=3,hosts=0")) {
            int nodes = TopologySpecs.parse(spec).nodeCount();
            assertEquals(nodes, TopologySpecs.parse(spec, nodes).nodeCount(), spec);
            InputException e = assertThrows(InputException.class, () -> TopologySpecs.parse(spec, nodes - 1), spec);
            assertEquals("topology = '" + spec + "': " + nodes + " nodes, expected at most " + (nodes - 1)
                    + " for exhaustive checking", e.getMessage());
        }
    }

    /** 270,336 nodes and 16.5 million links would take minutes and gigabytes to build; the refusal is immediate. */
    @Test
    void aHugeSpecIsRefusedWithoutBuildingIt() {
        InputException e = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(InputException.class,
                () -> TopologySpecs.parse("leafspine:tors=4096,spines=4096,hosts=64", 64)));
        assertEquals("topology = 'leafspine:tors=4096,spines=4096,hosts=64': 270336 nodes, expected at most 64"
                + " for exhaustive checking", e.getMessage());
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(InputException.class,
                () -> TopologySpecs.parse("fattree:k=128", 200)));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(InputException.class,
                () -> TopologySpecs.parse("clos:hosts=1048576,oversub=1", 200)));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(InputException.class,
                () -> TopologySpecs.parse("ring:n=100000,hosts=100000", 200)));
    }

    /** An inconsistent Clos spec is named for its inconsistency, not for a size computed from it. */
    @Test
    void anInconsistentClosIsNamedForItsValue() {
        InputException e = assertThrows(InputException.class,
                () -> TopologySpecs.parse("clos:hosts=1048576,oversub=3", 64));
        assertTrue(e.getMessage().startsWith("clos oversub = 3"), e.getMessage());
    }
}
