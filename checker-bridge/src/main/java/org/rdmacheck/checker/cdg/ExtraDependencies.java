package org.rdmacheck.checker.cdg;

import java.util.Arrays;

/**
 * Channel dependencies outside the turn rules of {@link ChannelGraph} (the down-to-up turns of
 * rerouted packets), collected as pairs and stored in compressed rows.
 */
public final class ExtraDependencies {

    private long[] pairs = new long[16];
    private int size;

    /**
     * @param from channel
     * @param to   channel it depends on
     */
    public void add(int from, int to) {
        if (size == pairs.length) {
            pairs = Arrays.copyOf(pairs, size * 2);
        }
        pairs[size++] = ((long) from << 32) | to;
    }

    /** @return whether there are none */
    public boolean isEmpty() {
        return size == 0;
    }

    /** @return number of distinct dependencies */
    public int count() {
        return (int) Arrays.stream(pairs, 0, size).distinct().count();
    }

    int[] toCsr(int channels, int[] start) {
        long[] sorted = Arrays.stream(pairs, 0, size).distinct().sorted().toArray();
        int[] to = new int[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            start[(int) (sorted[i] >>> 32) + 1]++;
            to[i] = (int) sorted[i];
        }
        for (int c = 0; c < channels; c++) {
            start[c + 1] += start[c];
        }
        return to;
    }
}
