package org.rdmacheck.checker.cdg;

import java.util.concurrent.CancellationException;

/**
 * Cooperative cancellation of a long static check: the search loops look at their thread's
 * interrupt flag, so a caller with a time limit can stop a check of a huge fabric by interrupting
 * the thread that runs it.
 */
public final class Cancellation {

    private Cancellation() {
    }

    /** @throws CancellationException if the current thread was interrupted */
    public static void check() {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("deadlock check interrupted");
        }
    }
}
