package org.rdmacheck.properties.liveness;

import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.rdmacheck.model.Action;

/**
 * A temporal property checked over the fair behaviours of a model: the behaviours that satisfy
 * every declared {@link Fairness} assumption. Behaviours are as in TLA+: infinite sequences of
 * states in which every step is a model transition or a stutter (the state unchanged), so a
 * behaviour may stop anywhere unless fairness forbids it. Unlike progress (AG EF goal, which asks
 * only that a goal stays reachable), these properties are violated by a fair behaviour that keeps
 * avoiding the goal while it is reachable: a livelock.
 *
 * <p>The two action forms ({@link Form#TAKEN_INFINITELY_OFTEN}, {@link Form#ALWAYS_OR_TAKEN}) speak of
 * A steps, A a predicate on action values (name and parameters, as a fairness family is). A step is
 * an A step as TLA+ decides {@code <<A>>_vars}, on its pair of states: it changes the state and some
 * A action of the model leads between its two states. So a stutter, or an A transition from a state
 * to itself, is no A step, and a step that another action takes between the same two states is one.
 *
 * @param name      the property's name
 * @param form      which temporal formula
 * @param p         the state predicate P ({@link Form#TAKEN_INFINITELY_OFTEN}: no state, unused)
 * @param q         the state predicate Q ({@link Form#LEADS_TO} only; otherwise null)
 * @param a         the action predicate A (the two action forms only; otherwise null)
 * @param fairness  the fairness assumptions under which the property must hold
 * @param <S>       state type
 */
public record Liveness<S>(String name, Form form, Predicate<S> p, Predicate<S> q, Predicate<Action> a,
                          List<Fairness> fairness) {

    /** The temporal formulas. */
    public enum Form {
        /** {@code <>P}: every fair behaviour reaches a P state */
        EVENTUALLY("<>P"),
        /** {@code P ~> Q}: after every P state, every fair behaviour reaches a Q state (at once or later) */
        LEADS_TO("P ~> Q"),
        /** {@code <>[]P}: every fair behaviour ends up in P states forever */
        EVENTUALLY_ALWAYS("<>[]P"),
        /** {@code []<>P}: every fair behaviour visits P states infinitely often */
        INFINITELY_OFTEN("[]<>P"),
        /** {@code []<><<A>>_vars}: every fair behaviour takes A steps infinitely often (violated by one whose
         * A steps end: {@code <>[]~A}, a fair loop without an A step) */
        TAKEN_INFINITELY_OFTEN("[]<>A"),
        /** {@code <>[]P \/ []<><<A>>_vars}: every fair behaviour ends up in P states forever or takes A
         * steps infinitely often (violated by a fair loop without an A step through a not-P state) */
        ALWAYS_OR_TAKEN("<>[]P \\/ []<>A");

        private final String formula;

        Form(String formula) {
            this.formula = formula;
        }

        /** @return the formula in TLA+ notation */
        public String formula() {
            return formula;
        }

        /** @return whether the form speaks of A steps (then A is given) */
        public boolean aboutSteps() {
            return this == TAKEN_INFINITELY_OFTEN || this == ALWAYS_OR_TAKEN;
        }
    }

    /** Rejects nulls and a missing or superfluous Q or A. */
    public Liveness {
        Objects.requireNonNull(name);
        Objects.requireNonNull(form);
        Objects.requireNonNull(p);
        fairness = List.copyOf(fairness);
        if ((form == Form.LEADS_TO) != (q != null)) {
            throw new IllegalArgumentException(name + ": Q is given exactly for LEADS_TO");
        }
        if (form.aboutSteps() != (a != null)) {
            throw new IllegalArgumentException(name + ": A is given exactly for TAKEN_INFINITELY_OFTEN and ALWAYS_OR_TAKEN");
        }
    }

    /**
     * A property of a state form ({@code <>P}, {@code P ~> Q}, {@code <>[]P}, {@code []<>P}).
     *
     * @param name     the property's name
     * @param form     a state form
     * @param p        P
     * @param q        Q (LEADS_TO only; otherwise null)
     * @param fairness the fairness assumptions
     */
    public Liveness(String name, Form form, Predicate<S> p, Predicate<S> q, List<Fairness> fairness) {
        this(name, form, p, q, null, fairness);
    }

    /** @return {@code <>P} under the given fairness */
    public static <S> Liveness<S> eventually(String name, Predicate<S> p, Fairness... fairness) {
        return new Liveness<>(name, Form.EVENTUALLY, p, null, List.of(fairness));
    }

    /** @return {@code P ~> Q} under the given fairness */
    public static <S> Liveness<S> leadsTo(String name, Predicate<S> p, Predicate<S> q, Fairness... fairness) {
        return new Liveness<>(name, Form.LEADS_TO, p, q, List.of(fairness));
    }

    /** @return {@code <>[]P} under the given fairness */
    public static <S> Liveness<S> eventuallyAlways(String name, Predicate<S> p, Fairness... fairness) {
        return new Liveness<>(name, Form.EVENTUALLY_ALWAYS, p, null, List.of(fairness));
    }

    /** @return {@code []<>P} under the given fairness */
    public static <S> Liveness<S> infinitelyOften(String name, Predicate<S> p, Fairness... fairness) {
        return new Liveness<>(name, Form.INFINITELY_OFTEN, p, null, List.of(fairness));
    }

    /**
     * @param name     the property's name
     * @param a        which actions are A
     * @param fairness the fairness assumptions
     * @return {@code []<><<A>>_vars} under the given fairness (P: no state, unused)
     */
    public static <S> Liveness<S> takenInfinitelyOften(String name, Predicate<Action> a, Fairness... fairness) {
        return new Liveness<>(name, Form.TAKEN_INFINITELY_OFTEN, s -> false, null, a, List.of(fairness));
    }

    /**
     * @param name     the property's name
     * @param p        the states a behaviour may end in forever instead of taking A (TLA+'s {@code <>[]Final})
     * @param a        which actions are A
     * @param fairness the fairness assumptions
     * @return {@code <>[]P \/ []<><<A>>_vars} under the given fairness
     */
    public static <S> Liveness<S> alwaysOrTaken(String name, Predicate<S> p, Predicate<Action> a,
                                                Fairness... fairness) {
        return new Liveness<>(name, Form.ALWAYS_OR_TAKEN, p, null, a, List.of(fairness));
    }

    /** @return the formula and its fairness, e.g. {@code <>P under WF(Deliver), SF(Enter)} */
    public String describe() {
        return form.formula() + (fairness.isEmpty() ? " (no fairness)" : " under "
                + String.join(", ", fairness.stream().map(Fairness::toString).toList()));
    }
}
