package org.rdmacheck.checker.explorer;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Stats;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * One breadth-first exploration. Each level is processed in blocks of a fixed size: the block's
 * states are expanded in parallel (successors, fingerprints, property checks), then their
 * successors are matched and numbered by one thread in frontier order. The block size does not
 * depend on the number of threads, so neither do the results.
 */
final class ExplorationRun<S> {

    /** Frontier states per block: fixed, so stopping points do not depend on thread count. */
    static final int BLOCK = 4096;
    private static final int CHUNK = 64;

    private final CheckSpec<S> spec;
    private final Model<S> model;
    private final ExplorerSettings settings;
    private final List<Property<S>> props;
    private final VisitedStates<S> visited;
    private final IntList parent = new IntList();
    private final Violation<S>[] violations;
    private final boolean needGraph;
    private IntList edgeSrc;
    private IntList edgeDst;
    private final BitSet[] goals;
    private int violationCount;

    private volatile long distinct;
    private volatile long queued;
    private volatile int depth;
    private long transitions;
    private long startNanos;
    private String stopReason = "";
    private CheckResult.InconclusiveReason stopCause = CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION;

    /** A recorded violation: the state index whose path leads to it, plus an optional last step. */
    record Violation<S>(int stateIndex, Action lastAction, S lastState) {
    }

    @SuppressWarnings("unchecked")
    ExplorationRun(CheckSpec<S> spec, ExplorerSettings settings) {
        this.spec = spec;
        this.model = spec.model();
        this.settings = settings;
        this.props = spec.properties();
        this.visited = settings.storage() == ExplorerSettings.Storage.FULL
                ? new VisitedStates.Full<>() : new VisitedStates.Fingerprinted<>();
        this.violations = new Violation[props.size()];
        this.needGraph = props.stream().anyMatch(p -> p instanceof Progress);
        this.edgeSrc = needGraph ? new IntList() : null;
        this.edgeDst = needGraph ? new IntList() : null;
        this.goals = new BitSet[props.size()];
        for (int i = 0; i < props.size(); i++) {
            if (props.get(i) instanceof Progress) {
                goals[i] = new BitSet();
            }
        }
    }

    ExplorationReport run() {
        startNanos = System.nanoTime();
        ScheduledExecutorService ticker = startProgressTicker();
        ExecutorService pool = settings.threads() > 1 ? Executors.newFixedThreadPool(settings.threads(), r -> {
            Thread t = new Thread(r, "explorer-worker");
            t.setDaemon(true);
            return t;
        }) : null;
        boolean complete = false;
        try {
            complete = search(pool);
        } catch (OutOfMemoryError e) {
            stopCause = CheckResult.InconclusiveReason.MEMORY_LIMIT;
            stopReason = "heap exhausted (" + (Runtime.getRuntime().maxMemory() >> 20) + " MB); partial statistics";
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
            if (ticker != null) {
                ticker.shutdownNow();
            }
        }
        return report(complete);
    }

    private ScheduledExecutorService startProgressTicker() {
        long every = settings.progressMillis();
        if (every <= 0) {
            return null;
        }
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "explorer-progress");
            t.setDaemon(true);
            return t;
        });
        s.scheduleAtFixedRate(() -> {
            long ms = elapsedMillis();
            settings.progress().accept(new ExplorerSettings.ProgressReport(distinct, queued,
                    ms == 0 ? 0 : distinct * 1000.0 / ms, ms, depth));
        }, every, every, TimeUnit.MILLISECONDS);
        return s;
    }

    private long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** @return true when the state space was exhausted */
    private boolean search(ExecutorService pool) {
        List<S> frontier = new ArrayList<>();
        IntList frontierIdx = new IntList();
        for (S init : model.initialStates()) {
            long fp = model.fingerprint(init);
            if (overLimit(init, fp)) {
                depth = 1;
                return false;
            }
            int idx = visited.insert(init, fp);
            if (idx >= 0) {
                parent.add(-1);
                frontier.add(init);
                frontierIdx.add(idx);
                distinct = visited.size();
            }
        }
        while (!frontier.isEmpty()) {
            depth++;
            List<S> next = new ArrayList<>();
            IntList nextIdx = new IntList();
            for (int from = 0; from < frontier.size(); from += BLOCK) {
                int to = Math.min(frontier.size(), from + BLOCK);
                queued = frontier.size() - from + next.size();
                List<Expansion<S>> block = expand(pool, frontier, from, to, maxNanos());
                if (block == null) {
                    stopCause = CheckResult.InconclusiveReason.TIME_LIMIT;
                    stopReason = "time limit " + settings.maxMillis() + " ms reached";
                    return false;
                }
                if (!absorb(block, frontierIdx, from, next, nextIdx)) {
                    return false;
                }
                if (allViolated() || (settings.stopAtFirstViolation() && violationCount > 0)) {
                    stopCause = CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION;
                    stopReason = allViolated() ? "every property violated" : "stopped at first violation";
                    return false;
                }
                if (!heapOk()) {
                    stopCause = CheckResult.InconclusiveReason.MEMORY_LIMIT;
                    stopReason = "heap limit " + Math.round(settings.maxHeapFraction() * 100) + "% of "
                            + (Runtime.getRuntime().maxMemory() >> 20) + " MB reached";
                    return false;
                }
            }
            frontier = next;
            frontierIdx = nextIdx;
        }
        queued = 0;
        return true;
    }

    private boolean allViolated() {
        return violationCount == props.size() && !props.isEmpty();
    }

    private boolean heapOk() {
        Runtime rt = Runtime.getRuntime();
        double limit = settings.maxHeapFraction() * rt.maxMemory();
        if (rt.totalMemory() - rt.freeMemory() <= limit) {
            return true;
        }
        System.gc();
        return rt.totalMemory() - rt.freeMemory() <= limit;
    }

    /** The time limit in nanoseconds, saturating (a huge limit means none). */
    private long maxNanos() {
        long ms = settings.maxMillis();
        return ms > Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : ms * 1_000_000L;
    }

    /** Whether the time limit has passed (differences of nanoTime, as its contract requires). */
    private boolean pastDeadline(long maxNanos) {
        return System.nanoTime() - startNanos > maxNanos;
    }

    /**
     * Whether adding {@code s} would take the store past the state limit; the limit is the most
     * states explored, so a state space of exactly that size is still exhausted.
     */
    private boolean overLimit(S s, long fp) {
        if (visited.size() < settings.maxStates() || visited.lookup(s, fp) >= 0) {
            return false;
        }
        stopCause = CheckResult.InconclusiveReason.STATE_LIMIT;
        stopReason = "state limit " + settings.maxStates() + " reached";
        return true;
    }

    /** Expands frontier[from, to) in parallel; null if the time limit passed. */
    private List<Expansion<S>> expand(ExecutorService pool, List<S> frontier, int from, int to, long maxNanos) {
        @SuppressWarnings("unchecked")
        Expansion<S>[] out = new Expansion[to - from];
        if (pool == null) {
            for (int i = from; i < to; i++) {
                if ((i & 63) == 0 && pastDeadline(maxNanos)) {
                    return null;
                }
                out[i - from] = expandOne(frontier.get(i));
            }
            return List.of(out);
        }
        List<Callable<Boolean>> tasks = new ArrayList<>();
        for (int c = from; c < to; c += CHUNK) {
            int cFrom = c;
            int cTo = Math.min(to, c + CHUNK);
            tasks.add(() -> {
                if (pastDeadline(maxNanos)) {
                    return false;
                }
                for (int i = cFrom; i < cTo; i++) {
                    out[i - from] = expandOne(frontier.get(i));
                }
                return true;
            });
        }
        try {
            boolean ok = true;
            for (Future<Boolean> f : pool.invokeAll(tasks)) {
                ok &= f.get();
            }
            return ok ? List.of(out) : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof OutOfMemoryError oom) {
                throw oom;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        }
    }

    private Expansion<S> expandOne(S state) {
        List<Transition<S>> ts = new ArrayList<>(8);
        model.successors(state, ts::add);
        long[] fps = new long[ts.size()];
        int[] known = new int[ts.size()];
        for (int k = 0; k < fps.length; k++) {
            fps[k] = model.fingerprint(ts.get(k).next());
            known[k] = visited.lookup(ts.get(k).next(), fps[k]);
        }
        IntList inv = null;
        IntList act = null;
        boolean[] goal = needGraph ? new boolean[props.size()] : null;
        for (int p = 0; p < props.size(); p++) {
            Property<S> prop = props.get(p);
            if (prop instanceof Invariant<S> in) {
                if (violations[p] == null && !in.test(state)) {
                    inv = inv == null ? new IntList() : inv;
                    inv.add(p);
                }
            } else if (prop instanceof ActionProperty<S> ap) {
                if (violations[p] == null) {
                    for (int k = 0; k < ts.size(); k++) {
                        Transition<S> t = ts.get(k);
                        if (!ap.test(state, t.action(), t.next())) {
                            act = act == null ? new IntList() : act;
                            act.add(k);
                            act.add(p);
                            break;
                        }
                    }
                }
            } else if (prop instanceof Progress<S> pg) {
                goal[p] = pg.isGoal(state);
            }
        }
        boolean deadlock = ts.isEmpty() && !model.isFinal(state);
        // Successors seen in earlier blocks need no matching in the sequential phase: drop them
        // now (after the action properties saw them) and keep only their index for the graph.
        int[] actArr = toArray(act);
        boolean[] keep = new boolean[known.length];
        for (int k = 0; k < actArr.length; k += 2) {
            keep[actArr[k]] = true;
        }
        for (int k = 0; k < known.length; k++) {
            if (known[k] >= 0 && !keep[k]) {
                ts.set(k, null);
            }
        }
        return new Expansion<>(ts, fps, known, toArray(inv), actArr, deadlock, goal);
    }

    private static int[] toArray(IntList l) {
        if (l == null) {
            return new int[0];
        }
        int[] a = new int[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }

    /**
     * Records the block's violations, then matches and numbers its successors, in frontier order.
     * Violations come first so that a state limit reached while numbering loses none of them.
     */
    private boolean absorb(List<Expansion<S>> block, IntList frontierIdx, int from, List<S> next, IntList nextIdx) {
        for (int b = 0; b < block.size(); b++) {
            recordViolations(block.get(b), frontierIdx.get(from + b));
        }
        for (int b = 0; b < block.size(); b++) {
            Expansion<S> e = block.get(b);
            int src = frontierIdx.get(from + b);
            List<Transition<S>> ts = e.transitions();
            transitions += ts.size();
            for (int k = 0; k < ts.size(); k++) {
                Transition<S> t = ts.get(k);
                if (t == null) {
                    if (needGraph) {
                        edgeSrc.add(src);
                        edgeDst.add(e.known()[k]);
                    }
                    continue;
                }
                S s = t.next();
                if (overLimit(s, e.fingerprints()[k])) {
                    return false;
                }
                int idx = visited.insert(s, e.fingerprints()[k]);
                if (idx >= 0) {
                    parent.add(src);
                    next.add(s);
                    nextIdx.add(idx);
                    distinct = visited.size();
                }
                if (needGraph) {
                    edgeSrc.add(src);
                    edgeDst.add(idx >= 0 ? idx : -idx - 1);
                }
            }
        }
        return true;
    }

    private void recordViolations(Expansion<S> e, int src) {
        for (int p : e.violatedInvariants()) {
            record(p, new Violation<>(src, null, null));
        }
        if (e.deadlock()) {
            for (int p = 0; p < props.size(); p++) {
                if (props.get(p) instanceof DeadlockFreedom) {
                    record(p, new Violation<>(src, null, null));
                }
            }
        }
        int[] av = e.actionViolations();
        for (int k = 0; k < av.length; k += 2) {
            Transition<S> t = e.transitions().get(av[k]);
            record(av[k + 1], new Violation<>(src, t.action(), t.next()));
        }
        if (needGraph) {
            for (int p = 0; p < props.size(); p++) {
                if (e.goals()[p]) {
                    goals[p].set(src);
                }
            }
        }
    }

    private void record(int p, Violation<S> v) {
        if (violations[p] == null) {
            violations[p] = v;
            violationCount++;
        }
    }

    private ExplorationReport report(boolean complete) {
        long ms = elapsedMillis();
        double collision = settings.storage() == ExplorerSettings.Storage.FULL ? 0.0
                : Stats.fingerprintCollisionBound(distinct, transitions + model.initialStates().size());
        Stats stats = new Stats(Explorer.CHECKER, distinct, transitions, depth, ms, settings.threads(), collision);
        TraceBuilder<S> traces = new TraceBuilder<>(spec, visited, parent, settings);
        List<CheckResult> results = new ArrayList<>();
        ProgressAnalysis progress = null;
        String progressFailure = stopReason;
        CheckResult.InconclusiveReason progressCause = stopCause;
        if (complete && needGraph) {
            try {
                progress = new ProgressAnalysis(visited.size(), edgeSrc, edgeDst);
            } catch (OutOfMemoryError e) {
                progressCause = CheckResult.InconclusiveReason.MEMORY_LIMIT;
                progressFailure = "heap exhausted during progress analysis (" + transitions + " edges)";
            }
            edgeSrc = null;
            edgeDst = null;
        }
        for (int p = 0; p < props.size(); p++) {
            Property<S> prop = props.get(p);
            Violation<S> v = violations[p];
            if (v != null) {
                results.add(new CheckResult.Violated(prop.name(), traces.build(prop, v), stats));
            } else if (prop instanceof Progress<S>) {
                results.add(progressResult(prop, p, progress, progressCause, progressFailure, traces, stats));
            } else if (complete) {
                results.add(new CheckResult.Verified(prop.name(), stats));
            } else {
                results.add(new CheckResult.Inconclusive(prop.name(), stopCause, stopReason, stats));
            }
        }
        long bytes = visited.bytes() < 0 ? -1 : visited.bytes() + parent.bytes();
        if (needGraph && progress == null && complete) {
            complete = false;
            stopReason = progressFailure;
        }
        return new ExplorationReport(results, stats, complete, complete ? "" : stopReason, bytes);
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
            ProgressAnalysis.Lasso lasso = progress.lassoFrom(bad);
            return new CheckResult.Violated(prop.name(), traces.buildProgress(prop, bad, lasso), stats);
        } catch (OutOfMemoryError e) {
            return new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.MEMORY_LIMIT,
                    "heap exhausted during progress analysis", stats);
        }
    }
}
