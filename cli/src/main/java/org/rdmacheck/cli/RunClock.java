package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Progress lines and a time limit for a command that can run long: a line every few seconds
 * saying what runs, how far it is, its rate and the time elapsed; past the limit,
 * {@link #expired()} turns true and the command ends Inconclusive (exit 3) with what it has.
 */
public final class RunClock {

    /** Seconds between progress lines, as for the explorer. */
    public static final long INTERVAL_MILLIS = 5_000;

    private final String what;
    private final long maxMillis;
    private final String limitText;
    private final PrintWriter err;
    private final long start = System.nanoTime();
    private long nextReport = INTERVAL_MILLIS;
    private volatile BooleanSupplier ready = () -> true;

    /**
     * @param what      the task, first word of every progress line
     * @param maxMillis the time limit
     * @param limitText the limit as the user gave it ({@code 30s})
     * @param err       where progress lines go, or null for none
     */
    public RunClock(String what, long maxMillis, String limitText, PrintWriter err) {
        this.what = what;
        this.maxMillis = maxMillis;
        this.limitText = limitText;
        this.err = err;
    }

    /** @return the time limit in milliseconds */
    public long maxMillis() {
        return maxMillis;
    }

    /** @return milliseconds since the start */
    public long elapsedMillis() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** @return whether the time limit has passed */
    public boolean expired() {
        return elapsedMillis() >= maxMillis;
    }

    /** @return why a run stopped early: {@code time limit 30s reached after 30.0 s} */
    public String limitReason() {
        return String.format(Locale.ROOT, "time limit %s reached after %.1f s", limitText, elapsedMillis() / 1000.0);
    }

    /**
     * Holds the progress lines back until the run has accepted its input, so that a refusal of bad
     * input found by the work itself (a TLA+ parse error found by TLC) is the command's only output.
     *
     * @param accepted whether the input has been accepted
     * @return this clock
     */
    public RunClock holdUntil(BooleanSupplier accepted) {
        this.ready = accepted;
        return this;
    }

    /**
     * Prints a progress line if the interval has passed since the last one (and the input has been
     * accepted, see {@link #holdUntil}).
     *
     * @param progress how far the run is and its rate, computed only when a line is due
     */
    public void tick(Supplier<String> progress) {
        long now = elapsedMillis();
        if (now < nextReport || err == null || !ready.getAsBoolean()) {
            return;
        }
        nextReport = now + INTERVAL_MILLIS;
        synchronized (err) {
            err.printf(Locale.ROOT, "%s: %s, %.0f s elapsed%n", what, progress.get(), now / 1000.0);
            err.flush();
        }
    }

    /**
     * @param done  units done
     * @param total units in all, or a negative number if unknown
     * @param unit  their name
     * @return {@code 12 of 45 trials (2.4 trials/s)}
     */
    public String rate(long done, long total, String unit) {
        double secs = Math.max(1e-3, elapsedMillis() / 1000.0);
        return String.format(Locale.ROOT, "%,d%s %s (%.1f %s/s)", done, total >= 0 ? String.format(Locale.ROOT,
                " of %,d", total) : "", unit, done / secs, unit);
    }
}
