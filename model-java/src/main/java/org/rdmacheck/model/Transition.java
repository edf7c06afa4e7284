package org.rdmacheck.model;

import java.util.Objects;

/**
 * One step of a model: the action taken and the state it leads to.
 *
 * @param action the action
 * @param next   the successor state
 * @param <S>    the state type
 */
public record Transition<S>(Action action, S next) {
    /** Rejects nulls. */
    public Transition {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(next, "next");
    }
}
