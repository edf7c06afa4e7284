package org.rdmacheck.engine;

import java.util.Arrays;
import org.rdmacheck.model.Words;

/**
 * States as packed 32-bit values in one {@code int[]}, one after another, with the start of each:
 * a frontier without objects, about 4 bytes per value plus 4 per state.
 */
final class PackedStates {

    private int[] values;
    private int[] starts;
    private int size;

    /**
     * @param states expected states
     * @param valueCount expected values in all
     */
    PackedStates(int states, int valueCount) {
        values = new int[Math.max(1, valueCount)];
        starts = new int[states + 1];
    }

    /** Appends the values of a buffer. */
    void append(Words w) {
        int at = starts[size];
        int n = w.length();
        if (at + n > values.length) {
            values = Arrays.copyOf(values, IntList.grownLength(Math.max(values.length, at + n)));
        }
        if (size + 1 == starts.length) {
            starts = Arrays.copyOf(starts, IntList.grownLength(starts.length));
        }
        w.copyTo(values, at);
        starts[++size] = at + n;
    }

    /**
     * A frontier of known shape over given arrays, filled by several threads: {@code starts[i]} is
     * where state i's values begin in {@code values}, {@code starts[count]} their total.
     */
    static PackedStates of(int[] starts, int count, int[] values) {
        PackedStates p = new PackedStates(0, 0);
        p.values = values;
        p.starts = starts;
        p.size = count;
        return p;
    }

    int size() {
        return size;
    }

    int[] values() {
        return values;
    }

    int start(int i) {
        return starts[i];
    }

    long bytes() {
        return 4L * values.length + 4L * starts.length;
    }
}
