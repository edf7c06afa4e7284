package org.rdmacheck.model;

/**
 * Successor generation on packed states, a model's optional fast path: given a state as the 32-bit
 * values its {@link StateCodec} writes, emit each successor's values and a code of its action,
 * without building states or {@link Action}s. Actions are materialised ({@link #action}) and states
 * decoded only when a trace is rebuilt or a violation reported.
 *
 * <p>Contract, checked by tests on every reachable state of small configurations: for a state
 * {@code s}, the successors emitted for {@code encode(s)} are, in the same order, the encodings of
 * the transitions {@link Model#successors} emits for {@code s}, and {@code action(code)} equals their
 * actions. The object model stays the reference; this is the same transition system, faster.
 */
public interface PackedModel {

    /**
     * A successor generator with its own scratch buffers: one per thread.
     *
     * @return a new expander
     */
    Expander expander();

    /**
     * The action a code stands for.
     *
     * @param code a code an {@link Expander} emitted
     * @return the action, equal to the object model's
     */
    Action action(long code);

    /** Emits the successors of packed states; not thread-safe (one per thread). */
    interface Expander {
        /**
         * Emits every successor of a packed state, in the order of {@link Model#successors}.
         *
         * @param state  the values of the state
         * @param offset where the state's first value is
         * @param sink   receives each successor
         */
        void successors(int[] state, int offset, Sink sink);
    }

    /** Receives packed successors. */
    @FunctionalInterface
    interface Sink {
        /**
         * @param action the action's code ({@link PackedModel#action})
         * @param next   the successor's values, from index 0; valid only during the call
         * @param length how many values
         */
        void accept(long action, int[] next, int length);
    }

    /** A state predicate evaluated on packed values. */
    @FunctionalInterface
    interface StateTest {
        /**
         * @param state  the values
         * @param offset the state's first value
         * @return whether the predicate holds
         */
        boolean test(int[] state, int offset);
    }

    /** A step predicate evaluated on packed values and an action code. */
    @FunctionalInterface
    interface StepTest {
        /**
         * @param from       values of the state before
         * @param fromOffset its first value
         * @param action     the action's code
         * @param to         values of the state after, from index 0
         * @return whether the step is allowed
         */
        boolean test(int[] from, int fromOffset, long action, int[] to);
    }
}
