package org.rdmacheck.properties.liveness;

import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A temporal property checked over the fair behaviours of a model: the behaviours that satisfy
 * every declared {@link Fairness} assumption. Behaviours are as in TLA+: infinite sequences of
 * states in which every step is a model transition or a stutter (the state unchanged), so a
 * behaviour may stop anywhere unless fairness forbids it. Unlike progress (AG EF goal, which asks
 * only that a goal stays reachable), these properties are violated by a fair behaviour that keeps
 * avoiding the goal while it is reachable: a livelock.
 *
 * @param name      the property's name
 * @param form      which temporal formula
 * @param p         the state predicate P
 * @param q         the state predicate Q ({@link Form#LEADS_TO} only; otherwise null)
 * @param fairness  the fairness assumptions under which the property must hold
 * @param <S>       state type
 */
public record Liveness<S>(String name, Form form, Predicate<S> p, Predicate<S> q, List<Fairness> fairness) {

    /** The temporal formulas. */
    public enum Form {
        /** {@code <>P}: every fair behaviour reaches a P state */
        EVENTUALLY("<>P"),
        /** {@code P ~> Q}: after every P state, every fair behaviour reaches a Q state (at once or later) */
        LEADS_TO("P ~> Q"),
        /** {@code <>[]P}: every fair behaviour ends up in P states forever */
        EVENTUALLY_ALWAYS("<>[]P"),
        /** {@code []<>P}: every fair behaviour visits P states infinitely often */
        INFINITELY_OFTEN("[]<>P");

        private final String formula;

        Form(String formula) {
            this.formula = formula;
        }

        /** @return the formula in TLA+ notation */
        public String formula() {
            return formula;
        }
    }

    /** Rejects nulls and a missing or superfluous Q. */
    public Liveness {
        Objects.requireNonNull(name);
        Objects.requireNonNull(form);
        Objects.requireNonNull(p);
        fairness = List.copyOf(fairness);
        if ((form == Form.LEADS_TO) != (q != null)) {
            throw new IllegalArgumentException(name + ": Q is given exactly for LEADS_TO");
        }
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

    /** @return the formula and its fairness, e.g. {@code <>P under WF(Deliver), SF(Enter)} */
    public String describe() {
        return form.formula() + (fairness.isEmpty() ? " (no fairness)" : " under "
                + String.join(", ", fairness.stream().map(Fairness::toString).toList()));
    }
}
