package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.model.Params;

/**
 * A comparison in which either checker did not finish never CONFORMS, whatever the partial counts,
 * and is no MISMATCH either: it is unsettled (the CLI's INCONCLUSIVE, exit 3).
 */
class ConformanceUnsettledTest {

    private static final Map<String, String> PARAMS = Map.of("messages", "3", "capacity", "2");

    private static SpecManifest manifest(String folder) {
        return SpecManifest.read(ManifestConformanceTest.specsRoot().resolve(folder));
    }

    @Test
    void explorerStoppedAtItsStateLimit() {
        ConformanceResult r = new Conformance(TlcOptions.defaults().withTimeLimitMillis(300_000),
                ExplorerSettings.defaults().withThreads(1).withMaxStates(3)).compare(manifest("fifo"), "reorder",
                Params.of(PARAMS));
        assertFalse(r.conforms());
        assertTrue(r.inconclusive(), r.mismatches().toString());
        assertEquals(List.of(), r.mismatches());
        assertTrue(r.unsettled().stream().anyMatch(m -> m.startsWith("the explorer did not finish")),
                r.unsettled().toString());
        assertEquals(java.util.Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.STATE_LIMIT), r.cause());
    }

    @Test
    void tlcStoppedAtItsTimeLimit() {
        ConformanceResult r = new Conformance(TlcOptions.defaults().withTimeLimitMillis(1),
                ExplorerSettings.defaults().withThreads(1)).compare(manifest("fifo"), "reorder", Params.of(PARAMS));
        assertFalse(r.conforms());
        assertTrue(r.inconclusive(), r.mismatches().toString());
        assertTrue(r.unsettled().stream().anyMatch(m -> m.startsWith("TLC did not finish")), r.unsettled().toString());
        assertEquals(java.util.Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT), r.cause());
    }

    @Test
    void manifestConfigurationWithTheExplorerCutShortIsUnsettledNotAMismatch() {
        SpecManifest fifo = manifest("fifo");
        ConformanceResult r = new Conformance(TlcOptions.defaults().withTimeLimitMillis(300_000),
                ExplorerSettings.defaults().withThreads(1).withMaxStates(3)).check(fifo, fifo.configurations().get(0));
        assertTrue(r.inconclusive(), r.mismatches().toString());
        assertEquals(3, r.javaDistinct());
    }

    @Test
    void symmetryReductionIsNotAppliedAgainstTheUnreducedTwin() {
        // the partition twin runs without SYMMETRY: with reduction the explorer would count classes
        ConformanceResult r = new Conformance(TlcOptions.defaults().withTimeLimitMillis(300_000),
                ExplorerSettings.defaults().withThreads(1).withSymmetry(true)).compare(manifest("partition"), "paper",
                Params.of(Map.of("errors", "0", "transfers", "1")));
        assertTrue(r.conforms(), r.mismatches() + " " + r.unsettled());
        assertEquals(r.tlcDistinct(), r.javaDistinct());
    }
}
