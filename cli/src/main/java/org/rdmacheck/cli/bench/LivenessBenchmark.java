package org.rdmacheck.cli.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.conformance.LivenessConformance;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.engine.liveness.LivenessReport;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Liveness under fairness, explorer against TLC: Go-Back-N's {@code Delivered} ({@code <>Done}
 * under strongly fair channels, weakly fair sender and timers, finitely many losses) on a
 * configuration of more than a million states, checked by the explorer's fair-cycle search and by
 * TLC's liveness check on the TLA+ twin ({@code specs/gbn/MCLiveness.cfg}, {@code FairSpec}). The
 * verdicts must be equal, and so must the distinct-state counts when the property holds; the
 * benchmark exits 1 otherwise.
 *
 * <p>The explorer runs on 1 thread, 2 threads and {@code --threads} (default: all cores); its
 * verdicts (and lassos, when the property fails) must be identical for all of them. Prints per
 * run: verdict, distinct states, wall time, states per second and CPU time (the explorer's
 * process; TLC's child JVM, from {@code /proc}), the split into exploration and liveness analysis
 * (labelling and fair-cycle search) with the analysis's memory, and the speed-up of each phase
 * over 1 thread; then TLC with {@code --threads} workers and the ratios TLC/explorer (explorer on
 * {@code --threads}) in wall time and in CPU time.
 *
 * <p>Run from the checkout, after {@code mvn -B -DskipTests package}:
 * <pre>java -Xmx6g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.LivenessBenchmark
 *     [--variant improved] [--packets 8] [--messages 2] [--losses 1] [--threads N] [--specs DIR] [--no-tlc]</pre>
 * The default configuration, {@code improved packets=8 messages=2 losses=1}, has 2,126,485 states.
 */
public final class LivenessBenchmark {

    private LivenessBenchmark() {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        List<String> a = List.of(args);
        String variant = value(a, "--variant", "improved");
        int threads = Integer.parseInt(value(a, "--threads", String.valueOf(Runtime.getRuntime().availableProcessors())));
        Path specs = Path.of(value(a, "--specs", "specs"));
        Params params = Params.of(Map.of("packets", value(a, "--packets", "8"), "messages", value(a, "--messages", "2"),
                "losses", value(a, "--losses", "1")));
        String property = "Delivered";
        java.util.SortedSet<Integer> counts = new java.util.TreeSet<>(List.of(1, Math.min(2, threads), threads));
        System.out.printf(Locale.ROOT, "gbn %s %s, property %s, explorer on %s threads, %d TLC workers, "
                + "max heap %d MB%n", variant, params.asMap(), property, counts, threads,
                Runtime.getRuntime().maxMemory() >> 20);

        ModelEntry entry = Catalog.find("gbn");
        CheckSpec<?> spec = entry.build(variant, params);
        LivenessSpec<?> live = entry.liveness(spec).orElseThrow().selecting(p -> p.name().equals(property));
        // warm-up on a smaller configuration, so that the 1-thread run is not the one that compiles the code
        Map<String, String> small = new java.util.HashMap<>(params.asMap());
        small.put("packets", String.valueOf(Math.max(2, Integer.parseInt(small.get("packets")) - 2)));
        CheckSpec<?> warm = entry.build(variant, Params.of(small));
        Run.of(entry.liveness(warm).orElseThrow().selecting(p -> p.name().equals(property)), property, threads);
        Run first = null;
        Run run = null;
        for (int t : counts) {
            run = Run.of(live, property, t);
            System.out.printf(Locale.ROOT, "explorer %2d thr %-9s %,12d states %,12d transitions  %7.1f s  "
                            + "%,10.0f states/s  CPU %.1f s%n", t, run.result().verdict(), run.states(),
                    run.report().stats().transitions(), run.millis() / 1e3, run.states() * 1e3 / Math.max(1, run.millis()),
                    run.cpuNanos() / 1e9);
            LivenessReport j = run.report();
            System.out.printf(Locale.ROOT, "                exploration %.1f s, liveness analysis %.1f s (labelling "
                            + "%.1f s, fair-cycle search %.1f s, %,d components), analysis memory %.1f MiB, recorded "
                            + "graph %.1f MiB, visited store %.1f MiB%n",
                    j.stats().wallMillis() / 1e3, j.analysisMillis() / 1e3, j.labelMillis() / 1e3,
                    j.searchMillis() / 1e3, j.components(), j.analysisBytes() / 1048576.0, j.graphBytes() / 1048576.0,
                    j.storeBytes() / 1048576.0);
            if (first == null) {
                first = run;
            } else {
                LivenessReport o = first.report();
                System.out.printf(Locale.ROOT, "                speed-up over 1 thread: exploration %.2fx, liveness "
                                + "analysis %.2fx (labelling %.2fx, search %.2fx), total %.2fx%n",
                        ratio(o.stats().wallMillis(), j.stats().wallMillis()), ratio(o.analysisMillis(), j.analysisMillis()),
                        ratio(o.labelMillis(), j.labelMillis()), ratio(o.searchMillis(), j.searchMillis()),
                        ratio(first.millis(), run.millis()));
                if (!first.sameAnswer(run)) {
                    System.out.println("MISMATCH: 1 thread " + first.result() + ", " + t + " threads " + run.result());
                    System.exit(1);
                }
            }
        }
        System.out.println("explorer: verdicts" + (first.result() instanceof CheckResult.Violated ? " and lassos" : "")
                + " identical for " + counts + " threads");
        LivenessReport j = run.report();
        long javaMillis = run.millis();
        long javaCpu = run.cpuNanos();
        CheckResult jr = run.result();

        if (a.contains("--no-tlc")) {
            return;
        }
        TlcOptions tlc = TlcOptions.defaults().withWorkers(threads).withTimeLimitMillis(4L * 3600 * 1000)
                .withProgress(line -> System.err.println("TLC: " + line));
        long child0 = ScalingBenchmark.childCpuNanos();
        LivenessConformance.Result r = new LivenessConformance(tlc,
                ExplorerSettings.defaults().withThreads(threads).withProgress(0, x -> { }))
                .againstTlc(SpecManifest.read(specs.resolve("gbn")), "MCLiveness.cfg", property, live, j, javaMillis);
        long tlcCpu = ScalingBenchmark.childCpuNanos() - child0;
        System.out.printf(Locale.ROOT, "TLC       %-9s %,12d states %12s  %7.1f s  %,10.0f states/s  CPU %.1f s%n",
                r.tlcVerdict(), r.tlcStates(), "", r.tlcMillis() / 1e3,
                r.tlcStates() * 1e3 / Math.max(1, r.tlcMillis()), tlcCpu / 1e9);
        r.tlcLasso().ifPresent(x -> System.out.println("TLC's lasso on the Java model: " + x));
        System.out.printf(Locale.ROOT, "ratio TLC/explorer (" + threads + " threads / workers): wall time %.1fx%s%n", r.tlcMillis() / (double) Math.max(1,
                javaMillis), tlcCpu > 0 ? String.format(Locale.ROOT, ", CPU time %.1fx", tlcCpu / (double) javaCpu) : "");
        if (r.tlcVerdict() == CheckResult.Verdict.INCONCLUSIVE || jr.verdict() == CheckResult.Verdict.INCONCLUSIVE) {
            System.out.println("INCONCLUSIVE: a checker did not finish; nothing compared");
            System.exit(3);
        }
        if (!r.agrees()) {
            System.out.println("MISMATCH: verdicts TLC " + r.tlcVerdict() + ", explorer " + r.javaVerdict()
                    + "; states TLC " + r.tlcStates() + ", explorer " + r.javaStates());
            System.exit(1);
        }
        System.out.println("verdicts identical" + (r.tlcVerdict() == CheckResult.Verdict.VERIFIED
                ? ", distinct states identical" : ""));
    }

    private static double ratio(long before, long after) {
        return before / (double) Math.max(1, after);
    }

    /** One explorer check: its report, wall time and the process's CPU time meanwhile. */
    private record Run(LivenessReport report, CheckResult result, long millis, long cpuNanos) {

        static Run of(LivenessSpec<?> live, String property, int threads) {
            long cpu0 = ScalingBenchmark.cpuNanos();
            long t0 = System.nanoTime();
            LivenessReport r = new LivenessChecker(ExplorerSettings.defaults().withThreads(threads)
                    .withProgress(0, x -> { })).check(live);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            return new Run(r, r.result(property), ms, ScalingBenchmark.cpuNanos() - cpu0);
        }

        long states() {
            return report.stats().distinctStates();
        }

        /** Same verdict and, for a violation, the same lasso. */
        boolean sameAnswer(Run o) {
            if (result.verdict() != o.result.verdict() || states() != o.states()) {
                return false;
            }
            return !(result instanceof CheckResult.Violated v)
                    || v.counterexample().equals(((CheckResult.Violated) o.result).counterexample());
        }
    }

    private static String value(List<String> args, String name, String dflt) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : dflt;
    }
}
