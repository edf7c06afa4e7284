package org.rdmacheck.checker.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.explorer.ExplorationReport;
import org.rdmacheck.checker.explorer.Explorer;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.dasr.DasrEntry;

/** Verdicts of every {@code dasr} run of {@code rdmacheck all}, and the convergence lasso. */
class DasrVerdictsTest {

    private static final DasrEntry ENTRY = new DasrEntry();

    static ExplorationReport check(String variant, Map<String, String> params) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(params));
        return new Explorer(ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { })).check(spec);
    }

    static Set<String> violated(ExplorationReport r) {
        Set<String> out = new TreeSet<>();
        for (CheckResult c : r.results()) {
            assertTrue(c instanceof CheckResult.Verified || c instanceof CheckResult.Violated, c.toString());
            if (c instanceof CheckResult.Violated) {
                out.add(c.property());
            }
        }
        return out;
    }

    @Test
    void everyRunViolatesExactlyItsMustFailProperties() {
        for (ModelEntry.Run run : ENTRY.allRuns()) {
            ExplorationReport r = check(run.variant(), run.params().asMap());
            assertEquals(new TreeSet<>(ENTRY.variant(run.variant()).mustFail()), violated(r),
                    run.variant() + " " + run.params());
        }
    }

    /** Every property either has a variant that violates it at that variant's defaults, or is structural. */
    @Test
    void everyPropertyMustFailSomewhereOrIsStructural() {
        Set<String> structural = ENTRY.structuralProperties().keySet();
        assertEquals(Set.of("MachineTotal", "MachineDeterministic", "DeadlockFree"), structural);
        Set<String> covered = new TreeSet<>(structural);
        for (var v : ENTRY.variants()) {
            covered.addAll(v.mustFail());
            for (String s : structural) {
                assertTrue(!v.mustFail().contains(s), "structural " + s + " must fail in " + v.name());
            }
        }
        Set<String> all = new TreeSet<>();
        ENTRY.build("dart", Params.empty()).properties().forEach(p -> all.add(p.name()));
        ENTRY.build("persistent", Params.empty()).properties().forEach(p -> all.add(p.name()));
        assertEquals(all, covered);
        for (ModelEntry.Run run : ENTRY.allRuns()) {
            if (!ENTRY.variant(run.variant()).mustFail().isEmpty()) {
                assertTrue(run.params().asMap().isEmpty(), run.variant() + " fails at its own defaults");
            }
        }
    }

    /** Two tenants with the other sizes at the variant's defaults: a finished check with the leak. */
    @Test
    void sharedLookaheadWithTwoTenantsReportsTheLeak() {
        CheckSpec<?> spec = ENTRY.build("shared-lookahead", Params.of(Map.of("tenants", "2")));
        assertEquals(Map.of("senders", "1", "messages", "1", "tenants", "2"),
                Map.of("senders", spec.parameters().get("senders"), "messages", spec.parameters().get("messages"),
                        "tenants", spec.parameters().get("tenants")));
        ExplorationReport r = check("shared-lookahead", Map.of("tenants", "2"));
        assertEquals(Set.of("TenantIsolation"), violated(r));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("TenantIsolation"))
                .counterexample();
        assertTrue(cex.steps().size() >= 2, "a trace to the leaking step");
        assertTrue(r.stats().distinctStates() < 100_000, "distinct states " + r.stats().distinctStates());
    }

    @Test
    void paperDesignStateCountIsStableAcrossThreadCounts() {
        CheckSpec<?> spec = ENTRY.build("dart", Params.empty());
        long one = new Explorer(ExplorerSettings.defaults().withThreads(1)).check(spec).stats().distinctStates();
        long two = new Explorer(ExplorerSettings.defaults().withThreads(2)).check(spec).stats().distinctStates();
        assertEquals(one, two);
        assertEquals(18_348, one);
    }

    /** The paper's machine oscillates RC, NRC, NRC, RC forever under persistent combined congestion. */
    @Test
    void persistentCombinedCongestionIsALassoThroughBothCongestionStates() {
        for (String senders : List.of("2", "3", "4")) {
            ExplorationReport r = check("persistent", Map.of("senders", senders));
            CheckResult res = r.result("Settles");
            Counterexample cex = assertInstanceOf(CheckResult.Violated.class, res).counterexample();
            assertEquals(org.rdmacheck.checker.Counterexample.Kind.PROGRESS, cex.kind());
            assertTrue(cex.loopStart() >= 0, "a lasso, not a dead end");
            List<String> loop = new ArrayList<>();
            for (TraceStep s : cex.steps().subList(cex.loopStart(), cex.steps().size())) {
                loop.add(s.state().get("mode").asText());
            }
            assertTrue(loop.contains("ReceiverCongestion") && loop.contains("NonReceiverCongestion"),
                    "senders=" + senders + " loop " + loop);
            assertTrue(!loop.contains("NoCongestion"), "senders=" + senders + " loop " + loop);
        }
    }

    /** Without DCQCN's standing-queue marks the loop goes through NoCongestion instead of RC. */
    @Test
    void overloadOnlyMarkingOscillatesBetweenNoCongestionAndNonReceiverCongestion() {
        ExplorationReport r = check("persistent-overload-marks", Map.of());
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("Settles")).counterexample();
        assertTrue(cex.loopStart() >= 0, "a lasso, not a dead end");
        Set<String> loop = new TreeSet<>();
        for (TraceStep s : cex.steps().subList(cex.loopStart(), cex.steps().size())) {
            loop.add(s.state().get("mode").asText());
        }
        assertEquals(Set.of("NoCongestion", "NonReceiverCongestion"), loop);
    }

    @Test
    void hysteresisReadingSettlesForEverySenderCount() {
        for (String senders : List.of("2", "3", "4")) {
            ExplorationReport r = check("persistent-hysteresis", Map.of("senders", senders));
            assertInstanceOf(CheckResult.Verified.class, r.result("Settles"), "senders=" + senders);
        }
    }

    @Test
    void impossibleMustFailConfigurationsAreUsageErrors() {
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("shared-lookahead", Params.of(Map.of("tenants", "1"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("persistent", Params.of(Map.of("senders", "1"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("dart", Params.of(Map.of("lookahead", "maybe"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("dart", Params.of(Map.of("senders", "-1"))));
    }
}
