package org.rdmacheck.engine;

import java.util.Arrays;

/** A growable array of longs. */
final class LongList {
    private long[] a = new long[1024];
    private int n;

    void add(long v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, grownLength(a.length));
        }
        a[n++] = v;
    }

    long get(int i) {
        return a[i];
    }

    int size() {
        return n;
    }

    long bytes() {
        return (long) a.length * Long.BYTES;
    }

    /** Doubles up to the largest array Java allows; beyond it the explorer reports a memory limit. */
    static int grownLength(int length) {
        long grown = Math.min(2L * length, Integer.MAX_VALUE - 8L);
        if (grown <= length) {
            throw new OutOfMemoryError("explorer array capacity (" + length + " entries) exhausted");
        }
        return (int) grown;
    }
}
