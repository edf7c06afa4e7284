package org.rdmacheck.checker.cdg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;

class DeadlockCheckerTest {

    static DeadlockVerdict check(String topo, String routing, int lanes, Orientation o, String... fail) {
        return check(new DeadlockQuery(topo, routing, lanes, 4, List.of(fail), o));
    }

    static DeadlockVerdict check(DeadlockQuery q) {
        Topology t = TopologySpecs.parse(q.topology());
        return DeadlockChecker.check(q.fabric(t), q.routingFunction());
    }

    /** Every edge of a reported cycle is a real route step, and the edges close a cycle. */
    static void assertRealCycle(DeadlockVerdict v) {
        assertEquals(DeadlockVerdict.Outcome.CYCLE, v.outcome(), v.detail());
        // a CYCLE carries a deadlock configuration: every head packet's options are full channels of it
        java.util.Set<String> full = new java.util.HashSet<>();
        v.knot().forEach(b -> full.add(b.channel()));
        assertFalse(full.isEmpty());
        v.knot().forEach(b -> assertTrue(full.containsAll(b.options()), b.toString()));
        List<Dependency> c = v.cycle();
        assertFalse(c.isEmpty());
        for (int i = 0; i < c.size(); i++) {
            Dependency d = c.get(i);
            assertEquals(d.to(), c.get((i + 1) % c.size()).from());
            Hop held = d.route().get(d.at());
            Hop next = d.route().get(d.at() + 1);
            assertEquals(d.from(), held.arc() + "@VL" + held.lane());
            assertEquals(d.to(), next.arc() + "@VL" + next.lane());
            assertTrue(d.route().get(d.route().size() - 1).arc().endsWith("->" + d.destination()), d.route().toString());
        }
    }

    @Test
    void upDownIsAcyclicAndEscapeLaneSatisfiesDuato() {
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check("fattree:k=4", "updown", 1, Orientation.TIER).outcome());
        DeadlockVerdict v = check("fattree:k=8", "escape", 2, Orientation.TIER);
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, v.outcome());
        assertTrue(v.condition().startsWith("Duato (1)+(2)+(3)"));
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check("clos:hosts=1024,oversub=4", "escape", 2,
                Orientation.TIER).outcome());
    }

    @Test
    void deflectionWithoutEscapeLaneHasACycle() {
        assertRealCycle(check("fattree:k=4", "deflect", 1, Orientation.TIER));
        assertRealCycle(check("ring:n=4", "deflect", 1, Orientation.TIER));
        assertRealCycle(check("leafspine:tors=2,spines=2,hosts=1", "deflect", 1, Orientation.TIER));
    }

    @Test
    void brokenEscapeRulesHaveCyclesThroughTheEscapeLane() {
        for (String r : List.of("escape-return", "escape-deflect")) {
            DeadlockVerdict v = check("fattree:k=4", r, 2, Orientation.TIER);
            assertRealCycle(v);
            assertTrue(v.cycle().stream().anyMatch(d -> d.from().endsWith("@VL0")), r);
        }
        DeadlockVerdict ret = check("fattree:k=4", "escape-return", 2, Orientation.TIER);
        assertTrue(ret.cycle().stream().anyMatch(d -> d.move().equals("from-escape")));
    }

    @Test
    void twoFailedToRUplinksMakeTheBounceDeadlock() {
        String[] fail = {"a0.0-e0.0", "a0.1-e0.1"};
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check("fattree:k=4", "bounce", 1, Orientation.TIER, fail[0]).outcome());
        DeadlockVerdict v = check("fattree:k=4", "bounce", 1, Orientation.TIER, fail);
        assertRealCycle(v);
        assertTrue(v.cycle().stream().anyMatch(d -> d.move().equals("reroute")));
        assertTrue(v.stats().extraDependencies() > 0);
        // the escape lane keeps strict up*/down*: with tier orientation it cannot reach around the failures
        assertEquals(DeadlockVerdict.Outcome.ESCAPE_NOT_CONNECTED, check("fattree:k=4", "escape", 2, Orientation.TIER, fail).outcome());
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check("fattree:k=4", "escape", 2, Orientation.ROOT, fail).outcome());
        assertRealCycle(check("fattree:k=4", "escape-bounce", 2, Orientation.TIER, fail));
    }

    @Test
    void aPartitionedFabricIsNotDeadlockFree() {
        DeadlockVerdict ls = check("leafspine:tors=2,spines=2,hosts=1", "updown", 1, Orientation.TIER,
                "leaf0-spine0", "leaf0-spine1");
        assertEquals(DeadlockVerdict.Outcome.PARTITIONED, ls.outcome(), ls.detail());
        assertEquals(2, ls.partition().components());
        assertEquals(1, ls.partition().unreachable());
        assertEquals(List.of(List.of("h0.0", "h1.0")), ls.partition().examples());
        // one failed uplink leaves a route: still deadlock-free
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check("leafspine:tors=2,spines=2,hosts=1", "updown", 1,
                Orientation.TIER, "leaf0-spine0").outcome());
        for (String r : List.of("updown", "escape")) {
            DeadlockVerdict ring = check("ring:n=4,hosts=1", r, r.equals("updown") ? 1 : 2, Orientation.TIER,
                    "s0-s1", "s2-s3");
            // not ESCAPE_NOT_CONNECTED with a hint about the orientation: no orientation joins islands
            assertEquals(DeadlockVerdict.Outcome.PARTITIONED, ring.outcome(), r);
            assertEquals(4, ring.partition().unreachable());
            assertFalse(ring.detail().contains("--orientation"));
        }
        // a cycle among the routes that exist is still a cycle
        assertRealCycle(check("file:../examples/topology/two-islands.json", "deflect", 1, Orientation.TIER));
        DeadlockVerdict island = check("file:../examples/topology/two-islands.json", "escape", 2, Orientation.TIER);
        assertEquals(DeadlockVerdict.Outcome.PARTITIONED, island.outcome());
        assertEquals(4, island.partition().unreachable());
        assertEquals(List.of("h0", "h2"), island.partition().examples().get(0));
        assertEquals(null, check("fattree:k=4", "escape", 2, Orientation.TIER).partition());
    }

    @Test
    void verdictsOnSmallFabricsAreStableUnderRandomShapes() {
        qt().withFixedSeed(42L).withExamples(12).forAll(integers().between(0, 2), integers().between(2, 4),
                integers().between(1, 3)).checkAssert((kind, a, b) -> {
                    String topo = switch (kind) {
                        case 0 -> "fattree:k=" + (2 * a);
                        case 1 -> "leafspine:tors=" + a + ",spines=" + b + ",hosts=1";
                        default -> "ring:n=" + (a + 1);
                    };
                    assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check(topo, "escape", 2, Orientation.TIER).outcome(), topo);
                    assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check(topo, "updown", 1, Orientation.ROOT).outcome(), topo);
                    assertRealCycle(check(topo, "deflect", 1, Orientation.TIER));
                    DeadlockVerdict ed = check(topo, "escape-deflect", 2, Orientation.TIER);
                    if (topo.equals("ring:n=3")) {
                        // every escape route is one hop: a packet moved to VL0 is delivered next, so the
                        // wormhole-form cycle is no deadlock configuration under cut-through
                        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, ed.outcome(), ed.detail());
                        assertEquals(DeadlockChecker.KNOT_CONDITION, ed.condition());
                    } else {
                        assertRealCycle(ed);
                    }
                });
    }

    @Test
    void exactGraphAgreesWithTurnRulesWhereTheyProveFreedom() {
        for (String topo : List.of("fattree:k=4", "ring:n=5", "leafspine:tors=3,spines=2,hosts=1")) {
            for (String r : List.of("updown", "escape")) {
                DeadlockQuery q = new DeadlockQuery(topo, r, 2, 2, List.of(), Orientation.TIER);
                Topology t = TopologySpecs.parse(topo);
                Optional<ExactDependencies> exact = ExactDependencies.build(q.fabric(t), q.routingFunction());
                assertTrue(exact.isPresent());
                IntPredicateOnEscape p = new IntPredicateOnEscape(exact.get());
                assertFalse(SccSearch.run(exact.get(), p::test).cyclic(), topo + " " + r);
                assertTrue(exact.get().edgeCount() > 0);
            }
        }
    }

    private record IntPredicateOnEscape(ExactDependencies g) {
        boolean test(int c) {
            return !g.routing().hasEscape() || g.laneOf(c) == g.routing().escapeLane();
        }
    }

    @Test
    void storedCycleReplaysAndATamperedOneDoesNot() {
        DeadlockQuery q = new DeadlockQuery("ring:n=4", "deflect", 1, 4, List.of(), Orientation.TIER);
        DeadlockVerdict v = check(q);
        var cex = CycleCounterexamples.of(q, v);
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.CYCLE, cex.kind());
        ReplayResult ok = CycleCounterexamples.replay(cex);
        assertTrue(ok.reproduces(), ok.message());
        Map<String, String> params = new java.util.LinkedHashMap<>(q.parameters());
        params.put("routing", "escape");
        params.put("lanes", "2");
        var changed = new org.rdmacheck.checker.Counterexample(cex.property(), cex.kind(), cex.steps(),
                cex.violationIndex(), cex.loopStart(), new org.rdmacheck.checker.Provenance(cex.provenance().model(),
                cex.provenance().variant(), params, "cdg", "0.1.0"), "");
        assertFalse(CycleCounterexamples.replay(changed).reproduces());
    }

    @Test
    void badInputIsAnInputException() {
        assertThrows(InputException.class, () -> RoutingFunction.named("zigzag", 2, 4));
        assertThrows(InputException.class, () -> RoutingFunction.named("escape", 1, 4));
        assertThrows(InputException.class, () -> RoutingFunction.named("deflect", 0, 4));
        assertThrows(InputException.class, () -> RoutingFunction.named("deflect", 1, -1));
        assertThrows(InputException.class, () -> check("ring:n=4", "updown", 1, Orientation.TIER, "s0-s2"));
        assertThrows(InputException.class, () -> Orientation.parse("sideways"));
        assertThrows(InputException.class, () -> DeadlockQuery.fromParameters(java.util.Map.of("routing", "x")));
    }
}
