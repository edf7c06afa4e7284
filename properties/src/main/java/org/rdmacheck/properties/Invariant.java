package org.rdmacheck.properties;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * A named state predicate that must hold in every reachable state.
 *
 * @param name  the property's name
 * @param holds the predicate
 * @param <S>   state type
 */
public record Invariant<S>(String name, Predicate<S> holds) implements Property<S> {
    /** Rejects nulls. */
    public Invariant {
        Objects.requireNonNull(name);
        Objects.requireNonNull(holds);
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
