package org.rdmacheck.engine;

import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.TimeText;

/**
 * The progress and the limits of one exploration: the figures the progress line shows (states
 * found, queue, depth), the time and heap limits, and why the search stopped (the first reason
 * wins). Shared by every thread of the run.
 */
final class RunControl {

    private final ExplorerSettings settings;
    final PhaseClock clock = new PhaseClock();
    /** distinct states found so far (for the progress line; the store has the exact count) */
    final AtomicLong found = new AtomicLong();
    final AtomicLong transitions = new AtomicLong();
    volatile long queued;
    volatile int depth;
    private long startNanos;
    private volatile String stopReason;
    private volatile CheckResult.InconclusiveReason stopCause = CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION;
    private long lastGcNanos;

    RunControl(ExplorerSettings settings) {
        this.settings = settings;
    }

    /** Starts the run's clock. */
    void start() {
        startNanos = System.nanoTime();
    }

    /** Records why the search stops (the first reason wins). */
    synchronized void stop(CheckResult.InconclusiveReason cause, String reason) {
        if (stopReason == null) {
            stopCause = cause;
            stopReason = reason;
        }
    }

    /** @return whether a stop was recorded */
    boolean stopped() {
        return stopReason != null;
    }

    /** @return why the search stopped, null while it runs */
    String stopReason() {
        return stopReason;
    }

    /** @return the cause of the stop (meaningful once stopped) */
    CheckResult.InconclusiveReason stopCause() {
        return stopCause;
    }

    /** Stops for an exhausted heap. */
    /** what the model threw while the run expanded it, or null */
    private volatile String modelError;

    /**
     * Records an exception the model threw (a bug in the model, not a verdict): the run stops and its
     * unsettled properties are FAILED with this message.
     *
     * @param e the exception
     */
    void modelFailed(RuntimeException e) {
        StackTraceElement at = e.getStackTrace().length == 0 ? null : e.getStackTrace()[0];
        modelError = "the model failed at depth " + depth + ": " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage())
                + (at == null ? "" : " (at " + at.getClassName().replaceAll(".*\\.", "") + "." + at.getMethodName()
                + ":" + at.getLineNumber() + ")");
    }

    /**
     * Stops the run at a state past a bound the model declares: not a model failure and not a
     * verdict; the properties not settled by then are inconclusive, naming the bound and the step.
     *
     * @param e what the model threw
     */
    void boundExceeded(org.rdmacheck.model.BoundExceeded e) {
        stop(CheckResult.InconclusiveReason.MODEL_BOUND, "the model's bound was exceeded at step " + depth
                + ": " + e.getMessage() + " (a configuration outside the model's bounds, such as a knock-out outside"
                + " its coverage scope); the states beyond it were not explored");
    }

    /** @return the model's failure, or null */
    String modelError() {
        return modelError;
    }

    void heapExhausted() {
        stop(CheckResult.InconclusiveReason.MEMORY_LIMIT,
                "heap exhausted (" + (Runtime.getRuntime().maxMemory() >> 20) + " MB); partial statistics");
    }

    /**
     * Checks the time and heap limits, stopping the run when one is reached.
     *
     * @return whether the run may go on
     */
    boolean withinLimits() {
        if (System.nanoTime() - startNanos > maxNanos()) {
            stop(CheckResult.InconclusiveReason.TIME_LIMIT, "time limit " + TimeText.of(settings.maxMillis()) + " reached");
            return false;
        }
        return heapWithinLimit();
    }

    /** @return whether the heap is within its limit; stops the run when not */
    boolean heapWithinLimit() {
        if (heapOk()) {
            return true;
        }
        stop(CheckResult.InconclusiveReason.MEMORY_LIMIT, "heap limit " + Math.round(settings.maxHeapFraction() * 100)
                + "% of " + (Runtime.getRuntime().maxMemory() >> 20) + " MB reached");
        return false;
    }

    private boolean heapOk() {
        Runtime rt = Runtime.getRuntime();
        double limit = settings.maxHeapFraction() * rt.maxMemory();
        if (rt.totalMemory() - rt.freeMemory() <= limit) {
            return true;
        }
        synchronized (this) {
            // a full collection is costly: at most one a second, and only when the cheap figure says so
            long now = System.nanoTime();
            if (now - lastGcNanos < 1_000_000_000L && lastGcNanos != 0) {
                return true;
            }
            lastGcNanos = now;
            System.gc();
            return rt.totalMemory() - rt.freeMemory() <= limit;
        }
    }

    /** The time limit in nanoseconds, saturating (a huge limit means none). */
    private long maxNanos() {
        long ms = settings.maxMillis();
        return ms > Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : ms * 1_000_000L;
    }

    long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** @return the progress ticker, none when progress lines are off */
    Optional<ScheduledExecutorService> startProgressTicker() {
        long every = settings.progressMillis();
        if (every <= 0) {
            return Optional.empty();
        }
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "explorer-progress");
            t.setDaemon(true);
            return t;
        });
        s.scheduleAtFixedRate(() -> {
            long ms = elapsedMillis();
            long n = found.get();
            settings.progress().accept(new ExplorerSettings.ProgressReport(n, queued, ms == 0 ? 0 : n * 1000.0 / ms,
                    ms, depth));
        }, every, every, TimeUnit.MILLISECONDS);
        return Optional.of(s);
    }
}
