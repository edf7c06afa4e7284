package org.rdmacheck.fluid.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;

/**
 * Scenario 3, seed 004 Fig 12: the bottleneck queue for several α gains g with 2:1 and 16:1
 * incast (deployed parameters otherwise), 200 ms each, all cores. The paper reports that smaller g
 * gives a lower, steadier queue; the figures here are the queue's mean, spread and range over
 * the transient 10-100 ms and the steady 100-200 ms.
 */
public final class QueueVsGain {

    /** The gains compared. */
    private static final double[] GAINS = {1.0 / 16, 1.0 / 64, 1.0 / 256, 1.0 / 1024};
    /** The incast degrees compared. */
    private static final int[] DEGREES = {2, 16};

    /** @return the gains compared (a copy) */
    public static double[] gains() {
        return GAINS.clone();
    }

    /** @return the incast degrees compared (a copy) */
    public static int[] degrees() {
        return DEGREES.clone();
    }

    private QueueVsGain() {
    }

    /**
     * @param base     parameters (g and N are varied)
     * @param settings solver settings
     * @param outDir   folder for CSV and PNG, or null
     * @return the report
     */
    public static ScenarioReport run(FluidParameters base, SolverSettings settings, Path outDir) {
        long t0 = System.currentTimeMillis();
        int k = GAINS.length;
        IncastRun[] runs = new IncastRun[DEGREES.length * k];
        IntStream.range(0, runs.length).parallel().forEach(i -> runs[i] = IncastRun.solve(
                base.with("N", Integer.toString(DEGREES[i / k])).with("g", Double.toString(GAINS[i % k])),
                settings));
        List<ScenarioReport.Finding> findings = new ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            IncastRun r = runs[i];
            Map<String, Double> f = new LinkedHashMap<>();
            QueueStats a = r.transientQueue();
            QueueStats b = r.steadyQueue();
            f.put("transient_mean_queue_KB", a.meanKB());
            f.put("transient_std_queue_KB", a.stdKB());
            f.put("transient_max_queue_KB", a.maxKB());
            f.put("steady_mean_queue_KB", b.meanKB());
            f.put("steady_std_queue_KB", b.stdKB());
            f.put("steady_min_queue_KB", b.minKB());
            f.put("steady_max_queue_KB", b.maxKB());
            String label = String.format(Locale.ROOT, "%d:1 g=1/%d", r.flows(), Math.round(1 / GAINS[i % k]));
            findings.add(new ScenarioReport.Finding(label, "OK", f, String.format(Locale.ROOT,
                    "queue 10-100 ms: mean %.1f, std %.1f, max %.1f KB; 100-200 ms: mean %.1f, std %.1f, "
                            + "range %.1f-%.1f KB", a.meanKB(), a.stdKB(), a.maxKB(), b.meanKB(), b.stdKB(),
                    b.minKB(), b.maxKB())));
        }
        List<Path> files = new ArrayList<>();
        if (outDir != null) {
            FluidFiles.staged(settings.monitor(), IncastRun.DURATION_MICROS, () -> files.addAll(write(runs, outDir)));
        }
        return new ScenarioReport("g-sweep", findings, files, System.currentTimeMillis() - t0);
    }

    private static List<Path> write(IncastRun[] runs, Path outDir) {
        int k = GAINS.length;
        List<Path> files = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("t_us"));
        List<double[]> rows = new ArrayList<>();
        int samples = runs[0].trajectory().size();
        for (IncastRun r : runs) {
            samples = Math.min(samples, r.trajectory().size());
        }
        for (int i = 0; i < runs.length; i++) {
            header.add(String.format(Locale.ROOT, "q_KB_%d_1_g_1_%d", runs[i].flows(), Math.round(1 / GAINS[i % k])));
        }
        for (int s = 0; s < samples; s++) {
            double[] row = new double[runs.length + 1];
            row[0] = runs[0].trajectory().timesMicros()[s];
            for (int i = 0; i < runs.length; i++) {
                row[i + 1] = runs[i].trajectory().queueKB()[s];
            }
            rows.add(row);
        }
        Path csv = outDir.resolve("g-sweep.csv");
        FluidFiles.csv(csv, header, rows);
        files.add(csv);
        for (int d = 0; d < DEGREES.length; d++) {
            List<FluidFiles.Series> series = new ArrayList<>();
            for (int j = 0; j < k; j++) {
                var tr = runs[d * k + j].trajectory();
                double[] ms = new double[tr.size()];
                for (int s = 0; s < ms.length; s++) {
                    ms[s] = tr.timesMicros()[s] / 1000;
                }
                series.add(new FluidFiles.Series("g=1/" + Math.round(1 / GAINS[j]), ms, tr.queueKB()));
            }
            Path png = outDir.resolve("g-sweep-" + DEGREES[d] + "to1.png");
            FluidFiles.plot(png, "Fig 12: queue for several g, " + DEGREES[d] + ":1 incast", "time (ms)",
                    "queue (KB)", series);
            files.add(png);
        }
        return files;
    }
}
