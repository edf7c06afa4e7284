package org.rdmacheck.cli.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcOutcome;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The explorer against TLC on the headline models, with 1, 2 and all threads (TLC with as many
 * workers): Go-Back-N {@code improved packets=12 messages=2 losses=1} (4,736,729 states) and IOFD
 * on the k=4 fat-tree with a short and a long flow (3.66 M states); with {@code --only dasr} or
 * {@code --only partition} (a comma-separated list of cases) Dart's receiver ({@code dart
 * senders=3 messages=2 groups=2}, 1,003,672 states; quick: {@code messages=1}, 75,030) or the data
 * partition; with {@code --only fabric} the fabric's {@code repaired flows=0-1,1-0 packets=3
 * tokens=3 failures=0 xoff=3 background=1} (433,073 states, the defaults of {@code repaired-deadlock}). Both checkers check the same
 * properties: those of the TLA+ configuration (the explorer's progress properties have no TLC twin
 * and are left out). The distinct-state and transition counts of the explorer must be equal for
 * every thread count, and equal to TLC's distinct states; the benchmark fails otherwise.
 *
 * <p>Prints per run: distinct states per second of each checker and their ratio (TLC end to end
 * and without its start-up: JVM and SANY, measured on a one-state run), the explorer's scaling
 * efficiency against one thread (speed-up divided by threads), bytes per state of the visited
 * store (fingerprints plus predecessor index) and the peak heap of the explorer run.
 *
 * <p>Models that offer packed successors (Go-Back-N) are expanded on packed states;
 * {@code --compare-object} also runs the object path (state and action objects) at each thread
 * count, asserts equal counts, and prints the packed path's speed-up in the same run.
 *
 * <p>Run from the checkout, after {@code mvn -B -DskipTests package}:
 * <pre>java -Xmx8g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.ScalingBenchmark
 *     [--quick] [--only gbn,iofd,dasr,partition,fabric] [--threads 1,2,16] [--repeat N] [--no-tlc] [--compare-object] [--specs DIR]</pre>
 * {@code --quick} uses smaller shapes (Go-Back-N packets=8, 2.13 M states; IOFD k=4 with one short
 * flow and 3 packets) for a run of a few minutes. {@code --repeat N} runs the explorer N times per
 * thread count and reports the run of median wall time (TLC runs once). Every explorer and TLC line
 * ends with the load average, and a summary table closes each case: explorer states/s (wall and
 * per CPU second), TLC states/s, the ratios, the scaling efficiency from one thread (wall clock,
 * and per CPU second: the latter shows the cost of parallel work apart from waiting for a core),
 * bytes per state of the visited store, peak heap.
 */
public final class ScalingBenchmark {

    private ScalingBenchmark() {
    }

    /** A TLC run of the full shapes takes minutes on an idle core; on a shared machine, far longer. */
    private static final long TLC_TIME_LIMIT_MILLIS = 4 * 3_600_000L;

    /** One benchmark configuration: a Java check and the TLA+ twin's configuration to use. */
    record Case(String model, String variant, List<String> params, String template,
                        Map<String, String> extraConstants) {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        List<String> a = List.of(args);
        boolean quick = a.contains("--quick");
        boolean tlc = !a.contains("--no-tlc");
        boolean compareObject = a.contains("--compare-object");
        int repeat = Integer.parseInt(value(a, "--repeat", "1"));
        String only = value(a, "--only", "");
        Path specs = Path.of(value(a, "--specs", "specs"));
        int cores = Runtime.getRuntime().availableProcessors();
        Set<Integer> threads = new LinkedHashSet<>();
        for (String t : value(a, "--threads", "1,2," + cores).split(",")) {
            threads.add(Integer.parseInt(t.strip()));
        }
        System.out.printf(Locale.ROOT, "%d cores, max heap %d MB%s; load average %s%n", cores,
                Runtime.getRuntime().maxMemory() >> 20, quick ? ", quick shapes" : "", loadAverage());
        List<String> chosen = List.of((only.isEmpty() ? "gbn,iofd" : only).split(","));
        List<Case> cases = new ArrayList<>();
        if (chosen.contains("gbn")) {
            cases.add(new Case("gbn", "improved", List.of("packets=" + (quick ? 8 : 12), "messages=2", "losses=1"),
                    "improved-L1", Map.of()));
        }
        if (chosen.contains("fabric")) {
            // two opposing 3-packet messages (the repaired design's routing deadlock), TLC's properties
            cases.add(new Case("fabric", "repaired", List.of("flows=0-1,1-0", "packets=3", "tokens=3", "failures=0",
                    "xoff=3", "background=1"), "repaired", Map.of()));
        }
        if (chosen.contains("iofd")) {
            cases.add(quick
                    ? new Case("iofd", "dft", List.of("topology=fattree:k=4", "flows=0-15", "packets=3"),
                            "dft-fattree-k4", Map.of())
                    : new Case("iofd", "dft", List.of("topology=fattree:k=4", "flows=0-15,5-10L"), "dft-fattree-k4",
                            Map.of("FlowSeq", "<<[src |-> 0, dst |-> 15, long |-> FALSE], "
                                    + "[src |-> 5, dst |-> 10, long |-> TRUE]>>")));
        }
        if (chosen.contains("dasr")) {
            // the paper's design, three senders with two messages each and two incast groups
            cases.add(new Case("dasr", "dart", List.of("senders=3", "messages=" + (quick ? 1 : 2), "groups=2"),
                    "dart-two-messages", Map.of()));
        }
        if (chosen.contains("partition")) {
            cases.add(new Case("partition", "paper", quick ? List.of("qps=2", "transfers=2", "errors=1")
                    : List.of("qps=3", "transfers=3", "ids=2", "errors=1"), "default", Map.of()));
        }
        warmUp();
        for (Case c : cases) {
            run(c, specs, threads, tlc, compareObject, Math.max(1, repeat));
        }
    }

    private static String value(List<String> args, String name, String dflt) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : dflt;
    }

    /**
     * Small explorations first, so that the first measured run does not pay for JIT compilation:
     * on all threads and on one (the one-thread search matches new states on a path of its own,
     * {@code LevelExpansion.insertsAhead}, which the runs on all threads do not compile).
     */
    static void warmUp() {
        CheckSpec<?> spec = Catalog.find("gbn").build("improved", Params.parse(List.of("packets=5", "messages=2",
                "losses=1"))).withoutProgress();
        for (int i = 0; i < 2; i++) {
            new Explorer(ExplorerSettings.defaults().withProgress(0, r -> { })).check(spec);
            new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })).check(spec);
        }
    }

    /**
     * The figures of one thread count, for the summary table and the layout gate: rates in states
     * per second (wall clock, per CPU second of the process, per CPU second of the exploring
     * threads: the median of the repeats, each in {@code threadRates}); TLC's are 0 when TLC did not
     * run.
     */
    record Row(int threads, double rate, double perCpu, long storeBytes, long peakHeap, double tlcRate,
               double tlcPerCpu, String load, double perThreadCpu, long distinct, long transitions,
               double[] threadRates, double tlcSeconds) {
    }

    static List<Row> run(Case c, Path specs, Set<Integer> threads, boolean withTlc, boolean compareObject,
                         int repeat) {
        SpecManifest m = SpecManifest.read(specs.resolve(c.model()));
        SpecManifest.Configuration template = m.configurations().stream().filter(x -> x.name().equals(c.template()))
                .findFirst().orElseThrow(() -> new IllegalStateException("no configuration " + c.template()));
        CheckSpec<?> all = Catalog.find(c.model()).build(c.variant(), Params.parse(c.params()));
        Set<String> tlcChecks = new LinkedHashSet<>(template.invariants());
        tlcChecks.addAll(template.properties());
        if (template.checkDeadlock()) {
            tlcChecks.add("DeadlockFree");
        }
        CheckSpec<?> spec = all.selecting(p -> tlcChecks.contains(p.name()));
        Map<String, String> constants = new LinkedHashMap<>(template.constants());
        constants.putAll(m.constantMapping().constants(c.variant(), all.parameters()));
        constants.putAll(c.extraConstants());
        Path cfg = m.folder().resolve(template.config());
        TlcRequest req = TlcRequest.of(m.folder().resolve(template.config().replaceFirst("\\.cfg$", ".tla")), cfg)
                .withConstants(constants).withInvariants(template.invariants()).withProperties(template.properties())
                .withCheckDeadlock(template.checkDeadlock());
        System.out.printf(Locale.ROOT, "%n== %s %s %s; properties: %s%n", c.model(), c.variant(),
                String.join(" ", c.params()), spec.properties().stream().map(p -> p.name()).toList());
        long startup = 0;
        if (withTlc) {
            Map<String, String> tiny = new LinkedHashMap<>(template.constants());
            startup = new TlcChecker(TlcOptions.defaults()).check(TlcRequest.of(
                    m.folder().resolve(template.config().replaceFirst("\\.cfg$", ".tla")), cfg).withConstants(tiny)
                    .withInvariants(List.of()).withProperties(List.of()).withCheckDeadlock(false)).stats().wallMillis();
            System.out.printf(Locale.ROOT, "TLC start-up (JVM + SANY + the manifest's smallest configuration): %d ms%n",
                    startup);
        }
        double base = 0;
        double baseCpu = 0;
        long distinct = -1;
        long transitions = -1;
        List<Row> rows = new ArrayList<>();
        for (int t : threads) {
            // with --repeat, the run of median wall time (its CPU time and heap with it)
            List<long[]> peaks = new ArrayList<>();
            List<ExplorationReport> runs = new ArrayList<>();
            for (int r = 0; r < repeat; r++) {
                long[] pk = new long[2];
                ExplorationReport ex = measured(spec, t, pk, true);
                if (!ex.complete()) {
                    throw new IllegalStateException("explorer did not finish: " + ex.stopReason());
                }
                if (distinct >= 0 && (distinct != ex.stats().distinctStates()
                        || transitions != ex.stats().transitions())) {
                    throw new IllegalStateException("explorer counts differ with " + t + " threads: "
                            + ex.stats().distinctStates() + "/" + ex.stats().transitions() + " against " + distinct
                            + "/" + transitions);
                }
                distinct = ex.stats().distinctStates();
                transitions = ex.stats().transitions();
                runs.add(ex);
                peaks.add(pk);
            }
            Integer[] byWall = new Integer[repeat];
            for (int r = 0; r < repeat; r++) {
                byWall[r] = r;
            }
            java.util.Arrays.sort(byWall, java.util.Comparator.comparingLong(r -> runs.get(r).stats().wallMillis()));
            int median = byWall[(repeat - 1) / 2];
            ExplorationReport ex = runs.get(median);
            long[] peak = peaks.get(median);
            double rate = ex.stats().statesPerSecond();
            double perCpu = distinct * 1e9 / peak[1];
            if (t == 1) {
                base = rate;
                baseCpu = perCpu;
            }
            String load = loadAverage();
            System.out.printf(Locale.ROOT, "explorer threads=%-2d distinct=%,d transitions=%,d  %,.0f states/s (%.1f s%s)"
                            + "  scaling efficiency 1->%d %s  store %.1f B/state  peak heap %,d MB  process CPU %.1f s"
                            + " (%,.0f states per CPU second)  load average %s%n", t, distinct,
                    transitions, rate, ex.stats().wallMillis() / 1000.0,
                    repeat > 1 ? ", median of " + repeat : "", t, efficiency(t, rate, base, perCpu, baseCpu),
                    ex.storeBytes() / (double) distinct, peak[0] >> 20, peak[1] / 1e9, perCpu, load);
            printTiming(ex.timing());
            // states per second of the exploring threads' own CPU time (no JIT, GC or sampler threads): with
            // --repeat, the median of the repeats' rates, each printed (the run of median wall time above is
            // picked by the wall clock, which on a shared machine says little about the thread's own CPU time)
            double[] threadRates = new double[repeat];
            for (int r = 0; r < repeat; r++) {
                ExplorationReport.Timing tr = runs.get(r).timing();
                threadRates[r] = tr.measured() ? distinct * 1e9 / (tr.serialNanos() + tr.parallelNanos()) : 0;
            }
            if (repeat > 1) {
                StringBuilder each = new StringBuilder("  states per thread CPU second, each repeat:");
                for (double x : threadRates) {
                    each.append(String.format(Locale.ROOT, " %,.0f", x));
                }
                System.out.println(each);
            }
            double[] sortedRates = threadRates.clone();
            java.util.Arrays.sort(sortedRates);
            double perThreadCpu = sortedRates[(repeat - 1) / 2];
            Row row = new Row(t, rate, perCpu, ex.storeBytes(), peak[0], 0, 0, load, perThreadCpu, distinct,
                    transitions, threadRates, 0);
            if (compareObject) {
                long[] objPeak = new long[2];
                ExplorationReport ob = measured(spec, t, objPeak, false);
                if (ob.stats().distinctStates() != distinct || ob.stats().transitions() != transitions) {
                    throw new IllegalStateException("object path counts differ: " + ob.stats().distinctStates() + "/"
                            + ob.stats().transitions());
                }
                System.out.printf(Locale.ROOT, "  object path threads=%-2d (equal counts)  %,.0f states/s (%.1f s)  peak heap"
                                + " %,d MB  process CPU %.1f s (%,.0f states per CPU second); packed path %.2fx wall,"
                                + " %.2fx per CPU second%n", t, ob.stats().statesPerSecond(),
                        ob.stats().wallMillis() / 1000.0, objPeak[0] >> 20, objPeak[1] / 1e9, distinct * 1e9 / objPeak[1],
                        rate / ob.stats().statesPerSecond(), (double) objPeak[1] / peak[1]);
            }
            if (withTlc) {
                long tlcCpu = childCpuNanos();
                TlcReport r = new TlcChecker(TlcOptions.defaults().withWorkers(t).withFingerprintIndex(0)
                        .withTimeLimitMillis(TLC_TIME_LIMIT_MILLIS)).check(req);
                tlcCpu = childCpuNanos() - tlcCpu;
                long tlcStates = r.stats().distinctStates();
                if (r.outcome() != TlcOutcome.SUCCESS || tlcStates != distinct) {
                    throw new IllegalStateException("TLC: " + r.outcome() + " with " + tlcStates
                            + " distinct states; explorer " + distinct + "; TLC said: " + r.detail());
                }
                double tlcRate = tlcStates * 1000.0 / Math.max(1, r.stats().wallMillis());
                double tlcNet = tlcStates * 1000.0 / Math.max(1, r.stats().wallMillis() - startup);
                System.out.printf(Locale.ROOT, "TLC      workers=%-2d distinct=%,d (equal)  %,.0f states/s end to end "
                                + "(%.1f s), %,.0f without start-up  ratio %.1fx end to end, %.1fx without start-up%n",
                        t, tlcStates, tlcRate, r.stats().wallMillis() / 1000.0, tlcNet, rate / tlcRate,
                        rate / tlcNet);
                double tlcPerCpu = 0;
                if (tlcCpu > 0) {
                    tlcPerCpu = tlcStates * 1e9 / tlcCpu;
                    System.out.printf(Locale.ROOT, "TLC      CPU %.1f s (%,.0f states per CPU second, start-up included);"
                            + " explorer/TLC per CPU second %.1fx  load average %s%n", tlcCpu / 1e9, tlcPerCpu,
                            distinct * 1e9 / peak[1] / tlcPerCpu, loadAverage());
                }
                row = new Row(t, rate, perCpu, ex.storeBytes(), peak[0], tlcRate, tlcPerCpu, load, perThreadCpu,
                        distinct, transitions, threadRates, r.stats().wallMillis() / 1000.0);
            }
            rows.add(row);
        }
        summary(distinct, transitions, rows);
        return rows;
    }

    /**
     * The run's thread CPU time split into serial steps and parallel sections (load-independent),
     * Amdahl's bound for 2 threads from the serial fraction, and the efficiency the run's own
     * sections (imbalance included) allow on idle cores.
     */
    public static void printTiming(org.rdmacheck.engine.ExplorationReport.Timing tm) {
        if (!tm.measured()) {
            return;
        }
        System.out.printf(Locale.ROOT, "  thread CPU: serial %.3f s, parallel %.3f s (%d sections, span %.3f s,"
                        + " imbalance %.3f s); serial fraction %.2f%%: Amdahl bound 1->2 %.1f%%; with this run's"
                        + " imbalance %.1f%% on %d idle cores; wall waited at barriers %.3f s%n",
                tm.serialNanos() / 1e9, tm.parallelNanos() / 1e9, tm.sections(), tm.spanNanos() / 1e9,
                tm.imbalanceNanos() / 1e9, 100 * tm.serialFraction(), 100 * tm.amdahlEfficiency(2),
                100 * tm.spanEfficiency(), tm.threads(), tm.barrierWaitNanos() / 1e9);
        StringBuilder b = new StringBuilder("  serial steps (ms):");
        tm.serialSteps().forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s %.0f;", k, v / 1e6)));
        b.append("\n  parallel sections (CPU ms, imbalance ms):");
        tm.parallelWork().forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s %.0f/%.0f;", k, v / 1e6,
                tm.imbalances().getOrDefault(k, 0L) / 1e6)));
        System.out.println(b);
    }

    /** @return scaling efficiency against one thread: wall clock, and per CPU second ("-" without a 1-thread run) */
    private static String efficiency(int t, double rate, double base, double perCpu, double baseCpu) {
        if (t == 1 || base == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.0f%% (per CPU second %.0f%%)", 100 * rate / base / t, 100 * perCpu / baseCpu);
    }

    /** One table of the figures asked for: states/s, ratios to TLC, scaling efficiency, store and heap. */
    private static void summary(long distinct, long transitions, List<Row> rows) {
        System.out.printf(Locale.ROOT, "summary: %,d distinct states, %,d transitions, equal for every thread count"
                + "%s%n", distinct, transitions, rows.stream().anyMatch(r -> r.tlcRate() > 0) ? " and in TLC" : "");
        System.out.printf(Locale.ROOT, "  %-7s %14s %14s %10s %10s %12s %12s %9s %9s  %s%n", "threads", "states/s",
                "per CPU-s", "TLC/s", "x TLC", "x TLC/CPU-s", "eff. wall/CPU", "B/state", "heap MB", "load average");
        double base = 0;
        double baseCpu = 0;
        for (Row r : rows) {
            if (r.threads() == 1) {
                base = r.rate();
                baseCpu = r.perCpu();
            }
            System.out.printf(Locale.ROOT, "  %-7d %,14.0f %,14.0f %,10.0f %10s %12s %12s %9.1f %,9d  %s%n",
                    r.threads(), r.rate(), r.perCpu(), r.tlcRate(),
                    r.tlcRate() > 0 ? String.format(Locale.ROOT, "%.1fx", r.rate() / r.tlcRate()) : "-",
                    r.tlcPerCpu() > 0 ? String.format(Locale.ROOT, "%.1fx", r.perCpu() / r.tlcPerCpu()) : "-",
                    r.threads() == 1 || base == 0 ? "-" : String.format(Locale.ROOT, "%.0f%%/%.0f%%",
                            100 * r.rate() / base / r.threads(), 100 * r.perCpu() / baseCpu),
                    r.storeBytes() / (double) distinct, r.peakHeap() >> 20, r.load());
        }
    }

    /** @return the 1, 5 and 15 minute load averages (Linux), "?" where they cannot be read */
    static String loadAverage() {
        try {
            String[] f = java.nio.file.Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException | RuntimeException e) {
            return "?";
        }
    }

    /**
     * One explorer run with a heap sampler; {@code out[0]} receives the most heap used above the
     * starting point, {@code out[1]} the CPU time of this process during the run (nanoseconds: on a
     * shared machine it tells the explorer's own cost apart from waiting for a core).
     */
    private static ExplorationReport measured(CheckSpec<?> spec, int threads, long[] peak, boolean packed) {
        System.gc();
        long start = used();
        long cpu = cpuNanos();
        AtomicLong max = new AtomicLong(start);
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                max.accumulateAndGet(used(), Math::max);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(threads).withProgress(0, p -> { })
                .withPackedSuccessors(packed)).check(spec);
        sampler.interrupt();
        peak[0] = max.get() - start;
        peak[1] = Math.max(1, cpuNanos() - cpu);
        return r;
    }

    /**
     * CPU time of this process's finished children (TLC runs in a child JVM), from
     * {@code /proc/self/stat} (Linux); 0 where it cannot be read.
     */
    static long childCpuNanos() {
        return org.rdmacheck.cli.CpuTime.now().childMillis() * 1_000_000L;
    }

    static long cpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    private static long used() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
