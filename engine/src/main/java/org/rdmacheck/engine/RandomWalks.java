package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counts;
import org.rdmacheck.checker.Stats;
import org.rdmacheck.checker.TimeText;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;

/**
 * A bug-finding search, TLC's {@code -simulate} in the explorer: random walks from the initial
 * states, each step a successor drawn at random, each walk at most {@link WalkSettings#depth} steps
 * (or to a state without successors). Invariants are checked on every state walked, action
 * properties on every step enabled there (taken or not), deadlock freedom where a walk finds no
 * successor. It keeps no store, so its memory does not grow with the state space: it reaches depths
 * a breadth-first search cannot hold, and finds what lies on many paths.
 *
 * <p>It never proves anything: a property it finds violated is VIOLATED with a trace that replays
 * on the model (loops removed: {@link WalkTrace}); every other one is INCONCLUSIVE
 * ({@link CheckResult.InconclusiveReason#SIMULATION_ONLY}) with the walks' figures. Progress
 * properties are not checked.
 *
 * <p>Reproducible: walk {@code i}'s choices come from {@link WalkSettings#walkSeed}, and of the
 * walks that violate a property the one of least number is reported (then its shortest violation),
 * whatever the number of threads — when the walk limit or the violations end the run. A run ended
 * by its time or step limit reports the least violating walk among those that finished.
 */
public final class RandomWalks {

    private final ExplorerSettings settings;
    private final WalkSettings walks;

    /**
     * @param settings the explorer's settings: threads, time limit, state limit (counted as the
     *                 states the walks visit, repeats included), progress reports
     * @param walks    seed, depth and number of walks
     */
    public RandomWalks(ExplorerSettings settings, WalkSettings walks) {
        this.settings = settings;
        this.walks = walks;
    }

    /**
     * Walks the model of {@code spec} and checks its properties.
     *
     * @param spec what to check
     * @param <S>  state type
     * @return a result per property (VIOLATED with a trace, or INCONCLUSIVE) and the walks finished
     */
    public <S> Report check(CheckSpec<S> spec) {
        return new Run<>(spec).run();
    }

    /**
     * What a random search found.
     *
     * @param exploration a result per property and the statistics: distinct states there are the
     *                    states visited, repeats included (a walk of k steps visits k + 1 states),
     *                    transitions the successors enumerated at those visits, and depth the longest
     *                    walk's steps (at most {@link WalkSettings#depth})
     * @param walks       the walks finished
     */
    public record Report(ExplorationReport exploration, long walks) {
    }

    /** @return the walk settings */
    public WalkSettings walks() {
        return walks;
    }

    /** One run: the shared counters, the workers, the report. */
    private final class Run<S> {
        private final RunSetup<S> setup;
        private final AtomicReferenceArray<WalkFinding> found;
        private final AtomicLong nextWalk = new AtomicLong();
        /** states visited by every walk so far, finished or not (for the limits and the progress line) */
        private final AtomicLong visited = new AtomicLong();
        private final AtomicLong deepest = new AtomicLong();
        /** the walks finished beyond the counted ones: walk number to (states, transitions) */
        private final java.util.TreeMap<Long, long[]> pending = new java.util.TreeMap<>();
        /** the figures of the walks counted: walks 0 .. counted - 1, every one finished and below the bound */
        private long counted;
        private long countedStates;
        private long countedTransitions;
        private long countedDepth;
        private final AtomicLong lastReport = new AtomicLong();
        /** walks of this number and above are not started (every property violated below it) */
        private volatile long bound;
        private volatile String limit;
        private volatile RuntimeException failure;
        /** why the walks stopped at a bound the model declares, or null */
        private volatile String modelBound;
        private long startNanos;

        Run(CheckSpec<S> spec) {
            this.setup = new RunSetup<>(spec, settings.withSymmetry(false).withReduction(Reduction.NONE));
            this.found = new AtomicReferenceArray<>(setup.props.size());
            this.bound = walks.maxWalks();
        }

        Report run() {
            startNanos = System.nanoTime();
            lastReport.set(startNanos);
            int threads = settings.threads();
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread w = new Thread(this::work, "walker-" + t);
                w.setDaemon(true);
                workers.add(w);
                w.start();
            }
            for (Thread w : workers) {
                try {
                    w.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    limit = "interrupted";
                }
            }
            return report();
        }

        private void work() {
            WalkCursor<S> cursor = WalkCursor.of(setup);
            int[] path = new int[walks.depth()];
            int[] weights = new int[16];
            long[] figures = new long[2];
            try {
                for (long w = nextWalk.getAndIncrement(); w < bound && limit == null; w = nextWalk.getAndIncrement()) {
                    if (walk(cursor, w, path, weights, figures)) {
                        finished(w, figures[0], figures[1]);
                    }
                    progress();
                }
            } catch (org.rdmacheck.model.BoundExceeded e) {
                // a state past a bound the model declares: no verdict beyond it, not a model failure
                modelBound = "a walk reached a state past the model's bound: " + e.getMessage() + " (a configuration "
                        + "outside the model's bounds, such as a knock-out outside its coverage scope)";
                limit = modelBound;
            } catch (RuntimeException e) {
                failure = e;
                limit = "the model failed: " + e;
            }
        }

        /** @return a successor drawn with the swarm walk's weights of their action names */
        private int biased(WalkCursor<S> cursor, SplittableRandom random, long walkSeed, int n, int[] weights) {
            int total = 0;
            for (int k = 0; k < n; k++) {
                weights[k] = WalkSettings.weight(walkSeed, cursor.actionName(k));
                total += weights[k];
            }
            int r = random.nextInt(total);
            int k = 0;
            while (r >= weights[k]) {
                r -= weights[k++];
            }
            return k;
        }

        /**
         * Counts the walks in their numbers' order: a finished walk is counted once every walk below
         * it is, and only below the bound, so the figures of a run are those of walks 0 .. n-1 for
         * any number of threads (a walk a thread began beyond the bound is left out).
         */
        private synchronized void finished(long w, long states, long transitions) {
            pending.put(w, new long[] {states, transitions, states - 1});
            countFinished();
        }

        private synchronized void countFinished() {
            while (counted < bound && pending.containsKey(counted)) {
                long[] f = pending.remove(counted++);
                countedStates += f[0];
                countedTransitions += f[1];
                countedDepth = Math.max(countedDepth, f[2]);
            }
        }

        /** @return whether the walk finished (a limit stops it mid-way otherwise); its figures in {@code figures} */
        private boolean walk(WalkCursor<S> cursor, long w, int[] path, int[] weightBuffer, long[] figures) {
            int[] weights = weightBuffer;
            long walkSeed = walks.walkSeed(w);
            SplittableRandom random = new SplittableRandom(walkSeed);
            int initial = random.nextInt(setup.model.initialStates().size());
            cursor.start(initial);
            for (int step = 0; ; step++) {
                if ((step & 255) == 0 && !withinLimits()) {
                    return false;
                }
                visited.incrementAndGet();
                int n = cursor.expand();
                figures[0] = step + 1;
                figures[1] = step == 0 ? n : figures[1] + n;
                if (weights.length < n) {
                    weights = new int[2 * n];
                }
                judge(cursor, w, initial, path, step, n);
                if (n == 0 || step == walks.depth()) {
                    // the walk took `step` steps (at most the walk depth) and visited step + 1 states
                    deepest.accumulateAndGet(step, Math::max);
                    return true;
                }
                int k = walks.swarm() ? biased(cursor, random, walkSeed, n, weights) : random.nextInt(n);
                path[step] = k;
                cursor.take(k);
            }
        }

        /** Checks every property that this walk could still report on the state after {@code step} steps. */
        private void judge(WalkCursor<S> cursor, long w, int initial, int[] path, int step, int n) {
            List<Property<S>> props = setup.props;
            for (int p = 0; p < props.size(); p++) {
                WalkFinding f = found.get(p);
                if (f != null && f.walk() < w) {
                    continue;
                }
                Property<S> prop = props.get(p);
                if (prop instanceof Invariant<S> && !cursor.invariant(p)) {
                    record(p, new WalkFinding(w, initial, java.util.Arrays.copyOf(path, step), -1));
                } else if (prop instanceof ActionProperty<S>) {
                    for (int k = 0; k < n; k++) {
                        if (!cursor.step(p, k)) {
                            record(p, new WalkFinding(w, initial, java.util.Arrays.copyOf(path, step), k));
                            break;
                        }
                    }
                } else if (prop instanceof DeadlockFreedom<S> && n == 0 && !cursor.isFinal()) {
                    record(p, new WalkFinding(w, initial, java.util.Arrays.copyOf(path, step), -1));
                }
            }
        }

        /**
         * Keeps the finding of least key for {@code p}; once every property the walks check is
         * violated (or one is, when the run stops at the first), no walk above the last one needed
         * is started.
         */
        private void record(int p, WalkFinding f) {
            found.accumulateAndGet(p, f, (a, b) -> a == null || b.key() < a.key() ? b : a);
            long least = Long.MAX_VALUE;
            long most = -1;
            boolean all = true;
            for (int i = 0; i < found.length(); i++) {
                WalkFinding g = found.get(i);
                if (g != null) {
                    least = Math.min(least, g.walk());
                    most = Math.max(most, g.walk());
                } else if (!(setup.props.get(i) instanceof org.rdmacheck.properties.Progress<S>)) {
                    all = false;
                }
            }
            long b = settings.stopAtFirstViolation() ? least + 1 : all ? most + 1 : Long.MAX_VALUE;
            synchronized (this) {
                if (b < bound) {
                    bound = b;
                }
            }
        }

        private boolean withinLimits() {
            if (limit != null) {
                return false;
            }
            long ms = elapsedMillis();
            if (ms > settings.maxMillis()) {
                limit = "time limit " + TimeText.of(settings.maxMillis()) + " reached";
            } else if (visited.get() >= settings.maxStates()) {
                limit = "state limit " + settings.maxStates() + " reached (states visited, repeats included)";
            }
            return limit == null;
        }

        private long elapsedMillis() {
            return (System.nanoTime() - startNanos) / 1_000_000;
        }

        private void progress() {
            long now = System.nanoTime();
            long last = lastReport.get();
            long every = settings.progressMillis() * 1_000_000L;
            if (now - last >= every && lastReport.compareAndSet(last, now)) {
                long ms = elapsedMillis();
                settings.progress().accept(new ExplorerSettings.ProgressReport(visited.get(), 0,
                        visited.get() * 1000.0 / Math.max(1, ms), ms, (int) deepest.get(), nextWalk.get()));
            }
        }

        private Report report() {
            long ms = elapsedMillis();
            countFinished();
            Stats stats = new Stats(Explorer.CHECKER, countedStates, countedTransitions, (int) countedDepth, ms,
                    settings.threads(), Double.NaN);
            WalkTrace<S> traces = new WalkTrace<>(setup.spec, walks);
            String summary = summary();
            List<CheckResult> results = new ArrayList<>();
            for (int p = 0; p < setup.props.size(); p++) {
                Property<S> prop = setup.props.get(p);
                WalkFinding f = found.get(p);
                if (f != null) {
                    results.add(new CheckResult.Violated(prop.name(), traces.build(prop, f), stats));
                } else if (failure != null) {
                    results.add(new CheckResult.Failed(prop.name(), failure.toString(), stats));
                } else if (modelBound != null) {
                    results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.MODEL_BOUND,
                            modelBound, stats));
                } else if (prop instanceof org.rdmacheck.properties.Progress<S>) {
                    results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.NOT_CHECKED,
                            "random walks check no progress property: check " + prop.name()
                            + " with the breadth-first search", stats));
                } else {
                    results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.SIMULATION_ONLY,
                            summary, stats));
                }
            }
            return new Report(new ExplorationReport(results, stats, false, summary, -1, 0, 0, Optional.empty(),
                    new ExplorationReport.Timing(false, settings.threads(), 0, 0, 0, 0, 0, 0, java.util.Map.of(),
                            java.util.Map.of(), java.util.Map.of()), ReductionSummary.none(), Optional.empty()), counted);
        }

        private String summary() {
            String end = limit != null ? limit : bound < walks.maxWalks() ? "stopped at the violations"
                    : Counts.of(walks.maxWalks(), "walk") + " done";
            return (walks.swarm() ? "swarm " : "random ") + "walks, seed " + walks.seed() + ", at most " + Counts.of(walks.depth(), "step") + " each: "
                    + Counts.of(counted, "walk") + " finished, no violation (" + end
                    + "); a random search proves nothing";
        }
    }
}
