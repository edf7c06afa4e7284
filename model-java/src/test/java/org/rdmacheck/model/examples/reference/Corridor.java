package org.rdmacheck.model.examples.reference;

import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * Two polite people meet in a corridor, a textbook livelock. Each step both move aside at once,
 * to the left or to the right; if they move to the same side they still block each other. In the
 * symmetric variant that is all they can do: a cycle without progress (a progress violation
 * whose counterexample is a lasso), though never a deadlock. With {@code breakSymmetry} one may
 * also wait while the other moves, after which they pass.
 *
 * @param breakSymmetry whether one person may wait while the other moves
 */
public record Corridor(boolean breakSymmetry) implements Model<Corridor.State> {

    /**
     * @param sideA  person A's side (0 left, 1 right)
     * @param sideB  person B's side, as seen by A
     * @param passed whether they have passed each other
     */
    public record State(int sideA, int sideB, boolean passed) {
    }

    @Override
    public List<State> initialStates() {
        return List.of(new State(0, 0, false));
    }

    @Override
    public void successors(State s, Consumer<Transition<State>> sink) {
        if (s.passed()) {
            return;
        }
        for (int side = 0; side <= 1; side++) {
            if (side != s.sideA()) {
                sink.accept(new Transition<>(Action.of("BothStep", "side", side), new State(side, side, false)));
            }
        }
        if (breakSymmetry) {
            sink.accept(new Transition<>(Action.of("AWaitsBSteps"), new State(s.sideA(), 1 - s.sideB(), true)));
        }
    }

    @Override
    public boolean isFinal(State s) {
        return s.passed();
    }
}
