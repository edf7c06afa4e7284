package org.rdmacheck.cli.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.fabric.FabricEntry;

/**
 * How far the composed fabric can be checked at the paper's settings: for each of
 * {@link FabricEntry#scaleRuns()}, distinct states, BFS depth, wall time and the outcome (every
 * property holds, the properties violated, or inconclusive at the time limit with the states
 * explored so far).
 *
 * <p>Run: {@code java -Xmx3g -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.FabricScaleBenchmark
 * [MINUTES_PER_RUN] [THREADS] [paper]} (defaults 15 and all cores; {@code paper}: only the two
 * paper-scale configurations, the leaf-spine and the fat-tree with every flow and a failure). Each
 * run prints its heap figures: the store's bytes per state and the most the level structures held.
 */
public final class FabricScaleBenchmark {

    private FabricScaleBenchmark() {
    }

    /** @param args optional time limit per run in minutes, and worker threads */
    public static void main(String[] args) {
        long minutes = args.length > 0 ? Long.parseLong(args[0]) : 15;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "fabric at seed 000 VI-A settings, %d threads, %d min per run, max heap %d MB%n",
                threads, minutes, Runtime.getRuntime().maxMemory() >> 20);
        boolean paperOnly = args.length > 2 && args[2].equals("paper");
        for (ModelEntry.Run run : FabricEntry.scaleRuns()) {
            if (paperOnly && !(run.variant().equals("repaired") && run.params().asMap().get("failures").equals("1")
                    && run.params().asMap().get("flows").split(",").length == 3)) {
                continue;
            }
            CheckSpec<?> spec = new FabricEntry().build(run.variant(), run.params());
            ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(threads)
                    .withMaxMillis(minutes * 60_000).withProgress(0, p -> { })).check(spec);
            TreeSet<String> violated = new TreeSet<>();
            r.results().stream().filter(c -> c instanceof CheckResult.Violated).forEach(c -> violated.add(c.property()));
            String outcome = !violated.isEmpty() ? "violated: " + violated
                    : r.complete() ? "all properties hold" : "INCONCLUSIVE (limit reached)";
            long states = Math.max(1, r.stats().distinctStates());
            System.out.printf(Locale.ROOT, "%-9s %s%n          %,d states, depth %d, %.1f s: %s%n"
                            + "          heap: store %.1f B/state, levels at most %,d MB (%.1f B/state)%n", run.variant(),
                    run.params().asMap(), r.stats().distinctStates(), r.stats().depth(),
                    r.stats().wallMillis() / 1000.0, outcome, r.storeBytes() / (double) states, r.levelBytes() >> 20,
                    r.levelBytes() / (double) states);
        }
    }
}
