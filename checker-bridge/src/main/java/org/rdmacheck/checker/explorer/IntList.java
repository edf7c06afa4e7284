package org.rdmacheck.checker.explorer;

import java.util.Arrays;

/** A growable array of ints. */
final class IntList {
    private int[] a = new int[1024];
    private int n;

    void add(int v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[n++] = v;
    }

    int get(int i) {
        return a[i];
    }

    int size() {
        return n;
    }

    long bytes() {
        return (long) a.length * Integer.BYTES;
    }
}
