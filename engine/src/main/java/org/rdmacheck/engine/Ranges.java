package org.rdmacheck.engine;

/**
 * Runs a body over {@code [0, n)}, split into ranges that may run in several threads at once: how
 * the explorer lends its workers to a data structure's bulk operations (e.g. growing the visited
 * set), which then need no executor of their own.
 */
@FunctionalInterface
interface Ranges {

    /** One thread, one range. */
    Ranges SERIAL = (n, body) -> body.run(0, n);

    /**
     * @param n    the size of the index space
     * @param body run once per range; ranges are disjoint and cover {@code [0, n)}
     */
    void run(int n, Body body);

    /** A body run over a range of indices by one thread. */
    @FunctionalInterface
    interface Body {
        void run(int from, int to);
    }
}
