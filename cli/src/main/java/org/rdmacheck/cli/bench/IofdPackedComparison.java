package org.rdmacheck.cli.bench;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;
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
 * or, with {@code model} after the pairs, the two models without the explorer ({@link #modelAlone}):
 * <pre>bench/iofd-packed-baseline.sh PAIRS model</pre>
 * or, with {@code alone-preset} or {@code alone-packed} after the pairs, one of the two explored alone in
 * this JVM, as many rounds after the warm-up as the pairs ({@link #alone}): no call site of the explorer
 * meets the other model's classes, so run in alternating JVMs these tell whether the one JVM of the
 * gate is unfair to either:
 * <pre>bench/iofd-packed-baseline.sh ROUNDS alone-preset</pre>
 * or, with the classes already compiled:
 * <pre>java -Xmx3g -XX:+UseParallelGC -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.IofdPackedComparison DIR [PAIRS]</pre>
 */
public final class IofdPackedComparison {

    /** The case's states and transitions (both models; the graph-equality test of 321afa7). */
    static final long STATES = 1_014_756;
    static final long TRANSITIONS = 4_696_579;
    /** The gate: the preset's thread CPU time over the copy's, median of the warm pairs. */
    static final double GATE = 1.0;
    /** The modes after the pairs: none (the gate), the models without the explorer, one model alone. */
    static final List<String> MODES = List.of("model", "alone-preset", "alone-packed");

    private IofdPackedComparison() {
    }

    /**
     * @param args the directory of the deleted package's compiled classes, then optionally the number
     *             of warm pairs (default 8)
     * @throws Exception if the old classes cannot be loaded or driven
     */
    public static void main(String[] args) throws Exception {
        String usage = "; expected DIR [PAIRS [model|alone-preset|alone-packed]] (DIR: the classes of org.rdmacheck.model.iofd at 321afa7^, "
                + "compiled by bench/iofd-packed-baseline.sh)";
        String bad = args.length < 1 ? "DIR: missing"
                : args.length > 3 ? "arguments: " + args.length + " given"
                : args.length > 2 && !MODES.contains(args[2])
                        ? "mode " + args[2] + ": expected model, alone-preset or alone-packed"
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
        if (args.length > 2 && args[2].equals("model")) {
            modelAlone(preset, packed, pairs);
            return;
        }
        if (args.length > 2) {
            boolean p = args[2].equals("alone-preset");
            alone(p ? "preset" : "IofdPacked", p ? preset : packed, pairs);
            return;
        }
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

    /**
     * {@code alone-preset}, {@code alone-packed}: one model explored alone in this JVM (one thread, no
     * property), a warm-up round and then {@code rounds}, each one's thread CPU time, their median and a
     * structured line ({@code alone model=preset median=0.652 unit=s rounds=10 load=...}). The other
     * model's classes are loaded (its case is built) but never explored, so the explorer's call sites see
     * one model's expander, sink calls and successor lengths only; alternate JVMs of both modes to compare.
     */
    private static void alone(String what, CheckSpec<?> spec, int rounds) {
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { });
        System.out.printf(Locale.ROOT, "iofd dft topology=fattree:k=4 flows=0-15,5-10L, %s alone, exploration alone, one "
                + "thread; load average %s%n", what, ScalingBenchmark.loadAverage());
        List<Double> times = new ArrayList<>();
        for (int i = 0; i <= rounds; i++) {
            long t = round(what, spec, s);
            System.out.printf(Locale.ROOT, "round %d  %s %.3f s  load average %s%s%n", i, what, t / 1e9,
                    ScalingBenchmark.loadAverage(), i == 0 ? "  (warm-up, left out)" : "");
            if (i > 0) {
                times.add(t / 1e9);
            }
        }
        System.out.printf(Locale.ROOT, "alone model=%s median=%.3f best=%.3f unit=\"s thread CPU, exploration alone\" "
                + "rounds=%d load=%s%n", what.equals("preset") ? "preset" : "IofdPacked", median(times),
                Collections.min(times), rounds, ScalingBenchmark.loadAverage().replace(' ', ','));
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

    /**
     * {@code model}: the two models without the explorer. Each one's reachable states are found once
     * (a breadth-first search over its packed successors) and laid out one after another in one array,
     * as a level of the explorer holds them; their lengths are printed (values per state and per
     * successor). Then, in alternating rounds, each model's expander is run over all its states into a
     * sink that does what the explorer's does with a successor (written in place and fingerprinted, or
     * copied into its buffer and fingerprinted): the model's own work per state and successor, with the
     * explorer's matching and storing left out. Each pair also explores both (as the default mode does),
     * so that the explorer's part, the exploration's time less the model's alone, is measured beside it.
     */
    private static void modelAlone(CheckSpec<?> preset, CheckSpec<?> packed, int pairs) {
        Reached a = Reached.of(preset);
        Reached b = Reached.of(packed);
        for (Reached r : List.of(a, b)) {
            if (r.count != STATES || r.transitions != TRANSITIONS) {
                throw new IllegalStateException(r.count + " states, " + r.transitions + " transitions; expected "
                        + STATES + " and " + TRANSITIONS);
            }
        }
        System.out.printf(Locale.ROOT, "values per state: preset %.2f (%d-%d), IofdPacked %.2f (%d-%d); per successor: "
                + "preset %.2f, IofdPacked %.2f%n", a.meanLength(), a.min, a.max, b.meanLength(), b.min, b.max,
                a.meanSuccessor(), b.meanSuccessor());
        System.out.printf(Locale.ROOT, "the models alone (no explorer) and explored, one thread; load average %s%n",
                ScalingBenchmark.loadAverage());
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { });
        List<Double> ratios = new ArrayList<>();
        List<Double> exploring = new ArrayList<>();
        List<Double> olds = new ArrayList<>();
        List<Double> news = new ArrayList<>();
        List<Double> oldRest = new ArrayList<>();
        List<Double> newRest = new ArrayList<>();
        for (int pair = 0; pair <= pairs; pair++) {
            // each model alone and explored, in one pair: the exploration's time less the model's alone is
            // the explorer's part (matching, storing, the level's states), measured under the same load
            long ta;
            long tb;
            long xa;
            long xb;
            if (pair % 2 == 0) {
                tb = Reached.expandAll(mx, b);
                ta = Reached.expandAll(mx, a);
                xb = round("IofdPacked", packed, s);
                xa = round("preset", preset, s);
            } else {
                ta = Reached.expandAll(mx, a);
                tb = Reached.expandAll(mx, b);
                xa = round("preset", preset, s);
                xb = round("IofdPacked", packed, s);
            }
            System.out.printf(Locale.ROOT, "pair %d  alone: IofdPacked %.3f s  preset %.3f s  preset/IofdPacked %.3f;  "
                    + "explored: %.3f s  %.3f s  %.3f;  the explorer's part: %.3f s  %.3f s  load average %s%s%n", pair,
                    tb / 1e9, ta / 1e9, (double) ta / tb, xb / 1e9, xa / 1e9, (double) xa / xb, (xb - tb) / 1e9,
                    (xa - ta) / 1e9, ScalingBenchmark.loadAverage(), pair == 0 ? "  (warm-up, left out)" : "");
            if (pair > 0) {
                ratios.add((double) ta / tb);
                exploring.add((double) xa / xb);
                olds.add(tb / 1e9);
                news.add(ta / 1e9);
                oldRest.add((xb - tb) / 1e9);
                newRest.add((xa - ta) / 1e9);
            }
        }
        System.out.printf(Locale.ROOT, "pairs 1-%d, medians: alone IofdPacked %.3f s, preset %.3f s, preset/IofdPacked %.3f; "
                + "explored preset/IofdPacked %.3f; the explorer's part IofdPacked %.3f s, preset %.3f s%n", pairs,
                median(olds), median(news), median(ratios), median(exploring), median(oldRest), median(newRest));
    }

    /** A model's reachable states, one after another in one array, and its packed successors. */
    private static final class Reached {
        final PackedModel model;
        int[] values = new int[1 << 20];
        int[] starts = new int[1 << 16];
        int count;
        long transitions;
        long successorValues;
        int min = Integer.MAX_VALUE;
        int max;

        private Reached(PackedModel model) {
            this.model = model;
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        static Reached of(CheckSpec<?> spec) {
            Model m = spec.model();
            StateCodec codec = (StateCodec) m.codec().orElseThrow();
            Reached r = new Reached((PackedModel) m.packed().orElseThrow());
            Set<NetworkModelBenchmark.Key> seen = new HashSet<>();
            for (Object s : m.initialStates()) {
                Words w = new Words();
                codec.encode(s, w);
                int[] v = new int[w.length()];
                w.copyTo(v, 0);
                r.add(seen, v, v.length);
            }
            PackedModel.Expander e = r.model.expander();
            for (int i = 0; i < r.count; i++) {
                // (a copy: the array of states grows while the state's successors are added)
                int[] parent = Arrays.copyOfRange(r.values, r.starts[i], r.starts[i + 1]);
                e.successors(parent, 0, (code, next, length) -> {
                    r.transitions++;
                    r.successorValues += length;
                    r.add(seen, next, length);
                });
            }
            return r;
        }

        private void add(Set<NetworkModelBenchmark.Key> seen, int[] v, int n) {
            int[] copy = Arrays.copyOf(v, n);
            if (!seen.add(new NetworkModelBenchmark.Key(copy))) {
                return;
            }
            if (count + 2 > starts.length) {
                starts = Arrays.copyOf(starts, 2 * starts.length);
            }
            int at = starts[count];
            if (at + n > values.length) {
                values = Arrays.copyOf(values, Math.max(2 * values.length, at + n));
            }
            System.arraycopy(copy, 0, values, at, n);
            starts[++count] = at + n;
            min = Math.min(min, n);
            max = Math.max(max, n);
        }

        double meanLength() {
            return (double) starts[count] / count;
        }

        double meanSuccessor() {
            return (double) successorValues / transitions;
        }

        /** @return the thread CPU time of expanding every state of {@code r} (its own expander, a new one) */
        static long expandAll(java.lang.management.ThreadMXBean mx, Reached r) {
            PackedModel.Expander e = r.model.expander();
            ChunkSink sink = new ChunkSink();
            long t = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < r.count; i++) {
                sink.count = 0;
                e.successors(r.values, r.starts[i], sink);
            }
            t = mx.getCurrentThreadCpuTime() - t;
            if (sink.total != r.transitions) {
                throw new IllegalStateException(sink.total + " successors; expected " + r.transitions);
            }
            return t;
        }
    }

    /**
     * What the explorer's sink does with each successor (its chunk's buffer and fingerprints,
     * LevelWorker): a successor written in place is fingerprinted there, one handed over is copied and
     * fingerprinted; the buffer is reused from each state's start.
     */
    private static final class ChunkSink implements PackedModel.BufferSink {
        int[] arena = new int[1024];
        int[] starts = new int[64];
        long[] fps = new long[64];
        long[] codes = new long[64];
        int count;
        long total;

        @Override
        public void accept(long action, int[] next, int length) {
            room(length);
            System.arraycopy(next, 0, arena, starts[count], length);
            written(action, length);
        }

        @Override
        public int[] room(int maxLength) {
            if (count + 2 > starts.length) {
                starts = Arrays.copyOf(starts, 2 * starts.length);
                fps = Arrays.copyOf(fps, 2 * fps.length);
                codes = Arrays.copyOf(codes, 2 * codes.length);
            }
            if (starts[count] + maxLength > arena.length) {
                arena = Arrays.copyOf(arena, 2 * (starts[count] + maxLength));
            }
            return arena;
        }

        @Override
        public int offset() {
            return starts[count];
        }

        @Override
        public void written(long action, int length) {
            int k = count;
            int at = starts[k];
            starts[k + 1] = at + length;
            codes[k] = action;
            fps[k] = Words.fingerprint(arena, at, length);
            count = k + 1;
            total++;
        }
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
