package org.rdmacheck.engine.liveness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.rdmacheck.engine.LongIntMap;
import org.rdmacheck.engine.StateGraph;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;

/**
 * The explored state graph with an action on every edge and the predicates of the liveness
 * properties evaluated on every state: forward adjacency in compressed rows (4 bytes per state, 8
 * per edge: target and interned action), one bit per state and predicate.
 *
 * <p>The explorer's graph has no actions; they are recovered by re-executing the model, as traces
 * are rebuilt: a state's successors are emitted in the order its edges were recorded. States are
 * numbered breadth-first, level by level, so the states first reached from one level are the next
 * level, a contiguous range of numbers: the levels are labelled one after the other, each by all
 * threads in chunks, and only two levels of concrete states are held at once. Action numbers are
 * put in the order of their first edge afterwards, so the labelling is identical for any number of
 * threads.
 *
 * <p>A model with packed successors ({@link Model#packed()} and a codec) is re-executed on its
 * packed values, as the explorer executes it: an edge's action is looked up by its code, and an
 * {@link Action} is built and interned once per distinct code instead of once per edge (the
 * {@link PackedModel} contract: the same successors in the same order, {@code action(code)} equal
 * to the object model's action); a successor is decoded only when it is the first reached of the
 * next level's states. The labelling is the object model's, edge for edge.
 *
 * <p>An exploration that recorded {@link org.rdmacheck.engine.GraphLabels} with the graph (each
 * edge's action code and the predicates on each state, evaluated on the same state objects) needs
 * no execution at all: the edges' codes are mapped to actions as above, and the predicate bits are
 * the recorded ones.
 */
final class LabelledGraph<S> {

    /** States per chunk of a level: a multiple of 64, so that no two chunks share a word of predicate bits. */
    static final int CHUNK = 4096;

    private final int chunk;
    final int n;
    final int[] off;
    final int[] dst;
    final int[] act;
    final List<Action> actions;
    final List<S> roots;
    final java.util.BitSet[] preds;

    LabelledGraph(Model<S> model, StateGraph graph, List<Predicate<S>> predicates, int threads) {
        this(model, graph, predicates, threads, CHUNK, Deadline.NONE);
    }

    /**
     * @param chunk states per chunk of a level, a positive multiple of 64 (tests use small chunks
     *              to label small graphs on several threads)
     * @param deadline checked after every level
     */
    LabelledGraph(Model<S> model, StateGraph graph, List<Predicate<S>> predicates, int threads, int chunk,
                  Deadline deadline) {
        this(model, graph, predicates, threads, chunk, deadline, true);
    }

    /**
     * @param chunk    states per chunk of a level, a positive multiple of 64
     * @param deadline checked after every level
     * @param packed   whether to re-execute a model that has packed successors on its packed values
     *                 (false: on its objects, as a model without them)
     */
    LabelledGraph(Model<S> model, StateGraph graph, List<Predicate<S>> predicates, int threads, int chunk,
                  Deadline deadline, boolean packed) {
        if (chunk <= 0 || chunk % 64 != 0) {
            throw new IllegalArgumentException("chunk = " + chunk + ": expected a positive multiple of 64");
        }
        this.chunk = chunk;
        n = graph.states();
        if (graph.edges() > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("state graph has " + graph.edges() + " edges, more than one array holds");
        }
        off = new int[n + 1];
        dst = new int[(int) graph.edges()];
        act = new int[dst.length];
        roots = List.copyOf(new LinkedHashSet<>(model.initialStates()));
        long[][] bits = new long[predicates.size()][(n + 63) / 64];
        ConcurrentHashMap<Action, Integer> ids = new ConcurrentHashMap<>();
        AtomicInteger nextId = new AtomicInteger();
        PackedModel pm = packed && model.codec().isPresent() ? model.packed().orElse(null) : null;
        Codes<S> codes = pm == null ? null : new Codes<>(pm, model.codec().get(), ids, nextId);
        if (codes != null && graph.labels().filter(l -> l.records(predicates)).isPresent()) {
            // the exploration recorded every edge's action code and the predicates on every state
            graph.copyRows(off, dst, act);
            long[] table = graph.actionCodes();
            int[] idOf = new int[table.length];
            for (int c = 0; c < table.length; c++) {
                idOf[c] = codes.id(table[c]);
            }
            for (int e = 0; e < act.length; e++) {
                act[e] = idOf[act[e]];
            }
            graph.marks(bits);
            deadline.check();
            actions = renumber(ids, nextId.get());
            preds = bitSets(bits);
            return;
        }
        graph.copyRows(off, dst, null);
        ForkJoinPool pool = threads > 1 ? new ForkJoinPool(threads) : null;
        try {
            int lo = 0;
            int hi = Math.min(roots.size(), n);
            @SuppressWarnings("unchecked")
            S[] level = (S[]) roots.subList(0, hi).toArray();
            while (lo < hi) {
                int next = hi;
                for (int e = off[lo]; e < off[hi]; e++) {
                    next = Math.max(next, dst[e] + 1);
                }
                @SuppressWarnings("unchecked")
                S[] following = (S[]) new Object[next - hi];
                Level<S> lv = new Level<>(model, predicates, bits, ids, nextId, level, lo, hi, following, codes);
                run(pool, lv);
                deadline.check();
                for (int i = 0; i < following.length; i++) {
                    if (following[i] == null) {
                        throw new IllegalStateException("liveness: state " + (hi + i) + " has no recorded predecessor");
                    }
                }
                lo = hi;
                hi = next;
                level = following;
            }
            if (lo < n) {
                throw new IllegalStateException("liveness: state " + lo + " has no recorded predecessor");
            }
        } finally {
            if (pool != null) {
                pool.shutdown();
            }
        }
        actions = renumber(ids, nextId.get());
        preds = bitSets(bits);
    }

    /** The same states, labels and roots with other edges (rows {@code off}, targets {@code dst}, actions {@code act}). */
    private LabelledGraph(LabelledGraph<S> of, int[] off, int[] dst, int[] act) {
        this.chunk = of.chunk;
        this.n = of.n;
        this.off = off;
        this.dst = dst;
        this.act = act;
        this.actions = of.actions;
        this.roots = of.roots;
        this.preds = of.preds;
    }

    /**
     * The A steps, decided as TLA+ decides {@code <<A>>_vars} on a pair of states: an edge is one when it
     * leaves its state and some edge of an A action joins the same two states (so an edge of another
     * action beside an A edge is one too, and an A edge from a state to itself is none).
     *
     * @param isA per action number, whether it is an A action
     * @return the edges that are A steps
     */
    java.util.BitSet steps(boolean[] isA) {
        java.util.BitSet cut = new java.util.BitSet(dst.length);
        for (int v = 0; v < n; v++) {
            for (int e = off[v]; e < off[v + 1]; e++) {
                if (!isA[act[e]] || dst[e] == v) {
                    continue;
                }
                for (int f = off[v]; f < off[v + 1]; f++) {
                    if (dst[f] == dst[e]) {
                        cut.set(f);
                    }
                }
            }
        }
        return cut;
    }

    /**
     * @param cut edges to leave out
     * @return the graph without them: the same states, labels and roots, edges renumbered in order
     */
    LabelledGraph<S> without(java.util.BitSet cut) {
        int[] o = new int[n + 1];
        int kept = dst.length - cut.cardinality();
        int[] d = new int[kept];
        int[] a = new int[kept];
        int k = 0;
        for (int v = 0; v < n; v++) {
            for (int e = off[v]; e < off[v + 1]; e++) {
                if (!cut.get(e)) {
                    d[k] = dst[e];
                    a[k++] = act[e];
                }
            }
            o[v + 1] = k;
        }
        return new LabelledGraph<>(this, o, d, a);
    }

    private static java.util.BitSet[] bitSets(long[][] bits) {
        java.util.BitSet[] sets = new java.util.BitSet[bits.length];
        for (int i = 0; i < sets.length; i++) {
            sets[i] = java.util.BitSet.valueOf(bits[i]);
        }
        return sets;
    }

    /**
     * Labels one level's chunks, on the pool's threads or on this one. Chunks are aligned to
     * multiples of the chunk size, so no two of them write the same word of predicate bits.
     */
    private void run(ForkJoinPool pool, Level<S> lv) {
        int first = lv.lo / chunk;
        int last = (lv.hi - 1) / chunk;
        if (pool == null || first == last) {
            lv.label(lv.lo, lv.hi);
            return;
        }
        List<Future<?>> fs = new ArrayList<>();
        for (int k = first; k <= last; k++) {
            int from = Math.max(lv.lo, k * chunk);
            int to = Math.min(lv.hi, (k + 1) * chunk);
            fs.add(pool.submit(() -> lv.label(from, to)));
        }
        for (Future<?> f : fs) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("liveness: labelling interrupted", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** One breadth-first level being labelled: states {@code lo..hi-1}, their values, and the next level's. */
    private final class Level<T> {
        final Model<T> model;
        final List<Predicate<T>> predicates;
        final long[][] bits;
        final ConcurrentHashMap<Action, Integer> ids;
        final AtomicInteger nextId;
        final T[] values;
        final int lo;
        final int hi;
        final T[] following;
        final Codes<T> codes;

        Level(Model<T> model, List<Predicate<T>> predicates, long[][] bits, ConcurrentHashMap<Action, Integer> ids,
              AtomicInteger nextId, T[] values, int lo, int hi, T[] following, Codes<T> codes) {
            this.model = model;
            this.predicates = predicates;
            this.bits = bits;
            this.ids = ids;
            this.nextId = nextId;
            this.values = values;
            this.lo = lo;
            this.hi = hi;
            this.following = following;
            this.codes = codes;
        }

        /** Labels states {@code from..to-1} of the level. */
        void label(int from, int to) {
            if (codes != null) {
                labelPacked(from, to);
                return;
            }
            List<Transition<T>> ts = new ArrayList<>();
            for (int s = from; s < to; s++) {
                T state = values[s - lo];
                predicates(s, state);
                ts.clear();
                model.successors(state, ts::add);
                if (ts.size() != off[s + 1] - off[s]) {
                    throw new IllegalStateException("liveness: state " + s + " has " + ts.size() + " successors now and "
                            + (off[s + 1] - off[s]) + " when explored; the model's successor function is not "
                            + "deterministic");
                }
                for (int e = off[s]; e < off[s + 1]; e++) {
                    Transition<T> t = ts.get(e - off[s]);
                    Integer id = ids.get(t.action());
                    if (id == null) {
                        id = ids.computeIfAbsent(t.action(), k -> nextId.getAndIncrement());
                    }
                    act[e] = id;
                    int d = dst[e];
                    if (d >= hi && following[d - hi] == null) {
                        following[d - hi] = t.next();
                    }
                }
            }
        }

        private void predicates(int s, T state) {
            for (int i = 0; i < predicates.size(); i++) {
                if (predicates.get(i).test(state)) {
                    bits[i][s >>> 6] |= 1L << (s & 63);
                }
            }
        }

        /** Labels states {@code from..to-1} of the level on their packed values. */
        void labelPacked(int from, int to) {
            PackedModel.Expander expander = codes.model.expander();
            Words words = new Words();
            int[] values = new int[0];
            LongIntMap local = new LongIntMap();
            int[] edge = new int[1];
            for (int s = from; s < to; s++) {
                T state = this.values[s - lo];
                predicates(s, state);
                words.clear();
                codes.codec.encode(state, words);
                if (values.length < words.length()) {
                    values = new int[words.length()];
                }
                words.copyTo(values, 0);
                int first = off[s];
                int end = off[s + 1];
                edge[0] = first;
                int state0 = s;
                expander.successors(values, 0, (code, next, length) -> {
                    int e = edge[0]++;
                    if (e >= end) {
                        return; // counted below
                    }
                    int id = local.get(code);
                    if (id < 0) {
                        id = codes.id(code);
                        local.put(code, id);
                    }
                    act[e] = id;
                    int d = dst[e];
                    if (d >= hi && following[d - hi] == null) {
                        following[d - hi] = codes.state(next, length);
                    }
                });
                if (edge[0] != end) {
                    throw new IllegalStateException("liveness: state " + state0 + " has " + (edge[0] - first)
                            + " successors now and " + (end - first) + " when explored; the model's successor "
                            + "function is not deterministic");
                }
            }
        }
    }

    /** The actions of a packed model by code: each code's action built and interned once. */
    private static final class Codes<T> {
        final PackedModel model;
        final org.rdmacheck.model.StateCodec<T> codec;
        private final org.rdmacheck.model.layout.StateLayout layout;
        private final ConcurrentHashMap<Action, Integer> ids;
        private final AtomicInteger nextId;
        private final ConcurrentHashMap<Long, Integer> byCode = new ConcurrentHashMap<>();

        Codes(PackedModel model, org.rdmacheck.model.StateCodec<T> codec, ConcurrentHashMap<Action, Integer> ids,
              AtomicInteger nextId) {
            this.model = model;
            this.codec = codec;
            this.layout = model instanceof org.rdmacheck.model.layout.LayoutModel lm ? lm.layout() : null;
            this.ids = ids;
            this.nextId = nextId;
        }

        /**
         * @return the state of packed values: for a layout model the values themselves, wrapped as
         *         its object successors wrap them ({@link org.rdmacheck.model.layout.LayoutModel#successors}),
         *         else decoded
         */
        @SuppressWarnings("unchecked")
        T state(int[] next, int length) {
            return layout != null ? (T) new org.rdmacheck.model.layout.LayoutState(layout, next, 0, length)
                    : codec.decode(Words.reader(next, 0));
        }

        /** @return the interned number of the action of a code (equal actions of two codes share one) */
        int id(long code) {
            Integer id = byCode.get(code);
            if (id == null) {
                Action a = model.action(code);
                Integer known = ids.get(a);
                id = known != null ? known : ids.computeIfAbsent(a, k -> nextId.getAndIncrement());
                byCode.put(code, id);
            }
            return id;
        }
    }

    /** Numbers the actions in the order of their first edge, so that numbers do not depend on the threads. */
    private List<Action> renumber(ConcurrentHashMap<Action, Integer> ids, int count) {
        Action[] byId = new Action[count];
        ids.forEach((a, i) -> byId[i] = a);
        int[] map = new int[count];
        Arrays.fill(map, -1);
        List<Action> ordered = new ArrayList<>(count);
        for (int e = 0; e < act.length && ordered.size() < count; e++) {
            if (map[act[e]] < 0) {
                map[act[e]] = ordered.size();
                ordered.add(byId[act[e]]);
            }
        }
        for (int e = 0; e < act.length; e++) {
            act[e] = map[act[e]];
        }
        return List.copyOf(ordered);
    }

    /** Predecessors in compressed rows: those of state v are {@code src[off[v]..off[v+1]-1]}. */
    record Reverse(int[] off, int[] src) {
    }

    private Reverse reverse;

    /**
     * @return the predecessor rows (built on first use, for the parallel decomposition's backward
     *         searches: 4 bytes per state and per edge)
     */
    synchronized Reverse reverse() {
        if (reverse == null) {
            int[] roff = new int[n + 1];
            for (int e = 0; e < dst.length; e++) {
                roff[dst[e] + 1]++;
            }
            for (int i = 0; i < n; i++) {
                roff[i + 1] += roff[i];
            }
            int[] src = new int[dst.length];
            int[] pos = Arrays.copyOf(roff, n);
            for (int v = 0; v < n; v++) {
                for (int e = off[v]; e < off[v + 1]; e++) {
                    src[pos[dst[e]]++] = v;
                }
            }
            reverse = new Reverse(roff, src);
        }
        return reverse;
    }

    /** @return bytes held by the adjacency, the predicate bits and the predecessor rows if built */
    synchronized long bytes() {
        long r = reverse == null ? 0 : 4L * (reverse.off().length + reverse.src().length);
        return 4L * (off.length + dst.length + act.length) + (long) preds.length * ((n + 63) / 64) * 8 + r;
    }
}
