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
 * 100-200 ms.
 */
public final class QueueVsGain {

    /** The gains compared. */
    public static final double[] GAINS = {1.0 / 16, 1.0 / 64, 1.0 / 256, 1.0 / 1024};
    /** The incast degrees compared. */
    public static final int[] DEGREES = {2, 16};

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
            f.put("mean_queue_KB", r.meanQueueKB());
            f.put("std_queue_KB", r.stdQueueKB());
            f.put("min_queue_KB", r.minQueueKB());
            f.put("max_queue_KB", r.maxQueueKB());
            String label = String.format(Locale.ROOT, "%d:1 g=1/%d", r.flows(), Math.round(1 / GAINS[i % k]));
            findings.add(new ScenarioReport.Finding(label, "OK", f, String.format(Locale.ROOT,
                    "queue over 100-200 ms: mean %.1f KB, std %.1f KB, range %.1f-%.1f KB", r.meanQueueKB(),
                    r.stdQueueKB(), r.minQueueKB(), r.maxQueueKB())));
        }
        List<Path> files = outDir == null ? List.of() : write(runs, outDir);
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
