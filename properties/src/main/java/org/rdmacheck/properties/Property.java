package org.rdmacheck.properties;

/**
 * Something that must hold of a model: a state invariant, an action property, deadlock freedom or
 * progress (AG EF goal). Properties have names, and results are reported per name.
 *
 * @param <S> the model's state type
 */
public sealed interface Property<S> permits Invariant, ActionProperty, DeadlockFreedom, Progress {

    /** @return the property's name, e.g. {@code InOrderDelivery} */
    String name();

    /** @return the kind of counterexample a violation produces */
    Kind kind();

    /** The kinds of property, which are also the kinds of counterexample. */
    enum Kind {
        /** a state predicate; a violation is a finite trace to a bad state */
        INVARIANT,
        /** a predicate on a transition; a violation ends with the bad step */
        ACTION,
        /** no reachable non-final state without successors */
        DEADLOCK,
        /** from every reachable state a goal state is reachable; a violation is a trace to a state
         * from which no goal is reachable, extended to a lasso or a dead end */
        PROGRESS
    }
}
