package org.rdmacheck.fluid.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.fluid.FlowSpec;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.Trajectory;
import org.rdmacheck.fluid.packet.PacketResult;
import org.rdmacheck.fluid.packet.PacketSimulation;

/**
 * The comparison of seed 004 Fig 10: scenario 1 (two flows, the second from 10 ms) in the fluid
 * model and in the packet-level simulation. The second flow's current rate is averaged over 1 ms
 * bins for its first 100 ms; the report gives the mean and largest absolute difference of those
 * bins, and both models' rates and queue over the last 50 ms.
 */
public final class PacketCheck {

    private static final double SAMPLE_MICROS = 100;
    private static final double BIN_MICROS = 1_000;

    private PacketCheck() {
    }

    /**
     * The fluid and packet runs, binned.
     *
     * @param binStartMicros bin start times
     * @param fluidRate2     fluid R_C of flow 2 per bin (Gb/s)
     * @param packetRate2    packet R_C of flow 2 per bin (Gb/s)
     * @param meanAbsDiffGbps mean |fluid - packet| over the bins
     * @param maxAbsDiffGbps largest |fluid - packet|
     * @param fluid          the fluid trajectory
     * @param packet         the packet run
     */
    public record Comparison(double[] binStartMicros, double[] fluidRate2, double[] packetRate2,
                             double meanAbsDiffGbps, double maxAbsDiffGbps, Trajectory fluid, PacketResult packet) {
    }

    /**
     * @param params   parameters
     * @param settings fluid solver settings
     * @param seed     seed of the packet simulation's marking draws
     * @return the comparison
     */
    public static Comparison compare(FluidParameters params, SolverSettings settings, long seed) {
        Trajectory fluid = TwoFlowScenario.solve(params, settings, SAMPLE_MICROS).trajectory();
        FluidProblem problem = new FluidProblem(params, List.of(FlowSpec.startingAt(1, 0, params.lineRateGbps()),
                FlowSpec.startingAt(1, TwoFlowScenario.SECOND_START_MICROS, params.lineRateGbps())),
                TwoFlowScenario.DURATION_MICROS);
        PacketResult packet = new PacketSimulation(problem, seed, SAMPLE_MICROS).run();
        int bins = (int) ((TwoFlowScenario.DURATION_MICROS - TwoFlowScenario.SECOND_START_MICROS) / BIN_MICROS);
        double[] start = new double[bins];
        double[] fr = new double[bins];
        double[] pr = new double[bins];
        double sum = 0;
        double max = 0;
        for (int b = 0; b < bins; b++) {
            start[b] = TwoFlowScenario.SECOND_START_MICROS + b * BIN_MICROS;
            fr[b] = fluid.meanRateGbps(1, start[b], start[b] + BIN_MICROS - 1e-6);
            pr[b] = binMean(packet.rateGbps()[1], packet.sampleMicros(), start[b], start[b] + BIN_MICROS);
            double d = Math.abs(fr[b] - pr[b]);
            sum += d;
            max = Math.max(max, d);
        }
        return new Comparison(start, fr, pr, sum / bins, max, fluid, packet);
    }

    private static double binMean(double[] v, double dt, double from, double to) {
        double s = 0;
        int n = 0;
        for (int i = (int) Math.ceil(from / dt); i * dt < to && i < v.length; i++) {
            s += v[i];
            n++;
        }
        return n == 0 ? Double.NaN : s / n;
    }

    /**
     * @param params   parameters
     * @param settings fluid solver settings
     * @param seed     packet simulation seed
     * @param outDir   folder for CSV and PNG, or null
     * @return the report
     */
    public static ScenarioReport run(FluidParameters params, SolverSettings settings, long seed, Path outDir) {
        long t0 = System.currentTimeMillis();
        Comparison c = compare(params, settings, seed);
        double from = TwoFlowScenario.DURATION_MICROS - 50_000;
        double to = TwoFlowScenario.DURATION_MICROS;
        PacketResult p = c.packet();
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("mean_abs_diff_flow2_Gbps", c.meanAbsDiffGbps());
        f.put("max_abs_diff_flow2_Gbps", c.maxAbsDiffGbps());
        f.put("fluid_rate1_last50ms_Gbps", c.fluid().meanRateGbps(0, from, to));
        f.put("fluid_rate2_last50ms_Gbps", c.fluid().meanRateGbps(1, from, to));
        f.put("packet_rate1_last50ms_Gbps", binMean(p.rateGbps()[0], p.sampleMicros(), from, to));
        f.put("packet_rate2_last50ms_Gbps", binMean(p.rateGbps()[1], p.sampleMicros(), from, to));
        f.put("fluid_queue_last50ms_KB", c.fluid().meanQueueKB(from, to));
        f.put("packet_queue_last50ms_KB", binMean(p.queueKB(), p.sampleMicros(), from, to));
        f.put("packets", (double) p.packets());
        String summary = String.format(Locale.ROOT, "flow 2's rate, 1 ms bins over its first 100 ms: fluid vs packet "
                + "differ by %.2f Gb/s on average (at most %.2f); last 50 ms: fluid %.1f/%.1f Gb/s, queue %.1f KB; "
                + "packet %.1f/%.1f Gb/s, queue %.1f KB (seed %d)", c.meanAbsDiffGbps(), c.maxAbsDiffGbps(),
                f.get("fluid_rate1_last50ms_Gbps"), f.get("fluid_rate2_last50ms_Gbps"), f.get("fluid_queue_last50ms_KB"),
                f.get("packet_rate1_last50ms_Gbps"), f.get("packet_rate2_last50ms_Gbps"),
                f.get("packet_queue_last50ms_KB"), seed);
        List<Path> files = new ArrayList<>();
        if (outDir != null) {
            FluidFiles.staged(settings.monitor(), TwoFlowScenario.DURATION_MICROS, () -> files.addAll(write(c, outDir)));
        }
        return new ScenarioReport("packet-check", List.of(new ScenarioReport.Finding("fluid vs packet, two flows",
                "OK", f, summary)), files, System.currentTimeMillis() - t0);
    }

    private static List<Path> write(Comparison c, Path outDir) {
        List<double[]> rows = new ArrayList<>();
        double[] ms = new double[c.binStartMicros().length];
        for (int b = 0; b < ms.length; b++) {
            ms[b] = (c.binStartMicros()[b] - TwoFlowScenario.SECOND_START_MICROS) / 1000;
            rows.add(new double[] {c.binStartMicros()[b], c.fluidRate2()[b], c.packetRate2()[b]});
        }
        Path csv = outDir.resolve("packet-check.csv");
        FluidFiles.csv(csv, List.of("bin_start_us", "fluid_Rc2_Gbps", "packet_Rc2_Gbps"), rows);
        Path png = outDir.resolve("packet-check.png");
        FluidFiles.plot(png, "Fig 10: rate of the second flow, fluid model vs packet simulation",
                "time since flow 2 started (ms)", "Rc flow 2 (Gb/s)", List.of(
                        new FluidFiles.Series("fluid model", ms, c.fluidRate2()),
                        new FluidFiles.Series("packet simulation", ms, c.packetRate2())));
        return List.of(csv, png);
    }
}
