package org.rdmacheck.model.layout;

import java.util.Arrays;
import org.rdmacheck.model.PackedModel;

/**
 * A state of a model written on a {@link StateLayout}: its packed values, immutable, equal when
 * the values are equal. The object path of the engine (traces, replay, liveness, tests) carries
 * these; the packed path never builds them. Properties are written once on packed values and
 * evaluated on a state through {@link #test}.
 */
public final class LayoutState {

    private final StateLayout layout;
    private final int[] values;
    private final int hash;

    /**
     * @param layout the layout
     * @param values the packed values (copied)
     * @param from   the first
     * @param length how many
     */
    public LayoutState(StateLayout layout, int[] values, int from, int length) {
        this.layout = layout;
        this.values = Arrays.copyOfRange(values, from, from + length);
        this.hash = Arrays.hashCode(this.values);
    }

    /** @return the layout */
    public StateLayout layout() {
        return layout;
    }

    /** @param f a field of the layout  @return its value */
    public int get(Field f) {
        return f.get(values, 0);
    }

    /** @param f a boolean field of the layout  @return its value */
    public boolean is(Field f) {
        return f.is(values, 0);
    }

    /** @param q a FIFO of the layout  @return its length */
    public int length(Fifo q) {
        return q.length(values, 0);
    }

    /** @param q a FIFO of the layout  @return the bits of its elements, oldest first */
    public int[] elements(Fifo q) {
        return layout.elements(values, 0, q);
    }

    /**
     * @param test a predicate on packed values
     * @return its value on this state
     */
    public boolean test(PackedModel.StateTest test) {
        return test.test(values, 0);
    }

    /**
     * Evaluates a step predicate on packed values with this state as the step's origin.
     *
     * @param test   the predicate
     * @param action the action's code
     * @param to     the state after
     * @return its value
     */
    public boolean test(PackedModel.StepTest test, long action, LayoutState to) {
        return test.test(values, 0, action, to.values);
    }

    /** @return how many 32-bit values the state takes */
    public int length() {
        return values.length;
    }

    /**
     * @param dst    destination
     * @param offset where the first value goes
     */
    public void copyTo(int[] dst, int offset) {
        System.arraycopy(values, 0, dst, offset, values.length);
    }

    /** The values themselves, for the codec (never written). */
    int[] raw() {
        return values;
    }

    /** @return the state as named values ({@link StateLayout#named}) */
    public NamedValues named() {
        return layout.named(values, 0);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LayoutState s && s.hash == hash && Arrays.equals(s.values, values);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return named().toString();
    }
}
