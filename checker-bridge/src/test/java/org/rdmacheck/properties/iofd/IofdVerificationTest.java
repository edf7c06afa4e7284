package org.rdmacheck.properties.iofd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.VariantSpec;

/** Exhaustive checks of the IOFD catalogue runs: the design is proven, every broken variant fails as declared. */
class IofdVerificationTest {

    private static final IofdEntry ENTRY = new IofdEntry();

    static ExplorationReport explore(CheckSpec<?> spec) {
        return new Explorer(ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { })).check(spec);
    }

    @TestFactory
    Stream<DynamicTest> everyCatalogueRunViolatesExactlyItsDeclaredProperties() {
        return ENTRY.allRuns().stream().map(run -> DynamicTest.dynamicTest(run.variant() + " " + run.params(), () -> {
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
    void everyPropertyIsViolatedBySomeVariantOrIsStructural() {
        Set<String> covered = new TreeSet<>(ENTRY.structuralProperties().keySet());
        ENTRY.variants().forEach(v -> covered.addAll(v.mustFail()));
        Set<String> all = new TreeSet<>();
        ENTRY.build("dft", Params.empty()).properties().forEach(p -> all.add(p.name()));
        assertEquals(all, covered);
        for (String s : ENTRY.structuralProperties().keySet()) {
            ENTRY.variants().forEach(v -> assertTrue(!v.mustFail().contains(s), s + " is structural"));
        }
    }

    @Test
    void listNamesThePapersRuleAndTheRepair() {
        assertEquals(VariantSpec.Origin.REPAIR, ENTRY.variant("dft").origin());
        assertEquals(VariantSpec.Origin.PAPER, ENTRY.variant("flow-keyed").origin());
        assertEquals("dft", ENTRY.defaultVariant());
    }

    @Test
    void reorderingTracesEndWithAPacketDeliveredAheadOfItsTurn() {
        for (String v : new String[] {"no-dft", "free-on-first", "flow-keyed"}) {
            CheckSpec<?> spec = ENTRY.build(v, Params.empty());
            Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                    explore(spec).result(IofdProperties.IN_ORDER)).counterexample();
            TraceStep last = cex.steps().get(cex.steps().size() - 1);
            assertEquals("Deliver", last.action().name(), v);
            assertEquals("discard-out-of-order", last.action().params().get("receiver"), v);
        }
    }

    @Test
    void unlimitedTokensBounceForeverInALasso() {
        CheckSpec<?> spec = ENTRY.build("unlimited-tokens", Params.of(Map.of("packets", "1")));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                explore(spec).result(IofdProperties.PROGRESS)).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.PROGRESS, cex.kind());
        assertTrue(cex.loopStart() >= 0, "a cycle without progress");
        boolean deflects = false;
        for (int i = cex.loopStart() + 1; i < cex.steps().size(); i++) {
            Object route = cex.steps().get(i).action().params().get("route");
            deflects |= route != null && !route.equals("normal");
        }
        assertTrue(deflects, "the cycle misroutes the packet");
    }

    @Test
    void theDesignIsProvenOnOneFlowWithAKnownStateCount() {
        ExplorationReport r = explore(ENTRY.build("dft", Params.of(Map.of("flows", "0-1", "queue", "3", "packets", "2",
                "failures", "1"))));
        assertTrue(r.complete());
        r.results().forEach(c -> assertInstanceOf(CheckResult.Verified.class, c, c.property()));
        assertEquals(1_298, r.stats().distinctStates());
    }

    @Test
    void deflectionWithoutEscapeLanesDeadlocksTwoOpposingMessages() {
        ExplorationReport r = explore(ENTRY.build("dft", Params.empty()));
        assertTrue(r.complete());
        assertEquals(76_072, r.stats().distinctStates());
        for (CheckResult c : r.results()) {
            if (c.property().equals("DeadlockFree") || c.property().equals(IofdProperties.PROGRESS)) {
                assertInstanceOf(CheckResult.Violated.class, c, c.property());
            } else {
                assertInstanceOf(CheckResult.Verified.class, c, c.property());
            }
        }
        org.rdmacheck.checker.Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                r.result("DeadlockFree")).counterexample();
        assertEquals(15, cex.steps().size() - 1, "shortest deadlock: 15 steps");
    }

    @Test
    void badParametersAreOneLineInputErrors() {
        ModelEntry e = ENTRY;
        for (Map<String, String> bad : java.util.List.of(Map.of("packets", "0"), Map.of("flows", "0-0"),
                Map.of("flows", "0-9"), Map.of("topology", "leafspine:tors=2,spines=1,hosts=1", "failures", "1"),
                Map.of("topology", "fattree:k=8"), Map.of("tokens", "-1"), Map.of("nope", "1"))) {
            InputException ex = org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                    () -> e.build("dft", Params.of(bad)), bad.toString());
            assertTrue(!ex.getMessage().contains("\n"), ex.getMessage());
        }
    }

    @TestFactory
    Stream<DynamicTest> explorerCountsEqualTheTlaManifest() throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Paths.get("").toAbsolutePath();
        while (!java.nio.file.Files.isDirectory(dir.resolve("specs"))) {
            dir = dir.getParent();
        }
        com.fasterxml.jackson.databind.JsonNode m = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("specs/iofd/manifest.json").toFile());
        java.util.List<DynamicTest> tests = new java.util.ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode c : m.get("configurations")) {
            if (c.has("config")) {
                continue; // refinement checks (RefinementConformanceTest): TLC's properties, not the explorer's
            }
            Map<String, String> params = new java.util.LinkedHashMap<>();
            c.get("parameters").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            tests.add(DynamicTest.dynamicTest(c.get("name").asText(), () -> {
                ExplorationReport r = explore(ENTRY.build(c.get("variant").asText(), Params.of(params)));
                assertEquals(c.get("expect").get("distinctStates").asLong(), r.stats().distinctStates());
            }));
        }
        return tests.stream();
    }
}
