package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;

/**
 * Under seed 004 §4's egress queueing, when a VL1 packet may take the escape lane (docs/fabric.md, the PFC
 * model): {@code escape-at=arrival} (the default: with its route, as it arrives) or {@code head} (also at the
 * head of a VL1 egress FIFO whose lane is paused, seed 000 §IV-B). At repaired's defaults the first deadlocks
 * whether or not VL0 exists; the second is free of routing deadlock there, needs VL0 for it, and reorders.
 */
class EscapeAtHeadTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    private static ExplorationReport run(Map<String, String> p, String... properties) {
        Set<String> only = Set.of(properties);
        CheckSpec<?> spec = ENTRY.build("repaired", Params.of(p)).withoutProgress();
        if (!only.isEmpty()) {
            spec = spec.selecting(q -> only.contains(q.name()));
        }
        ExplorationReport r = FabricVerificationTest.explore(spec);
        assertTrue(r.complete() || violated(r).equals(only), () -> "state space exhausted: " + r.stopReason());
        return r;
    }

    private static Set<String> violated(ExplorationReport r) {
        Set<String> out = new TreeSet<>();
        r.results().stream().filter(c -> c instanceof CheckResult.Violated).forEach(c -> out.add(c.property()));
        return out;
    }

    /** The finding: at arrival only, the escape lane rescues nothing at repaired's defaults (16 steps either way). */
    @Test
    void atArrivalTheDefaultsDeadlockWithOrWithoutTheEscapeLane() {
        String deadlock = DeadlockFreedom.standard().name();
        ExplorationReport r = run(Map.of("queueing", "egress"), FabricProperties.NO_ROUTING_DEADLOCK, deadlock);
        assertEquals(55_049, r.stats().distinctStates());
        assertEquals(Set.of(FabricProperties.NO_ROUTING_DEADLOCK, deadlock), violated(r));
        ExplorationReport explicit = run(Map.of("queueing", "egress", "escape-at", "arrival"),
                FabricProperties.NO_ROUTING_DEADLOCK, deadlock);
        assertEquals(55_049, explicit.stats().distinctStates());
        ExplorationReport off = run(Map.of("queueing", "egress", "knockout", "escape-lane"),
                FabricProperties.NO_ROUTING_DEADLOCK, deadlock);
        assertEquals(44_879, off.stats().distinctStates());
        assertEquals(Set.of(FabricProperties.NO_ROUTING_DEADLOCK, deadlock), violated(off));
        for (CheckResult c : off.results()) {
            assertEquals(16, assertInstanceOf(CheckResult.Violated.class, c).counterexample().length(), c.property());
        }
    }

    /**
     * At the head: no routing deadlock at the defaults (VL0 needed for it: knocked out, 16 steps), but a
     * message's second packet, queued on VL1 behind its first when that one leaves on VL0, overtakes it
     * (13 steps), and the entries the head's lane changes record outlive their messages.
     */
    @Test
    void atTheHeadTheDefaultsAreFreeOfRoutingDeadlockButReorder() {
        ExplorationReport r = run(Map.of("queueing", "egress", "escape-at", "head"));
        assertEquals(68_262, r.stats().distinctStates());
        assertEquals(Set.of(FabricProperties.IN_ORDER, FabricProperties.EXACTLY_ONCE, FabricProperties.NO_LEAK,
                FabricProperties.NO_STALE, DeadlockFreedom.standard().name()), violated(r));
        Counterexample reorder = ((CheckResult.Violated) r.result(FabricProperties.IN_ORDER)).counterexample();
        assertEquals(13, reorder.length());
        boolean headMove = false;
        for (TraceStep s : reorder.steps()) {
            if (s.action() != null && "head-escape-allocate".equals(s.action().params().get("route"))) {
                headMove = true;
                assertEquals(0, s.action().params().get("outLane"));
            }
        }
        assertTrue(headMove, "the first packet leaves its paused VL1 egress FIFO on VL0");
        ExplorationReport off = run(Map.of("queueing", "egress", "escape-at", "head", "knockout", "escape-lane"),
                FabricProperties.NO_ROUTING_DEADLOCK);
        assertEquals(16, ((CheckResult.Violated) off.result(FabricProperties.NO_ROUTING_DEADLOCK)).counterexample()
                .length());
    }

    @Test
    void escapeAtIsRefusedUnderIngressQueueingAndOutsideItsValues() {
        InputException e = assertThrows(InputException.class, () -> ENTRY.build("repaired",
                Params.of(Map.of("escape-at", "head"))));
        assertTrue(e.getMessage().startsWith("escape-at = head: expected queueing = egress"), e.getMessage());
        InputException v = assertThrows(InputException.class, () -> ENTRY.build("repaired",
                Params.of(Map.of("queueing", "egress", "escape-at", "tail"))));
        assertEquals("escape-at = tail: expected arrival or head", v.getMessage());
    }
}
