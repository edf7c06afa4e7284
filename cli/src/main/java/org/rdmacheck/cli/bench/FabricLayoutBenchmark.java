package org.rdmacheck.cli.bench;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricModel;
import org.rdmacheck.model.fabric.FabricState;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The fabric on the declared layout ({@code NetworkModel}, packed successors) against the object
 * model it replaces ({@code FabricModel}), one thread, the two runs alternating in one JVM:
 * distinct states and transitions asserted equal every round, wall clock and per CPU second.
 * Both check one invariant that holds (the object model's properties are gone), so both explore
 * every reachable state; the layout model is also run with every property of {@code check fabric}
 * but progress.
 *
 * <p>Default case: {@code repaired flows=0-1,1-0 packets=3 tokens=3 failures=0} (433,073 states).
 * <pre>java -Xmx3g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.FabricLayoutBenchmark
 *     [--repeat N] [--param KEY=VALUE]... [--layout-only]</pre>
 */
public final class FabricLayoutBenchmark {

    private FabricLayoutBenchmark() {
    }

    /**
     * @param args {@code --repeat N}, {@code --param KEY=VALUE} (repeatable; replaces the default case)
     */
    public static void main(String[] args) {
        int repeat = 3;
        boolean layoutOnly = false;
        List<String> params = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i += 2) {
            if (args[i].equals("--layout-only")) {
                layoutOnly = true;
                i--;
                continue;
            }
            switch (args[i]) {
                case "--repeat" -> repeat = Integer.parseInt(args[i + 1]);
                case "--param" -> params.add(args[i + 1]);
                default -> {
                    System.err.println("argument '" + args[i] + "': expected --repeat, --param or --layout-only");
                    System.exit(2);
                }
            }
        }
        if (params.isEmpty()) {
            params = List.of("flows=0-1,1-0", "packets=3", "tokens=3", "failures=0");
        }
        CheckSpec<?> all = Catalog.find("fabric").build("repaired", Params.parse(params));
        CheckSpec<?> safety = all.withoutProgress();
        NetworkModel model = (NetworkModel) all.model();
        FabricConfig config = model.config();
        // one invariant that holds, so that both explore every reachable state
        CheckSpec<LayoutState> layout = new CheckSpec<>("fabric", "repaired", all.parameters(), model,
                List.of(new Invariant<LayoutState>("Reachable", s -> true).withPacked((v, o) -> true)), Set.of());
        CheckSpec<FabricState> object = new CheckSpec<>("fabric", "repaired", all.parameters(), new FabricModel(config),
                List.of(new Invariant<FabricState>("Reachable", s -> true)), Set.of());
        System.out.printf(Locale.ROOT, "fabric repaired %s, one thread, max heap %d MB; load %s%n",
                String.join(" ", params), Runtime.getRuntime().maxMemory() >> 20, ScalingBenchmark.loadAverage());
        run(layout, "warm-up layout");
        if (layoutOnly) {
            for (int i = 1; i <= repeat; i++) {
                run(layout, "layout NetworkModel");
                run(safety, "layout NetworkModel, every property but progress");
            }
            return;
        }
        run(object, "warm-up object");
        boolean same = true;
        for (int i = 1; i <= repeat; i++) {
            double[] o = new double[2];
            double[] l = new double[2];
            ExplorationReport ro = run(object, "object FabricModel", o);
            ExplorationReport rl = run(layout, "layout NetworkModel", l);
            same &= ro.stats().distinctStates() == rl.stats().distinctStates()
                    && ro.stats().transitions() == rl.stats().transitions();
            System.out.printf(Locale.ROOT, "round %d: layout/object %.2fx wall clock, %.2fx per CPU second%n", i,
                    l[0] / o[0], l[1] / o[1]);
        }
        run(safety, "layout NetworkModel, every property but progress");
        if (!same) {
            System.out.println("FAILED: the two models differ in states or transitions");
            System.exit(1);
        }
    }

    private static ExplorationReport run(CheckSpec<?> spec, String label) {
        return run(spec, label, new double[2]);
    }

    private static ExplorationReport run(CheckSpec<?> spec, String label, double[] rates) {
        System.gc();
        long cpu = ScalingBenchmark.cpuNanos();
        long start = System.nanoTime();
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, p -> { }))
                .check(spec);
        double wall = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = Math.max(1, ScalingBenchmark.cpuNanos() - cpu) / 1e9;
        long n = r.stats().distinctStates();
        rates[0] = n / wall;
        rates[1] = n / cpuSeconds;
        System.out.printf(Locale.ROOT, "%-50s %,d states, %,d transitions, %.2f s wall, %.2f s CPU, %,.0f states/s, "
                        + "%,.0f per CPU second; load %s%n", label, n, r.stats().transitions(), wall, cpuSeconds,
                rates[0], rates[1], ScalingBenchmark.loadAverage());
        return r;
    }
}
