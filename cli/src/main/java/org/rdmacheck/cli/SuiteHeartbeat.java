package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The suite's progress while no step has a line to print: a step may work for minutes (a planted bug
 * can make a simulation run to the run's deadline) and a suite must never look hung. Every
 * {@code interval} without a line, one line names the steps running, how long each has run, and how
 * many steps are done.
 */
final class SuiteHeartbeat implements AutoCloseable {

    /** A line when nothing was printed for this long, in a real run. */
    static final long INTERVAL_MILLIS = 30_000;

    private final PrintWriter err;
    private final long intervalMillis;
    private final int steps;
    private final Map<String, Long> running = new ConcurrentHashMap<>();
    private final AtomicInteger done = new AtomicInteger();
    /** When the suite last printed a line (a task's own progress lines included); one clock per JVM. */
    private static final AtomicLong LAST_LINE = new AtomicLong(System.currentTimeMillis());
    private final ScheduledExecutorService timer;

    /**
     * @param err            where the suite's lines go
     * @param intervalMillis the silence after which a line is printed
     * @param steps          how many steps the run has
     */
    SuiteHeartbeat(PrintWriter err, long intervalMillis, int steps) {
        this.err = err;
        this.intervalMillis = intervalMillis;
        this.steps = steps;
        LAST_LINE.set(System.currentTimeMillis());
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "all-progress");
            t.setDaemon(true);
            return t;
        });
        long tick = Math.max(1, intervalMillis / 3);
        timer.scheduleAtFixedRate(this::beat, tick, tick, TimeUnit.MILLISECONDS);
    }

    /** @param label a step that starts */
    void started(String label) {
        running.put(label, System.currentTimeMillis());
    }

    /** @param label a step that ended */
    void ended(String label) {
        running.remove(label);
        done.incrementAndGet();
    }

    /** Prints a whole line at once (steps running side by side never mix their lines) and restarts the silence. */
    void println(String line) {
        println(err, line);
    }

    /**
     * As {@link #println(String)}, for a step's own lines.
     *
     * @param err  where the suite's lines go
     * @param line a whole line
     */
    static void println(PrintWriter err, String line) {
        synchronized (err) {
            err.println(line);
            err.flush();
        }
        LAST_LINE.set(System.currentTimeMillis());
    }

    private void beat() {
        long now = System.currentTimeMillis();
        if (running.isEmpty() || now - LAST_LINE.get() < intervalMillis) {
            return;
        }
        StringBuilder names = new StringBuilder();
        running.entrySet().stream().sorted(Map.Entry.comparingByValue()).forEach(e -> names
                .append(names.length() == 0 ? "" : ", ").append(e.getKey().startsWith("all ") ? e.getKey().substring(4)
                        : e.getKey())
                .append(String.format(Locale.ROOT, " (%.0f s)", (now - e.getValue()) / 1000.0)));
        println(String.format(Locale.ROOT, "all: still running %s; %d of %d steps done", names, done.get(), steps));
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
