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
                () -> ENTRY.build("shared-lookahead", Params.empty()));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("persistent", Params.of(Map.of("senders", "1"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("dart", Params.of(Map.of("lookahead", "maybe"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("dart", Params.of(Map.of("senders", "-1"))));
    }
}
