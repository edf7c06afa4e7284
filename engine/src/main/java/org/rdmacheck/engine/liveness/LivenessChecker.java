package org.rdmacheck.engine.liveness;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Predicate;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.GraphLabels;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Checks liveness properties under fairness over the explorer's state graph. The explorer runs as
 * usual (all threads, graph recording on, symmetry reduction off: fairness of single action values
 * does not commute with renaming), the graph is labelled with actions and predicates, and for each
 * property a fair cycle is searched in the region where the property fails:
 * <ul>
 *   <li>{@code <>P}: the not-P states reachable from a not-P initial state through not-P states;</li>
 *   <li>{@code P ~> Q}: the not-Q states reachable through not-Q states from a P-and-not-Q state
 *       (the product with a "Q pending" bit, of which only the pending half matters);</li>
 *   <li>{@code []<>P}: the not-P states;</li>
 *   <li>{@code <>[]P}: all states, the cycle visiting a not-P state;</li>
 *   <li>{@code []<>A}: all states, the cycle taking no A step ({@code <>[]~A}: the A steps, decided on
 *       pairs of states as TLA+'s {@code <<A>>_vars}, are cut from the graph the cycle lies in);</li>
 *   <li>{@code <>[]P \/ []<>A}: as {@code []<>A}, the cycle visiting a not-P state.</li>
 * </ul>
 * A fair cycle there is a counterexample: a lasso of kind {@code temporal}, the shortest path to the
 * trigger state and on to the cycle's component, then a cycle through the component that takes or
 * visits every fairness witness. The last state returns to {@code loopStart} by the first of its
 * transitions (in the model's order) that leads there; {@code loopStart} equal to the last step means
 * the behaviour stutters there forever. The labelling runs on all threads, one breadth-first level
 * at a time; the properties' fair-cycle searches run side by side on one pool, each split into
 * tasks of it ({@link FairCycleSearch}). Because the explorer numbers states identically for any
 * number of threads, the labelling gives every edge the same action whatever the threads, and the
 * search's answer is fixed by the graph alone, verdicts and traces do not depend on the threads;
 * only the count of components examined may (see {@link LivenessReport#components}).
 */
public final class LivenessChecker {

    private static final String EXPLORATION = "liveness-exploration";

    private final ExplorerSettings settings;

    private final int parallelMin;
    private final int grain;

    /** @param settings explorer settings (graph recording is switched on, symmetry off) */
    public LivenessChecker(ExplorerSettings settings) {
        this(settings, FairCycleSearch.PARALLEL_MIN, FairCycleSearch.GRAIN);
    }

    /**
     * @param parallelMin regions of fewer states are split into components on one thread
     * @param grain       states per parallel task of the search (tests make both small, so that
     *                    small graphs are searched in parallel too)
     */
    LivenessChecker(ExplorerSettings settings, int parallelMin, int grain) {
        this.settings = settings.withRecordGraph(true).withSymmetry(false);
        this.parallelMin = parallelMin;
        this.grain = grain;
    }

    /**
     * @param spec the model and its liveness properties
     * @param <S>  state type
     * @return a result per liveness property
     */
    public <S> LivenessReport check(LivenessSpec<S> spec) {
        CheckSpec<S> base = spec.base();
        CheckSpec<S> explore = new CheckSpec<>(base.modelName(), base.variant(), base.parameters(), base.model(),
                List.of(new Invariant<>(EXPLORATION, s -> true)), java.util.Set.of());
        ExplorationReport ex = new Explorer(settings).check(explore, labels(spec));
        List<CheckResult> results = new ArrayList<>();
        if (!ex.complete() || ex.graph().isEmpty()) {
            CheckResult r = ex.result(EXPLORATION);
            CheckResult.InconclusiveReason cause = r instanceof CheckResult.Inconclusive in ? in.cause()
                    : CheckResult.InconclusiveReason.STOPPED_EARLY;
            for (Liveness<S> p : spec.properties()) {
                results.add(new CheckResult.Inconclusive(p.name(), cause,
                        "exploration incomplete: " + ex.stopReason() + "; no liveness verdict", ex.stats()));
            }
            return new LivenessReport(results, ex.stats(), false, ex.stopReason(), ex.storeBytes(), ex.graphBytes(),
                    0, 0, 0, 0, 0);
        }
        return analyse(spec, ex, settings.maxMillis() - ex.stats().wallMillis());
    }

    /**
     * As {@link #check(LivenessSpec)}, on the state graph of an exploration already made of the
     * same model (the safety check's, with {@link ExplorerSettings#recordGraph()} on and neither
     * symmetry nor partial-order reduction): the graph is the same as the one this checker's own
     * exploration would record, states numbered alike, so the verdicts and lassos are too, and
     * the model is explored once for both. An exploration that is incomplete or kept no graph is
     * not used: the model is explored again, as {@link #check(LivenessSpec)} does.
     *
     * @param spec     the model and its liveness properties
     * @param explored a complete exploration of {@code spec.base().model()} with its graph
     * @param <S>      state type
     * @return a result per liveness property; its statistics are the given exploration's, and the
     *         time limit of this checker's settings covers the analysis alone
     */
    public <S> LivenessReport check(LivenessSpec<S> spec, ExplorationReport explored) {
        if (!explored.complete() || explored.graph().isEmpty()) {
            return check(spec);
        }
        return analyse(spec, explored, settings.maxMillis());
    }

    /** Q of a property without one: no state. One object, so that recorded labels are recognised ({@link #labels}). */
    private static final Predicate<Object> NO_STATE = s -> false;

    /**
     * @return the state predicates of the properties, P and Q of each in order (a property without
     *         Q: a predicate no state satisfies), as the analysis evaluates them
     */
    @SuppressWarnings("unchecked")
    private static <S> List<Predicate<S>> predicates(LivenessSpec<S> spec) {
        List<Predicate<S>> preds = new ArrayList<>();
        for (Liveness<S> p : spec.properties()) {
            preds.add(p.p());
            preds.add(p.q() == null ? (Predicate<S>) (Predicate<?>) NO_STATE : p.q());
        }
        return preds;
    }

    /**
     * What an exploration of the spec's model that keeps its graph should record for this analysis:
     * the edges' actions and the properties' predicates on every state, so that the analysis need
     * not execute the model again to label the graph ({@link #check(LivenessSpec, ExplorationReport)}).
     *
     * @param spec the liveness properties to check
     * @param <S>  state type
     * @return the labels to pass to {@link Explorer#check(org.rdmacheck.properties.CheckSpec, GraphLabels)},
     *         or none when the properties have more predicates than a graph records
     */
    public static <S> GraphLabels<S> labels(LivenessSpec<S> spec) {
        List<Predicate<S>> preds = predicates(spec);
        return preds.size() > GraphLabels.MAX_PREDICATES ? null : new GraphLabels<>(preds);
    }

    /** Labels the graph of a complete exploration and searches a fair cycle for every property. */
    private <S> LivenessReport analyse(LivenessSpec<S> spec, ExplorationReport ex, long leftMillis) {
        CheckSpec<S> base = spec.base();
        List<CheckResult> results = new ArrayList<>();
        long t0 = System.nanoTime();
        long labelled = t0;
        long bytes = 0;
        long components = 0;
        boolean complete = true;
        String reason = "";
        ForkJoinPool pool = settings.threads() > 1 ? new ForkJoinPool(settings.threads()) : null;
        try {
            List<Predicate<S>> preds = predicates(spec);
            Deadline deadline = Deadline.in(leftMillis);
            LabelledGraph<S> g = new LabelledGraph<>(base.model(), ex.graph().get(), preds, settings.threads(),
                    LabelledGraph.CHUNK, deadline, settings.packedSuccessors());
            labelled = System.nanoTime();
            List<Searched> searched = searchAll(spec, g, ex.stats(), deadline, pool);
            long searchBytes = 0;
            for (Searched x : searched) {
                results.add(x.result());
                components += x.components();
                searchBytes += x.bytes();
            }
            bytes = g.bytes() + searchBytes;
        } catch (Deadline.Passed e) {
            complete = false;
            reason = "time limit " + org.rdmacheck.checker.TimeText.of(settings.maxMillis())
                    + " reached during the liveness analysis of " + String.format(java.util.Locale.ROOT, "%,d",
                    ex.stats().distinctStates()) + " states";
            results.clear();
            for (Liveness<S> p : spec.properties()) {
                results.add(new CheckResult.Inconclusive(p.name(), CheckResult.InconclusiveReason.TIME_LIMIT,
                        reason, ex.stats()));
            }
        } catch (IllegalStateException e) {
            // the model re-executed differently from its exploration: no verdict can be trusted
            complete = false;
            reason = innermost(e).getMessage();
            results.clear();
            for (Liveness<S> p : spec.properties()) {
                results.add(new CheckResult.Failed(p.name(), reason, ex.stats()));
            }
        } catch (OutOfMemoryError e) {
            complete = false;
            reason = "heap exhausted during the liveness analysis (" + ex.stats().transitions() + " edges)";
            results.clear();
            for (Liveness<S> p : spec.properties()) {
                results.add(new CheckResult.Inconclusive(p.name(), CheckResult.InconclusiveReason.MEMORY_LIMIT,
                        reason, ex.stats()));
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        long end = System.nanoTime();
        long ms = (end - t0) / 1_000_000;
        long labelMs = (labelled - t0) / 1_000_000;
        return new LivenessReport(results, ex.stats(), complete, reason, ex.storeBytes(), ex.graphBytes(), bytes, ms,
                labelMs, ms - labelMs, components);
    }

    /** An exception rethrown by the pool wraps the worker's own: the innermost one names the cause. */
    private static IllegalStateException innermost(IllegalStateException e) {
        IllegalStateException x = e;
        while (x.getCause() instanceof IllegalStateException c) {
            x = c;
        }
        return x;
    }

    /** One property's verdict, the components its search examined and the bytes of its arrays. */
    private record Searched(CheckResult result, long components, long bytes) {
    }

    /**
     * Searches a fair cycle for every property: on one thread one after the other; on a pool all
     * properties side by side, each search itself split into tasks of the same pool, each with its
     * own arrays, all reading the shared labelled graph.
     */
    private <S> List<Searched> searchAll(LivenessSpec<S> spec, LabelledGraph<S> g, org.rdmacheck.checker.Stats stats,
                                         Deadline deadline, ForkJoinPool pool) {
        int k = spec.properties().size();
        List<Searched> out = new ArrayList<>();
        if (pool == null) {
            for (int i = 0; i < k; i++) {
                out.add(search(spec, g, i, stats, deadline, null));
            }
            return out;
        }
        List<ForkJoinTask<Searched>> tasks = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            int index = i;
            tasks.add(ForkJoinTask.adapt(() -> search(spec, g, index, stats, deadline, pool)));
        }
        pool.invoke(ForkJoinTask.adapt(() -> ForkJoinTask.invokeAll(tasks)));
        for (ForkJoinTask<Searched> t : tasks) {
            out.add(t.join());
        }
        return out;
    }

    private <S> Searched search(LivenessSpec<S> spec, LabelledGraph<S> g, int i,
                                org.rdmacheck.checker.Stats stats, Deadline deadline, ForkJoinPool pool) {
        Liveness<S> prop = spec.properties().get(i);
        Region region = region(g, prop, g.preds[2 * i], g.preds[2 * i + 1]);
        FairCycleSearch search = new FairCycleSearch(g, prop.fairness(), deadline, pool, parallelMin, grain,
                region.cut());
        java.util.Optional<FairCycleSearch.Accepted> acc = search.find(region.cycle, region.accept);
        CheckResult r = acc.isEmpty() ? new CheckResult.Verified(prop.name(), stats)
                : new CheckResult.Violated(prop.name(), lasso(spec, prop, g, region, acc.get()), stats);
        return new Searched(r, search.components(), search.bytes());
    }

    /**
     * Where the property fails: triggers, the states a failing cycle may use, what it must visit, and
     * the edges it may not take (null: none).
     */
    private record Region(BitSet trigger, BitSet cycle, BitSet accept, BitSet cut) {
        Region(BitSet trigger, BitSet cycle, BitSet accept) {
            this(trigger, cycle, accept, null);
        }
    }

    private static Region region(LabelledGraph<?> g, Liveness<?> prop, BitSet p, BitSet q) {
        int n = g.n;
        Liveness.Form form = prop.form();
        BitSet notP = (BitSet) p.clone();
        notP.flip(0, n);
        switch (form) {
            case EVENTUALLY -> {
                BitSet t = new BitSet();
                for (int r = 0; r < Math.min(g.roots.size(), n); r++) {
                    if (notP.get(r)) {
                        t.set(r);
                    }
                }
                return new Region(t, closure(g, t, notP), null);
            }
            case LEADS_TO -> {
                BitSet notQ = (BitSet) q.clone();
                notQ.flip(0, n);
                BitSet t = (BitSet) p.clone();
                t.and(notQ);
                return new Region(t, closure(g, t, notQ), null);
            }
            case INFINITELY_OFTEN -> {
                return new Region(notP, notP, null);
            }
            case EVENTUALLY_ALWAYS -> {
                BitSet all = new BitSet();
                all.set(0, n);
                return new Region(all, all, notP);
            }
            case TAKEN_INFINITELY_OFTEN, ALWAYS_OR_TAKEN -> {
                BitSet all = new BitSet();
                all.set(0, n);
                boolean[] isA = new boolean[g.actions.size()];
                for (int a = 0; a < isA.length; a++) {
                    isA[a] = prop.a().test(g.actions.get(a));
                }
                return new Region(all, all, form == Liveness.Form.ALWAYS_OR_TAKEN ? notP : null, g.steps(isA));
            }
            default -> throw new IllegalStateException(form.toString());
        }
    }

    /** States reachable from {@code from} through states of {@code within} ({@code from} is inside it). */
    private static BitSet closure(LabelledGraph<?> g, BitSet from, BitSet within) {
        // the sets as words: the loop below reads them once per edge
        long[] in = within.toLongArray();
        long[] seen = java.util.Arrays.copyOf(from.toLongArray(), (g.n + 63) >>> 6);
        int[] stack = new int[Math.max(1, g.n)];
        int top = 0;
        for (int v = from.nextSetBit(0); v >= 0; v = from.nextSetBit(v + 1)) {
            stack[top++] = v;
        }
        int[] off = g.off;
        int[] dst = g.dst;
        while (top > 0) {
            int v = stack[--top];
            for (int e = off[v]; e < off[v + 1]; e++) {
                int w = dst[e];
                int k = w >>> 6;
                long bit = 1L << w;
                if (k < in.length && (in[k] & bit) != 0 && (seen[k] & bit) == 0) {
                    seen[k] |= bit;
                    stack[top++] = w;
                }
            }
        }
        return BitSet.valueOf(seen);
    }

    /**
     * Breadth-first searches for the lasso's paths: the edge each state was reached by, kept in
     * arrays of the graph's size allocated once per lasso, and reset after each search for the
     * states it reached only.
     */
    private static final class Paths {
        private static final int UNSEEN = -1;
        private static final int SOURCE = -2;
        private final LabelledGraph<?> g;
        /** per state: the edge it was reached by, {@link #SOURCE}, or {@link #UNSEEN} */
        private final int[] via;
        private final int[] queue;

        Paths(LabelledGraph<?> g) {
            this.g = g;
            this.via = new int[g.n];
            this.queue = new int[Math.max(1, g.n)];
            java.util.Arrays.fill(via, UNSEEN);
        }

        /** As {@link #path(int[], BitSet, BitSet, boolean, BitSet)} over every edge. */
        int[] path(int[] sources, BitSet within, BitSet target, boolean atLeastOneStep) {
            return path(sources, within, target, atLeastOneStep, null);
        }

        /**
         * Breadth-first search from {@code sources} (in order) through {@code within} (null:
         * everywhere) to the first state of {@code target}, not taking the edges of {@code cut}
         * (null: none); with {@code atLeastOneStep} a source that is a target counts only when
         * reached again.
         *
         * @return the edges of the path, in order
         */
        int[] path(int[] sources, BitSet within, BitSet target, boolean atLeastOneStep, BitSet cut) {
            if (!atLeastOneStep) {
                for (int s : sources) {
                    if (target.get(s)) {
                        return new int[0];
                    }
                }
            }
            int head = 0;
            int tail = 0;
            for (int s : sources) {
                if (via[s] == UNSEEN) {
                    via[s] = SOURCE;
                    queue[tail++] = s;
                }
            }
            try {
                while (head < tail) {
                    int v = queue[head++];
                    for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                        int w = g.dst[e];
                        if (within != null && !within.get(w) || cut != null && cut.get(e)) {
                            continue;
                        }
                        if (target.get(w)) {
                            return edgesTo(v, e);
                        }
                        if (via[w] == UNSEEN) {
                            via[w] = e;
                            queue[tail++] = w;
                        }
                    }
                }
            } finally {
                for (int i = 0; i < tail; i++) {
                    via[queue[i]] = UNSEEN;
                }
            }
            throw new IllegalStateException("liveness: no path to the component");
        }

        /** @return the edges from a source to {@code v}, then {@code last} */
        private int[] edgesTo(int v, int last) {
            int length = 1;
            for (int u = v; via[u] != SOURCE; u = sourceOf(g, via[u])) {
                length++;
            }
            int[] edges = new int[length];
            edges[--length] = last;
            for (int u = v; via[u] != SOURCE; u = sourceOf(g, via[u])) {
                edges[--length] = via[u];
            }
            return edges;
        }
    }

    private static BitSet single(int v) {
        BitSet b = new BitSet();
        b.set(v);
        return b;
    }

    private static <S> Counterexample lasso(LivenessSpec<S> spec, Liveness<S> prop, LabelledGraph<S> g, Region region,
                                            FairCycleSearch.Accepted acc) {
        BitSet inC = new BitSet();
        for (int v : acc.members()) {
            inC.set(v);
        }
        int[] triggers = region.trigger().stream().toArray();
        Paths paths = new Paths(g);
        int[] toCycle = paths.path(triggers, region.cycle(), inC, false);
        int t = toCycle.length == 0 ? firstIn(triggers, inC) : sourceOf(g, toCycle[0]);
        int entry = toCycle.length == 0 ? t : g.dst[toCycle[toCycle.length - 1]];
        int[] roots = new int[Math.min(g.roots.size(), g.n)];
        for (int r = 0; r < roots.length; r++) {
            roots[r] = r;
        }
        int[] prefix = paths.path(roots, null, single(t), false);
        int root = prefix.length == 0 ? t : sourceOf(g, prefix[0]);
        // the cycle: from the entry to the nearest witness not yet met, and so on, then back
        List<Integer> cycle = new ArrayList<>();
        int cur = entry;
        BitSet visited = single(entry);
        java.util.Set<Integer> taken = new java.util.HashSet<>();
        List<FairCycleSearch.Witness> todo = new ArrayList<>(acc.witnesses());
        while (true) {
            todo.removeIf(w -> w.edge() ? taken.contains(w.value()) : visited.get(w.value()));
            if (todo.isEmpty()) {
                break;
            }
            BitSet goals = new BitSet();
            for (FairCycleSearch.Witness w : todo) {
                goals.set(w.edge() ? sourceOf(g, w.value()) : w.value());
            }
            for (int e : paths.path(new int[] {cur}, inC, goals, false, region.cut())) {
                cycle.add(e);
                taken.add(e);
                cur = g.dst[e];
                visited.set(cur);
            }
            for (FairCycleSearch.Witness w : todo) {
                if (w.edge() && sourceOf(g, w.value()) == cur) {
                    cycle.add(w.value());
                    taken.add(w.value());
                    cur = g.dst[w.value()];
                    visited.set(cur);
                    break;
                }
            }
        }
        if (!cycle.isEmpty() || cur != entry) {
            for (int e : paths.path(new int[] {cur}, inC, single(entry), true, region.cut())) {
                cycle.add(e);
            }
        }
        List<Integer> edges = new ArrayList<>();
        for (int e : prefix) {
            edges.add(e);
        }
        int triggerIndex = edges.size();
        for (int e : toCycle) {
            edges.add(e);
        }
        int loopStart = edges.size();
        if (cycle.size() == 1) {
            edges.add(cycle.get(0));
        } else {
            edges.addAll(cycle.subList(0, Math.max(0, cycle.size() - 1)));
        }
        List<TraceStep> steps = replay(spec.base().model(), g, root, edges);
        String fair = prop.fairness().isEmpty() ? "no fairness assumed" : "fair under "
                + String.join(", ", prop.fairness().stream().map(Object::toString).toList());
        String loop = cycle.isEmpty()
                ? "the behaviour stutters at step " + loopStart + " forever"
                : "the last state returns to step " + loopStart + " by its first transition there";
        String what = switch (prop.form()) {
            case EVENTUALLY -> "no state satisfies P";
            case LEADS_TO -> "P holds at step " + triggerIndex + " and Q never holds from there on";
            case INFINITELY_OFTEN -> "P never holds in the loop";
            case EVENTUALLY_ALWAYS -> "the loop visits a state where P fails";
            case TAKEN_INFINITELY_OFTEN -> "the loop takes no A step (<>[]~A)";
            case ALWAYS_OR_TAKEN -> "the loop takes no A step and visits a state where P fails (<>[]~A /\\ []<>~P)";
        };
        int violation = prop.form() == Liveness.Form.LEADS_TO ? triggerIndex : loopStart;
        Provenance prov = new Provenance(spec.base().modelName(), spec.base().variant(), spec.base().parameters(),
                Explorer.CHECKER, Version.VERSION);
        return new Counterexample(prop.name(), Counterexample.Kind.TEMPORAL, steps, violation, loopStart, prov,
                prop.form().formula() + " fails: " + what + "; " + loop + " (" + fair + ")");
    }

    private static int firstIn(int[] states, BitSet set) {
        for (int s : states) {
            if (set.get(s)) {
                return s;
            }
        }
        throw new IllegalStateException("liveness: no trigger in the component");
    }

    /** The source of an edge: the state whose row holds it. */
    private static int sourceOf(LabelledGraph<?> g, int edge) {
        int k = java.util.Arrays.binarySearch(g.off, edge);
        if (k >= 0) {
            while (k + 1 < g.off.length && g.off[k + 1] == edge) {
                k++;
            }
            return k;
        }
        return -k - 2;
    }

    private static <S> List<TraceStep> replay(Model<S> model, LabelledGraph<S> g, int root, List<Integer> edges) {
        List<TraceStep> steps = new ArrayList<>();
        S cur = g.roots.get(root);
        int v = root;
        steps.add(new TraceStep(null, TraceJson.toJson(model.view(cur))));
        for (int e : edges) {
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(cur, ts::add);
            Transition<S> tr = ts.get(e - g.off[v]);
            cur = tr.next();
            v = g.dst[e];
            steps.add(new TraceStep(tr.action(), TraceJson.toJson(model.view(cur))));
        }
        return steps;
    }
}
