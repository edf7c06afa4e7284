package org.rdmacheck.cli.bench;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Issue 36's last gate: the IOFD preset of the network model at the k=4 fat-tree case ({@code iofd
 * dft topology=fattree:k=4 flows=0-15,5-10L}: 1,014,756 states, 4,696,579 transitions) no slower
 * than the former hand-packed {@code IofdPacked}, which was deleted in 321afa7 after the
 * graph-equality tests. {@code bench/iofd-packed-baseline.sh} takes the deleted
 * {@code org.rdmacheck.model.iofd} package from the commit before (unchanged: it compiles against
 * today's model API as it was), compiles it against the fat jar into {@code target/} and passes its
 * class directory here.
 *
 * <p>Both are explored by this build's explorer in one JVM, one thread, with no property (the
 * exploration alone), in alternating rounds with the order swapped every pair, so that both meet
 * the same load; the old model in a class loader of its own whose parent is this build's (so the
 * engine, the topology and the model API are the same classes for both). Counts are asserted equal
 * to the case's in every round. Per pair it prints each one's exploring-thread CPU time (the
 * explorer's own measure: no JIT, GC or other threads) and their ratio; pair 0 warms both up and is
 * left out. It ends with the medians and a structured gate line, e.g. {@code gate model=iofd
 * gate=PACKED_RATIO verdict=NOT_MET value=1.210 threshold=1.000 unit="preset/IofdPacked thread CPU,
 * median per warm pair" pairs=8 load=...}: met when the median of the per-pair ratios is at most 1.
 *
 * <pre>bench/iofd-packed-baseline.sh [PAIRS]</pre>
 * or, with the classes already compiled:
 * <pre>java -Xmx3g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.IofdPackedComparison DIR [PAIRS]</pre>
 */
public final class IofdPackedComparison {

    /** The case's states and transitions (both models; the graph-equality test of 321afa7). */
    static final long STATES = 1_014_756;
    static final long TRANSITIONS = 4_696_579;
    /** The gate: the preset's thread CPU time over the copy's, median of the warm pairs. */
    static final double GATE = 1.0;

    private IofdPackedComparison() {
    }

    /**
     * @param args the directory of the deleted package's compiled classes, then optionally the number
     *             of warm pairs (default 8)
     * @throws Exception if the old classes cannot be loaded or driven
     */
    public static void main(String[] args) throws Exception {
        String usage = "; expected DIR [PAIRS] (DIR: the classes of org.rdmacheck.model.iofd at 321afa7^, "
                + "compiled by bench/iofd-packed-baseline.sh)";
        String bad = args.length < 1 ? "DIR: missing"
                : args.length > 2 ? "arguments: " + args.length + " given"
                : !Files.isRegularFile(Path.of(args[0], "org", "rdmacheck", "model", "iofd", "IofdPacked.class"))
                        ? "DIR " + args[0] + ": holds no org/rdmacheck/model/iofd/IofdPacked.class"
                : args.length > 1 && !args[1].matches("[1-9][0-9]{0,3}") ? "PAIRS " + args[1] + ": not a count 1-9999"
                : null;
        if (bad != null) {
            System.err.println(bad + usage);
            System.exit(2);
        }
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        CheckSpec<?> preset = preset();
        CheckSpec<?> packed = packed(Path.of(args[0]), preset);
        System.out.println("parameters " + preset.parameters());
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { });
        System.out.printf(Locale.ROOT, "iofd dft topology=fattree:k=4 flows=0-15,5-10L, exploration alone, one "
                + "thread; load average %s%n", ScalingBenchmark.loadAverage());
        List<Double> ratios = new ArrayList<>();
        List<Double> olds = new ArrayList<>();
        List<Double> news = new ArrayList<>();
        int won = 0;
        for (int pair = 0; pair <= pairs; pair++) {
            long a;
            long b;
            if (pair % 2 == 0) {
                b = round("IofdPacked", packed, s);
                a = round("preset", preset, s);
            } else {
                a = round("preset", preset, s);
                b = round("IofdPacked", packed, s);
            }
            System.out.printf(Locale.ROOT, "pair %d  IofdPacked %.3f s  preset %.3f s  preset/IofdPacked %.3f  "
                    + "load average %s%s%n", pair, b / 1e9, a / 1e9, (double) a / b, ScalingBenchmark.loadAverage(),
                    pair == 0 ? "  (warm-up, left out)" : "");
            if (pair > 0) {
                ratios.add((double) a / b);
                olds.add(b / 1e9);
                news.add(a / 1e9);
                won += a <= b ? 1 : 0;
            }
        }
        double ratio = median(ratios);
        String load = ScalingBenchmark.loadAverage();
        System.out.printf(Locale.ROOT, "pairs 1-%d: median thread CPU IofdPacked %.3f s, preset %.3f s; median "
                + "preset/IofdPacked %.3f; preset no slower in %d of %d%n", pairs, median(olds), median(news),
                ratio, won, pairs);
        System.out.printf(Locale.ROOT, "gate model=iofd gate=PACKED_RATIO verdict=%s value=%.3f threshold=%.3f "
                + "unit=\"preset/IofdPacked thread CPU, median per warm pair\" pairs=%d load=%s%n",
                ratio <= GATE ? "MET" : "NOT_MET", ratio, GATE, pairs, load.replace(' ', ','));
    }

    /** @return the preset's case with no property */
    @SuppressWarnings("unchecked")
    static CheckSpec<LayoutState> preset() {
        CheckSpec<LayoutState> check = (CheckSpec<LayoutState>) Catalog.find("iofd").build("dft",
                Params.parse(List.of("topology=fattree:k=4", "flows=0-15,5-10L")));
        return check.selecting(p -> false);
    }

    /**
     * The deleted model at the same case, as the deleted {@code IofdEntry} built it
     * ({@code IofdEntry.config}): the preset's resolved parameters (the variant's defaults, 3
     * packets, queues of 2, no failure; then the catalog's, 2 DFT entries, 2 tokens, threshold 1,
     * one background packet), variant {@code dft}, no knock-out.
     *
     * @param dir    the deleted package's compiled classes
     * @param preset the preset's case, whose resolved parameters are taken
     * @return its case with no property
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static CheckSpec<?> packed(Path dir, CheckSpec<?> preset) throws Exception {
        ClassLoader cl = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                IofdPackedComparison.class.getClassLoader());
        Class<?> flow = cl.loadClass("org.rdmacheck.model.iofd.Flow");
        Class<?> variant = cl.loadClass("org.rdmacheck.model.iofd.IofdVariant");
        Class<?> config = cl.loadClass("org.rdmacheck.model.iofd.IofdConfig");
        Class<?> model = cl.loadClass("org.rdmacheck.model.iofd.IofdModel");
        if (model.getClassLoader() != cl) {
            throw new IllegalStateException("IofdModel loaded from " + model.getClassLoader() + ", not " + dir);
        }
        Map<String, String> p = preset.parameters();
        Topology t = TopologySpecs.parse(p.get("topology"));
        Object flows = flow.getMethod("parseList", String.class, int.class).invoke(null, p.get("flows"),
                t.hostCount());
        Object dft = Enum.valueOf((Class<Enum>) variant, "DFT");
        Constructor<?> c = config.getConstructor(Topology.class, List.class, int.class, int.class, int.class,
                int.class, int.class, int.class, int.class, variant);
        Object cfg = c.newInstance(t, flows, num(p, "packets"), num(p, "dft"), num(p, "tokens"),
                num(p, "threshold"), num(p, "queue"), num(p, "background"), num(p, "failures"), dft);
        Model<Object> m = (Model<Object>) model.getConstructor(config).newInstance(cfg);
        Object packed = ((java.util.Optional<?>) model.getMethod("packedIofd").invoke(m))
                .orElseThrow(() -> new IllegalStateException("the deleted model has no packed transitions here"));
        if (!packed.getClass().getSimpleName().equals("IofdPacked")) {
            throw new IllegalStateException("packed transitions of class " + packed.getClass().getName());
        }
        return new CheckSpec<>("iofd-packed", "dft", p, m, List.of(), Set.of());
    }

    private static int num(Map<String, String> p, String key) {
        String v = p.get(key);
        if (v == null) {
            throw new IllegalStateException("the preset's parameters " + p + " have no " + key);
        }
        return Integer.parseInt(v);
    }

    /** @return the exploring thread's CPU time of one run, in nanoseconds */
    private static long round(String what, CheckSpec<?> spec, ExplorerSettings s) {
        ExplorationReport r = new Explorer(s).check(spec);
        long n = r.stats().distinctStates();
        long t = r.stats().transitions();
        if (n != STATES || t != TRANSITIONS) {
            throw new IllegalStateException(what + ": " + n + " states, " + t + " transitions; expected " + STATES
                    + " and " + TRANSITIONS);
        }
        ExplorationReport.Timing tm = r.timing();
        if (!tm.measured()) {
            throw new IllegalStateException("this JVM does not measure thread CPU time");
        }
        return tm.serialNanos() + tm.parallelNanos();
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
