package org.rdmacheck.checker.cdg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.properties.escapevl.EscapeVlEntry;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;

/**
 * The static checker (tree routings, root orientation) and the dynamic buffer model escape-vl (the
 * escape-vl preset of the network model) agree on every small topology (ring of 3 and 4, 2x2 leaf-spine with a failed link), for every
 * lane rule, on a 4-packet workload and on the packets a static cycle names: a static proof
 * means no reachable deadlock, and a reachable deadlock means a static cycle. A CYCLE carries a
 * deadlock configuration (KnotSearch) whose reachability is not decided statically: escape-return's
 * knot on the ring of 4 needs 10 packets, more than these workloads have (the 10-packet trace that
 * reaches it is stored under counterexamples/escape-vl and replayed by CounterexampleReplayTest).
 */
class StaticDynamicAgreementTest {

    /** Static routing function to the escape-vl variant with the same lane rules. */
    private static final Map<String, String> RULES = Map.of(
            "tree-escape", "dart",
            "tree-deflect", "one-lane",
            "tree-escape-deflect", "escape-deflect",
            "tree-escape-return", "escape-return");

    private static final Map<String, String> PROOF_WORKLOAD = Map.of(
            "ring:n=3,hosts=1", "s0>s2:1,s0>s1:1,s1>s2:1,s2>s1:1",
            "ring:n=4,hosts=1", "s0>s2:1,s2>s0:1,s1>s3:1,s3>s1:1",
            "leafspine:tors=2,spines=2,hosts=1", "leaf0>leaf1:1,leaf1>leaf0:1,spine0>leaf0:1,spine1>leaf1:1");

    @Test
    void staticAndDynamicVerdictsAgree() {
        int bothDeadlock = 0;
        for (String topo : PROOF_WORKLOAD.keySet()) {
            List<String> fail = topo.startsWith("leafspine") ? List.of("leaf0-spine0") : List.of();
            for (Map.Entry<String, String> r : RULES.entrySet()) {
                int lanes = r.getValue().equals("one-lane") ? 1 : 2;
                DeadlockQuery q = new DeadlockQuery(topo, r.getKey(), lanes, 1, fail, Orientation.ROOT);
                Topology t = TopologySpecs.parse(topo);
                DeadlockVerdict v = DeadlockChecker.check(q.fabric(t), q.routingFunction());
                assertTrue(v.outcome() == DeadlockVerdict.Outcome.CYCLE || v.outcome() == DeadlockVerdict.Outcome.DEADLOCK_FREE);
                EscapeVlEntry.Net net = new EscapeVlEntry.Net(t, fail);
                List<String> workloads = new ArrayList<>(List.of(PROOF_WORKLOAD.get(topo)));
                if (v.outcome() == DeadlockVerdict.Outcome.CYCLE) {
                    workloads.add(cycleWorkload(v, t));
                }
                for (String w : workloads) {
                    boolean dynamicDeadlock = deadlocks(model(net, r.getValue(), w));
                    String where = topo + " " + r.getKey() + " workload " + w;
                    // a reachable deadlock is a cycle of waits: the static graph must be cyclic (Dally-Seitz, Duato)
                    if (dynamicDeadlock) {
                        assertEquals(DeadlockVerdict.Outcome.CYCLE, v.outcome(), where);
                        bothDeadlock++;
                    }
                    // a static proof rules out every deadlock
                    if (v.outcome() == DeadlockVerdict.Outcome.DEADLOCK_FREE) {
                        assertFalse(dynamicDeadlock, where);
                    }
                }
            }
        }
        // the ring of three deadlocks in both with one deflecting lane and with a deflecting escape lane
        assertTrue(bothDeadlock >= 2, "dynamic deadlocks found: " + bothDeadlock);
        assertTrue(deadlocks(ring3("one-lane")));
        assertTrue(deadlocks(ring3("escape-deflect")));
        assertFalse(deadlocks(ring3("dart")));
    }

    /** The escape-vl preset of the network model with a variant's lane rules, capacity 1, one token. */
    private static NetworkModel model(EscapeVlEntry.Net net, String variant, String workload) {
        return new NetworkModel(EscapeVlEntry.config(net, variant, workload, 1, 1, false, Set.of()));
    }

    private static NetworkModel ring3(String variant) {
        Topology t = TopologySpecs.parse("ring:n=3,hosts=1");
        return model(new EscapeVlEntry.Net(t, List.of()), variant, PROOF_WORKLOAD.get("ring:n=3,hosts=1"));
    }

    /** One packet per dependency of the cycle: from the switch its source host hangs off to its destination's. */
    static String cycleWorkload(DeadlockVerdict v, Topology t) {
        Map<String, Integer> items = new java.util.LinkedHashMap<>();
        for (Dependency d : v.cycle()) {
            String first = d.route().get(0).arc();
            String src = first.substring(first.indexOf("->") + 2);
            int dst = t.neighbor(t.nodeId(d.destination()), 0);
            items.merge(src + ">" + t.nodeName(dst), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        items.forEach((k, n) -> parts.add(k + ":" + n));
        return String.join(",", parts);
    }

    static boolean deadlocks(NetworkModel model) {
        CheckSpec<LayoutState> spec = new CheckSpec<>("escape-vl", "agreement", Map.of(), model,
                List.of(DeadlockFreedom.standard()), Set.of());
        ExplorationReport rep = new Explorer(ExplorerSettings.defaults().withThreads(1).withMaxStates(2_000_000)).check(spec);
        CheckResult res = rep.results().get(0);
        assertTrue(res instanceof CheckResult.Verified || res instanceof CheckResult.Violated, res.toString());
        return res instanceof CheckResult.Violated;
    }
}
