package org.rdmacheck.cli.bench;

import java.lang.management.ManagementFactory;
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
 * repaired-deadlock}: 433,073 states, 1,591,672 transitions): rounds of
 * the exploration alone (no property) and of {@code check}'s safety properties, in
 * turn, in one JVM. The counts must be equal in every round (the benchmark fails otherwise).
 * Prints per round the wall time, the process's CPU time (JIT and GC included) and states per
 * second of each, with the load average: on a shared machine the figures per CPU second are the
 * ones to compare.
 *
 * <p>Run from the checkout, after {@code mvn -B -DskipTests package}:
 * <pre>java -Xmx2g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.FabricSpeedBenchmark [ROUNDS [exploration|check]]</pre>
 */
public final class FabricSpeedBenchmark {

    private static final long STATES = 433_073;
    private static final long TRANSITIONS = 1_591_672;

    private FabricSpeedBenchmark() {
    }

    /**
     * @param args optional number of rounds (default 5), then {@code exploration} or {@code check} to run only that
     */
    @SuppressWarnings("unchecked")
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String only = args.length > 1 ? args[1] : "both";
        CheckSpec<LayoutState> check = (CheckSpec<LayoutState>) Catalog.find("fabric").build("repaired",
                Params.parse(List.of("flows=0-1,1-0", "packets=3", "tokens=3", "failures=0", "xoff=3", "background=1")))
                .withoutProgress();
        CheckSpec<LayoutState> explore = check.selecting(p -> false);
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { });
        System.out.printf(Locale.ROOT, "fabric repaired flows=0-1,1-0 packets=3 tokens=3 failures=0 xoff=3 "
                + "background=1, one thread; load average %s%n", ScalingBenchmark.loadAverage());
        for (int round = 1; round <= rounds; round++) {
            if (!only.equals("check")) {
                measure(round, "exploration", explore, s);
            }
            if (!only.equals("exploration")) {
                measure(round, "check", check, s);
            }
        }
    }

    private static void measure(int round, String what, CheckSpec<LayoutState> spec, ExplorerSettings s) {
        long cpu = processCpuNanos();
        long t0 = System.nanoTime();
        ExplorationReport r = new Explorer(s).check(spec);
        long wall = System.nanoTime() - t0;
        cpu = processCpuNanos() - cpu;
        long states = r.stats().distinctStates();
        long transitions = r.stats().transitions();
        if (states != STATES || transitions != TRANSITIONS) {
            throw new IllegalStateException(what + ": " + states + " states, " + transitions
                    + " transitions; expected " + STATES + " and " + TRANSITIONS);
        }
        System.out.printf(Locale.ROOT, "round %d %-11s %,d states %,d transitions  wall %.2f s (%,.0f states/s)  "
                        + "CPU %.2f s (%,.0f states per CPU second)  load average %s%n", round, what, states,
                transitions, wall / 1e9, states * 1e9 / wall, cpu / 1e9, states * 1e9 / cpu,
                ScalingBenchmark.loadAverage());
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
