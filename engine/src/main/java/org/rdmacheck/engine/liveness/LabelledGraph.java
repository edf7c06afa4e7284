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
import org.rdmacheck.engine.StateGraph;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

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
        if (chunk <= 0 || chunk % 64 != 0) {
            throw new IllegalArgumentException("chunk = " + chunk + ": expected a positive multiple of 64");
        }
        this.chunk = chunk;
        n = graph.states();
        if (graph.edges() > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("state graph has " + graph.edges() + " edges, more than one array holds");
        }
        off = new int[n + 1];
        graph.forEachEdge((s, d) -> off[s + 1]++);
        for (int i = 0; i < n; i++) {
            off[i + 1] += off[i];
        }
        dst = new int[(int) graph.edges()];
        act = new int[dst.length];
        int[] pos = Arrays.copyOf(off, n);
        graph.forEachEdge((s, d) -> dst[pos[s]++] = d);
        roots = List.copyOf(new LinkedHashSet<>(model.initialStates()));
        long[][] bits = new long[predicates.size()][(n + 63) / 64];
        ConcurrentHashMap<Action, Integer> ids = new ConcurrentHashMap<>();
        AtomicInteger nextId = new AtomicInteger();
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
                Level<S> lv = new Level<>(model, predicates, bits, ids, nextId, level, lo, hi, following);
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
        preds = new java.util.BitSet[predicates.size()];
        for (int i = 0; i < preds.length; i++) {
            preds[i] = java.util.BitSet.valueOf(bits[i]);
        }
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

        Level(Model<T> model, List<Predicate<T>> predicates, long[][] bits, ConcurrentHashMap<Action, Integer> ids,
              AtomicInteger nextId, T[] values, int lo, int hi, T[] following) {
            this.model = model;
            this.predicates = predicates;
            this.bits = bits;
            this.ids = ids;
            this.nextId = nextId;
            this.values = values;
            this.lo = lo;
            this.hi = hi;
            this.following = following;
        }

        /** Labels states {@code from..to-1} of the level. */
        void label(int from, int to) {
            List<Transition<T>> ts = new ArrayList<>();
            for (int s = from; s < to; s++) {
                T state = values[s - lo];
                for (int i = 0; i < predicates.size(); i++) {
                    if (predicates.get(i).test(state)) {
                        bits[i][s >>> 6] |= 1L << (s & 63);
                    }
                }
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
