package org.rdmacheck.checker.explorer;

import java.util.Arrays;

/** A growable array of longs. */
final class LongList {
    private long[] a = new long[1024];
    private int n;

    void add(long v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
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
}
