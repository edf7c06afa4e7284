package org.rdmacheck.checker.cdg;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.model.topology.FatTree;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.Topology;

/**
 * Benchmark of the static deadlock check on large fat-trees with deflection on the non-escape
 * lanes (routing {@code escape}, 2 lanes, 4 tokens). Prints, per k: hosts, switches, channels,
 * vertices and edges visited, topology build time, check time, and heap in use after the check.
 * Run: {@code java -Xmx2g -cp cli/target/rdmacheck-all.jar org.rdmacheck.checker.cdg.CdgBenchmark [k ...]}
 * (default k = 48 64); each k is checked three times and the fastest check is reported.
 */
public final class CdgBenchmark {

    private CdgBenchmark() {
    }

    /**
     * @param args values of k (default 48 64)
     */
    public static void main(String[] args) {
        int[] ks = args.length == 0 ? new int[] {48, 64} : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        PrintStream out = System.out;
        out.printf(Locale.ROOT, "%4s %8s %8s %10s %10s %10s %9s %9s %9s %s%n", "k", "hosts", "switches", "channels",
                "vertices", "edges", "build_ms", "check_ms", "heap_MB", "verdict");
        for (int k : ks) {
            long b0 = System.nanoTime();
            Topology t = FatTree.build(k);
            Fabric f = new Fabric(t, List.of(), Orientation.TIER);
            long buildMs = (System.nanoTime() - b0) / 1_000_000;
            RoutingFunction r = RoutingFunction.named("escape", 2, 4);
            DeadlockVerdict best = null;
            long bestMs = Long.MAX_VALUE;
            long heap = 0;
            for (int rep = 0; rep < 3; rep++) {
                long c0 = System.nanoTime();
                DeadlockVerdict v = DeadlockChecker.check(f, r);
                long ms = (System.nanoTime() - c0) / 1_000_000;
                Runtime rt = Runtime.getRuntime();
                heap = Math.max(heap, rt.totalMemory() - rt.freeMemory());
                if (ms < bestMs) {
                    bestMs = ms;
                    best = v;
                }
            }
            out.printf(Locale.ROOT, "%4d %8d %8d %10d %10d %10d %9d %9d %9d %s%n", k, t.hostCount(),
                    t.nodeCount() - t.hostCount(), best.stats().channels(), best.stats().verticesVisited(),
                    best.stats().edgesVisited(), buildMs, bestMs, heap / (1 << 20), best.outcome());
        }
    }
}
