package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.liveness.LassoReplayer;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.engine.liveness.LivenessReport;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.properties.partition.PartitionEntry;

/**
 * {@code EveryTransferCompletes} (every fair behaviour completes every transfer, with finitely many
 * QP errors) per variant at its defaults; the verdicts are TLC's for the same constants
 * (specs/partition/manifest.json).
 */
class PartitionLivenessTest {

    private static final PartitionEntry ENTRY = new PartitionEntry();

    private static LivenessReport check(String variant) {
        LivenessSpec<?> live = ENTRY.liveness(ENTRY.build(variant, Params.empty())).orElseThrow();
        return new LivenessChecker(ExplorerSettings.defaults().withThreads(2).withProgress(0, x -> { })).check(live);
    }

    @ParameterizedTest
    @ValueSource(strings = {"paper", "no-data-id", "arrival-offset", "last-chunk-full-size", "no-completion-wait",
        "repost-before-consume", "no-receive-repost", "error-after-landing", "reuse-on-send-completion",
        "rnr-retry-zero"})
    void everyVariantMeetsItsLivenessExpectationWithAReplayableLasso(String variant) {
        LivenessSpec<?> live = ENTRY.liveness(ENTRY.build(variant, Params.empty())).orElseThrow();
        LivenessReport r = check(variant);
        assertTrue(r.complete(), r.stopReason());
        CheckResult res = r.result(PartitionEntry.COMPLETES);
        assertEquals(live.expectedViolations().contains(PartitionEntry.COMPLETES),
                res.verdict() == CheckResult.Verdict.VIOLATED, variant + ": " + res);
        if (res instanceof CheckResult.Violated v) {
            assertEquals(Counterexample.Kind.TEMPORAL, v.counterexample().kind());
            assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(live, v.counterexample()));
        }
    }

    @Test
    void withRnrRetryZeroTheRecoveryLivelocksThoughCompletionStaysReachable() {
        LivenessReport r = check("rnr-retry-zero");
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result(PartitionEntry.COMPLETES))
                .counterexample();
        List<String> loop = cex.steps().subList(cex.loopStart() + 1, cex.steps().size()).stream()
                .map(TraceStep::action).map(a -> a.name()).toList();
        // the loop: the chunk is posted again, meets no receive WR, errors the QP, which is reconnected
        assertTrue(loop.contains("RnrError"), loop.toString());
        assertTrue(loop.contains("Reconnect"), loop.toString());
        assertTrue(loop.contains("Resend"), loop.toString());
        assertTrue(!loop.contains("PostReceive") && !loop.contains("Reorder"), loop.toString());
        // AG EF completion holds: the livelock is a matter of fairness, not of a dead end
        var safety = new org.rdmacheck.engine.Explorer(ExplorerSettings.defaults().withThreads(2)
                .withProgress(0, x -> { })).check(ENTRY.build("rnr-retry-zero", Params.empty()));
        assertInstanceOf(CheckResult.Verified.class, safety.result("EveryTransferCanComplete"));
    }
}
