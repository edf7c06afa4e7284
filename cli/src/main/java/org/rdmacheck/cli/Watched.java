package org.rdmacheck.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a long computation that cannot report by itself (a static check of a huge fabric) on a
 * worker thread, while the calling thread prints a progress line every few seconds and enforces
 * the time limit: past it the worker is interrupted; a computation that then ends with partial
 * results returns them (the caller sees {@link RunClock#expired()}), one that stops with a
 * {@link CancellationException} or does not stop in time gives {@link LimitReached}.
 */
public final class Watched {

    private static final long GRACE_MILLIS = 2_000;

    /** The longest wait between looks at the clock (progress lines, the limit). */
    private static final long POLL_MILLIS = 200;

    private Watched() {
    }

    /** The time limit passed before the computation ended. */
    public static final class LimitReached extends Exception {
        private static final long serialVersionUID = 1L;

        LimitReached(String reason) {
            super(reason);
        }
    }

    /**
     * @param clock    progress lines and the time limit
     * @param progress how far the computation is, for the progress lines
     * @param work     the computation
     * @param <T>      its result
     * @return the result
     * @throws LimitReached if the time limit passed first
     */
    public static <T> T run(RunClock clock, Supplier<String> progress, Callable<T> work) throws LimitReached {
        FutureTask<T> task = new FutureTask<>(work);
        Thread worker = new Thread(task, "rdmacheck-worker");
        worker.setDaemon(true);
        worker.start();
        try {
            while (true) {
                try {
                    // wake at the deadline, not up to a poll later: a 1 ms limit is noticed within a few ms
                    return task.get(Math.max(1, Math.min(POLL_MILLIS, clock.maxMillis() - clock.elapsedMillis())),
                            TimeUnit.MILLISECONDS);
                } catch (TimeoutException notYet) {
                    if (clock.expired()) {
                        String reason = clock.limitReason();
                        worker.interrupt();
                        try {
                            // a computation that stops with what it has returns it
                            return task.get(GRACE_MILLIS, TimeUnit.MILLISECONDS);
                        } catch (TimeoutException | ExecutionException stopped) {
                            if (stopped instanceof ExecutionException e
                                    && !(e.getCause() instanceof CancellationException)) {
                                throw e;
                            }
                            throw new LimitReached(reason);
                        }
                    }
                    clock.tick(progress);
                }
            }
        } catch (InterruptedException e) {
            worker.interrupt();
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }
}
