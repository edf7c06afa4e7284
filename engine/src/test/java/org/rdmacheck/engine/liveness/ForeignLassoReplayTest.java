package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * A lasso found by TLC names its steps by states only: a TLA+ step is an instance of every action
 * it satisfies, and TLA+ never shows stuttering steps. Replayed on the Java model, a loop step
 * takes every Java action between its two states and the loop takes its states' self-loops; a
 * fairness condition broken by an action leading elsewhere still makes the loop unfair.
 */
class ForeignLassoReplayTest {

    /**
     * From 0: {@code Mark(m=0)} and {@code Mark(m=1)} both to 1 (two outcomes, one successor),
     * {@code Wait} back to 0 and {@code Side} to 2; from 1: {@code Back} to 0; from 2: {@code Ret} to 0.
     */
    private static final Model<Integer> MARKS = new Model<>() {
        @Override
        public List<Integer> initialStates() {
            return List.of(0);
        }

        @Override
        public void successors(Integer s, Consumer<Transition<Integer>> sink) {
            if (s == 0) {
                sink.accept(new Transition<>(Action.of("Mark", "m", 0), 1));
                sink.accept(new Transition<>(Action.of("Mark", "m", 1), 1));
                sink.accept(new Transition<>(Action.of("Wait"), 0));
                sink.accept(new Transition<>(Action.of("Side"), 2));
            } else {
                sink.accept(new Transition<>(Action.of(s == 1 ? "Back" : "Ret"), 0));
            }
        }
    };

    /** The lasso 0 -> 1 -> back to 0, its second step named {@code second}. */
    private static Counterexample lasso(String property, Action second) {
        List<TraceStep> steps = List.of(new TraceStep(Action.of("Init"), TraceJson.toJson(0)),
                new TraceStep(second, TraceJson.toJson(1)));
        return new Counterexample(property, Counterexample.Kind.TEMPORAL, steps, 0, 0,
                new Provenance("marks", "default", java.util.Map.of(), "tlc", "2.18"), "");
    }

    /** TLC names a step by the action's definition, without parameters. */
    private static Counterexample tlcLasso(String property) {
        return lasso(property, Action.of("Next"));
    }

    @Test
    void aLoopStepTakesEveryActionBetweenItsStatesAndTheSelfLoops() {
        LivenessSpec<Integer> spec = TextbookModels.spec("marks", MARKS, Liveness.eventually("NeverThree",
                s -> s == 3, Fairness.strongEach("Mark"), Fairness.strongEach("Wait")));
        ReplayResult rr = LassoReplayer.replayByStates(spec, tlcLasso("NeverThree"), UnaryOperator.identity());
        assertInstanceOf(ReplayResult.Reproduces.class, rr, rr.toString());
        // a lasso of the explorer names its actions: Mark(m=1) is then never taken
        ReplayResult own = LassoReplayer.replay(spec, lasso("NeverThree", Action.of("Mark", "m", 0)));
        assertInstanceOf(ReplayResult.NoLongerViolated.class, own, own.toString());
    }

    @Test
    void anActionLeadingOutOfTheLoopStillMakesItUnfair() {
        LivenessSpec<Integer> spec = TextbookModels.spec("marks", MARKS, Liveness.eventually("NeverThree",
                s -> s == 3, Fairness.strongEach("Mark"), Fairness.strongEach("Side")));
        ReplayResult rr = LassoReplayer.replayByStates(spec, tlcLasso("NeverThree"), UnaryOperator.identity());
        assertInstanceOf(ReplayResult.NoLongerViolated.class, rr, rr.toString());
        assertTrue(((ReplayResult.NoLongerViolated) rr).message().contains("Side"), rr.toString());
    }
}
