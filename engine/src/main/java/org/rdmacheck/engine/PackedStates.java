package org.rdmacheck.engine;

import java.util.Arrays;
import org.rdmacheck.model.Words;

/**
 * States as packed 32-bit values in one {@code int[]}, one after another, with the start of each:
 * a frontier without objects, about 4 bytes per value plus 4 per state. A segmented frontier
 * (a compact level's, built in pieces) keeps each run of {@code 1 << segmentBits} states (at
 * least an expansion chunk's) in an array of its own, so that no array as large as the level is
 * ever allocated or copied; a state's values are then in {@code values(i)} from {@code start(i)}.
 */
final class PackedStates {

    private int[] values;
    /** a segmented frontier's arrays (state i in segment {@code i >>> segmentBits}), else null */
    private int[][] segments;
    private int segmentBits;
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

    /**
     * A segmented frontier: {@code starts[i]} is where state i's values begin in its segment,
     * {@code segments[i >>> segmentBits]}; a segment holds whole expansion chunks.
     */
    static PackedStates segmented(int[] starts, int count, int[][] segments, int segmentBits) {
        if (1 << segmentBits < LevelExpansion.CHUNK) {
            throw new IllegalArgumentException("segments of " + (1 << segmentBits) + " states split expansion chunks");
        }
        PackedStates p = new PackedStates(0, 0);
        p.values = null;
        p.segments = segments;
        p.segmentBits = segmentBits;
        p.starts = starts;
        p.size = count;
        return p;
    }

    int size() {
        return size;
    }

    /** @return the array that holds state {@code i}'s values (the same for every state of an expansion chunk) */
    int[] values(int i) {
        return segments == null ? values : segments[i >>> segmentBits];
    }

    /** @return where state {@code i}'s values begin in {@link #values values(i)} */
    int start(int i) {
        return starts[i];
    }

    /**
     * @return how many values state {@code i} has when its successor in the frontier tells it (the
     *         next state's start in the same array), else -1 (the last state, or of a segment)
     */
    int length(int i) {
        if (i + 1 >= size || segments != null && ((i + 1) >>> segmentBits) != (i >>> segmentBits)) {
            return -1;
        }
        return starts[i + 1] - starts[i];
    }

    long bytes() {
        long b = 4L * starts.length;
        if (segments == null) {
            return b + 4L * values.length;
        }
        for (int[] seg : segments) {
            b += 4L * seg.length;
        }
        return b;
    }
}
