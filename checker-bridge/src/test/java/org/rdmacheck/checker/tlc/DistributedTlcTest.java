package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;

/**
 * Distributed TLC (a TLCServer and two TLCWorker processes on 127.0.0.1) finds the same number of
 * distinct states as a single TLC, and still reports a deadlock. Three JVMs start per run, so the
 * test is tagged slow ({@code mvn verify -Pslow}).
 */
@Tag("slow")
class DistributedTlcTest {

    private static TlcRequest philosophers(boolean ordered) {
        Path dir = ManifestPaths.specs().resolve("philosophers");
        return TlcRequest.of(dir.resolve("MCSpec.tla"), dir.resolve("MCSpec.cfg"))
                .withConstants(Map.of("N", "6", "Ordered", ordered ? "TRUE" : "FALSE"));
    }

    @Test
    void distributedCountEqualsSingleProcessCount() {
        TlcOptions opts = TlcOptions.defaults().withTimeLimitMillis(300_000);
        TlcReport single = new TlcChecker(opts).check(philosophers(true));
        TlcReport distributed = new DistributedTlc(opts.withWorkers(2)).check(philosophers(true));
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS, distributed.outcome(), distributed.detail());
        assertEquals(single.stats().distinctStates(), distributed.stats().distinctStates());
        assertTrue(single.stats().distinctStates() > 100);
        assertEquals(2, distributed.stats().threads());
    }

    @Test
    void distributedRunReportsTheDeadlock() {
        TlcReport r = new DistributedTlc(TlcOptions.defaults().withWorkers(2).withTimeLimitMillis(300_000))
                .check(philosophers(false));
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.DEADLOCK, r.outcome());
        assertInstanceOf(CheckResult.Violated.class, r.result(TlcChecker.DEADLOCK));
    }
}
