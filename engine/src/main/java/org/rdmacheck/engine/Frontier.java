package org.rdmacheck.engine;

import java.util.List;

/**
 * The states of one breadth-first level, in number order: state objects, or packed values.
 *
 * @param <S> state type
 */
final class Frontier<S> {

    private final List<S> states;
    private final PackedStates packed;

    Frontier(List<S> states) {
        this.states = states;
        this.packed = null;
    }

    Frontier(PackedStates packed) {
        this.states = null;
        this.packed = packed;
    }

    int size() {
        return states != null ? states.size() : packed.size();
    }

    /** @return the i-th state (object frontier) */
    S state(int i) {
        return states.get(i);
    }

    /** @return the packed states, null for an object frontier */
    PackedStates packed() {
        return packed;
    }
}
