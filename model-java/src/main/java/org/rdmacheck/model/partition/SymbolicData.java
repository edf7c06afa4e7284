package org.rdmacheck.model.partition;

import java.util.ArrayList;
import java.util.List;

/**
 * Symbolic transfer contents: byte {@code i} of transfer {@code t} has the value
 * {@code t * size + i + 1}, so every byte of every transfer is distinct and a reassembled buffer can
 * be compared with the original exactly. The value {@link #HOLE} (0) marks a byte not yet written.
 * The TLA+ spec uses the same encoding ({@code Val(t, i)} in {@code specs/partition/Spec.tla}).
 */
public final class SymbolicData {

    /** A receiver buffer byte that no chunk has written. */
    public static final int HOLE = 0;

    private SymbolicData() {
    }

    /**
     * @param size  bytes per transfer
     * @param t     transfer (data ID as the sender knows it)
     * @param index byte index in the transfer
     * @return the byte's symbolic value
     */
    public static int value(int size, int t, int index) {
        return t * size + index + 1;
    }

    /**
     * @param size  bytes per transfer
     * @param value a non-hole byte value
     * @return the transfer the byte belongs to
     */
    public static int transferOf(int size, int value) {
        return (value - 1) / size;
    }

    /**
     * @param size  bytes per transfer
     * @param value a non-hole byte value
     * @return the byte's index in its transfer
     */
    public static int indexOf(int size, int value) {
        return (value - 1) % size;
    }

    /**
     * @param size bytes per transfer
     * @param t    transfer
     * @return the original contents of transfer {@code t}
     */
    public static List<Integer> original(int size, int t) {
        List<Integer> d = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            d.add(value(size, t, i));
        }
        return List.copyOf(d);
    }
}
