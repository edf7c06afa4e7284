package org.rdmacheck.fluid.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FlowSpec;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.FluidSolver;
import org.rdmacheck.fluid.SolveResult;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.Trajectory;

/**
 * Scenario 1, the setup of seed 004 Fig 10 (§6): two greedy flows at line rate, the second
 * starting 10 ms after the first (per-flow form with (11)). Reports the second flow's rate, when
 * the two rates come within {@value #TOLERANCE_GBPS} Gb/s of each other for good, and the final
 * queue against the fixed point.
 */
public final class TwoFlowScenario {

    /** Rates closer than this (Gb/s) count as converged. */
    public static final double TOLERANCE_GBPS = 1.0;
    /** Start of the second flow (µs), as in seed 004 §6. */
    public static final double SECOND_START_MICROS = 10_000;
    /** Default duration: the first 100 ms of the second flow, as Fig 10 shows. */
    public static final double DURATION_MICROS = 110_000;

    private TwoFlowScenario() {
    }

    /**
     * @param params   parameters (N is ignored: two flows)
     * @param settings solver settings
     * @param sampleMicros sampling interval of the trajectory
     * @return the sampled trajectory and the solve's work
     */
    public static Run solve(FluidParameters params, SolverSettings settings, double sampleMicros) {
        FluidProblem problem = new FluidProblem(params, List.of(FlowSpec.startingAt(1, 0, params.lineRateGbps()),
                FlowSpec.startingAt(1, SECOND_START_MICROS, params.lineRateGbps())), DURATION_MICROS);
        Trajectory.Recorder rec = new Trajectory.Recorder(problem.layout(), params.packetKB(), sampleMicros);
        SolveResult r = new FluidSolver(settings).solve(problem, rec);
        return new Run(rec.trajectory(), r);
    }

    /** A solved scenario. @param trajectory samples  @param result the solve */
    public record Run(Trajectory trajectory, SolveResult result) {
    }

    /**
     * @param params   parameters
     * @param settings solver settings
     * @param outDir   folder for CSV and PNG, or null
     * @return the report
     */
    public static ScenarioReport run(FluidParameters params, SolverSettings settings, Path outDir) {
        long t0 = System.currentTimeMillis();
        Run run = solve(params, settings, 50);
        Trajectory tr = run.trajectory();
        FixedPointResult fp = FixedPoint.of(params.with("N", "2"));
        double converge = convergenceTime(tr, 0, 1, SECOND_START_MICROS, TOLERANCE_GBPS);
        int last = tr.size() - 1;
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("flow2_rate_1ms_Gbps", rateAt(tr, 1, SECOND_START_MICROS + 1_000));
        f.put("flow2_rate_10ms_Gbps", rateAt(tr, 1, SECOND_START_MICROS + 10_000));
        f.put("flow2_rate_50ms_Gbps", rateAt(tr, 1, SECOND_START_MICROS + 50_000));
        f.put("converge_after_start_ms", Double.isNaN(converge) ? Double.NaN : (converge - SECOND_START_MICROS) / 1000);
        f.put("final_rate1_Gbps", tr.rateGbps()[0][last]);
        f.put("final_rate2_Gbps", tr.rateGbps()[1][last]);
        f.put("final_queue_KB", tr.queueKB()[last]);
        f.put("fixed_point_queue_KB", fp.queueKB());
        f.put("evaluations", (double) run.result().evaluations());
        String verdict = Double.isNaN(converge) ? "NOT-CONVERGED" : "CONVERGED";
        String summary = String.format(Locale.ROOT, "flow 2 at %.1f / %.1f / %.1f Gb/s 1/10/50 ms after its start; "
                + "rates within %.0f Gb/s %s; final %.2f and %.2f Gb/s, queue %.1f KB (fixed point %.1f KB)",
                f.get("flow2_rate_1ms_Gbps"), f.get("flow2_rate_10ms_Gbps"), f.get("flow2_rate_50ms_Gbps"),
                TOLERANCE_GBPS, Double.isNaN(converge) ? "never for good"
                        : String.format(Locale.ROOT, "from %.1f ms after its start", f.get("converge_after_start_ms")),
                f.get("final_rate1_Gbps"), f.get("final_rate2_Gbps"), f.get("final_queue_KB"), fp.queueKB());
        List<Path> files = new ArrayList<>();
        if (outDir != null) {
            FluidFiles.staged(settings.monitor(), DURATION_MICROS, () -> files.addAll(write(tr, outDir)));
        }
        List<ScenarioReport.Finding> findings = new ArrayList<>();
        findings.add(new ScenarioReport.Finding("two flows, +10 ms", verdict, f, summary));
        FixedPointCheck.check("two flows", params.with("N", "2"), "last 10 ms:", !Double.isNaN(converge),
                mean(tr.queueKB(), tr, STEADY_FROM_MICROS), mean(tr.rateGbps()[0], tr, STEADY_FROM_MICROS),
                mean(tr.rateGbps()[1], tr, STEADY_FROM_MICROS)).ifPresent(findings::add);
        return new ScenarioReport("two-flow", findings, files, System.currentTimeMillis() - t0);
    }

    /**
     * @param tr   trajectory
     * @param a    group
     * @param b    other group
     * @param from ignore samples before
     * @param tol  tolerance (Gb/s)
     * @return the first sample time after which |R_a - R_b| stays within tol, NaN if the last sample is outside
     */
    public static double convergenceTime(Trajectory tr, int a, int b, double from, double tol) {
        double since = Double.NaN;
        for (int i = 0; i < tr.size(); i++) {
            if (tr.timesMicros()[i] < from) {
                continue;
            }
            boolean close = Math.abs(tr.rateGbps()[a][i] - tr.rateGbps()[b][i]) <= tol;
            if (close && Double.isNaN(since)) {
                since = tr.timesMicros()[i];
            } else if (!close) {
                since = Double.NaN;
            }
        }
        return since;
    }

    /** Start of the window compared with the fixed point: the last 10 ms, 90 ms after the second flow starts. */
    static final double STEADY_FROM_MICROS = DURATION_MICROS - 10_000;

    /** @return the mean of the samples at or after {@code from} */
    static double mean(double[] values, Trajectory tr, double from) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < tr.size(); i++) {
            if (tr.timesMicros()[i] >= from) {
                sum += values[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static double rateAt(Trajectory tr, int group, double t) {
        for (int i = 0; i < tr.size(); i++) {
            if (tr.timesMicros()[i] >= t) {
                return tr.rateGbps()[group][i];
            }
        }
        return tr.rateGbps()[group][tr.size() - 1];
    }

    static List<Path> write(Trajectory tr, Path outDir) {
        List<double[]> rows = new ArrayList<>();
        double[] ms = new double[tr.size()];
        for (int i = 0; i < tr.size(); i++) {
            ms[i] = tr.timesMicros()[i] / 1000;
            rows.add(new double[] {tr.timesMicros()[i], tr.queueKB()[i], tr.rateGbps()[0][i], tr.targetGbps()[0][i],
                tr.alpha()[0][i], tr.rateGbps()[1][i], tr.targetGbps()[1][i], tr.alpha()[1][i]});
        }
        Path csv = outDir.resolve("two-flow.csv");
        Path png = outDir.resolve("two-flow.png");
        FluidFiles.csv(csv, List.of("t_us", "q_KB", "Rc1_Gbps", "Rt1_Gbps", "alpha1", "Rc2_Gbps", "Rt2_Gbps",
                "alpha2"), rows);
        // one unit per axis: rates and queue in separate panels over the same time axis
        FluidFiles.panels(png, "Two flows, second starts at 10 ms (seed 004 Fig 10 setup)", "time (ms)", false,
                List.of(new FluidFiles.Panel("sending rate Rc (Gb/s)", List.of(
                                new FluidFiles.Series("flow 1", ms, tr.rateGbps()[0]),
                                new FluidFiles.Series("flow 2", ms, tr.rateGbps()[1]))),
                        new FluidFiles.Panel("queue (KB)", List.of(new FluidFiles.Series("switch queue", ms,
                                tr.queueKB())))));
        return List.of(csv, png);
    }
}
