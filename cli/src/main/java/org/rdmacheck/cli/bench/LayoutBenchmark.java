package org.rdmacheck.cli.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The performance gate of the models written once on a declared layout: each model's benchmark
 * configuration explored on one thread and checked by TLC on its twin with one worker, in the
 * same JVM run, the distinct-state counts asserted equal ({@link ScalingBenchmark} runs and
 * prints each case). The gate: dasr and partition at least 0.5 M states per second on one
 * thread, and every layout model at least 20 times TLC's states per second (wall clock, one
 * worker). The explorer's rate is printed wall clock, per CPU second of the process and per CPU
 * second of the exploring thread: on a shared machine the wall clock also measures waiting for a
 * core, and the process's CPU time includes the JIT compiler's, so the thread's figure is the one
 * the rate gate is judged on (with {@code --repeat}, the median of the repeats' rates, each printed);
 * each line ends with the load average. The launcher runs the explorer
 * with transparent huge pages where the kernel offers them, and a TLC child JVM gets the same setting
 * as its parent: the command above runs both as {@code rdmacheck check} and {@code rdmacheck tlc} do.
 *
 * <pre>java -Xmx3g -XX:+UseParallelGC -XX:+UseTransparentHugePages -cp cli/target/rdmacheck-all.jar \
 *     org.rdmacheck.cli.bench.LayoutBenchmark \
 *     [--only dasr,partition,gbn] [--quick] [--repeat N] [--no-tlc] [--specs DIR]</pre>
 *
 * Configurations: dasr {@code dart senders=3 messages=2 groups=2} (1,003,672 states; TLC twin
 * {@code dart-two-messages}), partition {@code paper qps=3 transfers=3 ids=2 errors=1} (255,021
 * states; twin {@code default}) and the Go-Back-N headline {@code improved packets=12 messages=2
 * losses=1} (4,736,729 states; twin {@code improved-L1}). {@code --quick} takes dasr with one
 * message per sender (75,030 states), partition with two transfers (7,691) and Go-Back-N with 8
 * packets (2.13 M), for a run of minutes.
 */
public final class LayoutBenchmark {

    /** Explorer states per second on one thread that the gate asks of dasr and partition. */
    static final double RATE_GATE = 500_000;
    /** The explorer's states per second over TLC's (one thread, one worker) that the gate asks. */
    static final double TLC_GATE = 20;

    private LayoutBenchmark() {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        List<String> a = List.of(args);
        boolean quick = a.contains("--quick");
        boolean tlc = !a.contains("--no-tlc");
        int repeat = Integer.parseInt(value(a, "--repeat", "1"));
        Path specs = Path.of(value(a, "--specs", "specs"));
        List<String> only = List.of(value(a, "--only", "dasr,partition,gbn").split(","));
        boolean hugePages = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains("-XX:+UseTransparentHugePages");
        System.out.printf(Locale.ROOT, "layout gate: one thread; transparent huge pages %s (explorer and TLC);"
                + " load average %s%n", hugePages ? "on" : "off", ScalingBenchmark.loadAverage());
        List<ScalingBenchmark.Case> cases = new ArrayList<>();
        if (only.contains("dasr")) {
            cases.add(new ScalingBenchmark.Case("dasr", "dart", List.of("senders=3", "messages=" + (quick ? 1 : 2),
                    "groups=2"), "dart-two-messages", Map.of()));
        }
        if (only.contains("partition")) {
            cases.add(new ScalingBenchmark.Case("partition", "paper", quick ? List.of("qps=2", "transfers=2",
                    "errors=1") : List.of("qps=3", "transfers=3", "ids=2", "errors=1"), "default", Map.of()));
        }
        if (only.contains("gbn")) {
            cases.add(new ScalingBenchmark.Case("gbn", "improved", List.of("packets=" + (quick ? 8 : 12), "messages=2",
                    "losses=1"), "improved-L1", Map.of()));
        }
        ScalingBenchmark.warmUp();
        List<String> lines = new ArrayList<>();
        for (ScalingBenchmark.Case c : cases) {
            if (WARM_UP.containsKey(c.model())) {
                warmUp(c, WARM_UP.get(c.model()), specs);
            }
            ScalingBenchmark.Row r = ScalingBenchmark.run(c, specs, Set.of(1), tlc, false, Math.max(1, repeat)).get(0);
            boolean rateGated = !c.model().equals("gbn");
            lines.add(String.format(Locale.ROOT, "  %-10s %,12.0f %,12.0f %,12.0f %9s %,10.0f %9s %9s  %s", c.model(),
                    r.rate(), r.perCpu(), r.perThreadCpu(), rateGated ? verdict(r.perThreadCpu() >= RATE_GATE) : "-",
                    r.tlcRate(), r.tlcRate() > 0 ? String.format(Locale.ROOT, "%.1fx", r.rate() / r.tlcRate()) : "-",
                    r.tlcRate() > 0 ? verdict(r.rate() / r.tlcRate() >= TLC_GATE) : "not run", r.load()));
        }
        System.out.printf(Locale.ROOT, "%ngate (explorer one thread; %,.0f states/s for dasr and partition, %.0fx TLC "
                + "at one worker, wall clock):%n", RATE_GATE, TLC_GATE);
        System.out.printf(Locale.ROOT, "  %-10s %12s %12s %12s %9s %10s %9s %9s  %s%n", "model", "states/s",
                "per CPU-s", "thread CPU-s", "0.5 M/s", "TLC/s", "x TLC", "20x", "load average");
        lines.forEach(System.out::println);
        System.out.println("(states/s: wall clock; per CPU-s: the process's CPU time, JIT and GC threads included; "
                + "thread CPU-s: the exploring thread's own, with --repeat the median of the repeats' rates, the figure the "
                + "0.5 M/s gate is judged on)");
    }

    /**
     * Per rate-gated model, a small configuration explored before its measured runs: the gate is
     * on the model's per-state cost, so its code (steps and properties) is compiled before the first
     * measured run, as {@link ScalingBenchmark#warmUp} does for the engine's; without it the first
     * repeat runs partly interpreted (about a third slower on dasr and partition).
     */
    private static final Map<String, List<String>> WARM_UP = Map.of(
            "dasr", List.of("senders=3", "messages=1", "groups=2"),
            "partition", List.of("qps=3", "transfers=2", "ids=2", "errors=1"));

    /** Explores a case's model at a small configuration twice, with the properties the case checks. */
    private static void warmUp(ScalingBenchmark.Case c, List<String> params, Path specs) {
        SpecManifest m = SpecManifest.read(specs.resolve(c.model()));
        SpecManifest.Configuration template = m.configurations().stream().filter(x -> x.name().equals(c.template()))
                .findFirst().orElseThrow(() -> new IllegalStateException("no configuration " + c.template()));
        Set<String> checks = new java.util.HashSet<>(template.invariants());
        checks.addAll(template.properties());
        if (template.checkDeadlock()) {
            checks.add("DeadlockFree");
        }
        CheckSpec<?> spec = Catalog.find(c.model()).build(c.variant(), Params.parse(params))
                .selecting(p -> checks.contains(p.name()));
        for (int i = 0; i < 2; i++) {
            new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })).check(spec);
        }
    }

    private static String verdict(boolean met) {
        return met ? "met" : "not met";
    }

    private static String value(List<String> args, String name, String dflt) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : dflt;
    }
}
