package org.rdmacheck.engine;

/**
 * An open-addressing map from {@code long} keys to {@code int} values, -1 for a missing key (no
 * boxing per lookup): action codes to their numbers, in the recorded labels ({@link ActionCodes})
 * and in the liveness labelling.
 */
public final class LongIntMap {
    private long[] keys = new long[256];
    private int[] vals = new int[256];
    private boolean[] used = new boolean[256];
    private int size;

    /** @return the value of a key, or -1 if it has none */
    public int get(long k) {
        int mask = keys.length - 1;
        for (int i = slot(k, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == k) {
                return vals[i];
            }
        }
        return -1;
    }

    /** Gives a key its value, replacing any earlier one. */
    public void put(long k, int v) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(k, mask);
        while (used[i] && keys[i] != k) {
            i = (i + 1) & mask;
        }
        if (!used[i]) {
            used[i] = true;
            size++;
        }
        keys[i] = k;
        vals[i] = v;
    }

    private static int slot(long k, int mask) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] k = keys;
        int[] v = vals;
        boolean[] u = used;
        keys = new long[k.length * 2];
        vals = new int[k.length * 2];
        used = new boolean[k.length * 2];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (u[i]) {
                put(k[i], v[i]);
            }
        }
    }
}
