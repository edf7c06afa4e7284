package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.StateGraph;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * The labelling of the explored graph is the same with one thread and with several (levels cut
 * into chunks of 64 states, so that the small graphs here are labelled in parallel too), and so
 * are the verdicts and lassos of the liveness check.
 */
class LabelledGraphTest {

    @SuppressWarnings("unchecked")
    private static <S> void sameLabelling(CheckSpec<S> spec, LivenessSpec<?> live) {
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(2).withRecordGraph(true)
                .withProgress(0, x -> { })).check(spec);
        StateGraph graph = r.graph().orElseThrow();
        List<Predicate<S>> preds = live.properties().stream().map(p -> (Predicate<S>) p.p()).toList();
        LabelledGraph<S> one = new LabelledGraph<>(spec.model(), graph, preds, 1);
        LabelledGraph<S> many = new LabelledGraph<>(spec.model(), graph, preds, 3, 64, Deadline.NONE);
        assertTrue(one.n > 1000, "a graph of " + one.n + " states is too small to cut into chunks");
        assertArrayEquals(one.off, many.off);
        assertArrayEquals(one.dst, many.dst);
        assertArrayEquals(one.act, many.act);
        assertEquals(one.actions, many.actions);
        for (int i = 0; i < preds.size(); i++) {
            assertEquals(one.preds[i], many.preds[i]);
        }
    }

    @ParameterizedTest
    @CsvSource({"escape-vl, dart", "iofd, unlimited-tokens", "gbn, improved-ignore"})
    void oneAndSeveralThreadsLabelAlike(String model, String variant) {
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.empty());
        sameLabelling(spec, Catalog.find(model).liveness(spec).orElseThrow());
    }

    /**
     * A model with packed successors is labelled on its packed values (actions by code, each built
     * once): the same actions on the same edges, the same predicates, as on its objects. So is the
     * graph of an exploration that recorded the edges' action codes and the predicates
     * ({@link org.rdmacheck.engine.GraphLabels}), on one thread or several, with no execution at all.
     */
    @ParameterizedTest
    @CsvSource({"escape-vl, dart", "iofd, unlimited-tokens", "gbn, improved-ignore", "fabric, repaired-one-message"})
    @SuppressWarnings("unchecked")
    <S> void packedAndObjectLabellingsAgree(String model, String variant) {
        CheckSpec<S> spec = (CheckSpec<S>) Catalog.find(model).build(variant, Params.empty());
        assertTrue(spec.model().packed().isPresent() && spec.model().codec().isPresent(), "a packed model");
        LivenessSpec<?> live = Catalog.find(model).liveness(spec).orElseThrow();
        List<Predicate<S>> preds = new java.util.ArrayList<>();
        live.properties().forEach(p -> preds.add((Predicate<S>) p.p()));
        live.properties().stream().filter(p -> p.q() != null).forEach(p -> preds.add((Predicate<S>) p.q()));
        // the same predicates as other objects: the labelling does not recognise them as recorded, and executes
        List<Predicate<S>> again = preds.stream().map(p -> (Predicate<S>) p::test).toList();
        org.rdmacheck.engine.GraphLabels<S> labels = new org.rdmacheck.engine.GraphLabels<>(preds);
        // recorded by three threads, whose action codes are numbered in the order they meet them
        StateGraph graph = new Explorer(ExplorerSettings.defaults().withThreads(3).withRecordGraph(true)
                .withProgress(0, x -> { })).check(spec, labels).graph().orElseThrow();
        assertTrue(graph.labels().isPresent(), "labels recorded on the packed path");
        LabelledGraph<S> objects = new LabelledGraph<>(spec.model(), graph, again, 1, LabelledGraph.CHUNK,
                Deadline.NONE, false);
        LabelledGraph<S> recorded = new LabelledGraph<>(spec.model(), graph, preds, 1);
        for (int threads : new int[] {1, 3}) {
            LabelledGraph<S> packed = new LabelledGraph<>(spec.model(), graph, again, threads, 64, Deadline.NONE, true);
            for (LabelledGraph<S> g : List.of(packed, recorded)) {
                assertArrayEquals(objects.act, g.act);
                assertEquals(objects.actions, g.actions);
                for (int i = 0; i < preds.size(); i++) {
                    assertEquals(objects.preds[i], g.preds[i], "predicate " + i);
                }
            }
        }
    }

    @org.junit.jupiter.api.Test
    @SuppressWarnings("unchecked")
    void aPassedDeadlineStopsTheLabellingAndTheSearch() {
        CheckSpec<Object> spec = (CheckSpec<Object>) Catalog.find("escape-vl").build("dart", Params.empty());
        StateGraph graph = new Explorer(ExplorerSettings.defaults().withRecordGraph(true).withProgress(0, x -> { }))
                .check(spec).graph().orElseThrow();
        org.junit.jupiter.api.Assertions.assertThrows(Deadline.Passed.class,
                () -> new LabelledGraph<>(spec.model(), graph, List.of(), 1, 64, Deadline.in(0)));
        LabelledGraph<Object> g = new LabelledGraph<>(spec.model(), graph, List.of(), 1);
        java.util.BitSet all = new java.util.BitSet();
        all.set(0, g.n);
        org.junit.jupiter.api.Assertions.assertThrows(Deadline.Passed.class,
                () -> new FairCycleSearch(g, List.of(), Deadline.in(0)).find(all, null));
    }

    @ParameterizedTest
    @CsvSource({"iofd, unlimited-tokens", "escape-vl, unlimited-tokens", "escape-vl, dart"})
    void oneAndSeveralThreadsGiveTheSameVerdictAndLasso(String model, String variant) {
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.empty());
        LivenessSpec<?> live = Catalog.find(model).liveness(spec).orElseThrow();
        LivenessReport a = new LivenessChecker(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { }))
                .check(live);
        LivenessReport b = new LivenessChecker(ExplorerSettings.defaults().withThreads(3).withProgress(0, x -> { }))
                .check(live);
        for (CheckResult ra : a.results()) {
            CheckResult rb = b.result(ra.property());
            assertEquals(ra.verdict(), rb.verdict());
            if (ra instanceof CheckResult.Violated va) {
                assertEquals(va.counterexample().steps(), assertInstanceOf(CheckResult.Violated.class, rb)
                        .counterexample().steps());
                assertEquals(va.counterexample().loopStart(), ((CheckResult.Violated) rb).counterexample().loopStart());
            }
        }
        assertEquals(a.stats().distinctStates(), b.stats().distinctStates());
    }
}
