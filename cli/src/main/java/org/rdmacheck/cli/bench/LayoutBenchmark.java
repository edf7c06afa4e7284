package org.rdmacheck.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.cli.JsonValues;
import org.rdmacheck.cli.Quantity;
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
 * message per sender (75,030 states), partition with two QPs and two transfers (1,349) and Go-Back-N with 8
 * packets (2.13 M), for a run of minutes.
 */
public final class LayoutBenchmark {

    private static final List<String> MODELS = List.of("dasr", "partition", "gbn");

    private LayoutBenchmark() {
    }

    /** The options, validated. */
    record Options(boolean quick, boolean tlc, int repeat, Path specs, List<String> only, Optional<Path> json) {

        /**
         * @param args the command line
         * @return the options
         * @throws IllegalArgumentException naming the offending value and what was expected
         */
        static Options parse(List<String> args) {
            boolean quick = false;
            boolean tlc = true;
            int repeat = 1;
            Path specs = Path.of("specs");
            List<String> only = MODELS;
            Optional<Path> json = Optional.empty();
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                switch (a) {
                    case "--quick" -> quick = true;
                    case "--no-tlc" -> tlc = false;
                    case "--repeat" -> repeat = positive(a, operand(args, i++));
                    case "--specs" -> specs = Path.of(operand(args, i++));
                    case "--json" -> json = Optional.of(Path.of(operand(args, i++)));
                    case "--only" -> {
                        only = List.of(operand(args, i++).split(",", -1));
                        for (String m : only) {
                            if (!MODELS.contains(m)) {
                                throw new IllegalArgumentException("--only: '" + m + "' is not a layout model; expected"
                                        + " a comma-separated list of " + String.join(", ", MODELS));
                            }
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown option '" + a + "'; expected --only,"
                            + " --quick, --repeat N, --no-tlc, --specs DIR, --json FILE");
                }
            }
            return new Options(quick, tlc, repeat, specs, only, json);
        }

        private static String operand(List<String> args, int i) {
            if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
                throw new IllegalArgumentException(args.get(i) + ": missing value");
            }
            return args.get(i + 1);
        }

        private static int positive(String option, String v) {
            try {
                int n = Integer.parseInt(v);
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + ": '" + v + "' is not a whole number of at least 1");
        }
    }

    /** One model's case and its measured row. */
    private record Measured(ScalingBenchmark.Case c, ScalingBenchmark.Row row, List<LayoutGate> gates) {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        Options opt;
        try {
            opt = Options.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("LayoutBenchmark: " + e.getMessage());
            System.exit(2);
            return;
        }
        boolean quick = opt.quick();
        boolean hugePages = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains("-XX:+UseTransparentHugePages");
        String startLoad = ScalingBenchmark.loadAverage();
        System.out.printf(Locale.ROOT, "layout gate: one thread; transparent huge pages %s (explorer and TLC);"
                + " load average %s%n", hugePages ? "on" : "off", startLoad);
        List<ScalingBenchmark.Case> cases = new ArrayList<>();
        if (opt.only().contains("dasr")) {
            cases.add(new ScalingBenchmark.Case("dasr", "dart", List.of("senders=3", "messages=" + (quick ? 1 : 2),
                    "groups=2"), "dart-two-messages", Map.of()));
        }
        if (opt.only().contains("partition")) {
            cases.add(new ScalingBenchmark.Case("partition", "paper", quick ? List.of("qps=2", "transfers=2",
                    "errors=1") : List.of("qps=3", "transfers=3", "ids=2", "errors=1"), "default", Map.of()));
        }
        if (opt.only().contains("gbn")) {
            cases.add(new ScalingBenchmark.Case("gbn", "improved", List.of("packets=" + (quick ? 8 : 12), "messages=2",
                    "losses=1"), "improved-L1", Map.of()));
        }
        ScalingBenchmark.warmUp();
        List<Measured> done = new ArrayList<>();
        for (ScalingBenchmark.Case c : cases) {
            if (WARM_UP.containsKey(c.model())) {
                warmUp(c, WARM_UP.get(c.model()), opt.specs());
            }
            ScalingBenchmark.Row r = ScalingBenchmark.run(c, opt.specs(), Set.of(1), opt.tlc(), false, opt.repeat())
                    .get(0);
            done.add(new Measured(c, r, LayoutGate.judge(c.model(), r)));
        }
        System.out.printf(Locale.ROOT, "%ngate (explorer one thread; %,.0f states per thread CPU second for dasr and"
                + " partition, %.0fx TLC at one worker, wall clock and per CPU second)%s:%n", LayoutGate.RATE,
                LayoutGate.TLC_RATIO, quick ? "; --quick: not the gate's configurations" : "");
        System.out.printf(Locale.ROOT, "  %-10s %12s %12s %12s %9s %10s %9s %9s  %s%n", "model", "states/s",
                "per CPU-s", "thread CPU-s", "0.5 M/s", "TLC/s", "x TLC", "20x", "load average");
        for (Measured d : done) {
            ScalingBenchmark.Row r = d.row();
            LayoutGate wall = d.gates().stream().filter(g -> g.kind() == LayoutGate.Kind.TLC_WALL).findFirst()
                    .orElseThrow();
            String rate = d.gates().stream().filter(g -> g.kind() == LayoutGate.Kind.RATE_THREAD_CPU)
                    .map(g -> g.verdict().toString()).findFirst().orElse("-");
            System.out.printf(Locale.ROOT, "  %-10s %,12.0f %,12.0f %,12.0f %9s %,10.0f %9s %9s  %s%n",
                    d.c().model(), r.rate(), r.perCpu(), r.perThreadCpu(), rate, r.tlcRate(),
                    Double.isNaN(wall.value()) ? "-" : String.format(Locale.ROOT, "%.1fx", wall.value()),
                    wall.verdict(), r.load());
        }
        System.out.println("(states/s: wall clock; per CPU-s: the process's CPU time, JIT and GC threads included; "
                + "thread CPU-s: the exploring thread's own, with --repeat the median of the repeats' rates, the figure the "
                + "0.5 M/s gate is judged on)");
        for (Measured d : done) {
            d.gates().forEach(g -> System.out.println(g.line(quick, d.row().load())));
        }
        if (opt.json().isPresent()) {
            writeJson(opt.json().get(), opt, hugePages, startLoad, done);
        }
    }

    /** Writes the run as JSON (docs/explorer.md, "Declared layout and performance"), whole or not at all. */
    private static void writeJson(Path file, Options opt, boolean hugePages, String startLoad, List<Measured> done) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("benchmark", "layout-gate");
        root.put("quick", opt.quick());
        root.put("tlc", opt.tlc());
        root.put("repeat", opt.repeat());
        root.put("transparentHugePages", hugePages);
        root.put("loadAverageAtStart", startLoad);
        ArrayNode models = root.putArray("models");
        for (Measured d : done) {
            ScalingBenchmark.Row r = d.row();
            ObjectNode m = models.addObject();
            m.put("model", d.c().model());
            m.put("variant", d.c().variant());
            d.c().params().forEach(m.putArray("params")::add);
            m.put("tlcConfiguration", d.c().template());
            JsonValues.figure(m, "distinctStates", r.distinct(), Quantity.Unit.STATES);
            JsonValues.figure(m, "transitions", r.transitions(), Quantity.Unit.TRANSITIONS);
            ObjectNode ex = m.putObject("explorer");
            JsonValues.figure(ex, "statesPerWallSecond", Math.round(r.rate()), Quantity.Unit.STATES_PER_SECOND);
            JsonValues.figure(ex, "statesPerProcessCpuSecond", Math.round(r.perCpu()), Quantity.Unit.STATES_PER_SECOND);
            JsonValues.figure(ex, "statesPerThreadCpuSecond", Math.round(r.perThreadCpu()), Quantity.Unit.STATES_PER_SECOND);
            ArrayNode repeats = ex.putArray("statesPerThreadCpuSecondEachRepeat");
            for (double x : r.threadRates()) {
                repeats.addObject().put("value", Math.round(x)).put("unit", Quantity.Unit.STATES_PER_SECOND.symbol());
            }
            if (r.tlcRate() > 0) {
                ObjectNode t = m.putObject("tlc");
                t.put("workers", 1);
                JsonValues.figure(t, "statesPerWallSecond", Math.round(r.tlcRate()), Quantity.Unit.STATES_PER_SECOND);
                JsonValues.figure(t, "statesPerProcessCpuSecond", Math.round(r.tlcPerCpu()), Quantity.Unit.STATES_PER_SECOND);
                JsonValues.figure(t, "wallMillis", Math.round(r.tlcSeconds() * 1000), Quantity.Unit.MILLISECONDS);
            } else {
                m.putNull("tlc");
            }
            ArrayNode gates = m.putArray("gates");
            for (LayoutGate g : d.gates()) {
                ObjectNode o = gates.addObject();
                o.put("gate", g.kind().name());
                o.put("verdict", g.verdict().name());
                Quantity.Unit unit = g.kind() == LayoutGate.Kind.RATE_THREAD_CPU ? Quantity.Unit.STATES_PER_SECOND
                        : Quantity.Unit.RATIO;
                JsonValues.figure(o, "value", unit == Quantity.Unit.RATIO ? Math.round(g.value() * 10) / 10.0
                        : Math.round(g.value()), unit);
                JsonValues.figure(o, "threshold", g.threshold(), unit);
            }
            m.put("loadAverage", r.load());
        }
        try {
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), ".layout-gate", ".json");
            mapper.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
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

}
