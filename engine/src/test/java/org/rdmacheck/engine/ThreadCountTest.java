package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Every output but the timings is the same for any number of threads: distinct states,
 * transitions, depth, verdicts and counterexamples (steps, violation index, loop start), on the
 * packed path with and without a state graph (progress properties), on the object path, for
 * holding and violated properties. The models are large enough that every per-level pass is split
 * between the threads (levels of more than a thousand new states).
 */
class ThreadCountTest {

    private static ExplorerSettings settings(int threads, boolean packed) {
        return ExplorerSettings.defaults().withThreads(threads).withPackedSuccessors(packed).withProgress(0, r -> { });
    }

    @ParameterizedTest
    @CsvSource({
        // packed path, progress property (state graph kept), every property holds
        "gbn, improved, packets=4;losses=2, true, true",
        // packed path, no graph: matched after each level with several threads
        "gbn, improved, packets=4;losses=2, false, true",
        // packed path, NoTimeout violated
        "gbn, gbn, packets=4;losses=2, true, true",
        // object path (no packed successors), progress and violations
        "gbn, gbn, packets=4;losses=2, true, false",
        "gbn-timed, improved-short-rto, , true, true",
        "partition, no-data-id, , true, true",
        "partition, paper, ids=2, true, true",
    })
    void oneTwoThreeAndFourThreadsGiveIdenticalResults(String model, String variant, String params, boolean progress,
                                                       boolean packed) {
        CheckSpec<?> all = Catalog.find(model).build(variant,
                Params.parse(params == null ? List.of() : List.of(params.split(";"))));
        CheckSpec<?> spec = progress ? all : all.withoutProgress();
        assertEquals(progress, spec.properties().stream().anyMatch(p -> p instanceof Progress),
                "the case has a progress property exactly when it asks for one");
        ExplorationReport base = new Explorer(settings(1, packed)).check(spec);
        assertTrue(base.complete());
        assertTrue(base.stats().distinctStates() > 3_000, "big enough for parallel passes");
        for (int threads = 2; threads <= 4; threads++) {
            ExplorationReport r = new Explorer(settings(threads, packed)).check(spec);
            assertSameResults(base, r, model + " " + variant + ", threads " + threads);
            assertEquals(threads, r.timing().threads());
        }
    }

    @Test
    void violatedPropertiesKeepTheirCounterexamplesAtEveryThreadCount() {
        CheckSpec<?> spec = Catalog.find("partition").build("no-data-id", Params.parse(List.of()));
        ExplorationReport base = new Explorer(settings(1, true)).check(spec);
        long violated = base.results().stream().filter(r -> r instanceof CheckResult.Violated).count();
        assertTrue(violated >= 2, "no-data-id violates several properties");
        for (int threads = 2; threads <= 4; threads++) {
            assertSameResults(base, new Explorer(settings(threads, true)).check(spec), "threads " + threads);
        }
    }

    @Test
    void timingSplitsTheSearchIntoSerialStepsAndParallelSections() {
        CheckSpec<?> spec = Catalog.find("gbn").build("improved", Params.parse(List.of("packets=4", "losses=2")))
                .withoutProgress();
        for (int threads : new int[] {1, 2}) {
            ExplorationReport.Timing t = new Explorer(settings(threads, true)).check(spec).timing();
            if (!t.measured()) {
                continue;
            }
            assertTrue(t.parallelNanos() > 0 && t.sections() > 0, "threads " + threads);
            assertTrue(t.parallelWork().containsKey("expand"));
            assertEquals(t.serialNanos(), t.serialSteps().values().stream().mapToLong(Long::longValue).sum());
            assertEquals(t.parallelNanos(), t.parallelWork().values().stream().mapToLong(Long::longValue).sum());
            assertTrue(t.serialFraction() >= 0 && t.serialFraction() <= 1);
            assertTrue(t.amdahlEfficiency(2) > 0.5 && t.amdahlEfficiency(2) <= 1);
            assertEquals(1.0, t.amdahlEfficiency(1), 1e-9);
            if (threads == 1) {
                assertEquals(0, t.imbalanceNanos());
                assertEquals(t.parallelNanos(), t.spanNanos());
            } else {
                assertTrue(t.spanNanos() <= t.parallelNanos());
            }
        }
    }

    @Test
    void aLevelRecordedAtOnceEqualsItsStatesRecordedOneByOne() {
        // child counts and ordinals of 255 and more go to side maps; a state limit drops children
        Random rnd = new Random(7);
        TraceLog one = new TraceLog();
        TraceLog bulk = new TraceLog();
        for (int i = 0; i < 3; i++) {
            one.addRoot(i);
            bulk.addRoot(i);
        }
        int parents = 3;
        for (int level = 0; level < 6; level++) {
            int[] start = new int[parents + 1];
            for (int i = 0; i < parents; i++) {
                int c = rnd.nextInt(200) == 0 ? 255 + rnd.nextInt(300) : rnd.nextInt(4);
                start[i + 1] = start[i] + c;
            }
            int n = start[parents];
            // a state limit cuts the last level, and keeps the others to a few thousand states
            int keep = level == 5 ? n / 2 : Math.min(n, 3_000);
            int[] ords = new int[keep];
            for (int i = 0; i < keep; i++) {
                ords[i] = rnd.nextInt(10) == 0 ? 255 + rnd.nextInt(1000) : rnd.nextInt(255);
            }
            for (int i = 0; i < parents; i++) {
                one.childCount(Math.max(0, Math.min(start[i + 1], keep) - start[i]));
            }
            for (int i = 0; i < keep; i++) {
                one.addChild(ords[i]);
            }
            // ranges of 7 indices, as several threads would take them
            bulk.addLevel(parents, start, keep, i -> ords[i], (m, body) -> {
                for (int a = 0; a < m; a += 7) {
                    body.run(a, Math.min(m, a + 7));
                }
            });
            parents = keep;
        }
        assertEquals(one.size(), bulk.size());
        for (int s = 0; s < one.size(); s++) {
            assertEquals(one.parent(s), bulk.parent(s), "parent of " + s);
            assertEquals(one.ordinal(s), bulk.ordinal(s), "ordinal of " + s);
        }
        assertEquals(one.bytes(), bulk.bytes());
    }

    private static void assertSameResults(ExplorationReport base, ExplorationReport r, String what) {
        assertTrue(r.complete(), what);
        SameExploration.assertSame(base, r, what);
    }
}
