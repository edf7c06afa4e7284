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

        /**
         * The explorer's word that the properties are now judging the state this expander last expanded, at
         * the very array and offset it was expanded from and unchanged ({@code true}, right after {@link
         * #successors}), or no longer ({@code false}, once they are judged): a model that keeps answers about
         * the state it expanded may recognise it by that array and offset alone meanwhile, without comparing
         * its values. Ignored by default.
         *
         * @param on whether the state last expanded is being judged
         */
        default void judging(boolean on) {
        }
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

    /**
     * A sink that lends its own buffer, so that a successor is written where the sink keeps it
     * rather than into a scratch buffer it then copies (the explorer's chunk of successors). An
     * expansion that writes in place asks for room before it writes a successor's first value,
     * writes the successor at {@link #offset}, then calls {@link #written}; a successor is written
     * completely before the next is begun. Sinks that are not this receive {@link #accept} as usual.
     */
    interface BufferSink extends Sink {
        /**
         * @param maxLength the most values the next successor may have
         * @return the buffer the next successor goes into, from {@link #offset} on, with room for {@code maxLength}
         */
        int[] room(int maxLength);

        /** @return where in {@link #room}'s buffer the next successor's first value goes */
        int offset();

        /**
         * The successor written at {@link #offset} of {@link #room}'s buffer is complete.
         *
         * @param action the action's code
         * @param length how many values it has
         */
        void written(long action, int length);
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

    /**
     * A step predicate that reads the state before the step and the action's code only, never the
     * state after: the explorer need not lay the successor out for it (its {@code to} argument may
     * hold other values).
     */
    @FunctionalInterface
    interface ParentStepTest extends StepTest {
    }
}
