package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;

/**
 * The PFC queueing parameter (docs/fabric.md, the PFC model): {@code queueing=ingress}, the model's own (one
 * FIFO per ingress (port, lane), routed at departure), and {@code queueing=egress}, seed 004 §4's switch
 * (routed on arrival into the egress FIFO of its (port, lane), PFC counted per ingress). The hysteresis
 * variants at both queueings: whether the deadlock of {@code repaired-incast-hysteresis} needs the ingress
 * FIFO's head-of-line blocking.
 */
class PfcQueueingTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    private static ExplorationReport run(String variant, Map<String, String> more) {
        Map<String, String> p = new LinkedHashMap<>(more);
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(p)).withoutProgress();
        return FabricVerificationTest.explore(spec);
    }

    private static void holdsExceptVacuous(ExplorationReport r) {
        Set<String> vacuous = Set.of(FabricProperties.IN_ORDER_AFTER_FAILURE, FabricProperties.LONG_FLOWS,
                FabricProperties.RESUME_AT_XON, FabricProperties.NO_PAUSE_FLAPPING);
        r.results().forEach(c -> {
            if (!vacuous.contains(c.property())) {
                assertInstanceOf(CheckResult.Verified.class, c, c.property());
            }
        });
    }

    @Test
    void theDefaultsOpposingMessagesHoldAtBothHysteresesUnderEgressQueueing() {
        ExplorationReport r = run("repaired-hysteresis", Map.of("queueing", "egress"));
        assertTrue(r.complete());
        assertEquals(55_482, r.stats().distinctStates());
        holdsExceptVacuous(r);
        ExplorationReport one = run("repaired-hysteresis", Map.of("queueing", "egress", "pfc-hysteresis", "1"));
        assertEquals(50_936, one.stats().distinctStates());
        holdsExceptVacuous(one);
    }

    /**
     * The finding under the paper's queueing: the incast still deadlocks with hysteresis 2 (17 steps; the
     * loop is leaf2 and spine0, no head-of-line blocking between outputs) and holds without hysteresis.
     */
    @Test
    @Tag("slow")
    void theIncastDeadlocksWithHysteresisUnderEgressQueueingToo() {
        ExplorationReport r = run("repaired-incast-hysteresis", Map.of("queueing", "egress"));
        assertTrue(r.complete());
        assertEquals(317_948, r.stats().distinctStates());
        r.results().forEach(c -> {
            if (c.property().equals(FabricProperties.NO_ROUTING_DEADLOCK)) {
                assertEquals(17, assertInstanceOf(CheckResult.Violated.class, c).counterexample().length());
            } else if (!c.property().equals(org.rdmacheck.properties.DeadlockFreedom.standard().name())
                    && !Set.of(FabricProperties.IN_ORDER_AFTER_FAILURE, FabricProperties.LONG_FLOWS)
                    .contains(c.property())) {
                assertInstanceOf(CheckResult.Verified.class, c, c.property());
            }
        });
        ExplorationReport one = run("repaired-incast-hysteresis", Map.of("queueing", "egress", "pfc-hysteresis", "1"));
        assertEquals(283_097, one.stats().distinctStates());
        holdsExceptVacuous(one);
    }

    /**
     * One step past {@code repaired-hysteresis} (a third background packet) the opposing messages deadlock under
     * the paper's queueing with hysteresis 2 (17 steps: leaf1 and spine1 pause each other, spine1 keeping leaf1
     * paused at 2 > xon 1) and hold with hysteresis 1: the frontier {@code all} checks as the row
     * {@code repaired-hysteresis-background {queueing=egress}}.
     */
    @Test
    @Tag("slow")
    void aThirdBackgroundPacketDeadlocksTheOpposingMessagesWithHysteresisUnderEgressQueueing() {
        CheckSpec<?> spec = ENTRY.build("repaired-hysteresis-background", Params.of(Map.of("queueing", "egress")))
                .withoutProgress();
        ExplorationReport r = FabricVerificationTest.explore(spec);
        assertTrue(r.complete());
        assertEquals(291_324, r.stats().distinctStates());
        Set<String> violated = new java.util.TreeSet<>();
        r.results().forEach(c -> {
            if (c instanceof CheckResult.Violated v) {
                violated.add(c.property());
                if (c.property().equals(FabricProperties.NO_ROUTING_DEADLOCK)) {
                    assertEquals(17, v.counterexample().length());
                }
            }
        });
        assertEquals(new java.util.TreeSet<>(spec.expectedViolations()), violated);
        assertTrue(violated.containsAll(Set.of(FabricProperties.NO_ROUTING_DEADLOCK, "DeadlockFree")), violated
                .toString());
        ExplorationReport one = run("repaired-hysteresis-background", Map.of("queueing", "egress", "pfc-hysteresis",
                "1"));
        assertEquals(252_684, one.stats().distinctStates());
        holdsExceptVacuous(one);
    }

    /**
     * The ToR's pause of its host's link under the paper's queueing is load-bearing at {@code all}'s row
     * {@link FabricEntry#HOST_PAUSE_RUN} (one 4-packet message at xoff 3): leaf0 holds 3 of h0's packets when
     * its uplinks are paused, and only the pause keeps h0's fourth out. Every property holds at 13,126 states;
     * with the pause removed from Send the count is 13,192 and LosslessBuffers fails in 4 steps (leaf0 counting 4
     * packets on h0's ingress). Every other row's messages have fewer packets than xoff, where the pause is never
     * met.
     */
    @Test
    void theHostsLinkIsPausedByItsTorUnderEgressQueueing() {
        ExplorationReport r = FabricVerificationTest.explore(ENTRY.build("repaired",
                Params.of(FabricEntry.HOST_PAUSE_RUN)).withoutProgress());
        assertTrue(r.complete());
        assertEquals(13_126, r.stats().distinctStates());
        holdsExceptVacuous(r);
        assertInstanceOf(CheckResult.Verified.class, r.results().stream()
                .filter(c -> c.property().equals(FabricProperties.LOSSLESS)).findFirst().orElseThrow());
    }

    /**
     * Under the paper's queueing with hysteresis the ToR pauses its host's link by a pause bit, as a switch's: at
     * {@link FabricEntry#HOST_HYSTERESIS_RUN} (one 4-packet message, xoff 3, resume at 1) leaf0 sets h0's bit at 3
     * packets and clears it at 1; every property holds (2,225 states). Knocked out ({@code pfc-hysteresis}), the
     * bit clears at 2: ResumeAtXon fails in 4 steps, the host's bit the one cleared.
     */
    @Test
    void theHostsLinkResumesAtXonUnderEgressQueueing() {
        CheckSpec<?> spec = ENTRY.build("repaired", Params.of(FabricEntry.HOST_HYSTERESIS_RUN)).withoutProgress();
        ExplorationReport r = FabricVerificationTest.explore(spec);
        assertTrue(r.complete());
        assertEquals(2_225, r.stats().distinctStates());
        r.results().forEach(c -> {
            if (!Set.of(FabricProperties.IN_ORDER_AFTER_FAILURE, FabricProperties.LONG_FLOWS).contains(c.property())) {
                assertInstanceOf(CheckResult.Verified.class, c, c.property());
            }
        });
        Map<String, String> off = new LinkedHashMap<>(FabricEntry.HOST_HYSTERESIS_RUN);
        off.put("knockout", "pfc-hysteresis");
        CheckSpec<?> ko = ENTRY.build("repaired", Params.of(off)).withoutProgress();
        ExplorationReport k = FabricVerificationTest.explore(ko);
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, k.results().stream()
                .filter(c -> c.property().equals(FabricProperties.RESUME_AT_XON)).findFirst().orElseThrow());
        assertEquals(4, v.counterexample().length());
        var steps = v.counterexample().steps();
        assertTrue(steps.get(steps.size() - 2).state().get("hostPaused").get(0).asBoolean(),
                "h0's ingress paused before the last step");
        assertTrue(!steps.get(steps.size() - 1).state().get("hostPaused").get(0).asBoolean(),
                "and resumed by it, at 2 > xon 1");
        steps.get(steps.size() - 1).state().get("paused").forEach(b -> assertTrue(!b.asBoolean(), "no switch paused"));
    }

    @Test
    void egressQueueingWithALaneRuleTableIsRefused() {
        InputException e = assertThrows(InputException.class, () -> ENTRY.build("repaired",
                Params.of(Map.of("queueing", "egress", "lane-change", "table"))));
        assertTrue(e.getMessage().startsWith("queueing = egress: expected"), e.getMessage());
    }
}
