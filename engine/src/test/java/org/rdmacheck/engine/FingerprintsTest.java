package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Fingerprints;

class FingerprintsTest {

    @Test
    void equalStatesHaveEqualFingerprintsAndOrderMattersOnlyForLists() {
        ObjectFifo.State a = new ObjectFifo.State(3, List.of(1, 2), 0, true);
        ObjectFifo.State b = new ObjectFifo.State(3, List.of(1, 2), 0, true);
        ObjectFifo.State c = new ObjectFifo.State(3, List.of(2, 1), 0, true);
        assertEquals(Fingerprints.of(a), Fingerprints.of(b));
        assertNotEquals(Fingerprints.of(a), Fingerprints.of(c));
        assertEquals(Fingerprints.of(Set.of(1, 2, 3)), Fingerprints.of(new java.util.TreeSet<>(Set.of(3, 2, 1))));
        assertEquals(Fingerprints.of(Map.of("x", 1, "y", 2)), Fingerprints.of(new TreeMap<>(Map.of("y", 2, "x", 1))));
        assertNotEquals(Fingerprints.of(List.of(1, 2)), Fingerprints.of(List.of(List.of(1), 2)));
    }
}
