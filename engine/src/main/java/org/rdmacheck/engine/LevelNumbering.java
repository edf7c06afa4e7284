package org.rdmacheck.engine;

import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.PackedModel;
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
    private long lastFound;
    private long heldBytes;
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
     * @param ahead whether the expansion inserted the new states into the store already
     *              ({@link LevelExpansion#insertsAhead}): they are then only counted
     * @return the next frontier
     */
    Frontier<S> number(LevelTable<S> next, Frontier<S> current, int base, boolean ahead) {
        int frontierSize = current.size();
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
        // a level inserted ahead recorded its edges with the states' numbers: nothing to resolve
        int[][] numbers = setup.needGraph && !ahead ? new int[stripes][] : null;
        for (int s = 0; numbers != null && s < stripes; s++) {
            numbers[s] = new int[next.count(s)];
        }
        // the store inserts need the fingerprints in number order (a level inserted ahead needs none)
        long[] fps = ahead ? null : (fpsBuf = atLeast(fpsBuf, keep));
        clock.mark("number: other");
        lastFound = n;
        heldBytes = bytes() + successorOrder.bytes();
        for (long b : next.bytes()) {
            heldBytes += b;
        }
        boolean compact = setup.packed != null && !next.keepsValues();
        if (compact) {
            // the table is read out first and given back: the next frontier is re-generated without it
            if (!ahead) {
                fingerprints(next, order, keep, fps, numbers, first);
            }
            next.release();
        }
        Frontier<S> frontier = setup.packed == null ? objectFrontier(next, order, keep)
                : !compact ? packedFrontier(next, order, keep, !ahead)
                : regeneratedFrontier(current.packed(), start, order, keep);
        current = null;
        if (!compact && !ahead) {
            // the store's inserts need them (a level inserted ahead is in the store already)
            fingerprints(next, order, keep, fps, numbers, first);
        }
        clock.mark("frontier");
        if (ahead) {
            ((VisitedStates.Fingerprinted<S>) visited).settle(keep);
        } else {
            addToStore(frontier, fps, keep, first);
        }
        clock.mark("store");
        if (numbers != null && keep == n) {
            resolveEdges(numbers);
        } else if (setup.needGraph && ahead) {
            graph.pendingRuns(); // their edges carry numbers already
        }
        clock.mark("graph edges");
        control.found.set(visited.size());
        if (compact) {
            // a compact run keeps the heap for the levels: these buffers are allocated level by level
            orderBuf = new long[0];
            fpsBuf = new long[0];
            startBuf = new int[0];
            successorOrder.release();
        }
        return frontier;
    }

    /** Reads the fingerprints of the kept states out of the table, in number order (and their numbers, for the graph). */
    private void fingerprints(LevelTable<S> next, long[] order, int keep, long[] fps, int[][] numbers, int first) {
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
    }

    /** @return how many new states the last numbered level had (the state limit may have kept fewer) */
    long lastFound() {
        return lastFound;
    }

    /**
     * @return bytes the level table and the numbering's buffers held when the last level was
     * numbered (before a compact level gave them back)
     */
    long heldBytes() {
        return heldBytes;
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

    /** @param prepare whether the store's growth for the level's states is allocated meanwhile */
    private Frontier<S> packedFrontier(LevelTable<S> next, long[] order, int keep, boolean prepare) {
        if (next.inLinkOrder() && keep == next.count(0) && keep == next.size()) {
            // the level's values in number order in one stripe: they are the frontier. The current
            // frontier's arrays, no longer read, take their place in the table
            int[][] taken = next.swapValues(frontierValues, frontierStarts);
            frontierValues = taken[0];
            frontierStarts = taken[1];
            return new Frontier<>(PackedStates.of(frontierStarts, keep, frontierValues));
        }
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
        int[] values = ps.values(0);
        sections.inParallel("frontier: copy", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                int s = SuccessorOrder.stripe(order[i]);
                int l = SuccessorOrder.local(order[i]);
                System.arraycopy(next.arena(s), next.start(s, l), values, starts[i], starts[i + 1] - starts[i]);
            }
        }, prepare ? () -> visited.prepare(keep) : null);
        return new Frontier<>(ps);
    }

    /**
     * The next frontier of a compact level, whose table kept no values: each new state is
     * re-generated as the successor at its ordinal of its predecessor in the current frontier, as
     * a trace is rebuilt. The frontier is built in segments of 64 Ki states
     * ({@link EngineTuning#segmentBits}), on all threads; a segment's states are the successors of a run of consecutive
     * predecessors, each expanded once for the segment (twice when its children straddle two).
     */
    private Frontier<S> regeneratedFrontier(PackedStates current, int[] start, long[] order, int keep) {
        int parents = current.size();
        int bits = EngineTuning.segmentBits();
        int segments = (int) ((keep + (1L << bits) - 1) >>> bits);
        int[][] values = new int[segments][];
        // the current frontier's starts may be the numbering's buffer: the next one gets its own
        int[] starts = new int[keep + 1];
        frontierStarts = new int[0];
        frontierValues = new int[0];
        sections.inPieces("frontier: regenerate", segments, k -> {
            int first = k << bits;
            int last = (int) Math.min(keep, (long) first + (1 << bits));
            // the predecessor of the segment's first state: the last p with start[p] <= first
            int lo = 0;
            int hi = parents - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (start[mid] <= first) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            IntList out = new IntList();
            PackedModel.Expander expander = setup.packed.expander();
            // the next child wanted, the ordinal of the successor emitted next, the end of the parent's children
            int[] cursor = new int[3];
            PackedModel.Sink sink = (code, succ, length) -> {
                int child = cursor[0];
                if (child < cursor[2] && cursor[1]++ == (int) (order[child] >>> 32)) {
                    starts[child] = out.size();
                    for (int v = 0; v < length; v++) {
                        out.add(succ[v]);
                    }
                    cursor[0] = child + 1;
                }
            };
            for (int parent = lo; parent < parents && start[parent] < last; parent++) {
                int from = Math.max(start[parent], first);
                int end = Math.min(start[parent + 1], last);
                if (from >= end) {
                    continue;
                }
                cursor[0] = from;
                cursor[1] = 0;
                cursor[2] = end;
                expander.successors(current.values(parent), current.start(parent), sink);
                if (cursor[0] != end) {
                    throw new IllegalStateException("frontier re-generation: a successor of state "
                            + parent + " not reproducible; the model's successor function is not deterministic");
                }
            }
            values[k] = out.toArray();
            if (last == keep) {
                starts[keep] = out.size();
            }
        });
        control.clock.mark("frontier: regenerate");
        return new Frontier<>(PackedStates.segmented(starts, keep, values, bits));
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
