package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The one-thread search matches a level's new states on a path of its own: it inserts them into
 * the visited store as it looks them up, appends them to the level table in the order it meets
 * them, and takes that order as their numbering (a level in one stripe becomes the next frontier
 * without a copy). Its results equal those of the general path (two threads, the store read-only
 * during a level, a hashed level table, numbers sorted by link), also when a level's entries fill
 * several stripes, when the state limit cuts a level short, and when levels turn compact midway.
 * With a state graph (progress properties, liveness labels) the one-thread path numbers each new
 * state as it inserts it, and records the same edges, action codes and predicate bits.
 */
class OneThreadMatchingTest {

    @AfterEach
    void resetTuning() {
        EngineTuning.stripeFillOverride = -1;
        EngineTuning.compactAboveOverride = -1;
    }

    private static ExplorerSettings settings(int threads) {
        return ExplorerSettings.defaults().withThreads(threads).withProgress(0, r -> { });
    }

    private static CheckSpec<?> spec(String model, String variant, String params) {
        return Catalog.find(model).build(variant, Params.parse(params == null ? List.of() : List.of(params.split(";"))))
                .withoutProgress();
    }

    @ParameterizedTest
    @CsvSource({
        // progress violated (a 4-packet message, 2 losses, Go-Back-N without repairs), liveness labels
        "gbn, gbn, packets=4;losses=2",
    })
    @SuppressWarnings({"unchecked", "rawtypes"})
    void theOneThreadPathRecordsTheGeneralGraph(String model, String variant, String params) {
        CheckSpec spec = Catalog.find(model).build(variant, Params.parse(params == null ? List.of()
                : List.of(params.split(";"))));
        org.rdmacheck.properties.liveness.LivenessSpec live = Catalog.find(model).liveness(spec).orElseThrow();
        GraphLabels labels = org.rdmacheck.engine.liveness.LivenessChecker.labels(live);
        ExplorationReport general = new Explorer(settings(2).withRecordGraph(true)).check(spec, labels);
        assertTrue(general.stats().distinctStates() > 1_000, "levels big enough for several chunks");
        ExplorationReport one = new Explorer(settings(1).withRecordGraph(true)).check(spec, labels);
        SameExploration.assertSame(general, one, model + " " + variant + " one thread, graph");
        assertSameGraph(general.graph().orElseThrow(), one.graph().orElseThrow(), model + " " + variant);

        EngineTuning.stripeFillOverride = 97;
        ExplorationReport striped = new Explorer(settings(1).withRecordGraph(true)).check(spec, labels);
        assertSameGraph(general.graph().orElseThrow(), striped.graph().orElseThrow(), model + " stripes of 97");
        resetTuning();

        EngineTuning.compactAboveOverride = general.storeBytes() / 4;
        ExplorationReport compact = new Explorer(settings(1).withRecordGraph(true)).check(spec, labels);
        assertSameGraph(general.graph().orElseThrow(), compact.graph().orElseThrow(), model + " compact midway");
    }

    /** The same edges in the same order, with the same action codes, and the same predicate bits per state. */
    private static void assertSameGraph(StateGraph a, StateGraph b, String what) {
        assertEquals(a.states(), b.states(), what);
        assertEquals(a.edges(), b.edges(), what);
        int[][] rows = new int[2][];
        long[][] codes = new long[2][];
        StateGraph[] gs = {a, b};
        int[][] offs = new int[2][];
        for (int g = 0; g < 2; g++) {
            offs[g] = new int[a.states() + 1];
            rows[g] = new int[(int) a.edges()];
            int[] actions = new int[(int) a.edges()];
            gs[g].copyRows(offs[g], rows[g], actions);
            long[] table = gs[g].actionCodes();
            codes[g] = new long[actions.length];
            for (int e = 0; e < actions.length; e++) {
                codes[g][e] = table[actions[e]];
            }
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(offs[0], offs[1], what + ": degrees");
        org.junit.jupiter.api.Assertions.assertArrayEquals(rows[0], rows[1], what + ": edges");
        org.junit.jupiter.api.Assertions.assertArrayEquals(codes[0], codes[1], what + ": action codes");
        int words = (a.states() + 63) >>> 6;
        long[][] ma = new long[64][words];
        long[][] mb = new long[64][words];
        a.marks(ma);
        b.marks(mb);
        for (int p = 0; p < 64; p++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(ma[p], mb[p], what + ": predicate " + p);
        }
    }

    @ParameterizedTest
    @CsvSource({
        // every property holds
        "gbn, improved, ",
        "dasr, dart, ",
        "partition, paper, qps=2;transfers=3;ids=2",
        // violations: counterexamples rebuilt from the numbers the one-thread path gives
        "gbn, gbn, packets=4;losses=2",
        "fabric, repaired, escape=off",
        "partition, no-data-id, ",
    })
    void theOneThreadPathExploresAsTheGeneralOne(String model, String variant, String params) {
        CheckSpec<?> spec = spec(model, variant, params);
        ExplorationReport general = new Explorer(settings(2)).check(spec);
        assertTrue(general.stats().distinctStates() > 3_000, "levels big enough for several chunks");
        ExplorationRun<?> probe = new ExplorationRun<>(spec, settings(1));
        assertTrue(probe.packedPath() && !probe.deferredMatching(), "one thread, packed, matched at once");

        ExplorationReport one = new Explorer(settings(1)).check(spec);
        SameExploration.assertSame(general, one, model + " " + variant + " one thread");

        // a level's entries over several stripes: numbered stripe after stripe, the frontier copied
        EngineTuning.stripeFillOverride = 97;
        ExplorationReport striped = new Explorer(settings(1)).check(spec);
        SameExploration.assertSame(general, striped, model + " " + variant + " stripes of 97 entries");
        resetTuning();

        // compact from the level where the structures pass a quarter of the final store
        EngineTuning.compactAboveOverride = general.storeBytes() / 4;
        ExplorationReport compact = new Explorer(settings(1)).check(spec);
        SameExploration.assertSame(general, compact, model + " " + variant + " compact midway");
        resetTuning();

        // the state limit inside a level: the same partial figures and verdicts at one and two threads
        long limit = general.stats().distinctStates() * 2 / 3;
        ExplorationReport cut2 = new Explorer(settings(2).withMaxStates(limit)).check(spec);
        ExplorationReport cut1 = new Explorer(settings(1).withMaxStates(limit)).check(spec);
        if (general.complete()) {
            assertFalse(cut1.complete(), "cut short");
        }
        SameExploration.assertSame(cut2, cut1, model + " " + variant + " state limit " + limit);
        assertEquals(cut2.stats().distinctStates(), cut1.stats().distinctStates());
    }
}
