package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.partition.PartitionEntry;

/**
 * Larger partition configurations, run with {@code mvn -B verify -Pslow} (or
 * {@code mvn -B -o -pl checker-bridge -am test -Pslow -Dtest=PartitionSlowTest
 * -Dsurefire.failIfNoSpecifiedTests=false}). The proof of the paper's design with three transfers
 * over four QPs (two data IDs, so one is reused, and one QP error) takes minutes under symmetry
 * reduction; its counts and times are in the README's partition section, with the command that
 * checks EveryTransferCompletes on the full state space (2.7 M states: several GB of heap, left
 * out of the test so that a shared machine's memory does not decide it).
 */
@Tag("slow")
class PartitionSlowTest {

    private static final PartitionEntry ENTRY = new PartitionEntry();

    /** Three transfers of two one-byte chunks over four QPs; transfer 2 reuses data ID 0; one QP error. */
    private static final Map<String, String> THREE_OVER_FOUR = Map.of("size", "2", "chunk", "1", "qps", "4",
            "transfers", "3", "ids", "2", "errors", "1");

    private static ExplorationReport check(CheckSpec<?> spec, boolean symmetry) {
        return new Explorer(ExplorerSettings.defaults().withSymmetry(symmetry).withProgress(0, x -> { })).check(spec);
    }

    private static void assertExpectedVerdicts(CheckSpec<?> spec, ExplorationReport r) {
        assertTrue(r.complete(), r.stopReason());
        for (CheckResult x : r.results()) {
            if (spec.mustFail(x.property())) {
                assertInstanceOf(CheckResult.Violated.class, x, x.property());
            } else {
                assertInstanceOf(CheckResult.Verified.class, x, x.property());
            }
        }
    }

    @Test
    void threeTransfersOverFourQpsKeepEveryPropertyUpToQpRenaming() {
        CheckSpec<?> spec = ENTRY.build("paper", Params.of(THREE_OVER_FOUR));
        ExplorationReport r = check(spec, true);
        assertExpectedVerdicts(spec, r);
        assertEquals(122_930, r.stats().distinctStates());
    }

    /** Larger defaults of the smaller variants; the counts are TLC's for the same constants. */
    @ParameterizedTest
    @CsvSource({"paper,3,2,2,3,2,1,1,18353", "error-after-landing,3,2,2,2,2,1,2,110369",
        "repost-before-consume,3,2,2,2,2,2,0,36780"})
    void largerConfigurationsKeepTheirVerdicts(String variant, int size, int chunk, int qps, int transfers, int ids,
                                               int receiveWrs, int errors, long states) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(Map.of("size", "" + size, "chunk", "" + chunk,
                "qps", "" + qps, "transfers", "" + transfers, "ids", "" + ids, "receiveWrs", "" + receiveWrs,
                "errors", "" + errors)));
        ExplorationReport r = check(spec, false);
        assertExpectedVerdicts(spec, r);
        assertEquals(states, r.stats().distinctStates());
    }
}
