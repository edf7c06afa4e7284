package org.rdmacheck.engine;

import java.util.Arrays;

/**
 * The action codes met on a recorded graph's edges, each numbered once ({@link GraphLabels}): an
 * edge keeps the 4-byte number of its code instead of the 8-byte code. Numbers are given in the
 * order codes are first registered, which depends on the threads; the analysis renumbers the
 * actions by their first edge. Each worker looks codes up in a {@link Cache} of its own and takes
 * the shared table's lock only for a code it has not met.
 */
final class ActionCodes {

    private long[] codes = new long[64];
    private final Cache index = new Cache();
    private int size;

    /** @return the number of a code, registering it if new */
    synchronized int id(long code) {
        int id = index.get(code);
        if (id < 0) {
            id = size;
            if (size == codes.length) {
                codes = Arrays.copyOf(codes, 2 * size);
            }
            codes[size++] = code;
            index.put(code, id);
        }
        return id;
    }

    /** @return the codes by number */
    synchronized long[] codes() {
        return Arrays.copyOf(codes, size);
    }

    /** A worker's map from codes to their numbers (open addressing, no boxing per edge). */
    static final class Cache {
        private long[] keys = new long[256];
        private int[] vals = new int[256];
        private boolean[] used = new boolean[256];
        private int size;

        /** @return the number of a code through this cache, asking the table on a miss */
        int id(long code, ActionCodes table) {
            int id = get(code);
            if (id < 0) {
                id = table.id(code);
                put(code, id);
            }
            return id;
        }

        int get(long k) {
            int mask = keys.length - 1;
            for (int i = slot(k, mask); used[i]; i = (i + 1) & mask) {
                if (keys[i] == k) {
                    return vals[i];
                }
            }
            return -1;
        }

        void put(long k, int v) {
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
}
