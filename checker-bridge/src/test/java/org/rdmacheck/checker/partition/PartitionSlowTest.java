package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
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
        assertExpectedVerdicts(spec, r, Set.of(), Set.of());
    }

    /**
     * Every property the variant must fail is violated but those named in {@code holdHere} (which the
     * variant violates only at other parameters), those in {@code failHere} too (which the variant keeps
     * at its defaults and violates only here), every other property verified.
     */
    private static void assertExpectedVerdicts(CheckSpec<?> spec, ExplorationReport r, Set<String> holdHere,
                                               Set<String> failHere) {
        assertTrue(r.complete(), r.stopReason());
        for (String p : holdHere) {
            assertTrue(spec.mustFail(p), p + " is not a property the variant must fail");
        }
        for (String p : failHere) {
            assertTrue(!spec.mustFail(p), p + " is a property the variant must fail at its defaults already");
        }
        for (CheckResult x : r.results()) {
            if (spec.mustFail(x.property()) && !holdHere.contains(x.property()) || failHere.contains(x.property())) {
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

    /**
     * Larger defaults of the smaller variants; the counts are TLC's for the same constants. The
     * next-to-last column names the properties the variant fails at its defaults that hold here:
     * error-after-landing's NoChunkLost and DataIdsNeverMix need a reused data ID (the stale copy of a
     * chunk whose ACK was lost lands in the next transfer on that ID), and two IDs for two transfers reuse
     * none. The last names those it keeps at its defaults and fails here: with two errors after landing
     * both chunks of a transfer land twice, so the receiver hands the same bytes over twice under one
     * data ID (NoDuplicateDelivery, 18 steps); one error duplicates one chunk only.
     */
    @ParameterizedTest
    @CsvSource({"paper,3,2,2,3,2,1,1,18353,'',''",
        "error-after-landing,3,2,2,2,2,1,2,110369,NoChunkLost;DataIdsNeverMix,NoDuplicateDelivery",
        "repost-before-consume,3,2,2,2,2,2,0,36780,'',''"})
    void largerConfigurationsKeepTheirVerdicts(String variant, int size, int chunk, int qps, int transfers, int ids,
                                               int receiveWrs, int errors, long states, String holdHere,
                                               String failHere) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(Map.of("size", "" + size, "chunk", "" + chunk,
                "qps", "" + qps, "transfers", "" + transfers, "ids", "" + ids, "receiveWrs", "" + receiveWrs,
                "errors", "" + errors)));
        ExplorationReport r = check(spec, false);
        assertExpectedVerdicts(spec, r, holdHere.isEmpty() ? Set.of() : Set.of(holdHere.split(";")),
                failHere.isEmpty() ? Set.of() : Set.of(failHere.split(";")));
        assertEquals(states, r.stats().distinctStates());
    }
}
