package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Action;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.engine.liveness.TextbookModels.Chan;
import org.rdmacheck.engine.liveness.TextbookModels.Job;
import org.rdmacheck.engine.liveness.TextbookModels.Mutex;

/** Liveness under fairness on textbook models with known answers; every lasso is replayed. */
class LivenessCheckerTest {

    private static LivenessReport check(LivenessSpec<?> spec, int threads) {
        return new LivenessChecker(ExplorerSettings.defaults().withThreads(threads).withProgress(0, r -> { }))
                .check(spec);
    }

    /** Checks the verdict; a violation's lasso must replay and reproduce. */
    private static <S> Counterexample expect(LivenessSpec<S> spec, LivenessReport r, String prop,
                                             CheckResult.Verdict verdict) {
        CheckResult res = r.result(prop);
        assertEquals(verdict, res.verdict(), prop + ": " + res);
        if (res instanceof CheckResult.Violated v) {
            Counterexample cex = v.counterexample();
            assertEquals(Counterexample.Kind.TEMPORAL, cex.kind());
            assertTrue(cex.loopStart() >= 0 && cex.loopStart() < cex.steps().size());
            ReplayResult rr = LassoReplayer.replay(spec, cex);
            assertInstanceOf(ReplayResult.Reproduces.class, rr, prop + ": " + rr);
            return cex;
        }
        return null;
    }

    private static final Liveness<Mutex> WEAK_ENTRY = Liveness.leadsTo("WaitingEntersUnderWF",
            s -> s.p0() == 1, s -> s.p0() == 2, Fairness.weakEach("Enter"), Fairness.weakEach("Exit"));
    private static final Liveness<Mutex> STRONG_ENTRY = Liveness.leadsTo("WaitingEntersUnderSF",
            s -> s.p0() == 1, s -> s.p0() == 2, Fairness.strongEach("Enter"), Fairness.weakEach("Exit"));
    private static final Liveness<Mutex> STRONG_FAMILY = Liveness.leadsTo("WaitingEntersUnderSFOfAnyEnter",
            s -> s.p0() == 1, s -> s.p0() == 2, Fairness.strong("Enter"), Fairness.weakEach("Exit"));
    private static final Liveness<Mutex> NO_EXIT = Liveness.leadsTo("WaitingEntersWithoutExitFairness",
            s -> s.p0() == 1, s -> s.p0() == 2, Fairness.strongEach("Enter"));

    @Test
    void propertiesSearchedSideBySideGiveTheSameResultsAsOneByOne() {
        LivenessSpec<Mutex> spec = TextbookModels.spec("mutex", TextbookModels.MUTEX, WEAK_ENTRY, STRONG_ENTRY,
                STRONG_FAMILY, NO_EXIT);
        LivenessReport one = check(spec, 1);
        LivenessReport four = check(spec, 4);
        assertEquals(one.components(), four.components());
        for (CheckResult a : one.results()) {
            CheckResult b = four.result(a.property());
            assertEquals(a.verdict(), b.verdict(), a.property());
            if (a instanceof CheckResult.Violated va) {
                assertEquals(va.counterexample(), ((CheckResult.Violated) b).counterexample(), a.property());
            }
        }
    }

    @Test
    void mutexStarvesUnderWeakFairnessAndNotUnderStrong() {
        LivenessSpec<Mutex> spec = TextbookModels.spec("mutex", TextbookModels.MUTEX, WEAK_ENTRY, STRONG_ENTRY,
                STRONG_FAMILY, NO_EXIT);
        LivenessReport r = check(spec, 1);
        assertTrue(r.complete());
        assertEquals(8, r.stats().distinctStates(), "3x3 states less the one with both critical");
        Counterexample weak = expect(spec, r, "WaitingEntersUnderWF", CheckResult.Verdict.VIOLATED);
        expect(spec, r, "WaitingEntersUnderSF", CheckResult.Verdict.VERIFIED);
        expect(spec, r, "WaitingEntersUnderSFOfAnyEnter", CheckResult.Verdict.VIOLATED);
        Counterexample stuck = expect(spec, r, "WaitingEntersWithoutExitFairness", CheckResult.Verdict.VIOLATED);
        // the starvation loop: process 1 enters and leaves while process 0 waits
        List<String> loopActions = weak.steps().subList(weak.loopStart() + 1, weak.steps().size()).stream()
                .map(st -> st.action().name()).toList();
        List<Action> loop = weak.steps().subList(weak.loopStart() + 1, weak.steps().size()).stream()
                .map(st -> st.action()).toList();
        assertTrue(loop.contains(Action.of("Enter", "p", 1)) || weak.steps().get(weak.steps().size() - 1)
                .state().get("p1").asInt() == 1, "process 1 enters in the loop or returns to it by entering: " + loop);
        assertTrue(loop.stream().noneMatch(a -> a.params().get("p").equals(0)), loop.toString());
        assertTrue(loopActions.size() >= 2, loopActions.toString());
        assertTrue(weak.steps().stream().skip(weak.violationIndex())
                .allMatch(st -> st.state().get("p0").asInt() == 1));
        // without fairness of Exit, process 1 may stay in its critical section: a stutter there
        assertEquals(stuck.steps().size() - 1, stuck.loopStart());
        assertEquals(2, stuck.steps().get(stuck.loopStart()).state().get("p1").asInt());
        assertTrue(r.analysisBytes() > 0);
    }

    @Test
    void channelDeliversUnderWeakFairnessOfDeliverOnly() {
        Liveness<Chan> fair = Liveness.eventually("AllDelivered", s -> s.delivered() == 2,
                Fairness.weak("Send"), Fairness.weak("Deliver"));
        Liveness<Chan> noDeliver = Liveness.eventually("AllDeliveredWithoutDeliverFairness", s -> s.delivered() == 2,
                Fairness.weak("Send"), Fairness.weak("Tick"));
        Liveness<Chan> none = Liveness.eventually("AllDeliveredWithoutFairness", s -> s.delivered() == 2);
        Liveness<Chan> ticks = Liveness.infinitelyOften("ClockTicks", s -> s.clock() == 1, Fairness.weak("Tick"));
        Liveness<Chan> ticksUnfair = Liveness.infinitelyOften("ClockTicksWithoutFairness", s -> s.clock() == 1);
        Liveness<Chan> stays = Liveness.eventuallyAlways("DeliveredStays", s -> s.delivered() == 2,
                Fairness.weak("Send"), Fairness.weak("Deliver"));
        Liveness<Chan> clockStops = Liveness.eventuallyAlways("ClockSettles", s -> s.clock() == 0,
                Fairness.weak("Tick"));
        LivenessSpec<Chan> spec = TextbookModels.spec("channel", TextbookModels.channel(2), fair, noDeliver, none,
                ticks, ticksUnfair, stays, clockStops);
        LivenessReport r = check(spec, 1);
        assertEquals(10, r.stats().distinctStates(), "five channel states times two clock values");
        expect(spec, r, "AllDelivered", CheckResult.Verdict.VERIFIED);
        Counterexample cycle = expect(spec, r, "AllDeliveredWithoutDeliverFairness", CheckResult.Verdict.VIOLATED);
        // a real loop of ticks with the message in flight, not a stutter
        assertTrue(cycle.loopStart() < cycle.steps().size() - 1);
        assertTrue(cycle.steps().subList(cycle.loopStart() + 1, cycle.steps().size()).stream()
                .allMatch(st -> st.action().equals(Action.of("Tick"))));
        assertTrue(cycle.steps().get(cycle.loopStart()).state().get("inFlight").asBoolean());
        // a lasso of <>P is violated where its loop starts: a violationIndex elsewhere is a tampered trace
        for (int vi = 0; vi < cycle.steps().size(); vi++) {
            Counterexample moved = new Counterexample(cycle.property(), cycle.kind(), cycle.steps(), vi,
                    cycle.loopStart(), cycle.provenance(), cycle.note());
            ReplayResult rr = LassoReplayer.replay(spec, moved);
            Class<? extends ReplayResult> want = vi == cycle.loopStart() ? ReplayResult.Reproduces.class
                    : ReplayResult.IllegalStep.class;
            assertInstanceOf(want, rr, "violationIndex " + vi + ": " + rr);
        }
        Counterexample stutter = expect(spec, r, "AllDeliveredWithoutFairness", CheckResult.Verdict.VIOLATED);
        assertEquals(1, stutter.steps().size(), "stuttering in the initial state");
        assertEquals(0, stutter.loopStart());
        expect(spec, r, "ClockTicks", CheckResult.Verdict.VERIFIED);
        expect(spec, r, "ClockTicksWithoutFairness", CheckResult.Verdict.VIOLATED);
        expect(spec, r, "DeliveredStays", CheckResult.Verdict.VERIFIED);
        expect(spec, r, "ClockSettles", CheckResult.Verdict.VIOLATED);
    }

    @Test
    void leadsToFailsOnlyOnAnUnfairPath() {
        Liveness<Job> fair = Liveness.leadsTo("StartedFinishes", s -> s.phase() == 1, s -> s.phase() == 2,
                Fairness.weak("Finish"));
        Liveness<Job> unfair = Liveness.leadsTo("StartedFinishesUnfairly", s -> s.phase() == 1,
                s -> s.phase() == 2, Fairness.weak("Retry"));
        LivenessSpec<Job> spec = TextbookModels.spec("job", TextbookModels.JOB, fair, unfair);
        LivenessReport r = check(spec, 1);
        expect(spec, r, "StartedFinishes", CheckResult.Verdict.VERIFIED);
        Counterexample cex = expect(spec, r, "StartedFinishesUnfairly", CheckResult.Verdict.VIOLATED);
        assertEquals(1, cex.violationIndex());
        assertTrue(cex.steps().subList(cex.loopStart() + 1, cex.steps().size()).stream()
                .allMatch(st -> st.action().name().equals("Retry")));
        // the same lasso is not a counterexample once Finish is assumed weakly fair
        Counterexample renamed = new Counterexample("StartedFinishes", cex.kind(), cex.steps(), cex.violationIndex(),
                cex.loopStart(), cex.provenance(), cex.note());
        ReplayResult rr = LassoReplayer.replay(spec, renamed);
        assertInstanceOf(ReplayResult.NoLongerViolated.class, rr);
        assertTrue(((ReplayResult.NoLongerViolated) rr).message().contains("WF(Finish)"), rr.toString());
    }

    @Test
    void verdictsAndLassosAreIdenticalForOneAndFourThreads() {
        LivenessSpec<Mutex> spec = TextbookModels.spec("mutex", TextbookModels.MUTEX, WEAK_ENTRY, STRONG_ENTRY,
                STRONG_FAMILY, NO_EXIT);
        LivenessReport one = check(spec, 1);
        LivenessReport four = check(spec, 4);
        for (int i = 0; i < one.results().size(); i++) {
            CheckResult a = one.results().get(i);
            CheckResult b = four.results().get(i);
            assertEquals(a.verdict(), b.verdict());
            if (a instanceof CheckResult.Violated va) {
                assertEquals(va.counterexample().steps(), ((CheckResult.Violated) b).counterexample().steps());
                assertEquals(va.counterexample().loopStart(), ((CheckResult.Violated) b).counterexample().loopStart());
            }
        }
    }

    @Test
    void longCyclesNeedNoRecursion() {
        int n = 50_000;
        Liveness<Integer> zero = Liveness.infinitelyOften("PassesZero", s -> s == 0, Fairness.weak("Inc"));
        Liveness<Integer> settles = Liveness.eventuallyAlways("StaysAwayFromFive", s -> s != 5, Fairness.weak("Inc"));
        LivenessSpec<Integer> spec = TextbookModels.spec("ring", TextbookModels.ring(n), zero, settles);
        LivenessReport r = check(spec, 2);
        assertEquals(n, r.stats().distinctStates());
        assertEquals(CheckResult.Verdict.VERIFIED, r.result("PassesZero").verdict());
        CheckResult bad = r.result("StaysAwayFromFive");
        assertEquals(CheckResult.Verdict.VIOLATED, bad.verdict());
        Counterexample cex = ((CheckResult.Violated) bad).counterexample();
        assertEquals(n, cex.steps().size() - cex.loopStart(), "the loop is the whole ring");
    }

    @Test
    void aModelThatReExecutesDifferentlyFailsInsteadOfAVerdict() {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        org.rdmacheck.model.Model<Integer> flaky = new org.rdmacheck.model.Model<>() {
            @Override
            public List<Integer> initialStates() {
                return List.of(0);
            }

            @Override
            public void successors(Integer s, java.util.function.Consumer<org.rdmacheck.model.Transition<Integer>> sink) {
                // the first expansion of state 0 (exploration) has one successor, later ones two
                int k = s == 0 && calls.getAndIncrement() > 0 ? 2 : 1;
                for (int i = 0; i < k; i++) {
                    sink.accept(new org.rdmacheck.model.Transition<>(Action.of("Step", "i", i), Math.min(s + 1, 3)));
                }
            }
        };
        LivenessSpec<Integer> spec = TextbookModels.spec("flaky", flaky,
                Liveness.eventually("ReachesThree", s -> s == 3, Fairness.weak("Step")));
        LivenessReport r = check(spec, 1);
        assertEquals(CheckResult.Verdict.FAILED, r.result("ReachesThree").verdict());
        assertTrue(!r.complete());
    }
}
