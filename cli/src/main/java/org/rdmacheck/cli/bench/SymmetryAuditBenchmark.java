package org.rdmacheck.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.AuditScope;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * What the symmetry audit costs: one catalogue variant checked in one JVM with symmetry reduction
 * under each audit scope ({@code none}, {@code sample}, {@code all}) and unreduced, in turn, for
 * several rounds after a warm-up round, each run's search thread CPU time (independent of the
 * machine's load) and its ratio to {@code none} of the same round. The verdicts of the reduced runs
 * must agree (the benchmark fails when they do not).
 *
 * <p>Run: {@code java -Xmx3g -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.SymmetryAuditBenchmark
 * --model dasr --variant persistent-hysteresis [--param K=V]... [--property NAME]... [--threads N] [--rounds N]}
 */
public final class SymmetryAuditBenchmark {

    private SymmetryAuditBenchmark() {
    }

    /** @param args options (see the class comment) */
    public static void main(String[] args) {
        String model = null;
        String variant = null;
        List<String> params = new ArrayList<>();
        List<String> properties = new ArrayList<>();
        int threads = 1;
        int rounds = 4;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--model" -> model = args[++i];
                case "--variant" -> variant = args[++i];
                case "--param" -> params.add(args[++i]);
                case "--property" -> properties.add(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (model == null) {
            throw new IllegalArgumentException("--model is required");
        }
        var entry = Catalog.find(model);
        CheckSpec<?> built = entry.build(variant == null ? entry.variants().get(0).name() : variant, Params.parse(params))
                .withoutProgress();
        CheckSpec<?> spec = properties.isEmpty() ? built : select(built, properties);
        ExplorerSettings base = ExplorerSettings.defaults().withThreads(threads).withProgress(0, r -> { });
        System.out.printf(Locale.ROOT, "%s %s %s, %d threads, max heap %d MB, load average %.2f%n", model,
                spec.variant(), params, threads, Runtime.getRuntime().maxMemory() >> 20,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.printf(Locale.ROOT, "%-6s %-10s %10s %10s %10s %9s %8s%n", "round", "audit", "states", "audited",
                "images", "cpu ms", "x none");
        List<String> verdicts = null;
        for (int round = 0; round <= rounds; round++) {
            long none = 0;
            for (String mode : new String[] {"none", "sample", "all", "unreduced"}) {
                ExplorerSettings s = mode.equals("unreduced") ? base
                        : base.withSymmetry(true).withSymmetryAudit(AuditScope.valueOf(mode.toUpperCase(Locale.ROOT)));
                ExplorationReport r = new Explorer(s).check(spec);
                long cpu = r.timing().serialNanos() + r.timing().parallelNanos();
                if (mode.equals("none")) {
                    none = cpu;
                }
                List<String> v = r.results().stream().map(x -> x.property() + "=" + verdict(x)).toList();
                if (!mode.equals("unreduced")) {
                    if (verdicts == null) {
                        verdicts = v;
                    } else if (!verdicts.equals(v)) {
                        throw new IllegalStateException("audit " + mode + " gives " + v + ", none gave " + verdicts);
                    }
                }
                long audited = r.symmetryAudit().map(a -> a.statesAudited()).orElse(0L);
                long images = r.symmetryAudit().map(a -> a.imagesExpanded()).orElse(0L);
                System.out.printf(Locale.ROOT, "%-6s %-10s %10d %10d %10d %9.0f %8.2f%n", round == 0 ? "warm" : round,
                        mode, r.stats().distinctStates(), audited, images, cpu / 1e6, none == 0 ? 0 : cpu / (double) none);
            }
        }
        System.out.println("verdicts: " + verdicts);
    }

    private static String verdict(CheckResult r) {
        return r.getClass().getSimpleName();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static CheckSpec<?> select(CheckSpec spec, List<String> names) {
        return spec.selecting(p -> names.contains(((org.rdmacheck.properties.Property<?>) p).name()));
    }
}
