package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * gbn-timed's Delivered ({@code <>done}) under the twin's fairness (weak fairness of every protocol
 * action and of Tick, none for the network's faults), per variant at its defaults: the paper's five
 * schemes hold it, gbn-no-rto (a lost packet, no RTO: the sender stops) and gbn-five-packets (the
 * RTO resends the same window for ever, time passing) violate it, each lasso replaying on the model.
 */
class TimedGbnLivenessTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();

    private static LivenessReport check(LivenessSpec<?> live) {
        LivenessReport r = new LivenessChecker(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { }))
                .check(live);
        assertTrue(r.complete(), r.stopReason());
        return r;
    }

    private static CheckResult delivered(String variant, Map<String, String> params) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(params));
        LivenessSpec<?> live = ENTRY.liveness(spec).orElseThrow();
        LivenessReport r = check(live);
        CheckResult res = r.result(TimedGbnProperties.DELIVERED);
        assertEquals(live.expectedViolations().contains(TimedGbnProperties.DELIVERED),
                res.verdict() == CheckResult.Verdict.VIOLATED, variant + " " + params + ": " + res);
        if (res instanceof CheckResult.Violated v) {
            assertEquals(Counterexample.Kind.TEMPORAL, v.counterexample().kind());
            assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(live, v.counterexample()));
        }
        return res;
    }

    @Test
    void everySchemeAtItsDefaultsMeetsItsExpectation() {
        for (String variant : new String[] {"gbn", "gb0", "st", "ce", "improved"}) {
            assertEquals(CheckResult.Verdict.VERIFIED, delivered(variant, Map.of()).verdict(), variant);
        }
        // the twin's counts (specs/gbn-timed/manifest.json, live-improved): the same graph
        CheckSpec<?> spec = ENTRY.build("improved", Params.empty());
        assertEquals(1_093, check(ENTRY.liveness(spec).orElseThrow()).stats().distinctStates());
    }

    /** No RTO: a lost packet leaves the sender waiting, and the fair behaviour stutters there. */
    @Test
    void gbnNoRtoStopsWithAPacketLost() {
        Counterexample cex = ((CheckResult.Violated) delivered("gbn-no-rto", Map.of())).counterexample();
        assertEquals(cex.steps().size() - 1, cex.loopStart(), "the loop is a stutter at the last state");
        assertTrue(cex.steps().stream().anyMatch(s -> s.action() != null && s.action().name().startsWith("Lose")));
    }

    /** The ACK-request rule: no packet of the window asks for an ACK, and the RTO resends it for ever. */
    @Test
    void gbnFivePacketsLivelocksWithTimePassing() {
        Counterexample cex = ((CheckResult.Violated) delivered("gbn-five-packets", Map.of())).counterexample();
        List<TraceStep> loop = cex.steps().subList(cex.loopStart() + 1, cex.steps().size());
        assertTrue(loop.stream().anyMatch(s -> s.action().name().equals(TimedGoBackN.TIMEOUT)), "the RTO fires in the loop");
        assertTrue(loop.stream().anyMatch(s -> s.action().name().equals("Tick")), "time passes in the loop");
        // with an AckReq inside the window (every 2nd packet) the same shape completes
        assertEquals(CheckResult.Verdict.VERIFIED, delivered("gbn", Map.of("packets", "5", "ackInterval", "2"))
                .verdict());
    }

    /** The fairness is the twin's, action for action, as the check states it. */
    @Test
    void fairnessIsTheTwins() {
        LivenessSpec<?> live = ENTRY.liveness(ENTRY.build("improved", Params.empty())).orElseThrow();
        assertEquals("<>P under WF(Send), WF(ReceiveData), WF(ReceiveAck|ReceiveNak), WF(NakIntervalExpiry), "
                + "WF(CheckEpsn), WF(Timeout), WF(Tick)", live.properties().get(0).describe());
    }

    /**
     * It can fail for the fairness too: without weak fairness of Tick a behaviour may stop time
     * before a timer is due, and even Improved does not complete.
     */
    @Test
    @SuppressWarnings("unchecked")
    void withoutTickFairnessTimeMayStop() {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("improved", Params.empty());
        TimedGoBackN m = (TimedGoBackN) spec.model();
        Liveness<LayoutState> noTick = new Liveness<>("DeliveredWithoutTickFairness", Liveness.Form.EVENTUALLY,
                m::done, null, TimedGbnEntry.FAIRNESS.stream().filter(f -> !f.label().equals("Tick")).toList());
        LivenessSpec<LayoutState> live = new LivenessSpec<>(spec, List.of(noTick), Set.of());
        CheckResult res = check(live).result("DeliveredWithoutTickFairness");
        assertEquals(CheckResult.Verdict.VIOLATED, res.verdict());
        Counterexample cex = ((CheckResult.Violated) res).counterexample();
        assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(live, cex));
    }
}
