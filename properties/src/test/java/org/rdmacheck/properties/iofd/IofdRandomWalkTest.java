package org.rdmacheck.properties.iofd;

import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.TopologySpecs;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;

/**
 * Property-based tests (QuickTheories, in place of jetCheck): random topologies, flow sets and
 * parameters, and random walks through the Java model in which every choice (which packet moves,
 * where background congestion appears, where a deflected packet goes, which switch fails) is drawn
 * from the generated list. The paper's design must keep every safety property on every step; the
 * packet-by-packet variant must be caught reordering on some walk.
 */
class IofdRandomWalkTest {

    private static final String[] TOPOLOGIES = {
        "leafspine:tors=2,spines=2,hosts=1", "leafspine:tors=3,spines=2,hosts=1",
        "leafspine:tors=2,spines=3,hosts=2", "fattree:k=4"};

    /** A generated configuration: parameters of the catalogue entry. */
    record Scenario(Map<String, String> params) {
        @Override
        public String toString() {
            return params.toString();
        }
    }

    private static Gen<String> flows(int hosts) {
        Gen<String> one = integers().between(0, hosts - 1).zip(integers().between(1, hosts - 1),
                integers().between(0, 3), (s, d, l) -> s + "-" + (s + d) % hosts + (l == 0 ? "L" : ""));
        return lists().of(one).ofSizeBetween(1, 3).map(l -> String.join(",", l));
    }

    private static Gen<Scenario> scenarios() {
        Gen<String> topo = integers().between(0, TOPOLOGIES.length - 1).map(i -> TOPOLOGIES[i]);
        Gen<String> topoAndFlows = topo.flatMap(t -> flows(TopologySpecs.parse(t).hostCount()).map(f -> t + "|" + f));
        Gen<int[]> knobs = lists().of(integers().between(0, 3)).ofSize(7)
                .map(l -> l.stream().mapToInt(Integer::intValue).toArray());
        return topoAndFlows.zip(knobs, (tf, k) -> {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("topology", tf.substring(0, tf.indexOf('|')));
            p.put("flows", tf.substring(tf.indexOf('|') + 1));
            p.put("packets", "" + (1 + k[0] % 3));
            p.put("dft", "" + k[1] % 3);
            p.put("tokens", "" + k[2]);
            p.put("threshold", "" + (1 + k[3] % 2));
            p.put("background", "" + k[4]);
            p.put("failures", "" + k[5] % 2);
            p.put("ecn", "3");
            // room for every packet behind full background: back-pressure cannot deadlock the walk
            p.put("queue", "" + (2 + 3 * 3 + k[6] % 2));
            return new Scenario(p);
        });
    }

    private static Gen<List<Integer>> walks() {
        return lists().of(integers().between(0, 1_000_000)).ofSizeBetween(20, 160);
    }

    /**
     * Walks the model along the choices and reports the first property that fails, or null.
     */
    static String firstViolation(String variant, Scenario sc, List<Integer> choices) {
        CheckSpec<LayoutState> spec = new IofdEntry().build(variant, Params.of(sc.params()));
        NetworkModel model = (NetworkModel) spec.model();
        LayoutState s = model.initialStates().get(0);
        for (int choice : choices) {
            for (Property<LayoutState> p : spec.properties()) {
                if (p instanceof Invariant<LayoutState> inv && !inv.test(s)) {
                    return inv.name();
                }
            }
            List<Transition<LayoutState>> ts = new ArrayList<>();
            model.successors(s, ts::add);
            if (ts.isEmpty()) {
                return model.isFinal(s) ? null : "DeadlockFree";
            }
            Transition<LayoutState> t = ts.get(choice % ts.size());
            for (Property<LayoutState> p : spec.properties()) {
                if (p instanceof ActionProperty<LayoutState> ap && !ap.test(s, t.action(), t.next())) {
                    return ap.name() + " at " + t.action();
                }
            }
            s = t.next();
        }
        return null;
    }

    @Test
    void theDesignKeepsEveryMessageInOrderAndNeverOverwritesOnRandomWalks() {
        qt().withFixedSeed(20_201_105L).withExamples(300).forAll(scenarios(), walks())
                .check((sc, walk) -> firstViolation("dft", sc, walk) == null);
    }

    @Test
    void packetByPacketDeflectionIsCaughtReorderingOnSomeWalk() {
        Map<String, String> p = new LinkedHashMap<>(Map.of("topology", TOPOLOGIES[0], "flows", "0-1",
                "packets", "2", "tokens", "1", "threshold", "1", "background", "1", "failures", "0", "queue", "4"));
        Scenario sc = new Scenario(p);
        // at least one of many random walks must reorder; shrinking is not needed for an existence claim
        boolean found = false;
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 2_000 && !found; i++) {
            List<Integer> walk = new ArrayList<>();
            for (int j = 0; j < 30; j++) {
                walk.add(r.nextInt(1_000_000));
            }
            String v = firstViolation("no-dft", sc, walk);
            found = v != null && v.startsWith(IofdProperties.IN_ORDER);
        }
        org.junit.jupiter.api.Assertions.assertTrue(found, "no random walk of no-dft reordered");
    }
}
