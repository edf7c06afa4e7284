package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.StateGraph;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * The parallel search (forward-backward decomposition with trimming, components checked and
 * refined side by side) gives the components, verdicts and lassos of the search on one thread.
 * Thresholds are made tiny here, so that graphs of a few thousand states are split in parallel
 * down to a handful of states per task.
 */
class ParallelFairCycleSearchTest {

    private static final String[] NAMES = {"A", "B", "C"};

    /**
     * A random graph on {@code n} states, the same for every call: a few successors per state,
     * mostly near it (long chains and nested cycles), some anywhere; actions A, B, C with a value.
     */
    static Model<Integer> randomGraph(long seed, int n) {
        return new Model<>() {
            @Override
            public List<Integer> initialStates() {
                return List.of(0, 1, 2, 3);
            }

            @Override
            public void successors(Integer s, Consumer<Transition<Integer>> sink) {
                Random r = new Random(seed * 1_000_003L + s);
                int k = s < 4 ? 3 : r.nextInt(16) == 0 ? 0 : 1 + r.nextInt(3);
                for (int i = 0; i < k; i++) {
                    int to = r.nextInt(8) == 0 ? r.nextInt(n) : Math.floorMod(s + r.nextInt(24) - 4, n);
                    sink.accept(new Transition<>(Action.of(NAMES[r.nextInt(3)], "v", r.nextInt(2)), to));
                }
            }
        };
    }

    private static LivenessSpec<Integer> randomSpec(long seed, int n) {
        Model<Integer> m = randomGraph(seed, n);
        java.util.function.Predicate<Integer> stuck = s -> {
            List<Transition<Integer>> ts = new ArrayList<>();
            m.successors(s, ts::add);
            return ts.isEmpty();
        };
        return TextbookModels.spec("random", m,
                Liveness.eventually("ReachesEvenUnderStrong", s -> s % 2 == 0 || stuck.test(s),
                        Fairness.strongEach("A"), Fairness.strongEach("B"), Fairness.strongEach("C")),
                Liveness.leadsTo("ThreesLeadToEvensUnderStrong", s -> s % 3 == 0, s -> s % 2 == 0 || stuck.test(s),
                        Fairness.strongEach("A"), Fairness.strongEach("B"), Fairness.strongEach("C")),
                Liveness.eventuallyAlways("SettlesOffSevens", s -> s % 7 != 0, Fairness.weak("A"),
                        Fairness.strong("B")),
                Liveness.infinitelyOften("PassesFives", s -> s % 5 == 0, Fairness.strongEach("B"),
                        Fairness.weak("C")),
                Liveness.leadsTo("ThreesLeadToElevens", s -> s % 3 == 0, s -> s % 11 == 0,
                        Fairness.strongEach("A"), Fairness.weak("C")),
                Liveness.eventually("ReachesOne", s -> s == 1 || s == 2 || s == 3, Fairness.strong("A"), Fairness.strongEach("B"),
                        Fairness.strongEach("C")),
                Liveness.eventually("ReachesOneUnderWeak", s -> s == 1 || s == 2 || s == 3, Fairness.weakEach("A"),
                        Fairness.weakEach("B"), Fairness.weakEach("C")),
                // the step forms, A steps cut from the graph a fair cycle lies in: violated on these graphs
                // (LivenessActionFormTest has both verdicts), so their lassos are compared across threads
                Liveness.takenInfinitelyOften("TakesAOne", a -> a.name().equals("A") && a.params().get("v").equals(1),
                        Fairness.strongEach("B"), Fairness.weak("C")),
                Liveness.alwaysOrTaken("StopsOrTakesA", stuck, a -> a.name().equals("A"), Fairness.strongEach("A"),
                        Fairness.strongEach("B"), Fairness.strongEach("C")),
                Liveness.alwaysOrTaken("SettlesOffSevensOrTakesC", s -> s % 7 != 0, a -> a.name().equals("C"),
                        Fairness.weak("A"), Fairness.strong("B")));
    }

    private static LivenessReport sequential(LivenessSpec<?> spec) {
        return new LivenessChecker(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { })).check(spec);
    }

    private static LivenessReport parallel(LivenessSpec<?> spec, int threads, int parallelMin, int grain) {
        return new LivenessChecker(ExplorerSettings.defaults().withThreads(threads).withProgress(0, x -> { }),
                parallelMin, grain).check(spec);
    }

    /** Same verdicts and the same lassos (which replay); the same component count when nothing fails. */
    private static void same(LivenessSpec<?> spec, LivenessReport one, LivenessReport many) {
        assertTrue(one.complete() && many.complete(), one.stopReason() + many.stopReason());
        boolean anyViolated = false;
        for (CheckResult a : one.results()) {
            CheckResult b = many.result(a.property());
            assertEquals(a.verdict(), b.verdict(), a.property());
            if (a instanceof CheckResult.Violated va) {
                anyViolated = true;
                CheckResult.Violated vb = assertInstanceOf(CheckResult.Violated.class, b);
                assertEquals(va.counterexample(), vb.counterexample(), a.property());
                assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(spec, vb.counterexample()),
                        a.property());
            }
        }
        if (anyViolated) {
            assertTrue(many.components() >= one.components());
        } else {
            assertEquals(one.components(), many.components());
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void randomGraphsGiveTheSameAnswersOnOneAndSeveralThreads(long seed) {
        LivenessSpec<Integer> spec = randomSpec(seed, 3000);
        LivenessReport one = sequential(spec);
        assertTrue(one.stats().distinctStates() > 1000, "graph too small: " + one.stats().distinctStates());
        same(spec, one, parallel(spec, 3, 8, 16));
        same(spec, one, parallel(spec, 2, 64, 256));
    }

    @Test
    void randomGraphsHaveBothVerdicts() {
        java.util.Set<CheckResult.Verdict> seen = java.util.EnumSet.noneOf(CheckResult.Verdict.class);
        for (long seed = 1; seed <= 6; seed++) {
            for (CheckResult r : sequential(randomSpec(seed, 3000)).results()) {
                seen.add(r.verdict());
            }
        }
        assertEquals(java.util.EnumSet.of(CheckResult.Verdict.VERIFIED, CheckResult.Verdict.VIOLATED), seen);
    }

    /** The components themselves: forward-backward with trimming finds Tarjan's, in the same order. */
    @ParameterizedTest
    @ValueSource(longs = {7, 8, 9})
    void decompositionsAgree(long seed) {
        Model<Integer> model = randomGraph(seed, 5000);
        CheckSpec<Integer> spec = new CheckSpec<>("random", "default", Map.of(), model, List.of(), java.util.Set.of());
        StateGraph graph = new Explorer(ExplorerSettings.defaults().withRecordGraph(true).withProgress(0, x -> { }))
                .check(spec).graph().orElseThrow();
        LabelledGraph<Integer> g = new LabelledGraph<>(model, graph, List.of(), 1);
        BitSet half = new BitSet();
        Random r = new Random(seed);
        for (int v = 0; v < g.n; v++) {
            if (r.nextInt(4) != 0) {
                half.set(v);
            }
        }
        assertTrue(g.n > 1000, "graph too small: " + g.n);
        for (BitSet region : List.of(all(g.n), half)) {
            int[] members = region.stream().toArray();
            List<int[]> tarjan = list(new SccDecomposition(g, null, 2, 1, Deadline.NONE, new AtomicInteger())
                    .of(members));
            ForkJoinPool pool = new ForkJoinPool(3);
            try {
                SccDecomposition fb = new SccDecomposition(g, pool, 4, 8, Deadline.NONE, new AtomicInteger());
                List<int[]> split = list(pool.invoke(ForkJoinTask.adapt(() -> fb.of(members))));
                assertEquals(tarjan.size(), split.size());
                for (int i = 0; i < tarjan.size(); i++) {
                    assertArrayEquals(tarjan.get(i), split.get(i), "component " + i);
                }
                assertTrue(region != half || tarjan.stream().anyMatch(c -> c.length > 10), "some large components");
            } finally {
                pool.shutdown();
            }
        }
    }

    private static BitSet all(int n) {
        BitSet b = new BitSet();
        b.set(0, n);
        return b;
    }

    private static List<int[]> list(Components cs) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < cs.count(); i++) {
            out.add(java.util.Arrays.copyOfRange(cs.states(), cs.from(i), cs.to(i)));
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"gbn, improved-ignore", "gbn, ce", "escape-vl, unlimited-tokens", "escape-vl, dart",
        "iofd, unlimited-tokens"})
    void catalogueModelsGiveTheSameAnswersOnOneAndSeveralThreads(String model, String variant) {
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.empty());
        LivenessSpec<?> live = Catalog.find(model).liveness(spec).orElseThrow();
        same(live, sequential(live), parallel(live, 3, 16, 64));
    }

    @Test
    void textbookModelsGiveTheSameAnswersOnOneAndSeveralThreads() {
        LivenessSpec<TextbookModels.Mutex> mutex = TextbookModels.spec("mutex", TextbookModels.MUTEX,
                Liveness.leadsTo("WF", s -> s.p0() == 1, s -> s.p0() == 2, Fairness.weakEach("Enter"),
                        Fairness.weakEach("Exit")),
                Liveness.leadsTo("SF", s -> s.p0() == 1, s -> s.p0() == 2, Fairness.strongEach("Enter"),
                        Fairness.weakEach("Exit")));
        LivenessReport one = sequential(mutex);
        assertEquals(CheckResult.Verdict.VIOLATED, one.result("WF").verdict());
        assertEquals(CheckResult.Verdict.VERIFIED, one.result("SF").verdict());
        same(mutex, one, parallel(mutex, 3, 2, 1));
        LivenessSpec<TextbookModels.Chan> chan = TextbookModels.spec("channel", TextbookModels.channel(3),
                Liveness.eventually("AllDelivered", s -> s.delivered() == 3, Fairness.weak("Send"),
                        Fairness.weak("Deliver")),
                Liveness.eventually("AllDeliveredUnfair", s -> s.delivered() == 3, Fairness.weak("Send")));
        same(chan, sequential(chan), parallel(chan, 3, 2, 1));
        LivenessSpec<TextbookModels.Job> job = TextbookModels.spec("job", TextbookModels.JOB,
                Liveness.leadsTo("Fair", s -> s.phase() == 1, s -> s.phase() == 2, Fairness.weak("Finish")),
                Liveness.leadsTo("Unfair", s -> s.phase() == 1, s -> s.phase() == 2, Fairness.weak("Retry")));
        same(job, sequential(job), parallel(job, 3, 2, 1));
    }

    @Test
    void aPassedDeadlineStopsTheParallelSearch() {
        Model<Integer> model = randomGraph(11, 5000);
        CheckSpec<Integer> spec = new CheckSpec<>("random", "default", Map.of(), model, List.of(), java.util.Set.of());
        StateGraph graph = new Explorer(ExplorerSettings.defaults().withRecordGraph(true).withProgress(0, x -> { }))
                .check(spec).graph().orElseThrow();
        LabelledGraph<Integer> g = new LabelledGraph<>(model, graph, List.of(), 1);
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            FairCycleSearch s = new FairCycleSearch(g, List.of(Fairness.strong("A")), Deadline.in(0), pool, 4, 8);
            assertThrows(Deadline.Passed.class, () -> s.find(all(g.n), null));
        } finally {
            pool.shutdown();
        }
    }
}
