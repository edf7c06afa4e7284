package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Action;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.engine.liveness.TextbookModels.Job;
import org.rdmacheck.engine.liveness.TextbookModels.Zeno;

/**
 * The action forms {@code []<>A} and {@code <>[]P \/ []<>A} on textbook models with known answers:
 * a Zeno loop that weak fairness of Tick allows and strong fairness forbids, A decided on pairs of
 * states as TLA+'s {@code <<A>>_vars}, and every lasso replayed, on one thread and split into small
 * parallel tasks alike.
 */
class LivenessActionFormTest {

    private static final Predicate<Action> TICK = a -> a.name().equals("Tick");

    private static LivenessReport check(LivenessSpec<?> spec, int threads) {
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(threads).withProgress(0, r -> { });
        // on several threads, tiny regions and grains: the parallel search runs on these small graphs too
        return threads == 1 ? new LivenessChecker(s).check(spec) : new LivenessChecker(s, 2, 1).check(spec);
    }

    /** The verdict on one thread and on four; a violation's lasso is the same, kind temporal, and replays. */
    private static <S> Counterexample expect(LivenessSpec<S> spec, String prop, CheckResult.Verdict verdict) {
        CheckResult one = check(spec, 1).result(prop);
        CheckResult four = check(spec, 4).result(prop);
        assertEquals(verdict, one.verdict(), prop + ": " + one);
        assertEquals(verdict, four.verdict(), prop + " on four threads: " + four);
        if (!(one instanceof CheckResult.Violated v)) {
            return null;
        }
        Counterexample cex = v.counterexample();
        Counterexample cex4 = ((CheckResult.Violated) four).counterexample();
        assertEquals(cex.steps(), cex4.steps(), prop + ": the lasso does not depend on the threads");
        assertEquals(cex.loopStart(), cex4.loopStart());
        assertEquals(Counterexample.Kind.TEMPORAL, cex.kind());
        assertEquals(cex.loopStart(), cex.violationIndex(), "a lasso about its loop is violated where the loop starts");
        Liveness<S> p = spec.property(prop).orElseThrow();
        String fair = p.fairness().isEmpty() ? "no fairness assumed"
                : "fair under " + String.join(", ", p.fairness().stream().map(Fairness::toString).toList());
        assertTrue(cex.note().startsWith(p.form().formula() + " fails"), cex.note());
        assertTrue(cex.note().endsWith("(" + fair + ")"), cex.note());
        ReplayResult rr = LassoReplayer.replay(spec, cex);
        assertInstanceOf(ReplayResult.Reproduces.class, rr, prop + ": " + rr);
        return cex;
    }

    private static List<TraceStep> loop(Counterexample cex) {
        return cex.steps().subList(cex.loopStart() + 1, cex.steps().size());
    }

    @Test
    void weakFairnessOfTickAllowsAZenoLoopThatDisablesTickEveryOtherStep() {
        Liveness<Zeno> weak = Liveness.takenInfinitelyOften("TimeDivergesUnderWF", TICK, Fairness.weak("Tick"),
                Fairness.weak("Spin"));
        Liveness<Zeno> strong = Liveness.takenInfinitelyOften("TimeDivergesUnderSF", TICK, Fairness.strong("Tick"),
                Fairness.weak("Spin"));
        Liveness<Zeno> none = Liveness.takenInfinitelyOften("TimeDivergesWithoutFairness", TICK);
        LivenessSpec<Zeno> spec = TextbookModels.spec("zeno", TextbookModels.zeno(true), weak, strong, none);
        Counterexample zeno = expect(spec, "TimeDivergesUnderWF", CheckResult.Verdict.VIOLATED);
        // a real loop of Spin steps, Tick enabled at every other one of its states and never taken
        assertTrue(zeno.loopStart() < zeno.steps().size() - 1, "a loop, not a stutter");
        assertTrue(loop(zeno).stream().allMatch(st -> st.action().name().equals("Spin")), zeno.steps().toString());
        expect(spec, "TimeDivergesUnderSF", CheckResult.Verdict.VERIFIED);
        Counterexample stutter = expect(spec, "TimeDivergesWithoutFairness", CheckResult.Verdict.VIOLATED);
        assertEquals(1, stutter.steps().size(), "stuttering in the initial state");
        assertEquals(0, stutter.loopStart());
    }

    @Test
    void weakFairnessOfTickSufficesWhenNothingDisablesIt() {
        Liveness<Zeno> weak = Liveness.takenInfinitelyOften("TimeDiverges", TICK, Fairness.weak("Tick"),
                Fairness.weak("Spin"));
        Liveness<Zeno> spinOnly = Liveness.takenInfinitelyOften("TimeDivergesUnderWFOfSpinOnly", TICK,
                Fairness.weak("Spin"));
        LivenessSpec<Zeno> spec = TextbookModels.spec("zeno-unguarded", TextbookModels.zeno(false), weak, spinOnly);
        expect(spec, "TimeDiverges", CheckResult.Verdict.VERIFIED);
        Counterexample cex = expect(spec, "TimeDivergesUnderWFOfSpinOnly", CheckResult.Verdict.VIOLATED);
        assertTrue(loop(cex).stream().noneMatch(st -> st.action().name().equals("Tick")));
    }

    @Test
    void aStepIsDecidedOnItsPairOfStatesAsTlaPlusDoes() {
        // every Alias step joins the same two states as a Tick: it is a Tick step, so WF(Alias) makes time pass
        LivenessSpec<Integer> aliased = TextbookModels.spec("aliased", TextbookModels.aliasedClock(false),
                Liveness.takenInfinitelyOften("TicksUnderWFOfAlias", TICK, Fairness.weak("Alias")));
        expect(aliased, "TicksUnderWFOfAlias", CheckResult.Verdict.VERIFIED);
        // a Tick that leaves the state as it is is a stutter, no Tick step, though fairness of Tick is met by it
        LivenessSpec<Integer> idle = TextbookModels.spec("idle", TextbookModels.aliasedClock(true),
                Liveness.takenInfinitelyOften("TicksUnderWFOfTick", TICK, Fairness.weak("Tick")));
        Counterexample cex = expect(idle, "TicksUnderWFOfTick", CheckResult.Verdict.VIOLATED);
        assertEquals(0, cex.loopStart());
    }

    @Test
    void eventuallyAlwaysPOrInfinitelyOftenA() {
        Predicate<Action> retry = a -> a.name().equals("Retry");
        Liveness<Job> fair = Liveness.alwaysOrTaken("FinishesOrRetriesForever", s -> s.phase() == 2, retry,
                Fairness.weak("Start"));
        Liveness<Job> finishFair = Liveness.alwaysOrTaken("FinishesOrRetriesForeverUnderWFOfFinish",
                s -> s.phase() == 2, retry, Fairness.weak("Start"), Fairness.weak("Finish"));
        Liveness<Job> none = Liveness.alwaysOrTaken("FinishesOrRetriesWithoutFairness", s -> s.phase() == 2, retry);
        LivenessSpec<Job> spec = TextbookModels.spec("job", TextbookModels.JOB, fair, finishFair, none);
        // weak fairness of Start alone: a behaviour may stop in phase 1, neither final nor retrying
        Counterexample stops = expect(spec, "FinishesOrRetriesForever", CheckResult.Verdict.VIOLATED);
        assertEquals(stops.steps().size() - 1, stops.loopStart(), "it stutters where it stops");
        assertEquals(1, stops.steps().get(stops.loopStart()).state().get("phase").asInt());
        expect(spec, "FinishesOrRetriesForeverUnderWFOfFinish", CheckResult.Verdict.VERIFIED);
        Counterexample start = expect(spec, "FinishesOrRetriesWithoutFairness", CheckResult.Verdict.VIOLATED);
        assertEquals(1, start.steps().size(), "stuttering in the initial state");
    }

    @Test
    void aLassoWhoseLoopTakesAnAStepNoLongerViolates() {
        Liveness<Zeno> weak = Liveness.takenInfinitelyOften("TimeDivergesUnderWF", TICK, Fairness.weak("Tick"),
                Fairness.weak("Spin"));
        LivenessSpec<Zeno> spec = TextbookModels.spec("zeno", TextbookModels.zeno(true), weak);
        Counterexample cex = expect(spec, "TimeDivergesUnderWF", CheckResult.Verdict.VIOLATED);
        // a fair loop through the same first state that ticks: Tick, Spin, Spin, and back by Tick
        List<TraceStep> steps = new java.util.ArrayList<>(cex.steps().subList(0, cex.loopStart() + 1));
        TraceStep at = steps.get(steps.size() - 1);
        int clock = at.state().get("clock").asInt();
        assertEquals(0, at.state().get("spin").asInt(), "the loop starts where Tick is enabled");
        org.rdmacheck.model.Model<Zeno> m = TextbookModels.zeno(true);
        steps.add(new TraceStep(Action.of("Tick"), org.rdmacheck.checker.trace.TraceJson.toJson(
                m.view(new Zeno(1 - clock, 0)))));
        steps.add(new TraceStep(Action.of("Spin"), org.rdmacheck.checker.trace.TraceJson.toJson(
                m.view(new Zeno(1 - clock, 1)))));
        steps.add(new TraceStep(Action.of("Spin"), org.rdmacheck.checker.trace.TraceJson.toJson(
                m.view(new Zeno(1 - clock, 0)))));
        Counterexample ticking = new Counterexample(cex.property(), cex.kind(), steps, cex.loopStart(),
                cex.loopStart(), cex.provenance(), cex.note());
        ReplayResult rr = LassoReplayer.replay(spec, ticking);
        assertInstanceOf(ReplayResult.NoLongerViolated.class, rr, rr.toString());
        assertTrue(rr.toString().contains("A step"), rr.toString());
    }

    @Test
    void aIsGivenExactlyForTheActionForms() {
        assertThrows(IllegalArgumentException.class, () -> new Liveness<Integer>("X",
                Liveness.Form.TAKEN_INFINITELY_OFTEN, s -> false, null, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Liveness<Integer>("X", Liveness.Form.EVENTUALLY,
                s -> true, null, TICK, List.of()));
        assertTrue(Liveness.Form.ALWAYS_OR_TAKEN.aboutSteps());
        assertFalse(Liveness.Form.INFINITELY_OFTEN.aboutSteps());
        assertEquals("<>[]P \\/ []<>A", Liveness.Form.ALWAYS_OR_TAKEN.formula());
    }
}
