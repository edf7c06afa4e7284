package org.rdmacheck.properties.liveness;

import java.util.ArrayList;
import java.util.List;
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
 * ({@code \A m : WF_vars(Deliver(m))}), so "every enabled Deliver eventually happens";
 * {@link Scope#PER} groups the family by the values of some action parameters and asks fairness
 * of every group ({@code \A q : WF_vars(Forward(q))}, "every queue's head gets its turn",
 * whatever route the head takes).
 *
 * @param label    how the assumption is shown, e.g. {@code Deliver}
 * @param strength weak or strong
 * @param scope    the family as one action, each of its actions, or one action per group
 * @param family   which actions the assumption covers
 * @param by       for {@link Scope#PER}: the action parameters whose values name a group (empty otherwise)
 */
public record Fairness(String label, Strength strength, Scope scope, Predicate<Action> family, List<String> by) {

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
        EACH,
        /** the actions of the family with equal values of the parameters {@code by} form one fair action */
        PER
    }

    /** Rejects nulls, and parameters given exactly when the scope is not {@link Scope#PER}. */
    public Fairness {
        Objects.requireNonNull(label);
        Objects.requireNonNull(strength);
        Objects.requireNonNull(scope);
        Objects.requireNonNull(family);
        by = List.copyOf(by);
        if ((scope == Scope.PER) == by.isEmpty()) {
            throw new IllegalArgumentException(label + ": group parameters are given exactly for scope PER");
        }
    }

    /**
     * An assumption of scope {@link Scope#FAMILY} or {@link Scope#EACH}.
     *
     * @param label    how it is shown
     * @param strength weak or strong
     * @param scope    FAMILY or EACH
     * @param family   which actions it covers
     */
    public Fairness(String label, Strength strength, Scope scope, Predicate<Action> family) {
        this(label, strength, scope, family, List.of());
    }

    /**
     * @param label  how it is shown, e.g. {@code Forward|Deliver}
     * @param family which actions it covers
     * @param by     the parameters whose values name a group, e.g. {@code arc}
     * @return WF of every group of the family ({@code \A q : WF_vars(A(q))})
     */
    public static Fairness weakPer(String label, Predicate<Action> family, String... by) {
        return new Fairness(label, Strength.WEAK, Scope.PER, family, List.of(by));
    }

    /**
     * @param label  how it is shown
     * @param family which actions it covers
     * @param by     the parameters whose values name a group
     * @return SF of every group of the family ({@code \A q : SF_vars(A(q))})
     */
    public static Fairness strongPer(String label, Predicate<Action> family, String... by) {
        return new Fairness(label, Strength.STRONG, Scope.PER, family, List.of(by));
    }

    /**
     * Which fair action a covered action belongs to: two actions in the same group are one action
     * for this assumption.
     *
     * @param action an action the assumption covers
     * @return its group: the label (FAMILY), the action itself (EACH), or the values of the
     *         parameters {@code by} (PER; a parameter the action lacks counts as absent)
     */
    public Object groupOf(Action action) {
        return switch (scope) {
            case FAMILY -> label;
            case EACH -> action;
            case PER -> {
                List<Object> key = new ArrayList<>(by.size());
                for (String p : by) {
                    key.add(action.params().getOrDefault(p, "absent"));
                }
                yield key;
            }
        };
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

    /** @return e.g. {@code WF(Deliver)}, {@code SF(each Enter)} or {@code WF(Forward|Deliver per arc)} */
    @Override
    public String toString() {
        return (strength == Strength.WEAK ? "WF(" : "SF(") + (scope == Scope.EACH ? "each " : "") + label
                + (scope == Scope.PER ? " per " + String.join(", ", by) : "") + ")";
    }
}
