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
        return result(variant, params, TimedGbnProperties.DELIVERED);
    }

    /** The property's verdict, as expected by the entry; a lasso of kind temporal that replays. */
    private static CheckResult result(String variant, Map<String, String> params, String property) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.of(params));
        LivenessSpec<?> live = ENTRY.liveness(spec).orElseThrow();
        LivenessReport r = check(live);
        CheckResult res = r.result(property);
        assertEquals(live.expectedViolations().contains(property),
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

    /** The fairness is the twin's, action for action, as the check states it, for both properties. */
    @Test
    void fairnessIsTheTwins() {
        LivenessSpec<?> live = ENTRY.liveness(ENTRY.build("improved", Params.empty())).orElseThrow();
        String fairness = " under WF(Send), WF(ReceiveData), WF(ReceiveAck|ReceiveNak), WF(NakIntervalExpiry), "
                + "WF(CheckEpsn), WF(Timeout), WF(Tick)";
        assertEquals("<>P" + fairness, live.properties().get(0).describe());
        assertEquals(TimedGbnProperties.TIME_DIVERGES, live.properties().get(1).name());
        assertEquals("<>[]P \\/ []<>A" + fairness, live.properties().get(1).describe());
    }

    /**
     * TimeDiverges ({@code <>[]final \/ []<><<Tick>>_vars}, the twin's no-Zeno argument): the five
     * schemes and gbn-five-packets (its RTO resends the window for ever, time passing) hold it, with
     * the twin's counts (manifest live-improved 1,093 and live-gbn-five-packets-time-diverges 1,288).
     */
    @Test
    void timeDivergesInEverySchemeAndInTheRtoLivelock() {
        for (String variant : new String[] {"gbn", "gb0", "st", "ce", "improved", "gbn-five-packets"}) {
            CheckResult res = result(variant, Map.of(), TimedGbnProperties.TIME_DIVERGES);
            assertEquals(CheckResult.Verdict.VERIFIED, res.verdict(), variant);
        }
        CheckSpec<?> spec = ENTRY.build("gbn-five-packets", Params.empty());
        assertEquals(1_288, check(ENTRY.liveness(spec).orElseThrow()).stats().distinctStates());
    }

    /**
     * No RTO (gbn-no-rto): a lost packet, nothing in flight and no timer running, so no tick is due and
     * Tick is disabled: time stops in a fair behaviour that is not final (the twin's
     * live-gbn-no-rto-time-diverges, 399 states). The lasso stutters at its last state, where no
     * action is enabled (so every weak fairness holds there), and it is not final.
     */
    @Test
    @SuppressWarnings("unchecked")
    void timeStopsInGbnNoRto() {
        CheckResult res = result("gbn-no-rto", Map.of(), TimedGbnProperties.TIME_DIVERGES);
        Counterexample cex = ((CheckResult.Violated) res).counterexample();
        assertEquals(Counterexample.Kind.TEMPORAL, cex.kind());
        assertEquals(cex.steps().size() - 1, cex.loopStart(), "the loop is a stutter at the last state");
        assertEquals(cex.loopStart(), cex.violationIndex());
        assertTrue(cex.note().startsWith("<>[]P \\/ []<>A fails"), cex.note());
        assertTrue(cex.note().endsWith("(fair under WF(Send), WF(ReceiveData), WF(ReceiveAck|ReceiveNak), "
                + "WF(NakIntervalExpiry), WF(CheckEpsn), WF(Timeout), WF(Tick))"), cex.note());
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("gbn-no-rto", Params.empty());
        TimedGoBackN m = (TimedGoBackN) spec.model();
        assertEquals(399, check(ENTRY.liveness(spec).orElseThrow()).stats().distinctStates());
        // the last state, rebuilt by replaying the trace's actions: not final, and nothing enabled there
        LayoutState s = m.initialStates().get(0);
        for (TraceStep st : cex.steps().subList(1, cex.steps().size())) {
            List<org.rdmacheck.model.Transition<LayoutState>> ts = new java.util.ArrayList<>();
            m.successors(s, ts::add);
            s = ts.stream().filter(t -> t.action().equals(st.action())).findFirst().orElseThrow().next();
        }
        assertTrue(!m.isFinal(s), "time stops short of a final state");
        List<org.rdmacheck.model.Transition<LayoutState>> after = new java.util.ArrayList<>();
        m.successors(s, after::add);
        assertEquals(List.of(), after, "nothing is enabled where time stops");
    }

    /**
     * Without weak fairness of Tick, time may stop anywhere: Improved, which holds TimeDiverges under
     * the twin's fairness, violates it at its first state.
     */
    @Test
    @SuppressWarnings("unchecked")
    void withoutTickFairnessTimeStopsAtOnce() {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("improved", Params.empty());
        TimedGoBackN m = (TimedGoBackN) spec.model();
        Liveness<LayoutState> noTick = new Liveness<>("TimeDivergesWithoutTickFairness",
                Liveness.Form.ALWAYS_OR_TAKEN, m::isFinal, null, a -> a.name().equals(TimedGoBackN.TICK),
                TimedGbnEntry.FAIRNESS.stream().filter(f -> !f.label().equals(TimedGoBackN.TICK)).toList());
        LivenessSpec<LayoutState> live = new LivenessSpec<>(spec, List.of(noTick), Set.of());
        CheckResult res = check(live).result("TimeDivergesWithoutTickFairness");
        Counterexample cex = ((CheckResult.Violated) res).counterexample();
        assertEquals(cex.steps().size() - 1, cex.loopStart(), "a stutter where only Tick is enabled");
        assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(live, cex));
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
