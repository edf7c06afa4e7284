package org.rdmacheck.model.topology;

import java.util.concurrent.CancellationException;

/**
 * Cooperative cancellation of building a large topology (a fat-tree of k = 128 has over half a
 * million nodes and takes seconds): the builder's loops look at their thread's interrupt flag every
 * few thousand steps, so a command with a time limit that interrupts its worker stops it within
 * milliseconds, as the static check's own loops do.
 */
final class Interruption {

    /** Steps between looks at the interrupt flag: a power of two, a few microseconds of work. */
    private static final int EVERY = 4096;

    private Interruption() {
    }

    /**
     * @param step a loop's step counter
     * @throws CancellationException if the step is one to look at and the current thread was interrupted
     */
    static void check(int step) {
        if ((step & (EVERY - 1)) == 0 && Thread.currentThread().isInterrupted()) {
            throw new CancellationException("topology building interrupted");
        }
    }
}
