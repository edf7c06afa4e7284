package org.rdmacheck.fluid.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.scenario.ConvergenceSweep;

/**
 * Prints the fluid solver's figures: wall time and derivative evaluations of one 200 ms two-flow
 * solve (goal: under 100 ms) and of a 20 × 20 (B, T) sweep on all cores
 * (goal: under 5 s on 2 cores; {@link StabilityBenchmark} prints it too).
 * Run: {@code java -cp cli/target/rdmacheck-all.jar org.rdmacheck.fluid.bench.FluidBenchmark [repeats]}.
 */
public final class FluidBenchmark {

    private FluidBenchmark() {
    }

    /** @param args optional: number of timed repeats of the single solve (default 7) */
    public static void main(String[] args) {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        SolverSettings s = SolverSettings.defaults();
        System.out.printf(Locale.ROOT, "fluid benchmark: step %.2f us, %d cores%n", s.stepMicros(),
                Runtime.getRuntime().availableProcessors());
        for (String name : List.of("deployed", "strawman")) {
            FluidParameters p = name.equals("deployed") ? FluidParameters.deployed() : FluidParameters.strawman();
            for (int i = 0; i < 3; i++) {
                ConvergenceSweep.solve(p, s, name);   // warm-up
            }
            double[] ms = new double[repeats];
            double[] cpu = new double[repeats];
            long evals = 0;
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            for (int i = 0; i < repeats; i++) {
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                evals = ConvergenceSweep.solve(p, s, name).evaluations();
                ms[i] = (System.nanoTime() - t0) / 1e6;
                cpu[i] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
            }
            Arrays.sort(ms);
            Arrays.sort(cpu);
            double median = ms[repeats / 2];
            double cpuMedian = cpu[repeats / 2];
            System.out.printf(Locale.ROOT, "two-flow 200 ms solve (%s): median wall %.1f ms (min %.1f, max %.1f), "
                    + "median CPU %.1f ms; %d derivative evaluations, %.0f ns CPU/evaluation, %.0f ms CPU per "
                    + "simulated second%n", name, median, ms[0], ms[repeats - 1], cpuMedian, evals,
                    cpuMedian * 1e6 / evals, cpuMedian * 5);
        }
        int n = 20;
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        List<ConvergenceSweep.Cell> cells = ConvergenceSweep.grid(FluidParameters.strawman(),
                ConvergenceSweep.byteCounterGrid(n), ConvergenceSweep.timerGrid(n), s, "cut-off");
        double sweepMs = (System.nanoTime() - t0) / 1e6;
        double sweepCpu = (processCpuNanos() - cpu0) / 1e9;
        long total = cells.stream().mapToLong(ConvergenceSweep.Cell::evaluations).sum();
        System.out.printf(Locale.ROOT, "20x20 sweep (cut-off, 200 ms each): %.2f s wall, %.2f s CPU, %d solves, %d derivative "
                + "evaluations, %d converged (system load average %.1f)%n", sweepMs / 1000, sweepCpu, cells.size(), total,
                cells.stream().filter(ConvergenceSweep.Cell::converged).count(), load);
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
