package org.rdmacheck.fluid.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.scenario.ConvergenceSweep;
import org.rdmacheck.fluid.stability.FixedPointSource;
import org.rdmacheck.fluid.stability.PerturbedRun;
import org.rdmacheck.fluid.stability.StabilityCrossCheck;
import org.rdmacheck.fluid.stability.StabilitySweep;

/**
 * Prints the stability analysis' figures: a phase-margin sweep of 50 N × 3 delays (goal: under
 * 1 s), the cross-check grid of 100 delay-differential solves (N = 2..11 × τ* = 10..100 µs, goal:
 * under 10 s on 2 cores), and the 20 × 20 (B, T) convergence sweep (goal: under 5 s on 2 cores),
 * each with wall and process CPU time and the system load (other processes share the cores).
 * Run: {@code java -cp cli/target/rdmacheck-all.jar org.rdmacheck.fluid.bench.StabilityBenchmark [repeats]}.
 */
public final class StabilityBenchmark {

    private StabilityBenchmark() {
    }

    /** @param args optional: repeats of the sweep (default 5) */
    public static void main(String[] args) {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        System.out.printf(Locale.ROOT, "stability benchmark: %d cores, load average %.1f%n",
                Runtime.getRuntime().availableProcessors(), load());
        FluidParameters d = FluidParameters.deployed();
        int[] flows = StabilitySweep.defaultFlows();
        double[] delays = {1, 50, 100};
        StabilitySweep.overFlows(d, flows, delays, FixedPointSource.EXACT);   // warm-up
        double[] ms = new double[repeats];
        int rows = 0;
        for (int i = 0; i < repeats; i++) {
            long t0 = System.nanoTime();
            rows = StabilitySweep.overFlows(d, flows, delays, FixedPointSource.EXACT).size();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        System.out.printf(Locale.ROOT, "sweep %d N x %d delays (%d points): median wall %.1f ms (min %.1f, max %.1f)%n",
                flows.length, delays.length, rows, ms[repeats / 2], ms[0], ms[repeats - 1]);
        int[] gridFlows = IntStream.rangeClosed(2, 11).toArray();
        double[] gridDelays = IntStream.rangeClosed(1, 10).mapToDouble(i -> 10.0 * i).toArray();
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        StabilityCrossCheck c = StabilityCrossCheck.run(d, gridFlows, gridDelays, FixedPointSource.EXACT,
                SolverSettings.defaults(), PerturbedRun.DURATION_MICROS);
        System.out.printf(Locale.ROOT, "cross-check grid: %d solves of %.0f ms, %.2f s wall, %.2f s CPU, agreement %.1f %% "
                + "(%d disagreements, largest |PM| %.2f deg), load %.1f%n", c.points().size(),
                c.durationMicros() / 1000, (System.nanoTime() - t0) / 1e9, (processCpuNanos() - cpu0) / 1e9,
                100 * c.agreementRate(), c.disagreements().size(), c.disagreements().stream()
                        .mapToDouble(p -> Math.abs(p.linear().phaseMarginDeg())).max().orElse(0), load());
        int n = 20;
        cpu0 = processCpuNanos();
        t0 = System.nanoTime();
        List<ConvergenceSweep.Cell> cells = ConvergenceSweep.grid(FluidParameters.strawman(),
                ConvergenceSweep.byteCounterGrid(n), ConvergenceSweep.timerGrid(n), SolverSettings.defaults(), "cut-off");
        System.out.printf(Locale.ROOT, "20x20 convergence sweep (cut-off, 200 ms each): %.2f s wall, %.2f s CPU, %d "
                + "derivative evaluations, %d converged, load %.1f%n", (System.nanoTime() - t0) / 1e9,
                (processCpuNanos() - cpu0) / 1e9, cells.stream().mapToLong(ConvergenceSweep.Cell::evaluations).sum(),
                cells.stream().filter(ConvergenceSweep.Cell::converged).count(), load());
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
