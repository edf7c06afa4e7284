package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Stats;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * One breadth-first exploration, level by level. Within a level every worker takes chunks of the
 * frontier, expands them, checks the properties, and matches the successors itself: against the
 * visited store (read-only during the level, lock-free) and against the states new in this level
 * ({@link LevelTable}, lock-striped). Between levels the new states are numbered in the order a
 * one-thread search would meet them (by least predecessor number, then ordinal), added to the
 * store and the predecessor index, and become the next frontier.
 *
 * <p>So the distinct states, transitions, depth, state numbers, verdicts and counterexamples are
 * the same for any number of threads: the set of states of a level does not depend on who found
 * them first, each state keeps its least link, and of the violations found in a level the one of
 * the least state number (then ordinal) is reported. Only the wall time and the figures of a run
 * stopped by its time or heap limit depend on the threads.
 *
 * <p>When the model offers packed successors ({@link Model#packed}) and states are matched by
 * fingerprint without symmetry reduction, the frontier and the level table hold packed values and
 * states are expanded on them: no state or action object is built, except to report a violation.
 * Properties without a packed form are checked on decoded states. The packed encoding is the
 * codec's, so fingerprints, numbers and results are those of the object path.
 */
final class ExplorationRun<S> {

    /** Frontier states per work chunk (does not change any result). */
    static final int CHUNK = 256;
    /** Successors whose home slots are read in one loop ahead of their lookups. */
    static final int TOUCH_BLOCK = 32;
    /** Pieces per thread of a section split by {@link #inParallel} (does not change any result). */
    static final int PIECES_PER_THREAD = 16;

    private final CheckSpec<S> spec;
    private final Model<S> model;
    private final Canonicalizer<S> canon;
    private final ExplorerSettings settings;
    private final List<Property<S>> props;
    private final VisitedStates<S> visited;
    private final TraceLog log = new TraceLog();
    private final boolean exact;
    private final boolean needGraph;
    private final int progressCount;
    private final StateGraph graph;
    private final BitSet[] goals;
    private final Violation<S>[] violations;
    private int violationCount;
    /** under symmetry: the renamings each reached state's properties are also checked on, or null */
    private int[][] guardRenamings;
    /** per property: 1 once a reached state, renamed, was found to violate it (it is not symmetric) */
    private java.util.concurrent.atomic.AtomicIntegerArray asymmetric;
    /** the packed successors in use, null on the object path */
    private final PackedModel packed;
    private final StateCodec<S> codec;
    /** per property: its packed form, null when it has none */
    private final PackedModel.StateTest[] packedStateTests;
    private final PackedModel.StepTest[] packedStepTests;
    private final int[] actionProps;
    /**
     * whether new successors are matched after their level is expanded ({@link Candidates}): the
     * packed path with several threads (they then share no table while expanding and take no
     * lock) and without a state graph, whose edges need entry ids while expanding. One thread
     * inserts into the level table at once, without locks: measured faster than buffering.
     */
    private final boolean deferred;
    /** per worker slot: its candidate buffers (deferred matching) */
    private final Candidates[] candidates;
    // reused from level to level, so that the collector does not copy them again and again
    private LevelTable<S> table;
    private long[] orderBuf = new long[0];
    private long[] fpsBuf = new long[0];
    private int[] startBuf = new int[0];
    private int[] posBuf = new int[0];
    private int[] idBuf = new int[0];
    private int[] frontierStarts = new int[0];
    private int[] frontierValues = new int[0];
    /** the sum of the store slots read ahead of inserts, kept so that the reads stay */
    private long readAhead;

    private final PhaseClock clock = new PhaseClock();
    private final AtomicLong found = new AtomicLong();
    private volatile long queued;
    private volatile int depth;
    private final AtomicLong transitions = new AtomicLong();
    private long startNanos;
    private volatile String stopReason;
    private volatile CheckResult.InconclusiveReason stopCause = CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION;
    private long lastGcNanos;

    /** A violation: the state whose path leads to it, plus an optional last step; key orders them. */
    record Violation<S>(int stateIndex, Action lastAction, S lastState, long key) {
    }

    @SuppressWarnings("unchecked")
    ExplorationRun(CheckSpec<S> spec, ExplorerSettings settings) {
        this.spec = spec;
        this.model = spec.model();
        this.canon = new Canonicalizer<>(model, settings.symmetry() ? model.symmetry().orElse(null) : null);
        this.settings = settings;
        this.props = spec.properties();
        this.exact = settings.storage() == ExplorerSettings.Storage.FULL;
        this.progressCount = (int) props.stream().filter(p -> p instanceof Progress).count();
        this.needGraph = settings.recordGraph() || progressCount > 0;
        this.visited = exact ? new VisitedStates.Full<>() : new VisitedStates.Fingerprinted<>(needGraph);
        this.graph = needGraph ? new StateGraph() : null;
        this.violations = new Violation[props.size()];
        this.guardRenamings = canon.guardRenamings();
        this.asymmetric = new java.util.concurrent.atomic.AtomicIntegerArray(props.size());
        this.goals = new BitSet[props.size()];
        for (int i = 0; i < props.size(); i++) {
            if (props.get(i) instanceof Progress) {
                goals[i] = new BitSet();
            }
        }
        boolean packable = !exact && !canon.reduces() && settings.packedSuccessors() && model.codec().isPresent();
        this.packed = packable ? model.packed().orElse(null) : null;
        this.codec = model.codec().orElse(null);
        this.packedStateTests = new PackedModel.StateTest[props.size()];
        this.packedStepTests = new PackedModel.StepTest[props.size()];
        for (int i = 0; i < props.size(); i++) {
            Property<S> p = props.get(i);
            if (p instanceof Invariant<S> in) {
                packedStateTests[i] = in.packed().orElse(null);
            } else if (p instanceof Progress<S> pg) {
                packedStateTests[i] = pg.packedGoal().orElse(null);
            } else if (p instanceof ActionProperty<S> ap) {
                packedStepTests[i] = ap.packed().orElse(null);
            }
        }
        this.actionProps = java.util.stream.IntStream.range(0, props.size())
                .filter(i -> props.get(i) instanceof ActionProperty).toArray();
        this.deferred = packed != null && !needGraph && settings.threads() > 1;
        this.candidates = new Candidates[deferred ? settings.threads() : 0];
    }

    /** @return whether this run expands packed states */
    boolean packedPath() {
        return packed != null;
    }

    /** @return whether this run matches new successors after each level ({@link Candidates}) */
    boolean deferredMatching() {
        return deferred;
    }

    ExplorationReport run() {
        startNanos = System.nanoTime();
        java.util.Optional<ScheduledExecutorService> ticker = startProgressTicker();
        ExecutorService pool = settings.threads() > 1 ? Executors.newFixedThreadPool(settings.threads(), r -> {
            Thread t = new Thread(r, "explorer-worker");
            t.setDaemon(true);
            return t;
        }) : null;
        boolean complete = false;
        try {
            complete = search(pool);
            clock.mark("end");
        } catch (OutOfMemoryError e) {
            stop(CheckResult.InconclusiveReason.MEMORY_LIMIT, heapExhausted());
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
            ticker.ifPresent(ScheduledExecutorService::shutdownNow);
        }
        return report(complete);
    }

    /** Records why the search stops (the first reason wins). */
    private synchronized void stop(CheckResult.InconclusiveReason cause, String reason) {
        if (stopReason == null) {
            stopCause = cause;
            stopReason = reason;
        }
    }

    private static String heapExhausted() {
        return "heap exhausted (" + (Runtime.getRuntime().maxMemory() >> 20) + " MB); partial statistics";
    }

    /** @return the progress ticker, none when progress lines are off */
    private java.util.Optional<ScheduledExecutorService> startProgressTicker() {
        long every = settings.progressMillis();
        if (every <= 0) {
            return java.util.Optional.empty();
        }
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "explorer-progress");
            t.setDaemon(true);
            return t;
        });
        s.scheduleAtFixedRate(() -> {
            long ms = elapsedMillis();
            long n = found.get();
            settings.progress().accept(new ExplorerSettings.ProgressReport(n, queued, ms == 0 ? 0 : n * 1000.0 / ms,
                    ms, depth));
        }, every, every, TimeUnit.MILLISECONDS);
        return java.util.Optional.of(s);
    }

    private long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** @return true when the state space was exhausted */
    private boolean search(ExecutorService pool) {
        clock.start();
        List<S> inits = model.initialStates();
        List<S> initial = new ArrayList<>();
        PackedStates initialPacked = packed == null ? null : new PackedStates(inits.size(), 16);
        boolean truncated = false;
        Words words = new Words();
        for (int i = 0; i < inits.size(); i++) {
            S init = inits.get(i);
            long fp = canon.fingerprint(init, words);
            if (visited.contains(key(init, words), fp)) {
                continue;
            }
            if (visited.size() >= settings.maxStates()) {
                truncated = true;
                break;
            }
            visited.reserve(1, Ranges.SERIAL);
            visited.add(key(init, words), fp, log.size());
            visited.added(1);
            log.addRoot(i);
            if (packed != null) {
                words.clear();
                codec.encode(init, words);
                initialPacked.append(words);
            } else {
                initial.add(init);
            }
        }
        Frontier<S> frontier = packed != null ? new Frontier<>(initialPacked) : new Frontier<>(initial);
        found.set(visited.size());
        int base = 0;
        clock.mark("initial states");
        while (frontier.size() > 0) {
            depth++;
            queued = frontier.size();
            LevelTable<S> next = truncated ? null : levelTable(pool);
            clock.mark("level table");
            Level<S> level = expandLevel(pool, frontier, base, next);
            clock.mark("expand: dispatch");
            if (deferred && next != null && stopCause != CheckResult.InconclusiveReason.MEMORY_LIMIT) {
                match(pool, level, next);
                clock.mark("match: dispatch");
            }
            mergeViolations(level);
            clock.mark("violations and goals");
            if (stopReason != null) {
                return false;
            }
            if (allViolated() || (settings.stopAtFirstViolation() && violationCount > 0)) {
                stop(CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION, allViolated() ? "every property violated" : "stopped at first violation");
                return false;
            }
            if (truncated) {
                stop(CheckResult.InconclusiveReason.STATE_LIMIT, "state limit " + settings.maxStates() + " reached");
                return false;
            }
            int nextBase = (int) visited.size();
            int frontierSize = frontier.size();
            frontier = null;
            frontier = number(pool, next, frontierSize, base);
            truncated = next.size() > frontier.size();
            base = nextBase;
            if (truncated && frontier.size() == 0) {
                stop(CheckResult.InconclusiveReason.STATE_LIMIT, "state limit " + settings.maxStates() + " reached");
                return false;
            }
            if (!heapOk()) {
                stop(CheckResult.InconclusiveReason.MEMORY_LIMIT, heapLimit());
                return false;
            }
            clock.mark("heap check");
        }
        queued = 0;
        return true;
    }

    private boolean allViolated() {
        return violationCount == props.size() && !props.isEmpty();
    }

    private String heapLimit() {
        return "heap limit " + Math.round(settings.maxHeapFraction() * 100) + "% of "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MB reached";
    }

    private boolean heapOk() {
        Runtime rt = Runtime.getRuntime();
        double limit = settings.maxHeapFraction() * rt.maxMemory();
        if (rt.totalMemory() - rt.freeMemory() <= limit) {
            return true;
        }
        synchronized (this) {
            // a full collection is costly: at most one a second, and only when the cheap figure says so
            long now = System.nanoTime();
            if (now - lastGcNanos < 1_000_000_000L && lastGcNanos != 0) {
                return true;
            }
            lastGcNanos = now;
            System.gc();
            return rt.totalMemory() - rt.freeMemory() <= limit;
        }
    }

    /** The time limit in nanoseconds, saturating (a huge limit means none). */
    private long maxNanos() {
        long ms = settings.maxMillis();
        return ms > Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : ms * 1_000_000L;
    }

    /** What the workers found in one level. */
    static final class Level<S> {
        final List<Worker<S>> workers = new ArrayList<>();
    }

    /** One worker's findings in a level, and its buffers. */
    static final class Worker<S> {
        final Words words = new Words();
        final Violation<S>[] best;
        final IntList[] goals;
        long found;
        long transitions;
        private long[] fps = new long[16];
        private int[] known = new int[16];
        // the packed path: successors of the state being expanded, and what it is
        PackedModel.Expander expander;
        PackedModel.Sink sink;
        long[] codes = new long[16];
        int[] arena = new int[256];
        int[] starts = new int[17];
        int count;
        int[] fromValues;
        int fromOffset;
        int fromIndex;
        /** position of the state's first successor among those of the chunk */
        int fromFirst;
        S from;
        private int[] firsts = new int[CHUNK + 1];
        /** the sum of the slots read ahead of inserts, kept so that the reads stay */
        long touched;
        /** where new successors go when they are matched after the level, else null */
        Candidates candidates;
        /** per property: the state whose first violating step was recorded already */
        final int[] failedAt;

        @SuppressWarnings("unchecked")
        Worker(int props) {
            best = new Violation[props];
            goals = new IntList[props];
            failedAt = new int[props];
            Arrays.fill(failedAt, -1);
        }

        long[] fps(int n) {
            return fps.length >= n ? fps : (fps = new long[n * 2]);
        }

        int[] known(int n) {
            return known.length >= n ? known : (known = new int[n * 2]);
        }

        void record(int p, Violation<S> v) {
            if (best[p] == null || v.key() < best[p].key()) {
                best[p] = v;
            }
        }

        boolean beats(int p, long key) {
            return best[p] == null || key < best[p].key();
        }

        /** Starts the expansion of a packed state; its successors follow those of the chunk so far. */
        void begin(int[] values, int offset, int index) {
            fromValues = values;
            fromOffset = offset;
            fromIndex = index;
            fromFirst = count;
            from = null;
        }

        int[] firsts(int n) {
            return firsts.length >= n ? firsts : (firsts = new int[n]);
        }

        /** Keeps a packed successor; returns its position. */
        int keep(long code, int[] next, int length) {
            int k = count;
            if (k + 1 == starts.length) {
                codes = Arrays.copyOf(codes, 2 * k);
                starts = Arrays.copyOf(starts, 2 * k + 1);
            }
            int at = starts[k];
            if (at + length > arena.length) {
                arena = Arrays.copyOf(arena, 2 * (at + length));
            }
            System.arraycopy(next, 0, arena, at, length);
            starts[k + 1] = at + length;
            codes[k] = code;
            if (k == fps.length) {
                fps = Arrays.copyOf(fps, 2 * k);
            }
            fps[k] = Words.fingerprint(next, 0, length);
            count = k + 1;
            return k;
        }
    }

    /** Expands the frontier with all workers; {@code next} null means no new state may be added. */
    private Level<S> expandLevel(ExecutorService pool, Frontier<S> frontier, int base, LevelTable<S> next) {
        Level<S> level = new Level<>();
        int size = frontier.size();
        int chunks = (size + CHUNK - 1) / CHUNK;
        AtomicInteger cursor = new AtomicInteger();
        long maxNanos = maxNanos();
        PackedStates ps = frontier.packed();
        java.util.function.IntConsumer task = slot -> {
            Worker<S> w = new Worker<>(props.size());
            if (deferred && next != null) {
                w.candidates = candidates[slot] == null ? (candidates[slot] = new Candidates()) : candidates[slot];
                w.candidates.clear();
            }
            if (packed != null) {
                w.expander = packed.expander();
                w.sink = (code, succ, length) -> collect(w, code, succ, length);
            }
            synchronized (level) {
                level.workers.add(w);
            }
            IntList edges = needGraph ? new IntList() : null;
            try {
                for (int c = cursor.getAndIncrement(); c < chunks && stopReason == null; c = cursor.getAndIncrement()) {
                    if (System.nanoTime() - startNanos > maxNanos) {
                        stop(CheckResult.InconclusiveReason.TIME_LIMIT, "time limit "
                                + org.rdmacheck.checker.TimeText.of(settings.maxMillis()) + " reached");
                        break;
                    }
                    if (!heapOk()) {
                        stop(CheckResult.InconclusiveReason.MEMORY_LIMIT, heapLimit());
                        break;
                    }
                    int from = c * CHUNK;
                    int to = Math.min(size, from + CHUNK);
                    int[] degrees = needGraph ? new int[to - from] : null;
                    if (ps != null) {
                        expandPacked(w, ps, from, to, base, next, edges, degrees);
                    }
                    for (int i = from; ps == null && i < to; i++) {
                        int d = expandOne(w, frontier.state(i), base + i, next, edges);
                        if (degrees != null) {
                            degrees[i - from] = d;
                        }
                    }
                    if (needGraph) {
                        graph.add(new StateGraph.Run(base + from, degrees, edges.toArray()));
                        edges.clear();
                    }
                    queued = Math.max(0, size - (long) to);
                    found.addAndGet(w.found);
                    w.found = 0;
                }
            } catch (OutOfMemoryError e) {
                stop(CheckResult.InconclusiveReason.MEMORY_LIMIT, heapExhausted());
            }
        };
        runTasks(pool, "expand", pool == null ? 1 : settings.threads(), task);
        return level;
    }

    /**
     * Runs {@code parts} tasks ({@code body} given the task's index), on the pool when there is
     * one, else one after the other on this thread, and books their CPU time as a parallel section.
     */
    private void runTasks(ExecutorService pool, String name, int parts, java.util.function.IntConsumer body) {
        long[] cpu = new long[parts];
        long[] wall = new long[parts];
        long start = System.nanoTime();
        if (pool == null || parts == 1) {
            for (int t = 0; t < parts; t++) {
                timed(body, t, cpu, wall);
            }
            clock.section(name, cpu, wall, System.nanoTime() - start, true);
            return;
        }
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < parts; t++) {
            int slot = t;
            tasks.add(() -> {
                timed(body, slot, cpu, wall);
                return null;
            });
        }
        join(pool, tasks);
        clock.section(name, cpu, wall, System.nanoTime() - start, false);
    }

    private void timed(java.util.function.IntConsumer body, int t, long[] cpu, long[] wall) {
        long c = clock.cpu();
        long w = System.nanoTime();
        try {
            body.accept(t);
        } finally {
            cpu[t] = clock.cpu() - c;
            wall[t] = System.nanoTime() - w;
        }
    }

    private void join(ExecutorService pool, List<Callable<Void>> tasks) {
        try {
            for (Future<Void> f : pool.invokeAll(tasks)) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(CheckResult.InconclusiveReason.TIME_LIMIT, "interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error err) {
                throw err;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Expands one state; returns its number of successors. */
    private int expandOne(Worker<S> w, S state, int idx, LevelTable<S> next, IntList edges) {
        List<Transition<S>> ts = new ArrayList<>(8);
        model.successors(state, ts::add);
        int goalsMet = 0;
        for (int p = 0; p < props.size(); p++) {
            Property<S> prop = props.get(p);
            if (prop instanceof Progress<S> pg && pg.isGoal(state)) {
                goalsMet++;
                IntList g = w.goals[p] == null ? (w.goals[p] = new IntList()) : w.goals[p];
                g.add(idx);
            }
            if (violations[p] != null) {
                continue;
            }
            if (prop instanceof Invariant<S> in) {
                if (!in.test(state)) {
                    w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
                } else if (guardRenamings != null) {
                    renamedInvariant(p, in, state);
                }
            } else if (prop instanceof ActionProperty<S> ap) {
                for (int k = 0; k < ts.size(); k++) {
                    Transition<S> t = ts.get(k);
                    if (!ap.test(state, t.action(), t.next())) {
                        w.record(p, new Violation<>(idx, t.action(), t.next(), LevelTable.link(idx, k)));
                        break;
                    }
                    if (guardRenamings != null) {
                        renamedStep(p, ap, state, t);
                    }
                }
            } else if (prop instanceof DeadlockFreedom<S> && ts.isEmpty() && !model.isFinal(state)) {
                w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
            }
        }
        int n = ts.size();
        w.transitions += n;
        // backward reachability never leaves a state that is a goal of every progress property:
        // its edges are not kept unless the caller asked for the whole graph
        boolean keepEdges = edges != null && (settings.recordGraph() || goalsMet < progressCount);
        edges = keepEdges ? edges : null;
        long[] fps = w.fps(n);
        int[] known = w.known(n);
        for (int k = 0; k < n; k++) {
            fps[k] = canon.fingerprint(ts.get(k).next(), w.words);
        }
        // the store lookups in a loop of their own: their cache misses overlap
        for (int k = 0; k < n; k++) {
            S s = key(ts.get(k).next(), w.words);
            known[k] = needGraph ? visited.indexOf(s, fps[k]) : (visited.contains(s, fps[k]) ? 0 : -1);
        }
        for (int k = 0; k < n; k++) {
            S s = ts.get(k).next();
            long fp = fps[k];
            if (known[k] >= 0) {
                if (edges != null) {
                    edges.add(known[k]);
                }
            } else if (next != null) {
                int id = next.insert(exact ? key(s, w.words) : null, s, fp, LevelTable.link(idx, k));
                if (id >= 0) {
                    w.found++;
                } else {
                    id = ~id;
                }
                if (edges != null) {
                    edges.add(~id);
                }
            }
        }
        return keepEdges ? n : 0;
    }

    /**
     * Expands the packed states {@code from..to-1} of the frontier: first every state (properties
     * checked, successors kept), then the store lookups of all their successors in one loop, so
     * that their cache misses overlap, then the matching in the order of the states.
     */
    private void expandPacked(Worker<S> w, PackedStates ps, int from, int to, int base, LevelTable<S> next,
                              IntList edges, int[] degrees) {
        int[] values = ps.values();
        int states = to - from;
        int[] firsts = w.firsts(states + 1);
        w.count = 0;
        for (int i = 0; i < states; i++) {
            int idx = base + from + i;
            int offset = ps.start(from + i);
            firsts[i] = w.count;
            w.begin(values, offset, idx);
            // action properties are checked as the successors are emitted (collect)
            w.expander.successors(values, offset, w.sink);
            int n = w.count - firsts[i];
            int goalsMet = checkState(w, values, offset, idx, n);
            w.transitions += n;
            boolean keepEdges = edges != null && (settings.recordGraph() || goalsMet < progressCount);
            if (degrees != null) {
                degrees[i] = keepEdges ? n : 0;
            }
        }
        firsts[states] = w.count;
        int total = w.count;
        long[] fps = w.fps(total);
        int[] known = w.known(total);
        VisitedStates.Fingerprinted<S> set = (VisitedStates.Fingerprinted<S>) visited;
        long touched = 0;
        for (int blk = 0; blk < total; blk += TOUCH_BLOCK) {
            int end = Math.min(total, blk + TOUCH_BLOCK);
            // the home slots of a block first, in a loop without branches: their cache misses overlap
            for (int k = blk; k < end; k++) {
                touched += set.touch(fps[k]);
            }
            for (int k = blk; k < end; k++) {
                known[k] = needGraph ? set.indexOf(null, fps[k]) : (set.contains(null, fps[k]) ? 0 : -1);
            }
        }
        w.touched += touched;
        int[] starts = w.starts;
        if (w.candidates != null) {
            for (int i = 0; i < states; i++) {
                int idx = base + from + i;
                for (int k = firsts[i]; k < firsts[i + 1]; k++) {
                    if (known[k] < 0) {
                        w.candidates.add(fps[k], LevelTable.link(idx, k - firsts[i]), w.arena, starts[k],
                                starts[k + 1] - starts[k]);
                    }
                }
            }
            return;
        }
        if (next != null) {
            touched = 0;
            for (int k = 0; k < total; k++) {
                if (known[k] < 0) {
                    touched += next.touch(fps[k]);
                }
            }
            w.touched += touched;
        }
        for (int i = 0; i < states; i++) {
            int idx = base + from + i;
            IntList e = degrees != null && degrees[i] > 0 ? edges : null;
            for (int k = firsts[i]; k < firsts[i + 1]; k++) {
                if (known[k] >= 0) {
                    if (e != null) {
                        e.add(known[k]);
                    }
                } else if (next != null) {
                    int id = next.insertPacked(fps[k], LevelTable.link(idx, k - firsts[i]), w.arena, starts[k],
                            starts[k + 1] - starts[k]);
                    if (id >= 0) {
                        w.found++;
                    } else {
                        id = ~id;
                    }
                    if (e != null) {
                        e.add(~id);
                    }
                }
            }
        }
    }

    /**
     * Matches the candidates of a level (deferred matching) into the level table, one stripe per
     * thread at a time: no lock, and a stripe's table stays in the cache while it is filled.
     */
    private void match(ExecutorService pool, Level<S> level, LevelTable<S> next) {
        List<Candidates> all = new ArrayList<>();
        long work = 0;
        for (Worker<S> w : level.workers) {
            if (w.candidates != null) {
                all.add(w.candidates);
                for (int s = 0; s < LevelTable.STRIPES; s++) {
                    work += w.candidates.used(s);
                }
            }
        }
        AtomicLong added = new AtomicLong();
        long[] touched = new long[1];
        inParallel(pool, "match", LevelTable.STRIPES, work / 8, (a, b) -> {
            long n = 0;
            long sum = 0;
            int[] block = new int[TOUCH_BLOCK];
            for (int s = a; s < b; s++) {
                for (Candidates c : all) {
                    int[] buf = c.buffer(s);
                    int used = c.used(s);
                    for (int at = 0; at < used; ) {
                        // a block of records: their home slots read first, then the inserts
                        int count = 0;
                        for (int r = at; r < used && count < block.length; r += Candidates.HEADER + Candidates.length(buf, r)) {
                            block[count++] = r;
                            sum += next.touch(Candidates.fp(buf, r));
                        }
                        for (int j = 0; j < count; j++) {
                            int r = block[j];
                            int length = Candidates.length(buf, r);
                            if (next.insertPackedOwned(s, Candidates.fp(buf, r), Candidates.link(buf, r), buf,
                                    r + Candidates.HEADER, length) >= 0) {
                                n++;
                            }
                            at = r + Candidates.HEADER + length;
                        }
                    }
                }
            }
            added.addAndGet(n);
            synchronized (touched) {
                touched[0] += sum;
            }
        });
        readAhead += touched[0];
        found.addAndGet(added.get());
    }

    /**
     * Symmetry reduction keeps one state of each class of renamings; a property that is not symmetric
     * can hold on the state kept and fail on a renaming the search never visits. Every reached state
     * is therefore also checked renamed by each element of the (small) group: a failure marks the
     * property asymmetric, and its success on the reduced space is then no proof.
     */
    private void renamedInvariant(int p, Invariant<S> in, S state) {
        if (asymmetric.get(p) != 0) {
            return;
        }
        org.rdmacheck.model.Symmetry<S> sym = canon.symmetry();
        for (int[] r : guardRenamings) {
            if (!in.test(sym.permute(state, r))) {
                asymmetric.set(p, 1);
                return;
            }
        }
    }

    /** The step renamed (both states; the action as taken, which the renaming does not name). */
    private void renamedStep(int p, ActionProperty<S> ap, S state, Transition<S> t) {
        if (asymmetric.get(p) != 0) {
            return;
        }
        org.rdmacheck.model.Symmetry<S> sym = canon.symmetry();
        for (int[] r : guardRenamings) {
            if (!ap.test(sym.permute(state, r), t.action(), sym.permute(t.next(), r))) {
                asymmetric.set(p, 1);
                return;
            }
        }
    }

    /** Checks the state properties of a packed state with {@code n} successors; returns the goals it meets. */
    private int checkState(Worker<S> w, int[] values, int offset, int idx, int n) {
        int goalsMet = 0;
        for (int p = 0; p < props.size(); p++) {
            Property<S> prop = props.get(p);
            PackedModel.StateTest test = packedStateTests[p];
            if (prop instanceof Progress<S> pg && (test != null ? test.test(values, offset) : pg.isGoal(from(w)))) {
                goalsMet++;
                IntList g = w.goals[p] == null ? (w.goals[p] = new IntList()) : w.goals[p];
                g.add(idx);
            }
            if (violations[p] != null) {
                continue;
            }
            if (prop instanceof Invariant<S> in) {
                if (!(test != null ? test.test(values, offset) : in.test(from(w)))) {
                    w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
                }
            } else if (prop instanceof DeadlockFreedom<S> && n == 0 && !model.isFinal(from(w))) {
                w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
            }
        }
        return goalsMet;
    }

    /** Receives a packed successor: keeps it and checks the action properties on the step. */
    @SuppressWarnings("unchecked")
    private void collect(Worker<S> w, long code, int[] succ, int length) {
        int k = w.keep(code, succ, length);
        for (int p : actionProps) {
            if (violations[p] != null || w.failedAt[p] == w.fromIndex) {
                continue;
            }
            PackedModel.StepTest test = packedStepTests[p];
            boolean holds = test != null ? test.test(w.fromValues, w.fromOffset, code, succ)
                    : ((ActionProperty<S>) props.get(p)).test(from(w), packed.action(code), decode(succ, 0));
            if (!holds) {
                // the first violating step of this state, as the object path finds it
                w.failedAt[p] = w.fromIndex;
                long key = LevelTable.link(w.fromIndex, k - w.fromFirst);
                if (w.beats(p, key)) {
                    w.record(p, new Violation<>(w.fromIndex, packed.action(code), decode(succ, 0), key));
                }
            }
        }
    }

    /** @return the state being expanded by a worker on the packed path, decoded once */
    private S from(Worker<S> w) {
        if (w.from == null) {
            w.from = decode(w.fromValues, w.fromOffset);
        }
        return w.from;
    }

    private S decode(int[] values, int offset) {
        return codec.decode(Words.reader(values, offset));
    }

    private void mergeViolations(Level<S> level) {
        for (Worker<S> w : level.workers) {
            transitions.addAndGet(w.transitions);
        }
        for (int p = 0; p < props.size(); p++) {
            if (violations[p] != null) {
                continue;
            }
            Violation<S> min = null;
            for (Worker<S> w : level.workers) {
                Violation<S> v = w.best[p];
                if (v != null && (min == null || v.key() < min.key())) {
                    min = v;
                }
            }
            if (min != null) {
                violations[p] = min;
                violationCount++;
            }
            if (goals[p] != null) {
                for (Worker<S> w : level.workers) {
                    IntList g = w.goals[p];
                    for (int i = 0; g != null && i < g.size(); i++) {
                        goals[p].set(g.get(i));
                    }
                }
            }
        }
    }

    /** @return the table of the next level: the run's one table, emptied */
    private LevelTable<S> levelTable(ExecutorService pool) {
        if (table == null) {
            table = new LevelTable<>(exact, packed != null, settings.threads() > 1);
        } else {
            table.clear((n, body) -> inParallel(pool, "clear", n, table.size(), body));
        }
        return table;
    }

    /** @return {@code a} when it has room for {@code n} elements, else a larger array (contents not kept) */
    private static long[] atLeast(long[] a, int n) {
        // twice the need: levels grow, and each new array is zeroed by one thread
        return a.length >= n ? a : new long[(int) Math.min(Integer.MAX_VALUE - 8L, 2L * n)];
    }

    private static int[] atLeast(int[] a, int n) {
        return a.length >= n ? a : new int[(int) Math.min(Integer.MAX_VALUE - 8L, 2L * n)];
    }

    /**
     * Runs {@code body} over {@code [0, n)}, split into one range per thread when there is a pool
     * and {@code work} is worth it.
     *
     * @return whether the ranges ran in several threads
     */
    private boolean inParallel(ExecutorService pool, String name, int n, long work, Ranges.Body body) {
        return inParallel(pool, name, n, work, body, null);
    }

    /**
     * As {@link #inParallel(ExecutorService, String, int, long, Ranges.Body)}, with a side job
     * that one thread runs while the others start on the ranges.
     */
    private boolean inParallel(ExecutorService pool, String name, int n, long work, Ranges.Body body,
                               Runnable side) {
        if (work < 4L * CHUNK) {
            // too little to share: serial work in any thread count
            if (side != null) {
                side.run();
            }
            body.run(0, n);
            return false;
        }
        if (pool == null) {
            runTasks(null, name, 1, t -> {
                if (side != null) {
                    side.run();
                }
                body.run(0, n);
            });
            return false;
        }
        int pieces = (int) Math.min(n, (long) settings.threads() * PIECES_PER_THREAD);
        inPieces(pool, name, pieces + (side == null ? 0 : 1), k -> {
            int p = side == null ? k : k - 1;
            if (p < 0) {
                side.run();
            } else {
                body.run((int) ((long) n * p / pieces), (int) ((long) n * (p + 1) / pieces));
            }
        });
        return true;
    }

    /**
     * Runs {@code piece} for {@code 0 .. pieces-1} on every thread of the pool (on this thread
     * without one): more pieces than threads, taken in turn, so that a thread that finishes early,
     * or that the machine's other jobs left running, takes over the rest instead of waiting at the
     * barrier.
     */
    private void inPieces(ExecutorService pool, String name, int pieces, java.util.function.IntConsumer piece) {
        AtomicInteger cursor = new AtomicInteger();
        runTasks(pool, name, pool == null ? 1 : settings.threads(), t -> {
            for (int p = cursor.getAndIncrement(); p < pieces; p = cursor.getAndIncrement()) {
                piece.accept(p);
            }
        });
    }


    /**
     * Numbers the states new in this level in the order a one-thread search meets them (counting
     * sort by predecessor, then ordinal), stopping at the state limit; adds them to the store and
     * the predecessor index, and resolves the level's graph edges. Every pass but the recording of
     * the predecessor index runs on all threads.
     *
     * @return the next frontier
     */
    private Frontier<S> number(ExecutorService pool, LevelTable<S> next, int frontierSize, int base) {
        int n = (int) Math.min(Integer.MAX_VALUE - 8, next.size());
        int stripes = next.stripeCount();
        int[] start = startBuf = atLeast(startBuf, frontierSize + 1);
        long[] order = orderBuf = atLeast(orderBuf, n);
        if (n < 4 * CHUNK) {
            orderInOneThread(next, frontierSize, base, n, start, order);
        } else if (pool == null) {
            // booked as a parallel section: with several threads it runs on all of them
            runTasks(null, "number: order", 1, t -> orderInOneThread(next, frontierSize, base, n, start, order));
        } else {
            orderInBuckets(pool, next, frontierSize, base, n, start, order);
        }
        clock.mark("number: other");
        long room = settings.maxStates() - visited.size();
        int keep = (int) Math.min(n, Math.max(0, room));
        int first = log.size();
        log.addLevel(frontierSize, start, keep, i -> (int) (order[i] >>> 32),
                (m, body) -> inParallel(pool, "predecessor log", m, m, body));
        clock.mark("predecessor log");
        int[][] numbers = needGraph ? new int[stripes][] : null;
        for (int s = 0; needGraph && s < stripes; s++) {
            numbers[s] = new int[next.count(s)];
        }
        long[] fps = fpsBuf = atLeast(fpsBuf, keep);
        clock.mark("number: other");
        Frontier<S> frontier = packed != null ? packedFrontier(pool, next, order, keep)
                : objectFrontier(pool, next, order, keep);
        inParallel(pool, "number: fingerprints", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                int s = stripe(order[i]);
                int l = local(order[i]);
                fps[i] = next.fp(s, l);
                if (numbers != null) {
                    numbers[s][l] = first + i;
                }
            }
        });
        clock.mark("frontier");
        addToStore(pool, frontier, fps, keep, first);
        clock.mark("store");
        if (needGraph && keep == n) {
            resolveEdges(pool, numbers);
        }
        clock.mark("graph edges");
        found.set(visited.size());
        return frontier;
    }

    /**
     * Orders the level's new states by predecessor then ordinal in one thread (counting sort by
     * predecessor, then a sort of each predecessor's few children): {@code start[i]} receives the
     * number of new states reached first from frontier states before {@code i}.
     */
    private static <S> void orderInOneThread(LevelTable<S> next, int frontierSize, int base, int n, int[] start,
                                             long[] order) {
        Arrays.fill(start, 0, frontierSize + 1, 0);
        int stripes = next.stripeCount();
        for (int s = 0; s < stripes; s++) {
            for (int l = 0; l < next.count(s); l++) {
                start[LevelTable.parentOf(next.linkOf(s, l)) - base + 1]++;
            }
        }
        for (int i = 0; i < frontierSize; i++) {
            start[i + 1] += start[i];
        }
        int[] pos = Arrays.copyOf(start, frontierSize);
        for (int s = 0; s < stripes; s++) {
            for (int l = 0; l < next.count(s); l++) {
                long link = next.linkOf(s, l);
                order[pos[LevelTable.parentOf(link) - base]++] = entry(link, s, l);
            }
        }
        for (int i = 0; i < frontierSize; i++) {
            if (start[i + 1] - start[i] > 1) {
                Arrays.sort(order, start[i], start[i + 1]);
            }
        }
    }

    /** @return an entry of the order: ordinal, then stripe and position in the level table */
    private static long entry(long link, int stripe, int local) {
        return (long) LevelTable.ordinalOf(link) << 32 | (long) stripe << LevelTable.LOCAL_BITS | local;
    }

    /**
     * Orders as {@link #orderInOneThread} on all threads, with no shared counter: the frontier is cut
     * into buckets of consecutive predecessors; each piece of the level table counts its entries
     * per bucket and moves them to their bucket's region (at offsets computed from all pieces'
     * counts), then each bucket is sorted by one thread, predecessors and ordinals of its own.
     * The result does not depend on which thread takes which piece.
     */
    private void orderInBuckets(ExecutorService pool, LevelTable<S> next, int frontierSize, int base, int n,
                                int[] start, long[] order) {
        int stripes = next.stripeCount();
        int pieces = Math.min(stripes, settings.threads() * PIECES_PER_THREAD);
        int buckets = Math.min(frontierSize, settings.threads() * PIECES_PER_THREAD);
        int[][] counts = new int[pieces][buckets];
        inPieces(pool, "number: count", pieces, k -> {
            int[] c = counts[k];
            for (int s = stripes * k / pieces; s < stripes * (k + 1) / pieces; s++) {
                for (int l = 0; l < next.count(s); l++) {
                    c[bucketOf(LevelTable.parentOf(next.linkOf(s, l)) - base, buckets, frontierSize)]++;
                }
            }
        });
        // where each bucket starts, and where each piece writes in it
        int[] bucketStart = new int[buckets + 1];
        int[][] offsets = new int[pieces][buckets];
        int at = 0;
        for (int b = 0; b < buckets; b++) {
            bucketStart[b] = at;
            for (int k = 0; k < pieces; k++) {
                offsets[k][b] = at;
                at += counts[k][b];
            }
        }
        bucketStart[buckets] = at;
        int[] ids = idBuf = atLeast(idBuf, n);
        clock.mark("number: bucket offsets");
        inPieces(pool, "number: scatter", pieces, k -> {
            int[] o = offsets[k];
            for (int s = stripes * k / pieces; s < stripes * (k + 1) / pieces; s++) {
                for (int l = 0; l < next.count(s); l++) {
                    int b = bucketOf(LevelTable.parentOf(next.linkOf(s, l)) - base, buckets, frontierSize);
                    ids[o[b]++] = s << LevelTable.LOCAL_BITS | l;
                }
            }
        });
        int[] pos = posBuf = atLeast(posBuf, frontierSize + 1);
        start[0] = 0;
        inPieces(pool, "number: sort", buckets, b -> {
            // predecessors lo..hi-1: start[lo + 1 .. hi] and pos[lo .. hi - 1] are this bucket's alone
            int lo = firstOfBucket(b, buckets, frontierSize);
            int hi = firstOfBucket(b + 1, buckets, frontierSize);
            int from = bucketStart[b];
            int to = bucketStart[b + 1];
            Arrays.fill(start, lo + 1, hi + 1, 0);
            for (int j = from; j < to; j++) {
                int id = ids[j];
                start[LevelTable.parentOf(next.linkOf(LevelTable.stripeOf(id), LevelTable.localOf(id))) - base + 1]++;
            }
            int sum = from;
            pos[lo] = from;
            for (int p = lo; p < hi; p++) {
                sum += start[p + 1];
                start[p + 1] = sum;
                if (p + 1 < hi) {
                    pos[p + 1] = sum;
                }
            }
            for (int j = from; j < to; j++) {
                int id = ids[j];
                int s = LevelTable.stripeOf(id);
                int l = LevelTable.localOf(id);
                long link = next.linkOf(s, l);
                order[pos[LevelTable.parentOf(link) - base]++] = entry(link, s, l);
            }
            for (int p = lo; p < hi; p++) {
                int a = p == lo ? from : start[p];
                if (start[p + 1] - a > 1) {
                    Arrays.sort(order, a, start[p + 1]);
                }
            }
        });
    }

    /** @return the bucket of frontier position {@code q} (0 ≤ q < size) */
    private static int bucketOf(int q, int buckets, int size) {
        return (int) ((long) q * buckets / size);
    }

    /** @return the least frontier position in bucket {@code b} (size for b = buckets) */
    private static int firstOfBucket(int b, int buckets, int size) {
        return (int) (((long) b * size + buckets - 1) / buckets);
    }

    private static int stripe(long order) {
        return (int) (order >>> LevelTable.LOCAL_BITS) & (LevelTable.STRIPES - 1);
    }

    private static int local(long order) {
        return (int) (order & ((1 << LevelTable.LOCAL_BITS) - 1));
    }

    @SuppressWarnings("unchecked")
    private Frontier<S> objectFrontier(ExecutorService pool, LevelTable<S> next, long[] order, int keep) {
        Object[] states = new Object[keep];
        inParallel(pool, "frontier", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                states[i] = next.state(stripe(order[i]), local(order[i]));
            }
        }, () -> visited.prepare(keep));
        return new Frontier<>((List<S>) Arrays.asList(states));
    }

    private Frontier<S> packedFrontier(ExecutorService pool, LevelTable<S> next, long[] order, int keep) {
        int[] starts = frontierStarts = atLeast(frontierStarts, keep + 1);
        inParallel(pool, "frontier: lengths", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                starts[i + 1] = next.length(stripe(order[i]), local(order[i]));
            }
        });
        clock.mark("frontier");
        for (int i = 0; i < keep; i++) {
            starts[i + 1] += starts[i];
        }
        clock.mark("frontier: prefix sums");
        PackedStates ps = PackedStates.of(starts, keep, frontierValues = atLeast(frontierValues, starts[keep]));
        int[] values = ps.values();
        inParallel(pool, "frontier: copy", keep, keep, (a, b) -> {
            for (int i = a; i < b; i++) {
                int s = stripe(order[i]);
                int l = local(order[i]);
                System.arraycopy(next.arena(s), next.start(s, l), values, starts[i], starts[i + 1] - starts[i]);
            }
        }, () -> visited.prepare(keep));
        return new Frontier<>(ps);
    }

    /** @return what the store matches {@code s} by: in full-state mode the state or its representative */
    private S key(S s, Words buffer) {
        return exact ? canon.representative(s, buffer) : s;
    }

    private void addToStore(ExecutorService pool, Frontier<S> frontier, long[] fps, int n, int first) {
        // the set grows in all threads: one thread would make the growth the serial part of a level
        visited.reserve(n, (m, body) -> inParallel(pool, "store: grow", m, m, body));
        clock.mark("store: reserve");
        if (!visited.concurrentAdd()) {
            Words words = new Words();
            for (int i = 0; i < n; i++) {
                visited.add(key(frontier.state(i), words), fps[i], first + i);
            }
        } else {
            // fingerprints only: the store does not look at the states. Blocks of slots are read
            // ahead of their inserts, so that the cache misses overlap
            VisitedStates.Fingerprinted<S> set = (VisitedStates.Fingerprinted<S>) visited;
            long[] touched = new long[1];
            inParallel(pool, "store: insert", n, n, (a, b) -> {
                long sum = 0;
                for (int blk = a; blk < b; blk += 32) {
                    int end = Math.min(b, blk + 32);
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
    private void resolveEdges(ExecutorService pool, int[][] numbers) {
        List<StateGraph.Run> runs = graph.pendingRuns();
        long edges = 0;
        for (StateGraph.Run r : runs) {
            edges += r.targets().length;
        }
        inParallel(pool, "graph edges", runs.size(), edges, (a, b) -> {
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

    private ExplorationReport report(boolean complete) {
        long ms = elapsedMillis();
        long distinct = complete || stopReason == null ? visited.size() : Math.max(visited.size(), found.get());
        long trans = transitions.get();
        double collision = exact ? 0.0
                : Stats.fingerprintCollisionBound(distinct, trans + model.initialStates().size());
        Stats stats = new Stats(Explorer.CHECKER, distinct, trans, depth, ms, settings.threads(), collision);
        TraceBuilder<S> traces = new TraceBuilder<>(spec, log);
        List<CheckResult> results = new ArrayList<>();
        ProgressAnalysis progress = null;
        String reason = stopReason == null ? "" : stopReason;
        String progressFailure = reason;
        CheckResult.InconclusiveReason progressCause = stopCause;
        boolean hasProgress = props.stream().anyMatch(p -> p instanceof Progress);
        if (complete && needGraph) {
            graph.seal(log.size());
        }
        if (complete && hasProgress) {
            try {
                progress = new ProgressAnalysis(graph);
            } catch (OutOfMemoryError e) {
                progressCause = CheckResult.InconclusiveReason.MEMORY_LIMIT;
                progressFailure = "heap exhausted during progress analysis (" + trans + " edges)";
            }
        }
        for (int p = 0; p < props.size(); p++) {
            Property<S> prop = props.get(p);
            Violation<S> v = violations[p];
            if (v != null) {
                results.add(new CheckResult.Violated(prop.name(), traces.build(prop, v), stats));
            } else if (prop instanceof Progress<S>) {
                results.add(progressResult(prop, p, progress, progressCause, progressFailure, traces, stats));
            } else if (complete && canon.reduces() && (prop instanceof Invariant<S> || prop instanceof ActionProperty<S>)
                    && (guardRenamings == null || asymmetric.get(p) != 0)) {
                results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.REDUCED_SPACE,
                        guardRenamings == null ? "symmetry over " + canon.symmetry().size() + " "
                        + canon.symmetry().elements() + " is too large to check " + prop.name() + " on every renaming "
                        + "(at most 5 elements): the reduced search proves nothing for it (check without --symmetry)"
                        : prop.name() + " is not symmetric under renaming the " + canon.symmetry().elements() + ": a "
                        + "reached state, renamed, violates it, so the reduced search proves nothing for it (check "
                        + "without --symmetry)", stats));
            } else if (complete) {
                results.add(new CheckResult.Verified(prop.name(), stats));
            } else {
                results.add(new CheckResult.Inconclusive(prop.name(), stopCause, reason, stats));
            }
        }
        long bytes = visited.bytes() < 0 ? -1 : visited.bytes() + log.bytes();
        long graphBytes = graph == null ? 0 : graph.bytes() + (progress == null ? 0 : progress.bytes());
        if (hasProgress && progress == null && complete) {
            complete = false;
            reason = progressFailure;
        }
        return new ExplorationReport(results, stats, complete, complete ? "" : reason, bytes, graphBytes,
                complete && settings.recordGraph() ? java.util.Optional.of(graph) : java.util.Optional.empty(),
                clock.timing(settings.threads()));
    }

    private CheckResult progressResult(Property<S> prop, int p, ProgressAnalysis progress,
                                       CheckResult.InconclusiveReason cause, String failure,
                                       TraceBuilder<S> traces, Stats stats) {
        if (progress == null) {
            return new CheckResult.Inconclusive(prop.name(), cause, failure, stats);
        }
        try {
            int bad = progress.firstWithoutGoal(goals[p]);
            if (bad < 0) {
                return new CheckResult.Verified(prop.name(), stats);
            }
            return new CheckResult.Violated(prop.name(), traces.buildProgress(prop, bad), stats);
        } catch (OutOfMemoryError e) {
            return new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.MEMORY_LIMIT,
                    "heap exhausted during progress analysis", stats);
        }
    }
}
