package org.rdmacheck.engine;

import org.rdmacheck.model.Action;

/**
 * A violation found in a level: the state whose path leads to it, plus an optional last step;
 * {@code key} orders violations as a one-thread search would meet them (state number, then
 * ordinal), so that the one reported does not depend on the threads.
 *
 * @param stateIndex the number of the state where the violation is seen
 * @param lastAction the violating step's action (action properties), else null
 * @param lastState  the violating step's target (action properties), else null
 * @param key        the order key
 * @param <S>        state type
 */
record Violation<S>(int stateIndex, Action lastAction, S lastState, long key) {
}
