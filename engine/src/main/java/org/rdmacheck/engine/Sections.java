package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.rdmacheck.checker.CheckResult;

/**
 * The parallel sections of a run: work handed to every thread of the pool (or run on this thread
 * without one), booked on the run's {@link PhaseClock}. How work is split never changes a result.
 */
final class Sections {

    /** Pieces per thread of a section split by {@link #inParallel} (does not change any result). */
    static final int PIECES_PER_THREAD = 16;

    private final ExecutorService pool;
    private final int threads;
    private final RunControl control;

    /**
     * @param pool    the worker threads, null for a one-thread run
     * @param threads how many
     * @param control the run's clock and stop reasons
     */
    Sections(ExecutorService pool, int threads, RunControl control) {
        this.pool = pool;
        this.threads = threads;
        this.control = control;
    }

    /** @return the number of tasks a section that uses every thread runs */
    int width() {
        return pool == null ? 1 : threads;
    }

    /** @return whether there is a pool */
    boolean parallel() {
        return pool != null;
    }

    /**
     * Runs {@code parts} tasks ({@code body} given the task's index), on the pool when there is
     * one, else one after the other on this thread, and books their CPU time as a parallel section.
     */
    void runTasks(String name, int parts, IntConsumer body) {
        runTasks(pool, name, parts, body);
    }

    /** As {@link #runTasks(String, int, IntConsumer)}, serially even when there is a pool. */
    void runSerial(String name, IntConsumer body) {
        runTasks(null, name, 1, body);
    }

    private void runTasks(ExecutorService on, String name, int parts, IntConsumer body) {
        PhaseClock clock = control.clock;
        long[] cpu = new long[parts];
        long[] wall = new long[parts];
        long start = System.nanoTime();
        if (on == null || parts == 1) {
            for (int t = 0; t < parts; t++) {
                timed(body, t, cpu, wall);
            }
            clock.section(name, cpu, wall, System.nanoTime() - start, true);
            return;
        }
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < parts; t++) {
            int slot = t;
            tasks.add(() -> {
                timed(body, slot, cpu, wall);
                return null;
            });
        }
        join(on, tasks);
        clock.section(name, cpu, wall, System.nanoTime() - start, false);
    }

    private void timed(IntConsumer body, int t, long[] cpu, long[] wall) {
        PhaseClock clock = control.clock;
        long c = clock.cpu();
        long w = System.nanoTime();
        try {
            body.accept(t);
        } finally {
            cpu[t] = clock.cpu() - c;
            wall[t] = System.nanoTime() - w;
        }
    }

    private void join(ExecutorService on, List<Callable<Void>> tasks) {
        try {
            for (Future<Void> f : on.invokeAll(tasks)) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            control.stop(CheckResult.InconclusiveReason.TIME_LIMIT, "interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error err) {
                throw err;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        }
    }

    /**
     * Runs {@code body} over {@code [0, n)}, split into one range per thread when there is a pool
     * and {@code work} is worth it.
     *
     * @return whether the ranges ran in several threads
     */
    boolean inParallel(String name, int n, long work, Ranges.Body body) {
        return inParallel(name, n, work, body, null);
    }

    /**
     * As {@link #inParallel(String, int, long, Ranges.Body)}, with a side job that one thread runs
     * while the others start on the ranges.
     */
    boolean inParallel(String name, int n, long work, Ranges.Body body, Runnable side) {
        if (work < 4L * LevelExpansion.CHUNK) {
            // too little to share: serial work in any thread count
            if (side != null) {
                side.run();
            }
            body.run(0, n);
            return false;
        }
        if (pool == null) {
            runSerial(name, t -> {
                if (side != null) {
                    side.run();
                }
                body.run(0, n);
            });
            return false;
        }
        int pieces = (int) Math.min(n, (long) threads * PIECES_PER_THREAD);
        inPieces(name, pieces + (side == null ? 0 : 1), k -> {
            int p = side == null ? k : k - 1;
            if (p < 0) {
                side.run();
            } else {
                body.run((int) ((long) n * p / pieces), (int) ((long) n * (p + 1) / pieces));
            }
        });
        return true;
    }

    /**
     * Runs {@code piece} for {@code 0 .. pieces-1} on every thread of the pool (on this thread
     * without one): more pieces than threads, taken in turn, so that a thread that finishes early,
     * or that the machine's other jobs left running, takes over the rest instead of waiting at the
     * barrier.
     */
    void inPieces(String name, int pieces, IntConsumer piece) {
        AtomicInteger cursor = new AtomicInteger();
        runTasks(name, width(), t -> {
            for (int p = cursor.getAndIncrement(); p < pieces; p = cursor.getAndIncrement()) {
                piece.accept(p);
            }
        });
    }
}
