package org.rdmacheck.fluid.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;

/**
 * Scenario 4, seed 004 §5.2 (last paragraph): N:1 incast buffer starvation — the queue empties
 * while the flows send below their fair share, so the link idles. Sweeps N and R_AI (deployed
 * parameters otherwise), 200 ms each, figures over 100-200 ms (after the start-up transient); a point starves when more than
 * {@link IncastRun#STARVATION_LOSS} of the capacity is lost that way. The paper says 16:1 does not
 * starve with R_AI = 40 Mb/s and that halving R_AI avoids starvation at 32:1.
 */
public final class IncastStarvation {

    /** Incast degrees swept. */
    private static final int[] DEGREES = {2, 4, 8, 16, 32, 64};
    /** R_AI values swept (Mb/s). */
    private static final double[] RATE_AI_MBPS = {40, 20, 10};

    /** @return the incast degrees compared (a copy) */
    public static int[] degrees() {
        return DEGREES.clone();
    }

    private IncastStarvation() {
    }

    /**
     * What seed 004 §5.2 says of a point: "in current settings, there is no buffer starvation with
     * 16:1 incast (Figure 12). Halving R_AI [...] ensures no buffer starvation with 32:1 incast."
     *
     * @param flows incast degree
     * @param rai   R_AI (Mb/s)
     * @return the claim, if the paper makes one about this point
     */
    static Optional<String> paperClaim(int flows, double rai) {
        if (flows == 16 && rai == 40) {
            return Optional.of("seed 004 5.2 no starvation at 16:1");
        }
        if (flows == 32 && rai == 20) {
            return Optional.of("seed 004 5.2 no starvation at 32:1 with R_AI halved");
        }
        return Optional.empty();
    }

    /**
     * @param base     parameters (N and R_AI are varied)
     * @param degrees  incast degrees
     * @param settings solver settings
     * @param outDir   folder for the CSV and PNG, or null
     * @return the report
     */
    public static ScenarioReport run(FluidParameters base, int[] degrees, SolverSettings settings, Path outDir) {
        long t0 = System.currentTimeMillis();
        int k = RATE_AI_MBPS.length;
        IncastRun[] runs = new IncastRun[degrees.length * k];
        IntStream.range(0, runs.length).parallel().forEach(i -> runs[i] = IncastRun.solve(
                base.with("N", Integer.toString(degrees[i / k])).with("Rai", Double.toString(RATE_AI_MBPS[i % k])),
                settings));
        List<ScenarioReport.Finding> findings = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            IncastRun r = runs[i];
            double rai = RATE_AI_MBPS[i % k];
            Map<String, Double> f = new LinkedHashMap<>();
            f.put("starved_ms", r.starvedMillis());
            f.put("lost_capacity_percent", 100 * r.lostFraction());
            f.put("min_queue_KB", r.steadyQueue().minKB());
            f.put("mean_queue_KB", r.steadyQueue().meanKB());
            f.put("startup_starved_ms", r.startupStarvedMillis());
            findings.add(new ScenarioReport.Finding(String.format(Locale.ROOT, "%d:1 Rai=%.0fMbps", r.flows(), rai),
                    r.starves() ? "STARVES" : "NO-STARVATION", f, String.format(Locale.ROOT,
                    "100-200 ms: queue empty with the link underused for %.2f ms, %.3f %% of capacity lost, "
                            + "queue min %.1f KB, mean %.1f KB; start-up (0-100 ms): %.2f ms starved",
                    r.starvedMillis(), 100 * r.lostFraction(), r.steadyQueue().minKB(), r.steadyQueue().meanKB(),
                    r.startupStarvedMillis())));
            FixedPointCheck.check(String.format(Locale.ROOT, "%d:1 Rai=%.0fMbps", r.flows(), rai),
                    base.with("N", Integer.toString(r.flows())).with("Rai", Double.toString(rai)), "100-200 ms:",
                    r.steadyQueue().meanKB()).ifPresent(findings::add);
            paperClaim(r.flows(), rai).ifPresent(claim -> findings.add(new ScenarioReport.Finding(
                    String.format(Locale.ROOT, "%d:1 Rai=%.0fMbps: %s", r.flows(), rai, claim),
                    r.starves() ? "REFUTED" : "CONFIRMED", Map.of("lost_capacity_percent", 100 * r.lostFraction()),
                    String.format(Locale.ROOT, "the model %s (%.3f %% of capacity lost over 100-200 ms); expected "
                            + "refuted: with the deployed parameters the %d-flow fixed point is outside RED's linear "
                            + "region (p* > P_max), the queue oscillates to empty (docs/dcqcn.md, \"Incast\")",
                            r.starves() ? "starves" : "does not starve", 100 * r.lostFraction(), r.flows()),
                    ScenarioReport.Expect.FAILS)));
            rows.add(new double[] {r.flows(), rai, r.starvedMillis(), 100 * r.lostFraction(), r.steadyQueue().minKB(),
                r.steadyQueue().meanKB(), r.starves() ? 1 : 0});
        }
        List<Path> files = new ArrayList<>();
        if (outDir != null) {
            FluidFiles.staged(settings.monitor(), IncastRun.DURATION_MICROS, () -> {
                Path csv = outDir.resolve("incast.csv");
                FluidFiles.csv(csv, List.of("N", "Rai_Mbps", "starved_ms", "lost_capacity_percent", "min_queue_KB",
                        "mean_queue_KB", "starves"), rows);
                files.add(csv);
                List<FluidFiles.Series> series = new ArrayList<>();
                for (int j = 0; j < k; j++) {
                    double[] x = new double[degrees.length];
                    double[] y = new double[degrees.length];
                    for (int d = 0; d < degrees.length; d++) {
                        x[d] = degrees[d];
                        y[d] = 100 * runs[d * k + j].lostFraction();
                    }
                    series.add(new FluidFiles.Series(String.format(Locale.ROOT, "Rai=%.0f Mb/s", RATE_AI_MBPS[j]), x, y));
                }
                Path png = outDir.resolve("incast.png");
                FluidFiles.plot(png, "N:1 incast: capacity lost to buffer starvation (100-200 ms)", "N", "lost capacity (%)",
                        series);
                files.add(png);
            });
        }
        return new ScenarioReport("incast", findings, files, System.currentTimeMillis() - t0);
    }
}
