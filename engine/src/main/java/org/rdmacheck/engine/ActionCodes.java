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
    private final LongIntMap index = new LongIntMap();
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
        private final LongIntMap map = new LongIntMap();

        /** @return the number of a code through this cache, asking the table on a miss */
        int id(long code, ActionCodes table) {
            int id = map.get(code);
            if (id < 0) {
                id = table.id(code);
                map.put(code, id);
            }
            return id;
        }
    }
}
