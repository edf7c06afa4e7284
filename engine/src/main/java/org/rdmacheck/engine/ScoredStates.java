package org.rdmacheck.engine;

import java.util.Arrays;

/**
 * The open list of a directed search: states waiting to be expanded, as packed values, in buckets
 * by score (a bucket queue: scores are small integers). {@link #pollBest} takes from the highest
 * non-empty bucket, and within a bucket the state added last (so that, on a plateau of equal
 * scores, the search goes deeper first). Each state carries its number (for its trace) and its
 * depth. No object per state: a bucket is one growable {@code int[]} of records
 * {@code values..., depth, number, length}, read from the end.
 *
 * <p>Bounded memory: {@link #dropLowest} discards whole buckets of lowest score, which makes the
 * search incomplete (those states stay in the visited set and are never expanded) but lets it go
 * on where an exhaustive search runs out of memory.
 */
final class ScoredStates {

    /** per score: its records, or null while empty */
    private final int[][] buckets;
    private final int[] used;
    private int top = -1;
    private long size;
    private long values;

    /** @param maxScore the greatest score a state can have */
    ScoredStates(int maxScore) {
        if (maxScore < 0) {
            throw new IllegalArgumentException("maxScore = " + maxScore + ": expected at least 0");
        }
        buckets = new int[maxScore + 1][];
        used = new int[maxScore + 1];
    }

    /**
     * @param score  the state's score, 0 to the greatest
     * @param state  its values from index 0
     * @param length how many
     * @param depth  its depth (steps from an initial state)
     * @param number its number
     */
    void add(int score, int[] state, int length, int depth, int number) {
        if (score < 0 || score >= buckets.length) {
            throw new IllegalStateException("score " + score + " outside 0.." + (buckets.length - 1)
                    + ": the model's heuristic broke its bound");
        }
        int[] b = buckets[score];
        int n = used[score];
        int need = n + length + 3;
        if (b == null) {
            b = new int[Math.max(64, need)];
        } else if (need > b.length) {
            b = Arrays.copyOf(b, IntList.grownLength(Math.max(need, b.length)));
        }
        System.arraycopy(state, 0, b, n, length);
        b[n + length] = depth;
        b[n + length + 1] = number;
        b[n + length + 2] = length;
        buckets[score] = b;
        used[score] = need;
        top = Math.max(top, score);
        size++;
        values += length + 3;
    }

    /** @return whether no state waits */
    boolean isEmpty() {
        return size == 0;
    }

    /** @return the states waiting */
    long size() {
        return size;
    }

    /** @return the highest score of a waiting state, -1 when none waits */
    int topScore() {
        return top;
    }

    /**
     * Takes the last state added of the highest score.
     *
     * @param into receives its values from index 0 (large enough for the longest state)
     * @param meta receives its depth, number and length
     * @return its score
     */
    int pollBest(int[] into, int[] meta) {
        int s = top;
        int[] b = buckets[s];
        int n = used[s];
        int length = b[n - 1];
        int start = n - 3 - length;
        System.arraycopy(b, start, into, 0, length);
        meta[0] = b[n - 3];
        meta[1] = b[n - 2];
        meta[2] = length;
        used[s] = start;
        size--;
        values -= length + 3;
        if (start == 0) {
            buckets[s] = null;
            while (top >= 0 && used[top] == 0) {
                top--;
            }
        } else if (b.length > 4096 && start < b.length / 4) {
            buckets[s] = Arrays.copyOf(b, b.length / 2);
        }
        return s;
    }

    /**
     * Discards whole buckets, lowest score first, until at most {@code keepValues} values are held
     * (the highest bucket is never discarded).
     *
     * @param keepValues the values to keep at most
     * @return the states discarded
     */
    long dropLowest(long keepValues) {
        long dropped = 0;
        for (int s = 0; s < top && values > keepValues; s++) {
            int[] b = buckets[s];
            if (b == null) {
                continue;
            }
            int n = used[s];
            int states = 0;
            for (int end = n; end > 0; end -= b[end - 1] + 3) {
                states++;
            }
            dropped += states;
            size -= states;
            values -= n;
            buckets[s] = null;
            used[s] = 0;
        }
        return dropped;
    }

    /** @return bytes held by the buckets' arrays */
    long bytes() {
        long b = 8L * buckets.length;
        for (int[] a : buckets) {
            if (a != null) {
                b += 4L * a.length + 16;
            }
        }
        return b;
    }

    /** @return the values held (4 bytes each): the states' own and three per state */
    long values() {
        return values;
    }
}
