package org.rdmacheck.properties;

import java.util.Objects;
import java.util.Optional;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;

/**
 * A named predicate on transitions that must hold for every reachable step.
 *
 * @param name  the property's name
 * @param holds  the predicate on (from, action, to)
 * @param packed the same predicate on packed states and action codes, when given
 * @param reads  the slots (and actions) it looks at, when declared: a partial-order reduction
 *               needs it ({@link Reads})
 * @param antecedent for an implication "if X then Y", the probe its evaluation sets where a step meets X,
 *               when declared: a check none of whose steps met X reports the property vacuous
 * @param <S>    state type
 */
public record ActionProperty<S>(String name, StepPredicate<S> holds, Optional<PackedModel.StepTest> packed,
                           Optional<Reads> reads, Optional<Antecedent> antecedent)
        implements Property<S> {
    /** Rejects nulls. */
    public ActionProperty {
        Objects.requireNonNull(name);
        Objects.requireNonNull(holds);
        Objects.requireNonNull(packed);
        Objects.requireNonNull(reads);
        Objects.requireNonNull(antecedent);
    }

    /**
     * @param name   the property's name
     * @param holds  the predicate
     * @param packed its packed form
     * @param reads  what it looks at
     */
    public ActionProperty(String name, StepPredicate<S> holds, Optional<PackedModel.StepTest> packed,
                          Optional<Reads> reads) {
        this(name, holds, packed, reads, Optional.empty());
    }

    /**
     * @param name  the property's name
     * @param holds the predicate on (from, action, to)
     */
    public ActionProperty(String name, StepPredicate<S> holds) {
        this(name, holds, Optional.empty(), Optional.empty());
    }

    /**
     * @param name   the property's name
     * @param holds  the predicate
     * @param packed its packed form
     */
    public ActionProperty(String name, StepPredicate<S> holds, Optional<PackedModel.StepTest> packed) {
        this(name, holds, packed, Optional.empty());
    }

    /**
     * @param test the same predicate on packed states and action codes
     * @return this property with it
     */
    public ActionProperty<S> withPacked(PackedModel.StepTest test) {
        return new ActionProperty<>(name, holds, Optional.of(test), reads, antecedent);
    }

    /**
     * @param declared what it looks at
     * @return this property with the declaration
     */
    public ActionProperty<S> withReads(Reads declared) {
        return new ActionProperty<>(name, holds, packed, Optional.of(declared), antecedent);
    }

    /**
     * @param probe the probe both forms of the predicate set where a step meets the implication's antecedent
     * @return this property with it
     */
    public ActionProperty<S> withAntecedent(Antecedent probe) {
        return new ActionProperty<>(name, holds, packed, reads, Optional.of(probe));
    }

    @Override
    public Kind kind() {
        return Kind.ACTION;
    }

    /**
     * @param from   the state before
     * @param action the action taken
     * @param to     the state after
     * @return whether the step is allowed
     */
    public boolean test(S from, Action action, S to) {
        return holds.test(from, action, to);
    }

    /**
     * A predicate on one step.
     *
     * @param <S> state type
     */
    @FunctionalInterface
    public interface StepPredicate<S> {
        /**
         * @param from   the state before
         * @param action the action taken
         * @param to     the state after
         * @return whether the step is allowed
         */
        boolean test(S from, Action action, S to);
    }
}
