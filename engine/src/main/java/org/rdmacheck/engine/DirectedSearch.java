package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counts;
import org.rdmacheck.checker.Stats;
import org.rdmacheck.checker.TimeText;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.SearchHeuristic;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * A directed search for violations (best-first, as directed model checkers such as HSF-SPIN search:
 * Edelkamp, Lluch Lafuente and Leue 2004): the states reached wait in an open list ordered by the
 * model's {@link SearchHeuristic}, and the search always expands the waiting state of highest score
 * (of equal scores, the one reached last, so a plateau is searched depth-first). A store of visited
 * fingerprints keeps it from expanding a state twice, so, unlike a random walk, it never repeats
 * work and it does reach a deadlock that needs one precise interleaving, if the measure leads
 * there.
 *
 * <p>It never proves anything: a property found violated is VIOLATED with a trace that replays
 * on the model (a path of distinct states, not necessarily a shortest one); every other is
 * INCONCLUSIVE ({@link CheckResult.InconclusiveReason#SIMULATION_ONLY}). Even a search that empties
 * its open list ends so: paths are cut at {@link DirectedSettings#depth}, states of lowest score
 * are dropped when the open list outgrows its memory, and fingerprints may collide. Invariants are
 * checked on every state reached, action properties on every step of a state expanded, deadlock
 * freedom where an expanded state has no successor. Progress and liveness are not checked.
 *
 * <p>Reproducible: one thread, successors ordered by a generator seeded with the run's seed and the
 * state's fingerprint, so the same settings give the same search, figures and traces on any machine
 * (a time limit only cuts it at a different point). Only for models with a packed encoding and a
 * heuristic ({@link org.rdmacheck.model.Model#heuristic}); others are refused.
 */
public final class DirectedSearch {

    /** the share of the memory budget the open list may take before its lowest buckets are dropped */
    static final double OPEN_SHARE = 0.5;

    private final ExplorerSettings settings;
    private final DirectedSettings directed;

    /**
     * @param settings the explorer's settings: time limit, state limit (distinct states stored), heap
     *                 fraction, stop at the first violation, progress reports (threads: one is used)
     * @param directed seed and depth bound
     */
    public DirectedSearch(ExplorerSettings settings, DirectedSettings directed) {
        this.settings = settings;
        this.directed = directed;
    }

    /**
     * @param spec a check
     * @return why its model cannot be searched this way, empty when it can
     */
    public static Optional<String> refusal(CheckSpec<?> spec) {
        if (spec.model().codec().isEmpty() || spec.model().packed().isEmpty()) {
            return Optional.of("model " + spec.modelName() + " has no packed encoding, which the directed search needs");
        }
        if (spec.model().heuristic().isEmpty()) {
            return Optional.of("model " + spec.modelName() + " declares no heuristic (a measure of closeness to a "
                    + "violation); search it with bfs, random or swarm");
        }
        return Optional.empty();
    }

    /**
     * Searches the model of {@code spec} and checks its properties.
     *
     * @param spec what to check
     * @param <S>  state type
     * @return a result per property (VIOLATED with a trace, or INCONCLUSIVE) and the search's figures
     * @throws IllegalArgumentException when the model cannot be searched this way ({@link #refusal})
     */
    public <S> Report check(CheckSpec<S> spec) {
        refusal(spec).ifPresent(r -> {
            throw new IllegalArgumentException(r);
        });
        return new Run<>(spec).run();
    }

    /** @return the directed settings */
    public DirectedSettings directed() {
        return directed;
    }

    /**
     * What a directed search found.
     *
     * @param exploration a result per property and the statistics (distinct states: the states stored;
     *                    depth: the longest path's steps plus one)
     * @param heuristic   the measure's name
     * @param expanded    the states expanded
     * @param bestScore   the highest score of a state reached
     * @param maxScore    the measure's greatest score
     * @param dropped     states discarded from the open list unexpanded (memory) or left at the depth bound
     * @param exhausted   whether the open list emptied (every state kept was expanded)
     */
    public record Report(ExplorationReport exploration, String heuristic, long expanded, int bestScore, int maxScore,
                         long dropped, boolean exhausted) {
    }

    /** One run. */
    private final class Run<S> {
        private final RunSetup<S> setup;
        private final SearchHeuristic heuristic;
        private final PackedModel.Expander expander;
        private final List<Property<S>> props;
        private final FingerprintSet visited = new FingerprintSet(false, false);
        private final IntList parents = new IntList();
        private final IntList ordinals = new IntList();
        private final ScoredStates open;
        /** per property: the number of the state where it is seen violated, and the bad step's ordinal */
        private final int[] foundAt;
        private final int[] foundStep;
        private final long budget;
        /** the state being expanded, and its successors */
        private int[] cur = new int[64];
        private final SuccessorBuffer succ = new SuccessorBuffer();
        private long expanded;
        private long transitions;
        private long dropped;
        private int deepest;
        private int best;
        private String limit;
        private long startNanos;
        private long lastReport;

        Run(CheckSpec<S> spec) {
            ExplorerSettings s = settings.withSymmetry(false).withReduction(Reduction.NONE)
                    .withStorage(ExplorerSettings.Storage.FINGERPRINT).withPackedSuccessors(true);
            this.setup = new RunSetup<>(spec, s);
            this.heuristic = spec.model().heuristic().orElseThrow();
            this.expander = setup.packed.expander();
            this.props = setup.props;
            this.open = new ScoredStates(heuristic.maxScore());
            this.foundAt = new int[props.size()];
            this.foundStep = new int[props.size()];
            Arrays.fill(foundAt, -1);
            this.budget = (long) (Runtime.getRuntime().maxMemory() * settings.maxHeapFraction() * 0.8);
        }

        Report run() {
            startNanos = System.nanoTime();
            lastReport = startNanos;
            Words words = new Words();
            List<S> inits = setup.model.initialStates();
            visited.ensureRoom(inits.size());
            for (int i = 0; i < inits.size() && limit == null; i++) {
                words.clear();
                setup.codec.encode(inits.get(i), words);
                int[] v = new int[words.length()];
                words.copyTo(v, 0);
                reached(v, v.length, -1, i, 0);
            }
            int[] meta = new int[3];
            try {
                while (!open.isEmpty() && !done() && withinLimits()) {
                    if (cur.length < longest) {
                        cur = new int[longest];
                    }
                    open.pollBest(cur, meta);
                    expand(meta[1], meta[2], meta[0]);
                    progress();
                }
            } catch (org.rdmacheck.model.BoundExceeded e) {
                // a state past a bound the model declares: no verdict beyond it, not a model failure
                modelBound = "the directed search reached a state past the model's bound: " + e.getMessage()
                        + " (a configuration outside the model's bounds, such as a knock-out outside its coverage scope)";
                limit = modelBound;
            }
            return report();
        }

        /** why the search stopped at a bound the model declares, or null */
        private String modelBound;

        /** the longest state's values reached so far */
        private int longest;

        /** A state reached for the first time: number it, check its invariants, queue it. */
        private void reached(int[] values, int length, int parent, int ordinal, int depth) {
            long fp = Words.fingerprint(values, 0, length);
            if (!visited.addIfAbsent(fp)) {
                return;
            }
            visited.settle(1);
            int number = parents.size();
            parents.add(parent);
            ordinals.add(ordinal);
            longest = Math.max(longest, length);
            deepest = Math.max(deepest, depth);
            for (int p = 0; p < props.size(); p++) {
                if (foundAt[p] < 0 && props.get(p) instanceof Invariant<S> inv && !holds(p, inv, values)) {
                    foundAt[p] = number;
                    foundStep[p] = -1;
                }
            }
            int score = heuristic.score(values, 0);
            best = Math.max(best, score);
            if (depth < directed.depth()) {
                open.add(score, values, length, depth, number);
            } else {
                dropped++;
            }
        }

        private boolean holds(int p, Invariant<S> inv, int[] values) {
            PackedModel.StateTest t = setup.packedStateTests[p];
            return t != null ? t.test(values, 0) : inv.test(setup.codec.decode(Words.reader(values, 0)));
        }

        private int[] scratch = new int[64];

        private void expand(int number, int length, int depth) {
            succ.clear();
            expander.successors(cur, 0, succ);
            expanded++;
            transitions += succ.count;
            judgeSteps(number);
            if (succ.count == 0) {
                for (int p = 0; p < props.size(); p++) {
                    if (foundAt[p] < 0 && props.get(p) instanceof DeadlockFreedom<S>
                            && !setup.model.isFinal(setup.codec.decode(Words.reader(cur, 0)))) {
                        foundAt[p] = number;
                        foundStep[p] = -1;
                    }
                }
                return;
            }
            int[] order = order(Words.chainHash(cur, 0, length)); // a seed independent of the store's fingerprint
            visited.ensureRoom(succ.count);
            for (int k : order) {
                int n = succ.length(k);
                if (scratch.length < n) {
                    scratch = new int[2 * n];
                }
                System.arraycopy(succ.arena, succ.starts[k], scratch, 0, n);
                reached(scratch, n, number, k, depth + 1);
            }
        }

        /** @return the successors' positions in the order they join the open list: shuffled by the seed */
        private int[] order(long fingerprint) {
            int[] o = new int[succ.count];
            for (int i = 0; i < succ.count; i++) {
                o[i] = i;
            }
            SplittableRandom r = new SplittableRandom(directed.stateSeed(fingerprint));
            for (int i = succ.count - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                int x = o[i];
                o[i] = o[j];
                o[j] = x;
            }
            return o;
        }

        @SuppressWarnings("unchecked")
        private void judgeSteps(int number) {
            for (int p : setup.actionProps) {
                if (foundAt[p] >= 0) {
                    continue;
                }
                PackedModel.StepTest t = setup.packedStepTests[p];
                for (int k = 0; k < succ.count; k++) {
                    int n = succ.length(k);
                    boolean ok;
                    if (t != null) {
                        if (scratch.length < n) {
                            scratch = new int[2 * n];
                        }
                        System.arraycopy(succ.arena, succ.starts[k], scratch, 0, n);
                        ok = t.test(cur, 0, succ.codes[k], scratch);
                    } else {
                        S from = setup.codec.decode(Words.reader(cur, 0));
                        S to = setup.codec.decode(Words.reader(succ.arena, succ.starts[k]));
                        ok = ((ActionProperty<S>) props.get(p)).test(from, setup.packed.action(succ.codes[k]), to);
                    }
                    if (!ok) {
                        foundAt[p] = number;
                        foundStep[p] = k;
                        break;
                    }
                }
            }
        }

        /** @return whether the search can stop: every property it checks violated, or one when asked to stop at the first */
        private boolean done() {
            boolean any = false;
            boolean all = true;
            for (int p = 0; p < props.size(); p++) {
                if (props.get(p) instanceof Progress<S>) {
                    continue;
                }
                any |= foundAt[p] >= 0;
                all &= foundAt[p] >= 0;
            }
            return all || any && settings.stopAtFirstViolation();
        }

        private boolean withinLimits() {
            if ((expanded & 1023) != 0) {
                return true;
            }
            long ms = elapsedMillis();
            if (ms > settings.maxMillis()) {
                limit = "time limit " + TimeText.of(settings.maxMillis()) + " reached";
            } else if (parents.size() >= settings.maxStates()) {
                limit = "state limit " + settings.maxStates() + " reached";
            } else {
                long store = visited.bytes() + parents.bytes() + ordinals.bytes();
                long openBytes = 4 * open.values();
                if (openBytes > OPEN_SHARE * budget) {
                    dropped += open.dropLowest((long) (OPEN_SHARE * budget / 8));
                    openBytes = 4 * open.values();
                }
                if (store + openBytes > budget) {
                    limit = "memory limit reached (" + (store + openBytes) / (1 << 20) + " MB of the "
                            + budget / (1 << 20) + " MB the heap allows)";
                }
            }
            return limit == null;
        }

        private long elapsedMillis() {
            return (System.nanoTime() - startNanos) / 1_000_000;
        }

        private void progress() {
            long now = System.nanoTime();
            if (now - lastReport < settings.progressMillis() * 1_000_000L) {
                return;
            }
            lastReport = now;
            long ms = elapsedMillis();
            settings.progress().accept(new ExplorerSettings.ProgressReport(parents.size(), open.size(),
                    parents.size() * 1000.0 / Math.max(1, ms), ms, deepest, -1, best, heuristic.maxScore()));
        }

        private Report report() {
            long ms = elapsedMillis();
            Stats stats = new Stats(Explorer.CHECKER, parents.size(), transitions, deepest + 1, ms, 1, Double.NaN);
            boolean exhausted = open.isEmpty() && limit == null && !done();
            String summary = summary(exhausted);
            WalkTrace<S> traces = new WalkTrace<>(setup.spec, null);
            List<CheckResult> results = new ArrayList<>();
            for (int p = 0; p < props.size(); p++) {
                Property<S> prop = props.get(p);
                if (foundAt[p] >= 0) {
                    int[] path = path(foundAt[p]);
                    int initial = path[0];
                    int[] steps = Arrays.copyOfRange(path, 1, path.length);
                    results.add(new CheckResult.Violated(prop.name(), traces.build(prop, initial, steps, foundStep[p],
                            (walked, kept) -> "found by the directed search (heuristic " + heuristic.name() + ", seed "
                                    + directed.seed() + ") after " + Counts.of(expanded, "state") + " expanded; "
                                    + walked + " steps; not necessarily a shortest trace"), stats));
                } else if (modelBound != null && !(prop instanceof Progress<S>)) {
                    results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.MODEL_BOUND,
                            modelBound, stats));
                } else if (prop instanceof Progress<S>) {
                    results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.NOT_CHECKED,
                            "the directed search checks no progress property: check " + prop.name()
                            + " with the breadth-first search", stats));
                } else {
                    results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.SIMULATION_ONLY,
                            summary, stats));
                }
            }
            long store = visited.bytes() + parents.bytes() + ordinals.bytes();
            return new Report(new ExplorationReport(results, stats, false, summary, store, 4 * open.values(), 0,
                    Optional.empty(), new ExplorationReport.Timing(false, 1, 0, 0, 0, 0, 0, 0, java.util.Map.of(),
                    java.util.Map.of(), java.util.Map.of()), ReductionSummary.none(), Optional.empty()),
                    heuristic.name(), expanded, best, heuristic.maxScore(), dropped, exhausted);
        }

        /** @return the ordinals of the path to state {@code number}: its initial state's, then each step's */
        private int[] path(int number) {
            IntList rev = new IntList();
            for (int i = number; i >= 0; i = parents.get(i)) {
                rev.add(ordinals.get(i));
            }
            int[] r = rev.toArray();
            for (int i = 0, j = r.length - 1; i < j; i++, j--) {
                int x = r[i];
                r[i] = r[j];
                r[j] = x;
            }
            return r;
        }

        private String summary(boolean exhausted) {
            String end = limit != null ? limit : done() ? "stopped at the violations"
                    : exhausted && dropped == 0 ? "every state reachable within " + Counts.of(directed.depth(), "step")
                    + " expanded" : "the open list emptied";
            return "directed search (heuristic " + heuristic.name() + ", seed " + directed.seed() + ", paths of at most "
                    + Counts.of(directed.depth(), "step") + "): " + Counts.of(expanded, "state") + " expanded, best score "
                    + best + " of " + heuristic.maxScore() + " (" + heuristic.explain(best) + ")" + (dropped > 0 ? ", " + Counts.of(dropped, "state")
                    + " left unexpanded (memory or depth bound)" : "") + ", no violation (" + end
                    + "); a directed search proves nothing";
        }
    }
}
