package org.rdmacheck.fluid.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.rdmacheck.fluid.FlowSpec;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.FluidSolver;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.StateLayout;
import org.rdmacheck.fluid.Units;

/**
 * Scenario 2, seed 004 §5.2 / Fig 11: two flows, one starting at line rate and one at 0
 * (R_C = 0, α = 1), solved for the first 200 ms. The paper does not say what the slow flow's target
 * rate is: the default reading is R_T = 0 (a flow with nothing to recover to, which climbs by
 * additive increase only); the other reading, R_T = C (a flow cut to nothing that fast-recovers
 * towards line rate), is the {@code slowTargetGbps} knob, and it changes the verdict for slow timers; the figure of merit is the throughput
 * difference |R_C1 - R_C2|, averaged over 10-200 ms (the paper omits the first 10 ms) and over the
 * last 10 ms. A point counts as converged when the last-10-ms difference is below
 * {@value #CONVERGED_GAP_GBPS} Gb/s. Grids of byte counter B × timer T are swept for cut-off
 * marking (the strawman's K_min = K_max = 40 KB, P_max = 1, g = 1/16) and for RED marking (the
 * deployed 5 KB / 200 KB / 1 %, g = 1/256), on all cores.
 */
public final class ConvergenceSweep {

    /** Last-10-ms rate difference (Gb/s) below which a point counts as converged (5 % of 40 Gb/s). */
    public static final double CONVERGED_GAP_GBPS = 2.0;
    /** Simulated time, as in §5.2. */
    public static final double DURATION_MICROS = 200_000;
    private static final double SKIP_MICROS = 10_000;
    private static final double[] B_RANGE_KB = {150, 10_000};
    private static final double[] T_RANGE_MICROS = {55, 1500};

    private ConvergenceSweep() {
    }

    /**
     * One point of the sweep.
     *
     * @param marking       {@code cut-off} or {@code RED}
     * @param byteCounterKB B
     * @param timerMicros   T
     * @param meanGapGbps   mean |R_C1 - R_C2| over 10-200 ms
     * @param finalGapGbps  mean |R_C1 - R_C2| over the last 10 ms
     * @param evaluations   derivative evaluations
     */
    public record Cell(String marking, double byteCounterKB, double timerMicros, double meanGapGbps,
                       double finalGapGbps, long evaluations) {
        /** @return whether the final gap is below {@link #CONVERGED_GAP_GBPS} */
        public boolean converged() {
            return finalGapGbps < CONVERGED_GAP_GBPS;
        }
    }

    /**
     * Solves one point.
     *
     * @param params   parameters (N ignored: two flows)
     * @param settings solver settings
     * @param marking  label for the cell
     * @return the cell
     */
    public static Cell solve(FluidParameters params, SolverSettings settings, String marking) {
        return solve(params, settings, marking, 0);
    }

    /**
     * Solves one point with a given target rate for the flow starting at 0.
     *
     * @param params         parameters (N ignored: two flows)
     * @param settings       solver settings
     * @param marking        label for the cell
     * @param slowTargetGbps R_T of the flow that starts at R_C = 0
     * @return the cell
     */
    public static Cell solve(FluidParameters params, SolverSettings settings, String marking, double slowTargetGbps) {
        FluidProblem problem = new FluidProblem(params, List.of(FlowSpec.startingAt(1, 0, params.lineRateGbps()),
                new FlowSpec(1, 0, 0, slowTargetGbps, 1)), DURATION_MICROS);
        StateLayout l = problem.layout();
        double[] acc = new double[4];
        var r = new FluidSolver(settings).solve(problem, (t, y) -> {
            double gap = Math.abs(y[l.currentRate(0)] - y[l.currentRate(1)]);
            if (t >= SKIP_MICROS) {
                acc[0] += gap;
                acc[1]++;
            }
            if (t >= DURATION_MICROS - SKIP_MICROS) {
                acc[2] += gap;
                acc[3]++;
            }
        });
        double pk = params.packetKB();
        return new Cell(marking, params.byteCounterKB(), params.timerMicros(),
                Units.packetsPerMicroToGbps(acc[0] / acc[1], pk), Units.packetsPerMicroToGbps(acc[2] / acc[3], pk),
                r.evaluations());
    }

    /**
     * Solves a B × T grid on all cores (each point independent, results in grid order).
     *
     * @param base     parameters other than B and T
     * @param bKB      byte counter values
     * @param tMicros  timer values
     * @param settings solver settings
     * @param marking  label
     * @return cells, B-major
     */
    public static List<Cell> grid(FluidParameters base, double[] bKB, double[] tMicros, SolverSettings settings,
                                  String marking) {
        return grid(base, bKB, tMicros, settings, marking, 0);
    }

    /**
     * As {@link #grid(FluidParameters, double[], double[], SolverSettings, String)} with a target
     * rate for the flow starting at 0.
     *
     * @param base           parameters other than B and T
     * @param bKB            byte counter values
     * @param tMicros        timer values
     * @param settings       solver settings
     * @param marking        label
     * @param slowTargetGbps R_T of the flow that starts at R_C = 0
     * @return cells, B-major
     */
    public static List<Cell> grid(FluidParameters base, double[] bKB, double[] tMicros, SolverSettings settings,
                                  String marking, double slowTargetGbps) {
        Cell[] out = new Cell[bKB.length * tMicros.length];
        IntStream.range(0, out.length).parallel().forEach(i -> out[i] = solve(
                base.with("B", Double.toString(bKB[i / tMicros.length])).with("T", Double.toString(tMicros[i % tMicros.length])),
                settings, marking, slowTargetGbps));
        return List.of(out);
    }

    /** @param n points  @param range {lo, hi}  @return n log-spaced values from lo to hi */
    public static double[] logSpaced(int n, double[] range) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = n == 1 ? range[0] : range[0] * Math.pow(range[1] / range[0], i / (double) (n - 1));
        }
        return v;
    }

    /** @param n points  @return log-spaced B values (KB) from 150 KB to 10 MB */
    public static double[] byteCounterGrid(int n) {
        return logSpaced(n, B_RANGE_KB);
    }

    /** @param n points  @return log-spaced T values (µs) from 55 µs to 1.5 ms */
    public static double[] timerGrid(int n) {
        return logSpaced(n, T_RANGE_MICROS);
    }

    /**
     * The scenario: the strawman and deployed points, then an n × n grid for each marking.
     *
     * @param overrides user parameters applied on top of both bases
     * @param n         grid points per axis (0: the two named points only)
     * @param slowTargetGbps R_T of the flow that starts at R_C = 0 (0, or the line rate for the other reading)
     * @param settings  solver settings
     * @param outDir    folder for CSV and PNG, or null
     * @return the report
     */
    public static ScenarioReport run(Map<String, String> overrides, int n, double slowTargetGbps,
                                     SolverSettings settings, Path outDir) {
        long t0 = System.currentTimeMillis();
        FluidParameters cutOff = apply(FluidParameters.strawman(), overrides);
        FluidParameters red = apply(FluidParameters.deployed(), overrides);
        List<ScenarioReport.Finding> findings = new ArrayList<>();
        if (!(slowTargetGbps >= 0 && slowTargetGbps <= red.lineRateGbps())) {
            throw new FluidInputException("target2 = " + slowTargetGbps + " Gb/s: expected a rate in [0, C]");
        }
        findings.add(finding("strawman (cut-off, B=150KB, T=1.5ms, g=1/16)",
                solve(cutOff, settings, "cut-off", slowTargetGbps)));
        findings.add(finding("deployed (RED 5KB/200KB/1%, B=10MB, T=55us, g=1/256)",
                solve(red, settings, "RED", slowTargetGbps)));
        List<Path> files = new ArrayList<>();
        if (n > 0) {
            double[] b = byteCounterGrid(n);
            double[] t = timerGrid(n);
            List<Cell> cells = new ArrayList<>(grid(cutOff, b, t, settings, "cut-off", slowTargetGbps));
            cells.addAll(grid(red, b, t, settings, "RED", slowTargetGbps));
            findings.add(gridFinding("cut-off grid", cells.subList(0, n * n)));
            findings.add(gridFinding("RED grid", cells.subList(n * n, 2 * n * n)));
            if (outDir != null) {
                FluidFiles.staged(settings.monitor(), DURATION_MICROS, () -> files.addAll(write(cells, b, t, outDir)));
            }
        }
        return new ScenarioReport("convergence", findings, files, System.currentTimeMillis() - t0);
    }

    static FluidParameters apply(FluidParameters base, Map<String, String> overrides) {
        return base.withAll(overrides);
    }

    private static ScenarioReport.Finding finding(String label, Cell c) {
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("mean_gap_10_200ms_Gbps", c.meanGapGbps());
        f.put("final_gap_190_200ms_Gbps", c.finalGapGbps());
        return new ScenarioReport.Finding(label, c.converged() ? "CONVERGED" : "NOT-CONVERGED", f,
                String.format(Locale.ROOT, "|R1-R2| %.2f Gb/s mean over 10-200 ms, %.2f Gb/s over the last 10 ms",
                        c.meanGapGbps(), c.finalGapGbps()));
    }

    private static ScenarioReport.Finding gridFinding(String label, List<Cell> cells) {
        long conv = cells.stream().filter(Cell::converged).count();
        Cell best = cells.stream().min((a, b) -> Double.compare(a.meanGapGbps(), b.meanGapGbps())).orElseThrow();
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("points", (double) cells.size());
        f.put("converged", (double) conv);
        f.put("best_mean_gap_Gbps", best.meanGapGbps());
        f.put("best_B_KB", best.byteCounterKB());
        f.put("best_T_us", best.timerMicros());
        return new ScenarioReport.Finding(label, conv + "/" + cells.size(), f, String.format(Locale.ROOT,
                "%d of %d (B, T) points converge; smallest mean gap %.2f Gb/s at B = %.0f KB, T = %.0f us", conv,
                cells.size(), best.meanGapGbps(), best.byteCounterKB(), best.timerMicros()));
    }

    private static List<Path> write(List<Cell> cells, double[] b, double[] t, Path outDir) {
        List<double[]> rows = new ArrayList<>();
        for (Cell c : cells) {
            rows.add(new double[] {c.marking().equals("RED") ? 1 : 0, c.byteCounterKB(), c.timerMicros(),
                c.meanGapGbps(), c.finalGapGbps(), c.converged() ? 1 : 0});
        }
        Path csv = outDir.resolve("convergence.csv");
        FluidFiles.csv(csv, List.of("red_marking", "B_KB", "T_us", "mean_gap_Gbps", "final_gap_Gbps", "converged"),
                rows);
        List<Path> files = new ArrayList<>(List.of(csv));
        int n = t.length;
        for (String marking : List.of("cut-off", "RED")) {
            HeatMapChart chart = new HeatMapChartBuilder().width(800).height(600)
                    .title("Fig 11: mean |R1-R2| (Gb/s) 10-200 ms, " + marking + " marking")
                    .xAxisTitle("timer T (us)").yAxisTitle("byte counter B (KB)").build();
            List<Number[]> heat = new ArrayList<>();
            List<String> xs = new ArrayList<>();
            List<String> ys = new ArrayList<>();
            for (double v : t) {
                xs.add(String.format(Locale.ROOT, "%.0f", v));
            }
            for (double v : b) {
                ys.add(String.format(Locale.ROOT, "%.0f", v));
            }
            int k = 0;
            for (Cell c : cells) {
                if (c.marking().equals(marking)) {
                    heat.add(new Number[] {k % n, k / n, c.meanGapGbps()});
                    k++;
                }
            }
            chart.addSeries("gap", xs, ys, heat);
            Path png = outDir.resolve("convergence-" + marking.toLowerCase(Locale.ROOT) + ".png");
            FluidFiles.png(png, chart);
            files.add(png);
        }
        return files;
    }
}
