package org.rdmacheck.engine;

import java.util.Arrays;

/** A growable array of ints. */
final class IntList {
    private int[] a = new int[1024];
    private int n;

    void add(int v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, grownLength(a.length));
        }
        a[n++] = v;
    }

    int get(int i) {
        return a[i];
    }

    int size() {
        return n;
    }

    void clear() {
        n = 0;
    }

    /** Copies the elements to {@code dst} from {@code at}. */
    void copyTo(int[] dst, int at) {
        System.arraycopy(a, 0, dst, at, n);
    }

    int[] toArray() {
        return Arrays.copyOf(a, n);
    }

    long bytes() {
        return (long) a.length * Integer.BYTES;
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
