package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.model.Params;

/** A comparison in which either checker did not finish never CONFORMS, whatever the partial counts. */
class ConformanceUnsettledTest {

    private static final Map<String, String> PARAMS = Map.of("messages", "3", "capacity", "2");

    private static SpecManifest fifo() {
        return SpecManifest.read(ManifestConformanceTest.specsRoot().resolve("fifo"));
    }

    @Test
    void explorerStoppedAtItsStateLimit() {
        ConformanceResult r = new Conformance(TlcOptions.defaults().withTimeLimitMillis(300_000),
                ExplorerSettings.defaults().withThreads(1).withMaxStates(3)).compare(fifo(), "reorder", Params.of(PARAMS));
        assertFalse(r.conforms());
        assertTrue(r.mismatches().stream().anyMatch(m -> m.startsWith("not settled: the explorer did not finish")),
                r.mismatches().toString());
    }

    @Test
    void tlcStoppedAtItsTimeLimit() {
        ConformanceResult r = new Conformance(TlcOptions.defaults().withTimeLimitMillis(1),
                ExplorerSettings.defaults().withThreads(1)).compare(fifo(), "reorder", Params.of(PARAMS));
        assertFalse(r.conforms());
        assertTrue(r.mismatches().stream().anyMatch(m -> m.startsWith("not settled: TLC did not finish")),
                r.mismatches().toString());
    }
}
