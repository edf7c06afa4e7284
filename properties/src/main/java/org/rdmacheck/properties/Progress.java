package org.rdmacheck.properties;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.rdmacheck.model.PackedModel;

/**
 * Progress, AG EF goal: from every reachable state some goal state is reachable. It catches
 * livelock and lost progress without fairness assumptions.
 *
 * @param name the property's name
 * @param goal       the goal predicate
 * @param packedGoal the same predicate on the model's packed encoding, when given
 * @param <S>        state type
 */
public record Progress<S>(String name, Predicate<S> goal, Optional<PackedModel.StateTest> packedGoal)
        implements Property<S> {
    /** Rejects nulls. */
    public Progress {
        Objects.requireNonNull(name);
        Objects.requireNonNull(goal);
        Objects.requireNonNull(packedGoal);
    }

    /**
     * @param name the property's name
     * @param goal the goal predicate
     */
    public Progress(String name, Predicate<S> goal) {
        this(name, goal, Optional.empty());
    }

    /**
     * @param test the goal predicate on packed states
     * @return this property with it
     */
    public Progress<S> withPacked(PackedModel.StateTest test) {
        return new Progress<>(name, goal, Optional.of(test));
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
