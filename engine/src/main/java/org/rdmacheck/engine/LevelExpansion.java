package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Transition;

/**
 * The expansion of one level: every worker takes chunks of the frontier, expands each state
 * (object or packed), checks the properties ({@link PropertyChecks}), chooses the successors to
 * explore ({@link PartialOrder}, all of them without a reduction), looks them up in the visited
 * store (read-only during the level) and matches the new ones into the level table, or keeps
 * them for {@link DeferredMatching}.
 *
 * @param <S> state type
 */
final class LevelExpansion<S> {

    /** Frontier states per work chunk (does not change any result). */
    static final int CHUNK = 256;
    /** Successors whose home slots are read in one loop ahead of their lookups. */
    static final int TOUCH_BLOCK = 32;

    private final RunSetup<S> setup;
    private final Model<S> model;
    private final RunControl control;
    private final Sections sections;
    private final PropertyChecks<S> checks;
    private final VisitedStates<S> visited;
    private final StateGraph graph;
    private final boolean needGraph;
    private final boolean recordGraph;
    private final int progressCount;
    /** per worker slot: its candidate buffers (deferred matching) */
    private final Candidates[] candidates;
    /** bytes of candidates a worker keeps before it matches them into the level table at once */
    private final long candidateBudget;
    /**
     * whether new successors go into the visited store as they are looked up ({@link #insertsAhead}):
     * the packed path on one thread, without a partial-order reduction
     */
    private final boolean ahead;
    /**
     * with {@link #ahead} and a state graph: the number the next new state of the level being
     * expanded will have (the one-thread search numbers a level's new states in the order it
     * meets them, after every state numbered before the level)
     */
    private int nextNumber;

    LevelExpansion(RunSetup<S> setup, RunControl control, Sections sections, PropertyChecks<S> checks,
                   VisitedStates<S> visited, StateGraph graph) {
        this.setup = setup;
        this.model = setup.model;
        this.control = control;
        this.sections = sections;
        this.checks = checks;
        this.visited = visited;
        this.graph = graph;
        this.needGraph = setup.needGraph;
        this.recordGraph = setup.settings.recordGraph();
        this.progressCount = setup.progressCount;
        this.candidates = new Candidates[setup.deferred ? setup.settings.threads() : 0];
        this.candidateBudget = EngineTuning.candidateBudget(setup.settings.threads());
        this.ahead = setup.packed != null && setup.settings.threads() == 1 && !setup.deferred
                && setup.reduction.applied() == Reduction.NONE && visited instanceof VisitedStates.Fingerprinted<S>;
    }

    /**
     * Whether the expansion of a level into {@code next} inserts its new states into the visited
     * store as it meets them, so that the numbering only counts them ({@link FingerprintSet#settle}).
     * One thread meets a level's successors in the order of their links, so the first time a state
     * is met is by its least link, and the store alone tells a new state from one met before: the
     * level table then needs no lookup (one probe per successor instead of a store lookup, a table
     * lookup and a store insert). With a state graph, the store keeps each new state's number with
     * its fingerprint as it inserts it: the number is the next in the level's order of first
     * meeting, which is the numbering's, so an edge to a new state needs no entry id resolved after
     * the level ({@link VisitedStates.Fingerprinted#indexOrAdd}). A reduction's test of which
     * successors were visited before the level, and several threads' links that arrive in any
     * order, need the store as it was when the level began: they keep the general path.
     *
     * @param next the level table, null when no new state may be added
     * @return whether the level's new states are in the store once it is expanded
     */
    boolean insertsAhead(LevelTable<S> next) {
        return ahead && next != null;
    }

    /** Expands the frontier with all workers; {@code next} null means no new state may be added. */
    LevelWorker.Level<S> expand(Frontier<S> frontier, int base, LevelTable<S> next) {
        LevelWorker.Level<S> level = new LevelWorker.Level<>();
        int size = frontier.size();
        // every state met before this level is numbered and settled in the store
        nextNumber = (int) visited.size();
        int chunks = (size + CHUNK - 1) / CHUNK;
        AtomicInteger cursor = new AtomicInteger();
        PackedStates ps = frontier.packed();
        IntConsumer task = slot -> {
            LevelWorker<S> w = worker(slot, next);
            level.add(w);
            IntList edges = needGraph ? new IntList() : null;
            // with labels (the packed path only): each kept edge's action and each state's predicate bits
            IntList actions = setup.labels != null ? new IntList() : null;
            try {
                for (int c = cursor.getAndIncrement(); c < chunks && !control.stopped(); c = cursor.getAndIncrement()) {
                    if (!control.withinLimits()) {
                        break;
                    }
                    int from = c * CHUNK;
                    int to = Math.min(size, from + CHUNK);
                    int[] degrees = needGraph ? new int[to - from] : null;
                    long[] marks = actions != null ? new long[to - from] : null;
                    if (ps != null) {
                        expandPacked(w, ps, from, to, base, next, edges, degrees, actions, marks);
                    }
                    for (int i = from; ps == null && i < to; i++) {
                        int d = expandOne(w, frontier.state(i), base + i, next, edges);
                        if (degrees != null) {
                            degrees[i - from] = d;
                        }
                    }
                    if (actions != null) {
                        graph.add(new StateGraph.Run(base + from, degrees, edges.toArray(), actions.toArray(), marks));
                        edges.clear();
                        actions.clear();
                    } else if (needGraph) {
                        graph.add(new StateGraph.Run(base + from, degrees, edges.toArray()));
                        edges.clear();
                    }
                    control.queued = Math.max(0, size - (long) to);
                    control.found.addAndGet(w.found);
                    w.found = 0;
                }
            } catch (OutOfMemoryError e) {
                control.heapExhausted();
            }
        };
        sections.runTasks("expand", sections.width(), task);
        return level;
    }

    private LevelWorker<S> worker(int slot, LevelTable<S> next) {
        LevelWorker<S> w = new LevelWorker<>(setup.props.size());
        if (setup.deferred && next != null) {
            w.candidates = candidates[slot] == null ? (candidates[slot] = new Candidates()) : candidates[slot];
            w.candidates.clear(next.keepsValues());
        }
        if (setup.packed != null) {
            w.expander = setup.packed.expander();
            w.sink = w;
        }
        w.chooser = setup.reduction.chooser(setup.packed);
        if (setup.labels != null) {
            w.actionCodes = new ActionCodes.Cache();
        }
        return w;
    }

    /** Expands one state; returns its number of successors kept in the graph. */
    private int expandOne(LevelWorker<S> w, S state, int idx, LevelTable<S> next, IntList edges) {
        List<Transition<S>> ts = new ArrayList<>(8);
        model.successors(state, ts::add);
        int goalsMet = checks.checkObject(w, state, idx, ts);
        int n = ts.size();
        // backward reachability never leaves a state that is a goal of every progress property:
        // its edges are not kept unless the caller asked for the whole graph
        boolean keepEdges = edges != null && (recordGraph || goalsMet < progressCount);
        edges = keepEdges ? edges : null;
        int edgesFrom = edges == null ? 0 : edges.size();
        long[] fps = w.fps(n);
        int[] known = w.known(n);
        for (int k = 0; k < n; k++) {
            fps[k] = setup.canon.fingerprint(ts.get(k).next(), w.words);
        }
        if (setup.symmetryAudit != null) {
            setup.symmetryAudit.check(state, idx, ts, fps, w.words);
        }
        // the store lookups in a loop of their own: their cache misses overlap
        for (int k = 0; k < n; k++) {
            S s = setup.key(ts.get(k).next(), w.words);
            known[k] = needGraph ? visited.indexOf(s, fps[k]) : (visited.contains(s, fps[k]) ? 0 : -1);
        }
        if (w.chooser != null) {
            w.chooser.auditWrites(state, ts, idx);
        }
        boolean[] skip = w.chooser == null ? null : w.chooser.chooseObjects(ts, known);
        if (skip != null) {
            w.reduced++;
        }
        for (int k = 0; k < n; k++) {
            if (skip != null && skip[k]) {
                continue;
            }
            w.transitions++;
            S s = ts.get(k).next();
            if (known[k] >= 0) {
                if (edges != null) {
                    addEdge(edges, edgesFrom, known[k], idx);
                }
            } else if (next != null) {
                int id = next.insert(setup.exact ? setup.key(s, w.words) : null, s, fps[k], LevelTable.link(idx, k));
                if (id >= 0) {
                    w.found++;
                } else {
                    id = ~id;
                }
                if (edges != null) {
                    addEdge(edges, edgesFrom, ~id, idx);
                }
            }
        }
        return keepEdges ? edges.size() - edgesFrom : 0;
    }

    /**
     * Expands the packed states {@code from..to-1} of the frontier: first every state (properties
     * checked, successors kept), then the store lookups of all their successors in one loop, so
     * that their cache misses overlap, then the matching in the order of the states. With labels
     * ({@code actions} and {@code marks} not null), each state's predicate bits go to {@code marks}
     * and each kept edge's action code number to {@code actions}, beside its target in {@code edges}.
     */
    private void expandPacked(LevelWorker<S> w, PackedStates ps, int from, int to, int base, LevelTable<S> next,
                              IntList edges, int[] degrees, IntList actions, long[] marks) {
        int[] values = ps.values(from);   // a chunk lies in one segment
        int states = to - from;
        int[] firsts = w.firsts(states + 1);
        w.count = 0;
        boolean judges = checks.judges();
        for (int i = 0; i < states; i++) {
            int idx = base + from + i;
            int offset = ps.start(from + i);
            firsts[i] = w.count;
            w.begin(values, offset, idx);
            w.expander.successors(values, offset, w.sink);
            if (judges) {
                w.expander.judging(true); // the properties below read the state at values[offset..], unchanged
            }
            checks.checkSteps(w, firsts[i], w.count);
            int n = w.count - firsts[i];
            int goalsMet = checks.checkPacked(w, values, offset, idx, n);
            if (judges) {
                w.expander.judging(false);
            }
            boolean keepEdges = edges != null && (recordGraph || goalsMet < progressCount);
            if (degrees != null) {
                degrees[i] = keepEdges ? n : 0;
            }
            if (marks != null) {
                marks[i] = setup.labels.test(setup.labelState(values, offset, ps.length(from + i)));
            }
        }
        firsts[states] = w.count;
        int total = w.count;
        long[] fps = w.fps(total);
        if (ahead && next != null) {
            w.transitions += total;
            if (needGraph) {
                matchAheadNumbered(w, firsts, base + from, next, fps, total, edges, degrees, actions);
            } else {
                matchAhead(w, firsts, base + from, next, fps, total);
            }
            return;
        }
        int[] known = w.known(total);
        int[] same = w.firstSame(total);
        lookUp(w, fps, known, same, total);
        boolean[] skip = null;
        if (w.chooser != null) {
            w.chooser.auditWrites(w.codes, firsts, states, ps, from, w.arena, w.starts, base + from);
            skip = w.chooser.choosePacked(w.codes, firsts, states, known, ps, from);
            w.reduced += w.chooser.reducedStates();
        }
        w.transitions += total - (skip == null ? 0 : w.chooser.skipped());
        int[] starts = w.starts;
        int[] ids = w.ids(total);
        if (w.candidates != null) {
            for (int i = 0; i < states; i++) {
                int idx = base + from + i;
                for (int k = firsts[i]; k < firsts[i + 1]; k++) {
                    // a successor equal to an earlier one of the chunk that is kept has a greater link: dropped
                    if (known[k] < 0 && (skip == null || !skip[k]) && (same[k] == k || skip != null && skip[same[k]])) {
                        w.candidates.add(fps[k], LevelTable.link(idx, k - firsts[i]), w.arena, starts[k],
                                starts[k + 1] - starts[k]);
                    }
                }
            }
            if (next != null && w.candidates.usedBytes() > candidateBudget) {
                w.found += w.candidates.flushInto(next);
            }
            return;
        }
        if (next != null) {
            long touched = 0;
            for (int k = 0; k < total; k++) {
                if (known[k] < 0 && same[k] == k) {
                    touched += next.touch(fps[k]);
                }
            }
            w.touched += touched;
        }
        for (int i = 0; i < states; i++) {
            int idx = base + from + i;
            IntList e = degrees != null && degrees[i] > 0 ? edges : null;
            int edgesFrom = e == null ? 0 : e.size();
            for (int k = firsts[i]; k < firsts[i + 1]; k++) {
                if (skip != null && skip[k]) {
                    continue;
                }
                if (e != null && actions != null && (known[k] >= 0 || next != null)) {
                    actions.add(w.actionCodes.id(w.codes[k], graph.actionCodes));
                }
                if (known[k] >= 0) {
                    if (e != null) {
                        addEdge(e, edgesFrom, known[k], idx);
                    }
                } else if (next != null) {
                    int f = same[k];
                    int id;
                    if (f != k && (skip == null || !skip[f])) {
                        // equal to an earlier successor of the chunk, inserted with a lesser link: its entry
                        id = ids[f];
                    } else {
                        id = next.insertPacked(fps[k], LevelTable.link(idx, k - firsts[i]), w.arena, starts[k],
                                starts[k + 1] - starts[k]);
                        if (id >= 0) {
                            w.found++;
                        } else {
                            id = ~id;
                        }
                        ids[k] = id;
                    }
                    if (e != null) {
                        addEdge(e, edgesFrom, ~id, idx);
                    }
                }
            }
            if (e != null) {
                degrees[i] = e.size() - edgesFrom;
            }
        }
    }

    /**
     * Adds the edge from the state numbered {@code self} to {@code target} (a state's number, or the
     * complement of its level-table id) to {@code e}, whose edges of that state begin at {@code from}.
     * When the graph serves only the progress properties (no caller asked for it), a self-loop and a
     * target already among the state's edges are left out: backward reachability from the goal states
     * reads the graph as a set of pairs, and a self-loop never adds a state to it. At {@code dasr
     * senders=3} they are 27% of the transitions (252,696 self-loops and 2,884,668 repeats of
     * 11,434,246), so the graph and the analysis's backward adjacency shrink by about that much.
     * A state has a few successors (11 on average there): the scan is short.
     */
    private void addEdge(IntList e, int from, int target, int self) {
        if (!recordGraph) {
            if (target == self) {
                return;
            }
            for (int j = e.size() - 1; j >= from; j--) {
                if (e.get(j) == target) {
                    return;
                }
            }
        }
        e.add(target);
    }

    /**
     * The one-thread matching ({@link #insertsAhead}): each fingerprint of the chunk is looked up
     * in the order of the successors, and inserted into the store when absent; the successor that
     * inserted it is new, and goes into the level table with its link, which is the least. A
     * successor equal to an earlier one of its chunk finds the fingerprint that one inserted, in a
     * slot still in the cache: no map of the chunk's repeated successors is needed on this path.
     *
     * @param first the number of the chunk's first state
     * @param total the chunk's successors
     */
    private void matchAhead(LevelWorker<S> w, int[] firsts, int first, LevelTable<S> next, long[] fps, int total) {
        VisitedStates.Fingerprinted<S> set = (VisitedStates.Fingerprinted<S>) visited;
        int[] starts = w.starts;
        int[] arena = w.arena;
        set.ensureRoom(total);
        long touched = 0;
        int i = 0;
        for (int blk = 0; blk < total; blk += TOUCH_BLOCK) {
            int end = Math.min(total, blk + TOUCH_BLOCK);
            // the home slots of a block first, in a loop without branches: their cache misses overlap
            for (int k = blk; k < end; k++) {
                touched += set.touch(fps[k]);
            }
            for (int k = blk; k < end; k++) {
                if (set.addIfAbsent(fps[k])) {
                    while (firsts[i + 1] <= k) {
                        i++;
                    }
                    next.appendPacked(fps[k], LevelTable.link(first + i, k - firsts[i]), arena, starts[k],
                            starts[k + 1] - starts[k]);
                    w.found++;
                }
            }
        }
        w.touched += touched;
    }

    /**
     * {@link #matchAhead} with a state graph: each successor's fingerprint is looked up in the
     * order of the successors and, when absent, inserted with the next number of the level; the
     * edge takes the number found or given. Edges (and their action codes) are recorded in the
     * order of the states and of their successors, for the states whose edges are kept, as the
     * general path records them.
     *
     * <p>A method apart from {@link #matchAhead} on purpose: one loop for both (the graph a loop
     * invariant), with the store's two probe loops made one, measured 1.11x the thread CPU time of
     * the IOFD preset's one-thread exploration at the k=4 fat-tree (FabricSpeedComparison, 6 pairs,
     * slower in all 6, load average 38-47); the store's merge alone 1.01x there.
     *
     * @param first the number of the chunk's first state
     * @param total the chunk's successors
     */
    private void matchAheadNumbered(LevelWorker<S> w, int[] firsts, int first, LevelTable<S> next, long[] fps,
                                    int total, IntList edges, int[] degrees, IntList actions) {
        VisitedStates.Fingerprinted<S> set = (VisitedStates.Fingerprinted<S>) visited;
        int[] starts = w.starts;
        int[] arena = w.arena;
        set.ensureRoom(total);
        long touched = 0;
        int number = nextNumber;
        int i = 0;
        int edgesFrom = edges.size();
        for (int blk = 0; blk < total; blk += TOUCH_BLOCK) {
            int end = Math.min(total, blk + TOUCH_BLOCK);
            // the home slots of a block first, in a loop without branches: their cache misses overlap
            for (int k = blk; k < end; k++) {
                touched += set.touch(fps[k]);
            }
            for (int k = blk; k < end; k++) {
                while (firsts[i + 1] <= k) {
                    edgesFrom = closeEdges(degrees, i++, edges, edgesFrom);
                }
                int target = set.indexOrAdd(fps[k], number);
                if (target < 0) {
                    next.appendPacked(fps[k], LevelTable.link(first + i, k - firsts[i]), arena, starts[k],
                            starts[k + 1] - starts[k]);
                    target = number++;
                    w.found++;
                }
                if (degrees[i] > 0) {
                    addEdge(edges, edgesFrom, target, first + i);
                    if (actions != null) {
                        actions.add(w.actionCodes.id(w.codes[k], graph.actionCodes));
                    }
                }
            }
        }
        for (; i < degrees.length; i++) {
            edgesFrom = closeEdges(degrees, i, edges, edgesFrom);
        }
        nextNumber = number;
        w.touched += touched;
    }

    /**
     * Ends the edges of the chunk's state {@code i}: its degree becomes the number of edges {@link
     * #addEdge} kept of it.
     *
     * @return where the next state's edges begin
     */
    private static int closeEdges(int[] degrees, int i, IntList edges, int from) {
        if (degrees[i] > 0) {
            degrees[i] = edges.size() - from;
        }
        return edges.size();
    }

    /**
     * Looks the chunk's successors up in the store, reading a block's home slots ahead: each
     * fingerprint once ({@code same[k]}: the first successor of k's fingerprint).
     */
    private void lookUp(LevelWorker<S> w, long[] fps, int[] known, int[] same, int total) {
        VisitedStates.Fingerprinted<S> set = (VisitedStates.Fingerprinted<S>) visited;
        long touched = 0;
        // only the first successor of each fingerprint in the chunk is looked up; the others share its answer
        int[] distinct = w.distinct();
        int d = w.distinctCount();
        for (int blk = 0; blk < d; blk += TOUCH_BLOCK) {
            int end = Math.min(d, blk + TOUCH_BLOCK);
            // the home slots of a block first, in a loop without branches: their cache misses overlap
            for (int j = blk; j < end; j++) {
                touched += set.touch(fps[distinct[j]]);
            }
            for (int j = blk; j < end; j++) {
                int k = distinct[j];
                known[k] = needGraph ? set.indexOf(null, fps[k]) : (set.contains(null, fps[k]) ? 0 : -1);
            }
        }
        if (d < total) {
            for (int k = 0; k < total; k++) {
                known[k] = known[same[k]];
            }
        }
        w.touched += touched;
    }

    /** @return the candidate buffers of the level's workers (deferred matching) */
    List<Candidates> candidates(LevelWorker.Level<S> level) {
        List<Candidates> all = new ArrayList<>();
        for (LevelWorker<S> w : level.workers) {
            if (w.candidates != null) {
                all.add(w.candidates);
            }
        }
        return all;
    }
}
