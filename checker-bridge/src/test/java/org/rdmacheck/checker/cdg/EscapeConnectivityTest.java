package org.rdmacheck.checker.cdg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;
import org.rdmacheck.model.topology.UpDown;

/**
 * The escape lane's connectivity (Duato's first condition), computed with bitsets for all
 * destinations at once, says what the topology layer's {@link UpDown.Routes} say one destination at
 * a time: connected exactly when every switch has a legal route on the surviving links to every
 * destination class. Every topology intact and with each single switch-to-switch link failed, in
 * both orientations.
 */
class EscapeConnectivityTest {

    @ParameterizedTest
    @ValueSource(strings = {"leafspine:tors=2,spines=2,hosts=1", "leafspine:tors=3,spines=2,hosts=2", "fattree:k=4",
        "ring:n=5,hosts=1", "torus:x=3,y=3,hosts=1"})
    void bitsetSweepsAgreeWithTheRoutesOfEachDestination(String spec) {
        Topology t = TopologySpecs.parse(spec);
        List<List<Integer>> failures = new ArrayList<>();
        failures.add(List.of());
        for (int l = 0; l < t.linkCount(); l++) {
            if (!t.isHost(t.linkA(l)) && !t.isHost(t.linkB(l))) {
                failures.add(List.of(l));
            }
        }
        int[] connected = new int[Orientation.values().length];
        for (Orientation o : Orientation.values()) {
            for (List<Integer> failed : failures) {
                Fabric f = new Fabric(t, failed, o);
                boolean expected = true;
                for (int target : Destinations.targets(t)) {
                    UpDown.Routes r = f.upDown().toward(target, arc -> !f.isFailed(arc));
                    for (int v = 0; v < t.nodeCount(); v++) {
                        expected &= t.isHost(v) || r.upDown(v) >= 0;
                    }
                }
                EscapeConnectivity.Result res = EscapeConnectivity.check(f, LanePolicy.Rerouting.VALLEY_FREE);
                assertEquals(expected, res.connected(), spec + " " + o + " failed " + failed);
                connected[o.ordinal()] += expected ? 1 : 0;
            }
        }
        // ROOT connects every case (each of these graphs stays connected after one link failure);
        // TIER, on a Clos fabric, not the failed ones: a switch cut from a destination's pod or leaf
        // reaches it only through a valley
        assertEquals(failures.size(), connected[Orientation.ROOT.ordinal()], spec);
        boolean clos = !spec.startsWith("ring") && !spec.startsWith("torus");
        assertEquals(clos ? 1 : failures.size(), connected[Orientation.TIER.ordinal()], spec);
    }
}
