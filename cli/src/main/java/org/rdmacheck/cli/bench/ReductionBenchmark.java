package org.rdmacheck.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.Reduction;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * The partial-order reduction factor per model: for every variant, at its defaults (or the
 * parameters given), of every catalogue model that declares footprints, the full search against
 * the deadlock-preserving and the safety-preserving reductions (progress left out: no reduction
 * preserves it): distinct states, transitions, wall time, the factors full / reduced, and whether
 * the verdicts agree (the benchmark fails when they do not).
 *
 * <p>Run: {@code java -Xmx3g -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.ReductionBenchmark
 * [--model NAME]... [--param K=V]... [--threads N] [--max-time-each 10m]}
 */
public final class ReductionBenchmark {

    private ReductionBenchmark() {
    }

    /**
     * @param args options (see the class comment)
     */
    public static void main(String[] args) {
        List<String> models = new ArrayList<>();
        List<String> params = new ArrayList<>();
        int threads = Runtime.getRuntime().availableProcessors();
        long maxMillis = 600_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--model" -> models.add(args[++i]);
                case "--param" -> params.add(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--max-time-each" -> maxMillis = org.rdmacheck.cli.Durations.parseMillis("--max-time-each", args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        ExplorerSettings base = ExplorerSettings.defaults().withThreads(threads).withMaxMillis(maxMillis)
                .withProgress(0, r -> { });
        System.out.printf(Locale.ROOT, "%d threads, max heap %d MB, load average %.2f%n", threads,
                Runtime.getRuntime().maxMemory() >> 20, java.lang.management.ManagementFactory
                        .getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.printf(Locale.ROOT, "%-10s %-10s %-9s %12s %13s %9s %8s %8s  %s%n", "model", "variant", "reduction",
                "states", "transitions", "time", "x states", "x time", "verdicts");
        boolean agree = true;
        for (ModelEntry e : Catalog.entries()) {
            if (!models.isEmpty() && !models.contains(e.name())) {
                continue;
            }
            for (VariantSpec v : e.variants()) {
                CheckSpec<?> spec;
                try {
                    spec = e.build(v.name(), Params.parse(params)).withoutProgress();
                } catch (RuntimeException notForThisModel) {
                    continue;
                }
                if (!(spec.model() instanceof LayoutModel)) {
                    continue;
                }
                agree &= measure(e.name(), v.name(), spec, base);
            }
        }
        if (!agree) {
            throw new IllegalStateException("a reduced search disagrees with the full one");
        }
    }

    private static boolean measure(String model, String variant, CheckSpec<?> spec, ExplorerSettings base) {
        ExplorationReport full = new Explorer(base).check(spec);
        print(model, variant, "none", full, full, "");
        boolean agree = true;
        for (Reduction r : List.of(Reduction.DEADLOCK, Reduction.SAFETY)) {
            ExplorationReport red = new Explorer(base.withReduction(r)).check(spec);
            String verdicts = compare(full, red, r);
            agree &= !verdicts.startsWith("DISAGREE");
            String applied = red.reduction().applied() == r ? "" : " (not applied: " + red.reduction().reason() + ")";
            print(model, variant, r.label(), full, red, verdicts + applied);
        }
        return agree;
    }

    /** Safety: every verdict equal; deadlock: deadlock freedom equal, and no violation the full search lacks. */
    private static String compare(ExplorationReport full, ExplorationReport red, Reduction r) {
        if (!full.complete() || !red.complete()) {
            return "incomplete: " + (full.complete() ? red.stopReason() : full.stopReason());
        }
        for (int p = 0; p < full.results().size(); p++) {
            CheckResult f = full.results().get(p);
            CheckResult x = red.results().get(p);
            boolean same = f.getClass() == x.getClass();
            boolean ok = r == Reduction.SAFETY && red.reduction().applied() == Reduction.SAFETY ? same
                    : f.property().equals("DeadlockFree") ? same
                    : !(x instanceof CheckResult.Violated) || f instanceof CheckResult.Violated;
            if (!ok) {
                return "DISAGREE on " + f.property();
            }
        }
        return "agree";
    }

    private static void print(String model, String variant, String reduction, ExplorationReport full,
                              ExplorationReport r, String verdicts) {
        long fs = full.stats().distinctStates();
        long rs = r.stats().distinctStates();
        System.out.printf(Locale.ROOT, "%-10s %-10s %-9s %,12d %,13d %8.2fs %8.2f %8.2f  %s%n", model, variant,
                reduction, rs, r.stats().transitions(), r.stats().wallMillis() / 1000.0, fs / (double) Math.max(1, rs),
                full.stats().wallMillis() / (double) Math.max(1, r.stats().wallMillis()), verdicts);
    }
}
