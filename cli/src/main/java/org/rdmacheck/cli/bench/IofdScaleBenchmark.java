package org.rdmacheck.cli.bench;

import java.util.List;
import java.util.Locale;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.iofd.IofdEntry;

/**
 * How far the repaired IOFD design (variant dft) can be proven: for each of {@link IofdEntry#scaleRuns()} (or the
 * first N of them), distinct states, transitions, BFS depth, wall time and whether every property
 * holds.
 *
 * <p>Run: {@code java -Xmx8g -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.IofdScaleBenchmark [N]}
 */
public final class IofdScaleBenchmark {

    private IofdScaleBenchmark() {
    }

    /**
     * @param args optional number of runs (default: all; the last takes minutes)
     */
    public static void main(String[] args) {
        List<ModelEntry.Run> runs = IofdEntry.scaleRuns();
        int n = args.length > 0 ? Math.min(Integer.parseInt(args[0]), runs.size()) : runs.size();
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "iofd design (variant dft), %d cores, max heap %d MB%n", cores,
                Runtime.getRuntime().maxMemory() >> 20);
        System.out.printf(Locale.ROOT, "%-75s %12s %13s %6s %9s  %s%n", "parameters", "states", "transitions",
                "depth", "seconds", "verdict");
        for (ModelEntry.Run run : runs.subList(0, n)) {
            CheckSpec<?> spec = new IofdEntry().build(run.variant(), run.params());
            ExplorationReport r = new Explorer(ExplorerSettings.defaults().withProgress(0, p -> { })).check(spec);
            boolean proven = r.complete() && r.results().stream().allMatch(c -> c instanceof CheckResult.Verified);
            System.out.printf(Locale.ROOT, "%-75s %,12d %,13d %6d %9.1f  %s%n", run.params().asMap(),
                    r.stats().distinctStates(), r.stats().transitions(), r.stats().depth(),
                    r.stats().wallMillis() / 1000.0, proven ? "all properties hold" : "NOT PROVEN");
        }
    }
}
