package org.rdmacheck.cli.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The network model's speed on one thread, on the fabric's gate configuration ({@code repaired
 * flows=0-1,1-0 packets=3 tokens=3 failures=0 xoff=3 background=1}, the defaults of {@code
 * repaired-deadlock}: 433,073 states, 1,591,672 transitions) or on the IOFD preset's k=4 fat-tree
 * case ({@code iofd dft topology=fattree:k=4 flows=0-15,5-10L}: 1,014,756 states, 4,696,579
 * transitions): rounds of the exploration alone (no property) and of {@code check}'s safety
 * properties, in turn, in one JVM. The counts must be equal in every round (the benchmark fails
 * otherwise). Prints per round the wall time, the exploring thread's CPU time (the explorer's own
 * measure: no JIT, GC or other threads), the process's CPU time (JIT and GC included) and states
 * per second of each, with the load average: on a shared machine the figures per thread CPU second
 * are the ones to compare. Ends with the median and the best of the rounds after the first (JIT
 * compilation) per thread CPU second, against the gate of 1 M states per thread CPU second.
 *
 * <p>The comparison with TLC on the fabric's twin at one and two workers (counts asserted equal)
 * is {@link ScalingBenchmark}'s {@code --only fabric --threads 1,2}.
 *
 * <p>Run from the checkout, after {@code mvn -B -DskipTests package}:
 * <pre>java -Xmx2g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.FabricSpeedBenchmark [ROUNDS [exploration|check|both [fabric|iofd]]]</pre>
 */
public final class FabricSpeedBenchmark {

    /** The gate: states per thread CPU second on one thread. */
    private static final double GATE = 1_000_000;

    private FabricSpeedBenchmark() {
    }

    /**
     * @param args optional number of rounds (default 5), then {@code exploration} or {@code check} to run only
     *             that ({@code both} by default), then the case ({@code fabric} by default, or {@code iofd})
     */
    @SuppressWarnings("unchecked")
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String only = args.length > 1 ? args[1] : "both";
        String which = args.length > 2 ? args[2] : "fabric";
        String title;
        CheckSpec<LayoutState> check;
        long states;
        long transitions;
        if (which.equals("iofd")) {
            title = "iofd dft topology=fattree:k=4 flows=0-15,5-10L";
            check = (CheckSpec<LayoutState>) Catalog.find("iofd").build("dft",
                    Params.parse(List.of("topology=fattree:k=4", "flows=0-15,5-10L"))).withoutProgress();
            states = 1_014_756;
            transitions = 4_696_579;
        } else if (which.equals("fabric")) {
            title = "fabric repaired flows=0-1,1-0 packets=3 tokens=3 failures=0 xoff=3 background=1";
            check = (CheckSpec<LayoutState>) Catalog.find("fabric").build("repaired", Params.parse(List.of(
                    "flows=0-1,1-0", "packets=3", "tokens=3", "failures=0", "xoff=3", "background=1")))
                    .withoutProgress();
            states = 433_073;
            transitions = 1_591_672;
        } else {
            throw new IllegalArgumentException("case " + which + ": expected fabric or iofd");
        }
        CheckSpec<LayoutState> explore = check.selecting(p -> false);
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { });
        System.out.printf(Locale.ROOT, "%s, one thread; load average %s%n", title, ScalingBenchmark.loadAverage());
        List<Double> exploring = new ArrayList<>();
        List<Double> checking = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            if (!only.equals("check")) {
                double rate = measure(round, "exploration", explore, s, states, transitions);
                if (round > 1) {
                    exploring.add(rate);
                }
            }
            if (!only.equals("exploration")) {
                double rate = measure(round, "check", check, s, states, transitions);
                if (round > 1) {
                    checking.add(rate);
                }
            }
        }
        summary("exploration", exploring);
        summary("check", checking);
    }

    /** Prints the median and the best rate per thread CPU second of the rounds after the first. */
    private static void summary(String what, List<Double> rates) {
        if (rates.isEmpty()) {
            return;
        }
        List<Double> sorted = new ArrayList<>(rates);
        Collections.sort(sorted);
        double median = sorted.get(sorted.size() / 2);
        double best = sorted.get(sorted.size() - 1);
        System.out.printf(Locale.ROOT, "%-11s rounds 2-%d: median %,.0f, best %,.0f states per thread CPU second; "
                        + "gate %,.0f: %s%n", what, rates.size() + 1, median, best, GATE,
                median >= GATE ? "met by the median" : best >= GATE ? "met by the best round only" : "not met");
    }

    /** @return states per thread CPU second (0 when the explorer did not measure its threads) */
    private static double measure(int round, String what, CheckSpec<LayoutState> spec, ExplorerSettings s,
                                  long expectedStates, long expectedTransitions) {
        long cpu = processCpuNanos();
        long t0 = System.nanoTime();
        ExplorationReport r = new Explorer(s).check(spec);
        long wall = System.nanoTime() - t0;
        cpu = processCpuNanos() - cpu;
        long states = r.stats().distinctStates();
        long transitions = r.stats().transitions();
        if (states != expectedStates || transitions != expectedTransitions) {
            throw new IllegalStateException(what + ": " + states + " states, " + transitions
                    + " transitions; expected " + expectedStates + " and " + expectedTransitions);
        }
        ExplorationReport.Timing tm = r.timing();
        long thread = tm.measured() ? tm.serialNanos() + tm.parallelNanos() : 0;
        System.out.printf(Locale.ROOT, "round %d %-11s %,d states %,d transitions  wall %.2f s (%,.0f states/s)  "
                        + "thread CPU %.2f s (%,.0f states per thread CPU second)  process CPU %.2f s (%,.0f states "
                        + "per CPU second)  load average %s%n", round, what, states, transitions, wall / 1e9,
                states * 1e9 / wall, thread / 1e9, thread > 0 ? states * 1e9 / thread : 0, cpu / 1e9,
                states * 1e9 / cpu, ScalingBenchmark.loadAverage());
        return thread > 0 ? states * 1e9 / thread : 0;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
