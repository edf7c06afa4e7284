package org.rdmacheck.properties;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.rdmacheck.model.PackedModel;

/**
 * A named state predicate that must hold in every reachable state.
 *
 * @param name  the property's name
 * @param holds  the predicate
 * @param packed the same predicate on the model's packed encoding, when given: the explorer's packed
 *               path then checks it without decoding states (tests check that both agree)
 * @param <S>    state type
 */
public record Invariant<S>(String name, Predicate<S> holds, Optional<PackedModel.StateTest> packed)
        implements Property<S> {
    /** Rejects nulls. */
    public Invariant {
        Objects.requireNonNull(name);
        Objects.requireNonNull(holds);
        Objects.requireNonNull(packed);
    }

    /**
     * @param name  the property's name
     * @param holds the predicate
     */
    public Invariant(String name, Predicate<S> holds) {
        this(name, holds, Optional.empty());
    }

    /**
     * @param test the same predicate on packed states
     * @return this invariant with it
     */
    public Invariant<S> withPacked(PackedModel.StateTest test) {
        return new Invariant<>(name, holds, Optional.of(test));
    }

    @Override
    public Kind kind() {
        return Kind.INVARIANT;
    }

    /**
     * @param state a reachable state
     * @return whether the invariant holds there
     */
    public boolean test(S state) {
        return holds.test(state);
    }
}
