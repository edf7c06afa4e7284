package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.explorer.ExplorationReport;
import org.rdmacheck.checker.explorer.Explorer;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.partition.PartitionEntry;

/**
 * Larger partition configurations (run with {@code mvn -B verify -Pslow}); the state counts are
 * TLC's for the same constants (specs/partition/README.md).
 */
@Tag("slow")
class PartitionSlowTest {

    @ParameterizedTest
    @CsvSource({"paper,6,2,3,3,9118", "no-data-id,7,2,3,2,12431", "arrival-offset,6,2,3,3,46456",
        "no-completion-wait,6,2,3,3,296218", "no-completion-wait,7,2,3,2,52813"})
    void largerConfigurationsMatchTlcAndKeepTheirVerdicts(String variant, int size, int chunk, int qps, int transfers,
                                                          long tlcStates) {
        PartitionEntry e = new PartitionEntry();
        var spec = e.build(variant, Params.of(Map.of("size", "" + size, "chunk", "" + chunk, "qps", "" + qps,
                "transfers", "" + transfers)));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withProgress(0, x -> { })).check(spec);
        assertTrue(r.complete());
        assertEquals(tlcStates, r.stats().distinctStates());
        for (CheckResult x : r.results()) {
            if (spec.mustFail(x.property())) {
                assertInstanceOf(CheckResult.Violated.class, x, x.property());
            } else {
                assertInstanceOf(CheckResult.Verified.class, x, x.property());
            }
        }
    }
}
