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
 * @param reads  the slots (and actions) it looks at, when declared: a partial-order reduction
 *               needs it ({@link Reads})
 * @param antecedent for an implication "in every state, if X then Y", the probe its evaluation sets where a
 *               state meets X, when declared: a check no state of which met X reports the property vacuous
 * @param <S>    state type
 */
public record Invariant<S>(String name, Predicate<S> holds, Optional<PackedModel.StateTest> packed,
                           Optional<Reads> reads, Optional<Antecedent> antecedent)
        implements Property<S> {
    /** Rejects nulls. */
    public Invariant {
        Objects.requireNonNull(name);
        Objects.requireNonNull(holds);
        Objects.requireNonNull(packed);
        Objects.requireNonNull(reads);
        Objects.requireNonNull(antecedent);
    }

    /**
     * @param name   the property's name
     * @param holds  the predicate
     * @param packed its packed form, when given
     * @param reads  what it looks at, when declared
     */
    public Invariant(String name, Predicate<S> holds, Optional<PackedModel.StateTest> packed, Optional<Reads> reads) {
        this(name, holds, packed, reads, Optional.empty());
    }

    /**
     * @param name  the property's name
     * @param holds the predicate
     */
    public Invariant(String name, Predicate<S> holds) {
        this(name, holds, Optional.empty(), Optional.empty());
    }

    /**
     * @param name   the property's name
     * @param holds  the predicate
     * @param packed its packed form
     */
    public Invariant(String name, Predicate<S> holds, Optional<PackedModel.StateTest> packed) {
        this(name, holds, packed, Optional.empty());
    }

    /**
     * @param test the same predicate on packed states
     * @return this invariant with it
     */
    public Invariant<S> withPacked(PackedModel.StateTest test) {
        return new Invariant<>(name, holds, Optional.of(test), reads, antecedent);
    }

    /**
     * @param declared what it looks at
     * @return this property with the declaration
     */
    public Invariant<S> withReads(Reads declared) {
        return new Invariant<>(name, holds, packed, Optional.of(declared), antecedent);
    }

    /**
     * @param probe the probe both forms of the predicate set where a state meets the implication's antecedent
     * @return this invariant with it
     */
    public Invariant<S> withAntecedent(Antecedent probe) {
        return new Invariant<>(name, holds, packed, reads, Optional.of(probe));
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
