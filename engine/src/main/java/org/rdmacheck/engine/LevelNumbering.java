package org.rdmacheck.engine;

import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.Words;

/**
 * Between two levels: numbers the states new in the level in the order a one-thread search meets
 * them ({@link SuccessorOrder}), stopping at the state limit; records their predecessors, adds
 * them to the visited store, resolves the level's graph edges, and builds the next frontier.
 * Every pass but the recording of the predecessor index runs on all threads.
 *
 * @param <S> state type
 */
final class LevelNumbering<S> {

    private final RunSetup<S> setup;
    private final RunControl control;
    private final Sections sections;
    private final VisitedStates<S> visited;
    private final TraceLog log;
    private final StateGraph graph;
    private final SuccessorOrder successorOrder;
    // reused from level to level, so that the collector does not copy them again and again
    private long[] orderBuf = new long[0];
    private long[] fpsBuf = new long[0];
    private int[] startBuf = new int[0];
    private int[] frontierStarts = new int[0];
    private int[] frontierValues = new int[0];
    /** the sum of the store slots read ahead of inserts, kept so that the reads stay */
    private long readAhead;

    LevelNumbering(RunSetup<S> setup, RunControl control, Sections sections, VisitedStates<S> visited,
                   TraceLog log, StateGraph graph) {
        this.setup = setup;
        this.control = control;
        this.sections = sections;
        this.visited = visited;
        this.log = log;
        this.graph = graph;
        this.successorOrder = new SuccessorOrder(sections, setup.settings.threads());
    }

    /** @return {@code a} when it has room for {@code n} elements, else a larger array (contents not kept) */
    static long[] atLeast(long[] a, int n) {
        return a.length >= n ? a : new long[roomFor(n)];
    }

    static int[] atLeast(int[] a, int n) {
        return a.length >= n ? a : new int[roomFor(n)];
    }

    /**
     * A quarter more than the need: levels grow, and each new array is zeroed by one thread, but
     * these arrays stay from level to level, so their slack is heap the largest level cannot use.
     */
    private static int roomFor(int n) {
        return (int) Math.min(Integer.MAX_VALUE - 8L, n + (n >> 2) + 16L);
    }

    /**
     * Numbers the new states of {@code next}, reached from a frontier of {@code frontierSize}
     * states numbered from {@code base}.
     *
     * @return the next frontier
     */
    Frontier<S> number(LevelTable<S> next, int frontierSize, int base) {
        PhaseClock clock = control.clock;
        int n = (int) Math.min(Integer.MAX_VALUE - 8, next.size());
        int stripes = next.stripeCount();
        int[] start = startBuf = atLeast(startBuf, frontierSize + 1);
        long[] order = orderBuf = atLeast(orderBuf, n);
        successorOrder.order(next, frontierSize, base, n, start, order);
        clock.mark("number: other");
        long room = setup.settings.maxStates() - visited.size();
        int keep = (int) Math.min(n, Math.max(0, room));
        int first = log.size();
        log.addLevel(frontierSize, start, keep, i -> (int) (order[i] >>> 32),
                (m, body) -> sections.inParallel("predecessor log", m, m, body));
        clock.mark("predecessor log");
        int[][] numbers = setup.needGraph ? new int[stripes][] : null;
        for (int s = 0; numbers != null && s < stripes; s++) {
            numbers[s] = new int[next.count(s)];
        }
        long[] fps = fpsBuf = atLeast(fpsBuf, keep);
        clock.mark("number: other");
        Frontier<S> frontier = setup.packed != null ? packedFrontier(next, order, keep) : objectFrontier(next, order, keep);
        sections.inParallel("number: fingerprints", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                int s = SuccessorOrder.stripe(order[i]);
                int l = SuccessorOrder.local(order[i]);
                fps[i] = next.fp(s, l);
                if (numbers != null) {
                    numbers[s][l] = first + i;
                }
            }
        });
        clock.mark("frontier");
        addToStore(frontier, fps, keep, first);
        clock.mark("store");
        if (numbers != null && keep == n) {
            resolveEdges(numbers);
        }
        clock.mark("graph edges");
        control.found.set(visited.size());
        return frontier;
    }

    @SuppressWarnings("unchecked")
    private Frontier<S> objectFrontier(LevelTable<S> next, long[] order, int keep) {
        Object[] states = new Object[keep];
        sections.inParallel("frontier", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                states[i] = next.state(SuccessorOrder.stripe(order[i]), SuccessorOrder.local(order[i]));
            }
        }, () -> visited.prepare(keep));
        return new Frontier<>((List<S>) Arrays.asList(states));
    }

    private Frontier<S> packedFrontier(LevelTable<S> next, long[] order, int keep) {
        int[] starts = frontierStarts = atLeast(frontierStarts, keep + 1);
        sections.inParallel("frontier: lengths", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                starts[i + 1] = next.length(SuccessorOrder.stripe(order[i]), SuccessorOrder.local(order[i]));
            }
        });
        control.clock.mark("frontier");
        for (int i = 0; i < keep; i++) {
            starts[i + 1] += starts[i];
        }
        control.clock.mark("frontier: prefix sums");
        PackedStates ps = PackedStates.of(starts, keep, frontierValues = atLeast(frontierValues, starts[keep]));
        int[] values = ps.values();
        sections.inParallel("frontier: copy", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                int s = SuccessorOrder.stripe(order[i]);
                int l = SuccessorOrder.local(order[i]);
                System.arraycopy(next.arena(s), next.start(s, l), values, starts[i], starts[i + 1] - starts[i]);
            }
        }, () -> visited.prepare(keep));
        return new Frontier<>(ps);
    }

    private void addToStore(Frontier<S> frontier, long[] fps, int n, int first) {
        // the set grows in all threads: one thread would make the growth the serial part of a level
        visited.reserve(n, (m, body) -> sections.inParallel("store: grow", m, m, body));
        control.clock.mark("store: reserve");
        if (!visited.concurrentAdd()) {
            Words words = new Words();
            for (int i = 0; i < n; i++) {
                visited.add(setup.key(frontier.state(i), words), fps[i], first + i);
            }
        } else {
            // fingerprints only: the store does not look at the states. Blocks of slots are read
            // ahead of their inserts, so that the cache misses overlap
            VisitedStates.Fingerprinted<S> set = (VisitedStates.Fingerprinted<S>) visited;
            long[] touched = new long[1];
            sections.inParallel("store: insert", n, n, (a, b) -> {
                long sum = 0;
                for (int blk = a; blk < b; blk += LevelExpansion.TOUCH_BLOCK) {
                    int end = Math.min(b, blk + LevelExpansion.TOUCH_BLOCK);
                    for (int i = blk; i < end; i++) {
                        sum += set.touch(fps[i]);
                    }
                    for (int i = blk; i < end; i++) {
                        set.add(null, fps[i], first + i);
                    }
                }
                synchronized (touched) {
                    touched[0] += sum;
                }
            });
            readAhead += touched[0];
        }
        visited.added(n);
    }

    /** Replaces the level-table entry ids recorded for new successors by state numbers. */
    private void resolveEdges(int[][] numbers) {
        List<StateGraph.Run> runs = graph.pendingRuns();
        long edges = 0;
        for (StateGraph.Run r : runs) {
            edges += r.targets().length;
        }
        sections.inParallel("graph edges", runs.size(), edges, (a, b) -> {
            for (int i = a; i < b; i++) {
                int[] t = runs.get(i).targets();
                for (int e = 0; e < t.length; e++) {
                    if (t[e] < 0) {
                        int id = ~t[e];
                        t[e] = numbers[LevelTable.stripeOf(id)][LevelTable.localOf(id)];
                    }
                }
            }
        });
    }

    /** @return bytes held by the buffers kept from level to level, the frontier's values left out */
    long bytes() {
        return 8L * orderBuf.length + 8L * fpsBuf.length + 4L * startBuf.length;
    }

    /** @return the sum of the slots read ahead (kept so that the reads are not optimised away) */
    long readAhead() {
        return readAhead;
    }
}
