package org.rdmacheck.model;

import java.util.List;
import java.util.function.Consumer;

/**
 * An executable model: a transition system over immutable states.
 *
 * <p>States are immutable values with value equality (Java records). Successors are emitted to a
 * sink as {@link Transition}s, so a trace reads "step k: action -&gt; state". Variants of a
 * protocol are configuration of one model, never copies of it.
 *
 * <p>Implementations must be deterministic and thread-safe: {@link #successors} is called from
 * several threads at once and must emit the same transitions in the same order for equal states.
 *
 * @param <S> the state type
 */
public interface Model<S> {

    /**
     * The initial states, in a fixed order.
     *
     * @return the initial states; never empty
     */
    List<S> initialStates();

    /**
     * Emits every transition enabled in {@code state}, in a fixed order.
     *
     * @param state the current state
     * @param sink  receives each transition
     */
    void successors(S state, Consumer<Transition<S>> sink);

    /**
     * Whether {@code state} is a declared final state: the protocol is done there, so having no
     * successor is not a deadlock.
     *
     * @param state a reachable state
     * @return true for a final state
     */
    default boolean isFinal(S state) {
        return false;
    }

    /**
     * A 64-bit fingerprint of a state, used by fingerprint-mode exploration. Equal states must have
     * equal fingerprints. The default walks records, collections and values structurally; models
     * with very large state spaces may override it with a faster hand-written hash.
     *
     * @param state the state
     * @return its fingerprint
     */
    default long fingerprint(S state) {
        return Fingerprints.of(state);
    }

    /**
     * A packed encoding of the states, when the model offers one: the explorer then fingerprints
     * packed words instead of walking objects. Optional; models without one are explored through
     * {@link #fingerprint}.
     *
     * @return the codec, empty when the model has none
     */
    default java.util.Optional<StateCodec<S>> codec() {
        return java.util.Optional.empty();
    }

    /**
     * Successor generation on packed states (the encoding of {@link #codec}), when the model offers
     * it: the explorer then expands states without building state or action objects. Optional, and
     * only meaningful with a codec; the object successors stay the reference.
     *
     * @return the packed successor generator, empty when the model has none
     */
    default java.util.Optional<PackedModel> packed() {
        return java.util.Optional.empty();
    }

    /**
     * The model's symmetric set, when it has one: the explorer's symmetry reduction (off unless
     * asked for) then keeps one state per class of states equal up to renaming its elements.
     *
     * @return the symmetry, empty when the model declares none
     */
    default java.util.Optional<Symmetry<S>> symmetry() {
        return java.util.Optional.empty();
    }

    /**
     * The model's measure of closeness to a violation, when it has one, on packed values (so only
     * with a {@link #codec}): the directed search ({@code check --search directed}) expands states of
     * higher score first. Models without one are refused by that search.
     *
     * @return the measure, empty when the model declares none
     */
    default java.util.Optional<SearchHeuristic> heuristic() {
        return java.util.Optional.empty();
    }

    /**
     * The value written into counterexample traces for a state; by default the state itself,
     * which must then be serialisable as JSON (records, lists, maps, numbers, strings, enums).
     *
     * @param state the state
     * @return a JSON-friendly view of the state
     */
    default Object view(S state) {
        return state;
    }
}
