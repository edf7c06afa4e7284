package org.rdmacheck.checker.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Property;

/**
 * {@link TraceExtension} with an action property, on a counter that steps from 0 up to its top: the property
 * "no step reaches the top" is violated by the last step only. A stored trace of an action property ends in its
 * violating step, so replayed where it still violates it is an extension of no step; before, the search looked only
 * at the steps leaving the replayed state and found nothing (at the top nothing is enabled).
 */
class TraceExtensionTest {

    private static final String PROPERTY = "NoStepToTheTop";
    private static final TraceExtension.Bounds BOUNDS = new TraceExtension.Bounds(100);

    /** Counts from 0 to {@code top}, one Step at a time. */
    private record Counter(int top) implements Model<Integer> {

        @Override
        public List<Integer> initialStates() {
            return List.of(0);
        }

        @Override
        public void successors(Integer n, Consumer<Transition<Integer>> sink) {
            if (n < top) {
                sink.accept(new Transition<>(Action.of("Step", "to", n + 1), n + 1));
            }
        }

        @Override
        public boolean isFinal(Integer n) {
            return n == top;
        }
    }

    private static CheckSpec<Integer> spec(int top) {
        Property<Integer> p = new ActionProperty<>(PROPERTY, (from, a, to) -> to != top);
        return new CheckSpec<>("counter", "v", Map.of("top", Integer.toString(top)), new Counter(top), List.of(p),
                Set.of(PROPERTY));
    }

    /** The counter's trace from 0 to {@code top}: its last step is the violation at {@code top}. */
    private static Counterexample stored(int top) {
        List<TraceStep> steps = new ArrayList<>();
        steps.add(new TraceStep(null, TraceJson.toJson(0)));
        for (int n = 1; n <= top; n++) {
            steps.add(new TraceStep(Action.of("Step", "to", n), TraceJson.toJson(n)));
        }
        return new Counterexample(PROPERTY, Counterexample.Kind.ACTION, steps, top, -1,
                new Provenance("counter", "v", Map.of("top", Integer.toString(top)), "explorer", "test"), "");
    }

    @Test
    void anActionPropertyViolatedByTheLastReplayedStepIsAnExtensionOfNoStep() {
        TraceExtension.Outcome o = TraceExtension.extend(spec(3), "f", stored(3), PROPERTY,
                TraceExtension.RunTest.any(), Set.of(), BOUNDS);
        TraceExtension.Extended e = assertInstanceOf(TraceExtension.Extended.class, o);
        assertEquals(3, e.replayed());
        assertEquals(0, e.extension());
        assertEquals(4, e.trace().steps().size());
        assertEquals(Counterexample.Kind.ACTION, e.trace().kind());
    }

    /** At a larger top the replayed last step holds; the search goes on to the step that reaches the top. */
    @Test
    void whereTheLastReplayedStepHoldsTheSearchGoesOn() {
        TraceExtension.Extended e = assertInstanceOf(TraceExtension.Extended.class, TraceExtension.extend(spec(5), "f",
                stored(3), PROPERTY, TraceExtension.RunTest.any(), Set.of(), BOUNDS));
        assertEquals(3, e.replayed());
        assertEquals(2, e.extension());
    }

    /** The run test sees the whole run (replayed steps and the search's) and may refuse the last step's violation. */
    @Test
    void theRunTestMayRefuseTheLastReplayedStep() {
        List<Integer> lengths = new ArrayList<>();
        TraceExtension.RunTest<Integer> refuse = (initial, steps) -> {
            lengths.add(steps.size());
            return false;
        };
        TraceExtension.NotFound n = assertInstanceOf(TraceExtension.NotFound.class,
                TraceExtension.extend(spec(3), "f", stored(3), PROPERTY, refuse, Set.of(), BOUNDS));
        assertEquals(3, n.replayed());
        assertEquals(true, n.exhausted());
        assertEquals(List.of(3), lengths);
    }
}
