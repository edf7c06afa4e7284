package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/** Exhaustive checks of the fabric catalogue: the repaired design is proven, every other variant fails as declared. */
class FabricVerificationTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    static ExplorationReport explore(CheckSpec<?> spec) {
        return new Explorer(ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { })).check(spec);
    }

    private static Counterexample violation(String variant, String property) {
        return assertInstanceOf(CheckResult.Violated.class,
                explore(ENTRY.build(variant, Params.empty())).result(property), variant).counterexample();
    }

    /**
     * Variants whose defaults take more than a few seconds: checked by the slow tier (and by {@code all},
     * but for {@link FabricEntry#NOT_IN_ALL}).
     */
    private static final Set<String> SLOW_VARIANTS = Set.of("repaired-failure", "repaired-failure-background",
            "repaired-long-flow", "repaired-incast", "repaired-incast-hysteresis", "repaired-hysteresis-background",
            "repaired-three-flows", "repaired-no-background",
            "repaired-three-flows-dft2", "repaired-no-background-dft2", "repaired-three-flows-one-token",
            "repaired-ring", "repaired-background-two-tokens", "repaired-failure-three-tokens",
            "repaired-three-flows-three-packets", "repaired-three-flows-four-packets");

    @TestFactory
    Stream<DynamicTest> everyVariantViolatesExactlyItsDeclaredPropertiesAtItsDefaults() {
        return meetsItsDeclaredProperties(ENTRY.allRuns().stream().filter(run -> !SLOW_VARIANTS.contains(run.variant())));
    }

    /** The larger variants' defaults ({@code mvn -B verify -Pslow}). */
    @org.junit.jupiter.api.Tag("slow")
    @TestFactory
    Stream<DynamicTest> theLargerVariantsViolateExactlyTheirDeclaredPropertiesAtTheirDefaults() {
        return meetsItsDeclaredProperties(ENTRY.variants().stream().filter(v -> SLOW_VARIANTS.contains(v.name()))
                .map(v -> new org.rdmacheck.properties.catalog.ModelEntry.Run(v.name(), Params.empty())));
    }

    private static Stream<DynamicTest> meetsItsDeclaredProperties(Stream<org.rdmacheck.properties.catalog.ModelEntry.Run> runs) {
        return runs.map(run -> DynamicTest.dynamicTest(run.variant(), () -> {
            CheckSpec<?> spec = ENTRY.build(run.variant(), run.params());
            ExplorationReport r = explore(spec);
            assertTrue(r.complete(), "state space exhausted");
            Set<String> violated = new TreeSet<>();
            for (CheckResult c : r.results()) {
                if (c instanceof CheckResult.Violated) {
                    violated.add(c.property());
                } else {
                    assertInstanceOf(CheckResult.Verified.class, c, c.property());
                }
            }
            assertEquals(new TreeSet<>(spec.expectedViolations()), violated);
        }));
    }

    @Test
    void everyPropertyCanFail() {
        Set<String> covered = new TreeSet<>(ENTRY.structuralProperties().keySet());
        ENTRY.variants().forEach(v -> covered.addAll(v.mustFail()));
        Set<String> all = new TreeSet<>();
        ENTRY.build("repaired", Params.empty()).properties().forEach(p -> all.add(p.name()));
        assertEquals(all, covered);
    }

    @Test
    void listSaysWhichVariantsAreThePapersRulesAndWhichTheRepair() {
        assertEquals("repaired", ENTRY.defaultVariant());
        assertEquals(VariantSpec.Origin.REPAIR, ENTRY.variant("repaired").origin());
        assertEquals(VariantSpec.Origin.REPAIR, ENTRY.variant("repaired-deadlock").origin());
        for (String v : List.of("paper", "message-key", "message-key-no-uturn", "lane-silent", "no-cleanup")) {
            assertEquals(VariantSpec.Origin.PAPER, ENTRY.variant(v).origin(), v);
        }
    }

    @Test
    void theRepairedDesignIsProvenOnOneFlowWithAKnownStateCount() {
        ExplorationReport r = explore(ENTRY.build("repaired", Params.of(Map.of("flows", "0-1", "packets", "2",
                "tokens", "2", "failures", "1", "xoff", "3", "background", "1"))));
        assertTrue(r.complete());
        r.results().forEach(c -> assertInstanceOf(CheckResult.Verified.class, c, c.property()));
        assertEquals(3_362, r.stats().distinctStates());
    }

    /**
     * repaired's defaults: every property holds, and without the escape lane the two messages' first
     * packets, deflected back with no token left, block each other (Duato's escape rescues them).
     */
    @Test
    void atTheDefaultsTheEscapeLaneIsLoadBearing() {
        ExplorationReport r = explore(ENTRY.build("repaired", Params.empty()));
        assertTrue(r.complete());
        assertEquals(46_881, r.stats().distinctStates());
        r.results().forEach(c -> assertInstanceOf(CheckResult.Verified.class, c, c.property()));
        ExplorationReport off = explore(ENTRY.build("repaired", Params.of(Map.of("escape", "off")))
                .selecting(p -> p.name().equals(FabricProperties.NO_ROUTING_DEADLOCK)));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                off.result(FabricProperties.NO_ROUTING_DEADLOCK)).counterexample();
        assertEquals(12, cex.length());
        // the heads of the two full VL1 buffers are the messages' first packets, with no token left
        com.fasterxml.jackson.databind.JsonNode buffers = cex.steps().get(cex.length()).state().get("buffers");
        int firstHeads = 0;
        for (int b = 1; b < buffers.size(); b += 2) {
            if (buffers.get(b).size() > 0 && buffers.get(b).get(0).get("seq").asInt() == 0
                    && buffers.get(b).get(0).get("tokens").asInt() == 0) {
                firstHeads++;
            }
        }
        assertEquals(2, firstHeads);
    }

    @Test
    void followDeadlocksTwoOpposingMessagesWhoseLaterPacketsArePinnedToVl1() {
        ExplorationReport r = explore(ENTRY.build("repaired-deadlock", Params.empty()));
        assertTrue(r.complete());
        assertEquals(433_073, r.stats().distinctStates());
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                r.result(FabricProperties.NO_ROUTING_DEADLOCK)).counterexample();
        assertEquals(28, cex.length());
        assertInstanceOf(CheckResult.Verified.class, r.result(FabricProperties.IN_ORDER));
        // the last state: VL1 buffers full, every VL0 buffer empty
        com.fasterxml.jackson.databind.JsonNode buffers = cex.steps().get(cex.length()).state().get("buffers");
        int vl0 = 0;
        for (int b = 0; b < buffers.size(); b += 2) {
            vl0 += buffers.get(b).size();
        }
        assertEquals(0, vl0, "no packet on the escape lane");
    }

    @Test
    void theLiteralDftReordersWithoutAnyUTurn() {
        Counterexample cex = violation("message-key-no-uturn", FabricProperties.IN_ORDER);
        int uTurns = 0;
        int deflections = 0;
        for (TraceStep s : cex.steps()) {
            if (s.action() == null || !"Forward".equals(s.action().name())) {
                continue;
            }
            int in = (int) s.action().params().get("arc");
            int out = (int) s.action().params().get("out");
            boolean deflection = ((String) s.action().params().get("route")).startsWith("deflect")
                    || "dft-hit".equals(s.action().params().get("route"));
            deflections += deflection ? 1 : 0;
            if (deflection && org.rdmacheck.model.topology.Topology.reverse(in) == out) {
                uTurns++;
            }
        }
        assertEquals(0, uTurns, "no deflection back over the arrival link");
        TraceStep last = cex.steps().get(cex.steps().size() - 1);
        assertEquals("discard-out-of-order", last.action().params().get("receiver"));
        assertTrue(deflections > 0, "the message was deflected");
    }

    @Test
    void aStaleEntryAtASurvivorBlackHolesTheRetransmission() {
        Counterexample cex = violation("no-cleanup", "DeadlockFree");
        boolean failed = false;
        boolean resent = false;
        for (TraceStep s : cex.steps()) {
            if (s.action() == null) {
                continue;
            }
            failed |= s.action().name().equals("Fail");
            resent |= failed && s.action().name().equals("Send");
        }
        assertTrue(failed && resent, "the sender retransmits after the failure, then nothing can move");
        boolean entries = false;
        for (com.fasterxml.jackson.databind.JsonNode table : cex.steps().get(cex.steps().size() - 1).state().get("dft")) {
            entries |= table.size() > 0;
        }
        assertTrue(entries, "a DFT entry survives the failure");
    }

    @Test
    void theLaneChangeRuleOfThePaperReordersAndFollowRestoresOrder() {
        Counterexample cex = violation("lane-silent", FabricProperties.IN_ORDER);
        assertTrue(cex.steps().stream().anyMatch(s -> s.action() != null
                && "escape".equals(s.action().params().get("route"))), "a packet changed lane");
        ExplorationReport r = explore(ENTRY.build("repaired", Params.of(Map.of("xoff", "2", "failures", "0",
                "flows", "0-1", "packets", "2", "tokens", "2", "background", "1"))));
        assertInstanceOf(CheckResult.Verified.class, r.result(FabricProperties.IN_ORDER));
        assertInstanceOf(CheckResult.Verified.class, r.result("DeadlockFree"));
    }

    @Test
    void badParametersAreOneLineInputErrors() {
        for (Map<String, String> bad : List.of(Map.of("packets", "0"), Map.of("flows", "0-0"),
                Map.of("dft-key", "flow"), Map.of("uturns", "maybe"), Map.of("lane-change", "x"),
                Map.of("cleanup", "x"), Map.of("escape", "x"), Map.of("xoff", "1"), Map.of("failures", "2"),
                Map.of("topology", "leafspine:tors=2,spines=1,hosts=1", "failures", "1"), Map.of("nope", "1"),
                Map.of("knockout", "no-such"), Map.of("lane-change", "table", "lane-rule", "SSS.SSS.SSS.SSS.SSS.SSS.SSS"))) {
            InputException ex = assertThrows(InputException.class, () -> ENTRY.build("repaired", Params.of(bad)),
                    bad.toString());
            assertTrue(!ex.getMessage().contains("\n"), ex.getMessage());
        }
    }
}
