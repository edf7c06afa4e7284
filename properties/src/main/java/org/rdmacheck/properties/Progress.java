package org.rdmacheck.properties;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * Progress, AG EF goal: from every reachable state some goal state is reachable. It catches
 * livelock and lost progress without fairness assumptions.
 *
 * @param name the property's name
 * @param goal the goal predicate
 * @param <S>  state type
 */
public record Progress<S>(String name, Predicate<S> goal) implements Property<S> {
    /** Rejects nulls. */
    public Progress {
        Objects.requireNonNull(name);
        Objects.requireNonNull(goal);
    }

    @Override
    public Kind kind() {
        return Kind.PROGRESS;
    }

    /**
     * @param state a state
     * @return whether it is a goal state
     */
    public boolean isGoal(S state) {
        return goal.test(state);
    }
}
