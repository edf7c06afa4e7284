package org.rdmacheck.cli.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.conformance.LivenessConformance;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.explorer.liveness.LivenessChecker;
import org.rdmacheck.checker.explorer.liveness.LivenessReport;
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
 * <p>Prints per checker: verdict, distinct states, wall time, states per second and CPU time (the
 * explorer's process; TLC's child JVM, from {@code /proc}), the explorer's split into exploration
 * and liveness analysis with the analysis's memory, and the ratios TLC/explorer in wall time and
 * in CPU time.
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
        System.out.printf(Locale.ROOT, "gbn %s %s, property %s, %d threads / TLC workers, max heap %d MB%n", variant,
                params.asMap(), property, threads, Runtime.getRuntime().maxMemory() >> 20);

        ModelEntry entry = Catalog.find("gbn");
        CheckSpec<?> spec = entry.build(variant, params);
        LivenessSpec<?> live = entry.liveness(spec).orElseThrow().selecting(p -> p.name().equals(property));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(threads);
        long cpu0 = ScalingBenchmark.cpuNanos();
        long t0 = System.nanoTime();
        LivenessReport j = new LivenessChecker(settings).check(live);
        long javaMillis = (System.nanoTime() - t0) / 1_000_000;
        long javaCpu = ScalingBenchmark.cpuNanos() - cpu0;
        CheckResult jr = j.result(property);
        long states = j.stats().distinctStates();
        System.out.printf(Locale.ROOT, "explorer  %-9s %,12d states %,12d transitions  %7.1f s  %,10.0f states/s  "
                        + "CPU %.1f s%n", jr.verdict(), states, j.stats().transitions(), javaMillis / 1e3,
                states * 1e3 / Math.max(1, javaMillis), javaCpu / 1e9);
        System.out.printf(Locale.ROOT, "          exploration %.1f s, liveness analysis %.1f s (labelling %.1f s, search %.1f s, %,d components), "
                        + "analysis memory %.1f MiB, recorded graph %.1f MiB, visited store %.1f MiB%n",
                j.stats().wallMillis() / 1e3, j.analysisMillis() / 1e3, j.labelMillis() / 1e3, j.searchMillis() / 1e3, j.components(), j.analysisBytes() / 1048576.0,
                j.graphBytes() / 1048576.0, j.storeBytes() / 1048576.0);

        if (a.contains("--no-tlc")) {
            return;
        }
        TlcOptions tlc = TlcOptions.defaults().withWorkers(threads).withTimeLimitMillis(4L * 3600 * 1000)
                .withProgress(line -> System.err.println("TLC: " + line));
        long child0 = ScalingBenchmark.childCpuNanos();
        LivenessConformance.Result r = new LivenessConformance(tlc, settings.withProgress(0, x -> { }))
                .againstTlc(SpecManifest.read(specs.resolve("gbn")), "MCLiveness.cfg", property, live, j, javaMillis);
        long tlcCpu = ScalingBenchmark.childCpuNanos() - child0;
        System.out.printf(Locale.ROOT, "TLC       %-9s %,12d states %12s  %7.1f s  %,10.0f states/s  CPU %.1f s%n",
                r.tlcVerdict(), r.tlcStates(), "", r.tlcMillis() / 1e3,
                r.tlcStates() * 1e3 / Math.max(1, r.tlcMillis()), tlcCpu / 1e9);
        r.tlcLasso().ifPresent(x -> System.out.println("TLC's lasso on the Java model: " + x));
        System.out.printf(Locale.ROOT, "ratio TLC/explorer: wall time %.1fx%s%n", r.tlcMillis() / (double) Math.max(1,
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

    private static String value(List<String> args, String name, String dflt) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : dflt;
    }
}
