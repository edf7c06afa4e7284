package org.rdmacheck.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One performance gate of the models written on a declared layout (issue 33), judged on one
 * model's run of {@link LayoutBenchmark}: its verdict, the figure it was judged on and the
 * threshold, both in the gate's unit.
 *
 * @param model     the model ({@code dasr}, {@code partition}, {@code gbn})
 * @param kind      which gate
 * @param verdict   met, not met, or not measured in this run (TLC not run, or its CPU time unreadable)
 * @param value     the figure judged (NaN when not measured)
 * @param threshold what the gate asks
 */
record LayoutGate(String model, Kind kind, Verdict verdict, double value, double threshold) {

    /** Explorer states per second of the exploring thread's CPU time that dasr and partition must reach. */
    static final double RATE = 500_000;
    /** The explorer's states per second over TLC's, one thread against one worker, that every model must reach. */
    static final double TLC_RATIO = 20;

    /** The gates. */
    enum Kind {
        /** dasr and partition: states per CPU second of the exploring thread (median of the repeats) */
        RATE_THREAD_CPU("states per thread CPU second"),
        /** every model: the explorer's states/s over TLC's, wall clock, one thread against one worker */
        TLC_WALL("x TLC, wall clock"),
        /** every model: the same ratio per CPU second of each checker's process (TLC's child JVM, start-up included) */
        TLC_CPU("x TLC, per process CPU second");

        private final String unit;

        Kind(String unit) {
            this.unit = unit;
        }

        /** @return the unit of the figure and threshold, as the text line shows it */
        String unit() {
            return unit;
        }
    }

    /** A gate's verdict. */
    enum Verdict {
        /** the figure reaches the threshold */
        MET,
        /** the figure is below the threshold */
        NOT_MET,
        /** the figure was not measured in this run (TLC not run, or its CPU time could not be read) */
        NOT_MEASURED
    }

    /**
     * The gates of one model's one-thread run.
     *
     * @param model the model
     * @param r     its row (one thread; with TLC's figures when TLC ran)
     * @return the rate gate (dasr and partition only), then the two TLC gates
     */
    static List<LayoutGate> judge(String model, ScalingBenchmark.Row r) {
        List<LayoutGate> out = new ArrayList<>();
        if (rateGated(model)) {
            out.add(of(model, Kind.RATE_THREAD_CPU, r.perThreadCpu(), RATE));
        }
        out.add(of(model, Kind.TLC_WALL, r.tlcRate() > 0 ? r.rate() / r.tlcRate() : Double.NaN, TLC_RATIO));
        out.add(of(model, Kind.TLC_CPU, r.tlcPerCpu() > 0 ? r.perCpu() / r.tlcPerCpu() : Double.NaN, TLC_RATIO));
        return out;
    }

    /** @return whether the model has the rate gate (issue 33: dasr and partition) */
    static boolean rateGated(String model) {
        return model.equals("dasr") || model.equals("partition");
    }

    private static LayoutGate of(String model, Kind kind, double value, double threshold) {
        Verdict v = Double.isNaN(value) || value <= 0 ? Verdict.NOT_MEASURED
                : value >= threshold ? Verdict.MET : Verdict.NOT_MET;
        return new LayoutGate(model, kind, v, v == Verdict.NOT_MEASURED ? Double.NaN : value, threshold);
    }

    /**
     * The gate as one line of {@code key=value} fields, for grep and scripts, e.g. {@code gate
     * model=dasr gate=RATE_THREAD_CPU verdict=MET value=813648 threshold=500000 unit="states per
     * thread CPU second" quick=false load=20.88,9.84,3.87}.
     *
     * @param quick whether the run took the quick configurations (not the gate's own)
     * @param load  the load average when the figure was measured
     * @return the line
     */
    String line(boolean quick, String load) {
        String figure = Double.isNaN(value) ? "-" : kind == Kind.RATE_THREAD_CPU
                ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.1f", value);
        return String.format(Locale.ROOT, "gate model=%s gate=%s verdict=%s value=%s threshold=%.0f unit=\"%s\" quick=%s"
                + " load=%s", model, kind, verdict, figure, threshold, kind.unit(), quick, load.replace(' ', ','));
    }
}
