package org.rdmacheck.engine.liveness;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Splits a region of the labelled graph into its strongly connected components, telling a
 * listener of them as they are found, so that they can be checked on other threads meanwhile.
 *
 * <p>On one thread, or for a region below {@code parallelMin} states: Tarjan's algorithm without
 * recursion. On a pool, a large region is trimmed first (McLendon et al.): states with no
 * predecessor or no successor left in the region are peeled off as components of their own, round
 * after round, each round's states on all threads; Tarjan's algorithm splits the rest, reporting
 * every grain's worth of components to the listener. Forward-backward decomposition and colouring
 * were measured on Go-Back-N's graphs and do not pay there: its components are small (about ten
 * states) and chained, so a forward-backward step removes one component of a million-state region,
 * and a colouring round about 7% of it at several times Tarjan's cost per state. A region's
 * components are unique, so the result is the same for any number of threads; it is listed in
 * the order of least states ({@link Components#sort}).
 *
 * <p>Memory: per state of the graph, 8 bytes (sub-problem stamp, local index) and, once a region
 * is trimmed, 8 more (degrees) and the predecessor rows ({@link LabelledGraph#reverse}); per state
 * of a region being split, the components (16 bytes) and Tarjan's arrays (21 bytes). Only the
 * task that trims a state writes its entries; reading a neighbour's stamp while another region's
 * task rewrites it is harmless, as stamps are never reused.
 */
final class SccDecomposition {

    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    private final LabelledGraph<?> g;
    private final ForkJoinPool pool;
    private final int parallelMin;
    private final int grain;
    private final Deadline deadline;
    private final AtomicInteger stamps;
    private final int[] scope;
    private final int[] local;
    private int[][] split;

    /**
     * @param pool        the pool to split large regions on, null for one thread
     * @param parallelMin states of a region below which Tarjan's algorithm splits it
     * @param grain       states per task of a parallel round
     * @param stamps      the source of stamps, shared with the caller's own per-state marks
     */
    SccDecomposition(LabelledGraph<?> g, ForkJoinPool pool, int parallelMin, int grain, Deadline deadline,
                     AtomicInteger stamps) {
        this.g = g;
        this.pool = pool;
        this.parallelMin = Math.max(2, parallelMin);
        this.grain = Math.max(1, grain);
        this.deadline = deadline;
        this.stamps = stamps;
        scope = new int[g.n];
        local = new int[g.n];
    }

    /**
     * @param members a region's states, ascending; run inside the pool when there is one
     * @return its components in the order of their least state
     */
    Components of(int[] members) {
        return of(members, null);
    }

    /** Told of components as they are found, so that they can be checked while the rest is split. */
    interface Listener {
        /** Components of emission indices {@code from..to-1} are complete. */
        void found(Components cs, int from, int to);
    }

    /**
     * @param listener told of every component once, from the calling thread, in batches of about a
     *                 grain's states (null: none)
     */
    Components of(int[] members, Listener listener) {
        Components out = new Components(members.length, listener);
        decompose(members, out);
        out.report();
        out.sort(members, local);
        return out;
    }

    /** @return bytes of the per-state arrays allocated so far */
    synchronized long bytes() {
        return 8L * g.n + (split == null ? 0 : 8L * g.n);
    }

    private synchronized int[][] splitArrays() {
        if (split == null) {
            split = new int[2][g.n];
        }
        return split;
    }

    private void decompose(int[] members, Components out) {
        deadline.check();
        if (pool == null || members.length < parallelMin) {
            tarjan(members, out);
        } else {
            trimThenTarjan(members, out);
        }
    }

    /**
     * Peels off, on all threads, the states with no predecessor or no successor left in the region,
     * round after round (each a component of its own); splits the rest by Tarjan's algorithm.
     */
    private void trimThenTarjan(int[] members, Components out) {
        int[][] arrays = splitArrays();
        int[] indeg = arrays[0];
        int[] outdeg = arrays[1];
        LabelledGraph.Reverse r = g.reverse();
        int sid = stamps.incrementAndGet();
        int trimmed = stamps.incrementAndGet();
        forRange(members.length, (a, b) -> {
            for (int i = a; i < b; i++) {
                scope[members[i]] = sid;
            }
        });
        // trimming: a state with no predecessor or no successor left is a component of its own
        // (degrees are counted before any state leaves, so that every edge is counted once)
        forRange(members.length, (a, b) -> {
            for (int i = a; i < b; i++) {
                int v = members[i];
                int o = 0;
                for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                    o += scope[g.dst[e]] == sid ? 1 : 0;
                }
                int in = 0;
                for (int k = r.off()[v]; k < r.off()[v + 1]; k++) {
                    in += scope[r.src()[k]] == sid ? 1 : 0;
                }
                outdeg[v] = o;
                indeg[v] = in;
            }
        });
        int[] frontier = collect(members.length, (a, b, sink) -> {
            for (int i = a; i < b; i++) {
                int v = members[i];
                if (outdeg[v] == 0 || indeg[v] == 0) {
                    scope[v] = trimmed;
                    sink.add(v);
                }
            }
        });
        while (frontier.length > 0) {
            out.addSingletons(frontier, 0, frontier.length);
            int[] f = frontier;
            frontier = collect(f.length, (a, b, sink) -> {
                for (int i = a; i < b; i++) {
                    int v = f[i];
                    for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                        release(g.dst[e], indeg, sid, trimmed, sink);
                    }
                    for (int k = r.off()[v]; k < r.off()[v + 1]; k++) {
                        release(r.src()[k], outdeg, sid, trimmed, sink);
                    }
                }
            });
        }
        int[] left = collect(members.length, (a, b, sink) -> {
            for (int i = a; i < b; i++) {
                if (scope[members[i]] == sid) {
                    sink.add(members[i]);
                }
            }
        });
        out.report();
        tarjan(left, out);
    }

    /** A removed state's neighbour {@code w} loses one edge; with none left it is trimmed too. */
    private void release(int w, int[] degree, int sid, int trimmed, Ints sink) {
        if ((int) INTS.getVolatile(scope, w) == sid && (int) INTS.getAndAdd(degree, w, -1) == 1
                && INTS.compareAndSet(scope, w, sid, trimmed)) {
            sink.add(w);
        }
    }

    /** Tarjan's algorithm on the subgraph induced by {@code members}, with an explicit call stack. */
    private void tarjan(int[] members, Components out) {
        int sid = stamps.incrementAndGet();
        int m = members.length;
        for (int i = 0; i < m; i++) {
            scope[members[i]] = sid;
            local[members[i]] = i;
        }
        int[] idx = new int[m];
        Arrays.fill(idx, -1);
        int[] low = new int[m];
        int[] stack = new int[m];
        int[] callV = new int[m];
        int[] callE = new int[m];
        boolean[] onStack = new boolean[m];
        int counter = 0;
        int sp = 0;
        long ticks = 0;
        for (int root : members) {
            if (idx[local[root]] >= 0) {
                continue;
            }
            int top = 0;
            int lr = local[root];
            idx[lr] = low[lr] = counter++;
            stack[sp++] = root;
            onStack[lr] = true;
            callV[0] = root;
            callE[0] = g.off[root];
            while (top >= 0) {
                if ((++ticks & 0xFFFF) == 0) {
                    deadline.check();
                }
                int v = callV[top];
                int lv = local[v];
                int e = callE[top];
                if (e < g.off[v + 1]) {
                    callE[top]++;
                    int w = g.dst[e];
                    if (scope[w] != sid) {
                        continue;
                    }
                    int lw = local[w];
                    if (idx[lw] < 0) {
                        idx[lw] = low[lw] = counter++;
                        stack[sp++] = w;
                        onStack[lw] = true;
                        top++;
                        callV[top] = w;
                        callE[top] = g.off[w];
                    } else if (onStack[lw]) {
                        low[lv] = Math.min(low[lv], idx[lw]);
                    }
                } else {
                    top--;
                    if (low[lv] == idx[lv]) {
                        int k = sp;
                        do {
                            k--;
                            onStack[local[stack[k]]] = false;
                        } while (stack[k] != v);
                        out.add(stack, k, sp);
                        out.reportEvery(grain);
                        sp = k;
                    }
                    if (top >= 0) {
                        int lu = local[callV[top]];
                        low[lu] = Math.min(low[lu], low[lv]);
                    }
                }
            }
        }
    }

    /** A body run on positions {@code from..to-1}. */
    private interface Range {
        void run(int from, int to);
    }

    /** A body run on positions {@code from..to-1} that emits states. */
    private interface Collect {
        void run(int from, int to, Ints sink);
    }

    /** Runs {@code body} on chunks of {@code grain} positions, as tasks of the pool. */
    private void forRange(int len, Range body) {
        if (len <= grain) {
            body.run(0, len);
            return;
        }
        List<ForkJoinTask<?>> tasks = new ArrayList<>();
        for (int a = 0; a < len; a += grain) {
            int from = a;
            int to = Math.min(len, a + grain);
            tasks.add(ForkJoinTask.adapt(() -> {
                deadline.check();
                body.run(from, to);
            }));
        }
        ForkJoinTask.invokeAll(tasks);
    }

    /**
     * Runs {@code body} on the chunks of {@link #forRange}, as tasks.
     *
     * @return what the chunks emitted, in the order of the chunks
     */
    private int[] collect(int len, Collect body) {
        Ints[] parts = new Ints[Math.max(1, (len + grain - 1) / grain)];
        for (int c = 0; c < parts.length; c++) {
            parts[c] = new Ints();
        }
        forRange(len, (a, b) -> body.run(a, b, parts[a / grain]));
        int total = 0;
        for (Ints p : parts) {
            total += p.n;
        }
        int[] all = new int[total];
        int at = 0;
        for (Ints p : parts) {
            System.arraycopy(p.a, 0, all, at, p.n);
            at += p.n;
        }
        return all;
    }

    /** A growable list of ints. */
    static final class Ints {
        int[] a = new int[16];
        int n;

        void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }
}
