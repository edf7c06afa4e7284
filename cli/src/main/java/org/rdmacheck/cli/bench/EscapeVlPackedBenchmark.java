package org.rdmacheck.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The escape-vl model's packed successors ({@code EscapeVlPacked}) against its object path, explorer
 * only, every property of the variant (deadlock, progress): per thread count, the object path then
 * the packed path, each with distinct states, transitions, wall and CPU time, states per second and
 * per CPU second, and the load average. The counts and verdicts of both paths must be equal; the
 * benchmark exits with status 1 otherwise.
 *
 * <p>Default case: {@code dart network=ring4 workload=s0>s2:2,s2>s0:2,s1>s3:1,s3>s1:1} (4,148,138
 * states). Run from the checkout, after {@code mvn -B -DskipTests package}:
 * <pre>java -Xmx4g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.EscapeVlPackedBenchmark
 *     [--variant V] [--param KEY=VALUE]... [--threads 1,2]</pre>
 */
public final class EscapeVlPackedBenchmark {

    private EscapeVlPackedBenchmark() {
    }

    /**
     * @param args {@code --variant}, {@code --param} (repeatable; replaces the default case's
     *             parameters), {@code --threads} (comma-separated)
     */
    public static void main(String[] args) {
        String variant = "dart";
        List<String> params = new ArrayList<>();
        List<Integer> threads = List.of(1, 2);
        for (int i = 0; i < args.length; i++) {
            String v = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--variant" -> variant = v;
                case "--param" -> params.add(v);
                case "--threads" -> threads = java.util.Arrays.stream(v.split(",")).map(Integer::valueOf).toList();
                default -> {
                    System.err.println("argument '" + args[i] + "': expected --variant, --param or --threads");
                    System.exit(2);
                }
            }
            i++;
        }
        if (params.isEmpty()) {
            params = List.of("network=ring4", "workload=s0>s2:2,s2>s0:2,s1>s3:1,s3>s1:1");
        }
        CheckSpec<?> spec = Catalog.find("escape-vl").build(variant, Params.parse(params));
        System.out.printf(Locale.ROOT, "escape-vl %s %s, %d cores, max heap %d MB%n", variant, String.join(" ", params),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        boolean same = true;
        for (int t : threads) {
            ExplorationReport object = run(spec, t, false);
            ExplorationReport packed = run(spec, t, true);
            same &= object.stats().distinctStates() == packed.stats().distinctStates()
                    && object.stats().transitions() == packed.stats().transitions()
                    && verdicts(object).equals(verdicts(packed));
        }
        if (!same) {
            System.out.println("FAILED: the packed and object paths differ in counts or verdicts");
            System.exit(1);
        }
    }

    private static List<String> verdicts(ExplorationReport r) {
        return r.results().stream().map(x -> x.property() + "=" + x.verdict()).toList();
    }

    private static ExplorationReport run(CheckSpec<?> spec, int threads, boolean packed) {
        System.gc();
        long cpu = ScalingBenchmark.cpuNanos();
        long start = System.nanoTime();
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(threads).withProgress(0, p -> { })
                .withPackedSuccessors(packed)).check(spec);
        double wall = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = Math.max(1, ScalingBenchmark.cpuNanos() - cpu) / 1e9;
        long n = r.stats().distinctStates();
        System.out.printf(Locale.ROOT, "%-6s threads %d: %,d states, %,d transitions, %.1f s wall, %.1f s CPU, "
                        + "%,.0f states/s, %,.0f states per CPU second, %s, complete %b; load %s%n",
                packed ? "packed" : "object", threads, n, r.stats().transitions(), wall, cpuSeconds, n / wall,
                n / cpuSeconds, verdicts(r), r.complete(), ScalingBenchmark.loadAverage());
        return r;
    }
}
