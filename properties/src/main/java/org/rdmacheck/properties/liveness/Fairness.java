package org.rdmacheck.properties.liveness;

import java.util.Objects;
import java.util.function.Predicate;
import org.rdmacheck.model.Action;

/**
 * A fairness assumption on an action or a family of actions, as TLA+ states it with
 * {@code WF_vars(A)} and {@code SF_vars(A)}.
 *
 * <p>Weak fairness: a behaviour may not keep the action enabled forever without taking it (it is
 * taken infinitely often, or infinitely often disabled). Strong fairness: a behaviour may not
 * enable it infinitely often without taking it infinitely often. The family is a predicate on the
 * action value. {@link Scope#FAMILY} treats the whole family as one action (the disjunction, TLA+
 * {@code WF_vars(\E m : Deliver(m))}); {@link Scope#EACH} asks fairness of every member on its own
 * ({@code \A m : WF_vars(Deliver(m))}), so "every enabled Deliver eventually happens".
 *
 * @param label    how the assumption is shown, e.g. {@code Deliver}
 * @param strength weak or strong
 * @param scope    the family as one action, or each of its actions
 * @param family   which actions the assumption covers
 */
public record Fairness(String label, Strength strength, Scope scope, Predicate<Action> family) {

    /** Weak or strong fairness. */
    public enum Strength {
        /** WF: not enabled forever without being taken */
        WEAK,
        /** SF: not enabled infinitely often without being taken */
        STRONG
    }

    /** One action for the whole family, or one per action value. */
    public enum Scope {
        /** the family is one action (its disjunction) */
        FAMILY,
        /** every action value of the family is fair on its own */
        EACH
    }

    /** Rejects nulls. */
    public Fairness {
        Objects.requireNonNull(label);
        Objects.requireNonNull(strength);
        Objects.requireNonNull(scope);
        Objects.requireNonNull(family);
    }

    /** @param actionName an action name  @return WF of all actions of that name taken as one action */
    public static Fairness weak(String actionName) {
        return new Fairness(actionName, Strength.WEAK, Scope.FAMILY, a -> a.name().equals(actionName));
    }

    /** @param actionName an action name  @return SF of all actions of that name taken as one action */
    public static Fairness strong(String actionName) {
        return new Fairness(actionName, Strength.STRONG, Scope.FAMILY, a -> a.name().equals(actionName));
    }

    /** @param actionName an action name  @return WF of every action value of that name */
    public static Fairness weakEach(String actionName) {
        return new Fairness(actionName, Strength.WEAK, Scope.EACH, a -> a.name().equals(actionName));
    }

    /** @param actionName an action name  @return SF of every action value of that name */
    public static Fairness strongEach(String actionName) {
        return new Fairness(actionName, Strength.STRONG, Scope.EACH, a -> a.name().equals(actionName));
    }

    /**
     * @param action an action value
     * @return whether the assumption covers it
     */
    public boolean covers(Action action) {
        return family.test(action);
    }

    /** @return e.g. {@code WF(Deliver)} or {@code SF(each Enter)} */
    @Override
    public String toString() {
        return (strength == Strength.WEAK ? "WF(" : "SF(") + (scope == Scope.EACH ? "each " : "") + label + ")";
    }
}
