package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The memory-saving paths of large runs change nothing but the heap: compact levels (the next
 * frontier re-generated from predecessors instead of kept with its values), the switch to them in
 * the middle of a run, and candidates matched into the level table before the level ends give the
 * same states, transitions, depth, verdicts and counterexamples as the default path, at one and two
 * threads, with and without a state graph; and a compact level holds fewer bytes.
 */
class CompactLevelsTest {

    @AfterEach
    void resetTuning() {
        EngineTuning.candidateBudgetOverride = -1;
        EngineTuning.compactAboveOverride = -1;
        EngineTuning.segmentBitsOverride = -1;
    }

    private static ExplorerSettings settings(int threads, ExplorerSettings.Storage storage) {
        return ExplorerSettings.defaults().withThreads(threads).withStorage(storage).withProgress(0, r -> { });
    }

    private static CheckSpec<?> spec(String model, String variant, String params, boolean progress) {
        CheckSpec<?> all = Catalog.find(model).build(variant,
                Params.parse(params == null ? List.of() : List.of(params.split(";"))));
        return progress ? all : all.withoutProgress();
    }

    @ParameterizedTest
    @CsvSource({
        // every property holds; with and without the state graph
        "fabric, repaired, , false",
        "fabric, repaired, , true",
        // violations: the traces are rebuilt from the same numbers
        "fabric, repaired, escape=off, false",
        "iofd, overwrite, , false",
        "gbn, gbn, packets=4;losses=2, true",
        "partition, no-data-id, , false",
    })
    void compactLevelsExploreTheSameStates(String model, String variant, String params, boolean progress) {
        CheckSpec<?> spec = spec(model, variant, params, progress);
        ExplorationReport base = new Explorer(settings(1, ExplorerSettings.Storage.FINGERPRINT)).check(spec);
        assertTrue(base.stats().distinctStates() > 3_000, "big enough for parallel passes");
        for (int threads = 1; threads <= 2; threads++) {
            ExplorationReport compact = new Explorer(settings(threads, ExplorerSettings.Storage.COMPACT)).check(spec);
            SameExploration.assertSame(base, compact, model + " " + variant + " compact, threads " + threads);
        }
        // frontiers in segments of 256 states: a predecessor's new states straddle segments
        EngineTuning.segmentBitsOverride = 8;
        ExplorationReport segmented = new Explorer(settings(2, ExplorerSettings.Storage.COMPACT)).check(spec);
        SameExploration.assertSame(base, segmented, model + " " + variant + " compact, segments of 256 states");
    }

    @ParameterizedTest
    @CsvSource({"1", "2"})
    void aRunTurnsCompactMidwayAndMatchesCandidatesEarlyWithTheSameResults(int threads) {
        CheckSpec<?> spec = spec("fabric", "repaired", "escape=off", false);
        CheckSpec<?> holds = spec("fabric", "repaired", null, false);
        for (CheckSpec<?> s : List.of(spec, holds)) {
            ExplorationReport base = new Explorer(settings(threads, ExplorerSettings.Storage.FINGERPRINT)).check(s);
            // compact from the level where the structures pass half the final store (some level
            // before the last), candidates matched after every chunk
            EngineTuning.compactAboveOverride = base.storeBytes() / 2;
            EngineTuning.candidateBudgetOverride = 0;
            EngineTuning.segmentBitsOverride = 10;
            ExplorationReport tuned = new Explorer(settings(threads, ExplorerSettings.Storage.FINGERPRINT)).check(s);
            resetTuning();
            SameExploration.assertSame(base, tuned, "turned compact midway, threads " + threads);
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "2"})
    void aCompactLevelHoldsFewerBytes(int threads) {
        CheckSpec<?> spec = spec("fabric", "repaired", null, false);
        ExplorationReport kept = new Explorer(settings(threads, ExplorerSettings.Storage.FINGERPRINT)).check(spec);
        ExplorationReport compact = new Explorer(settings(threads, ExplorerSettings.Storage.COMPACT)).check(spec);
        assertEquals(kept.stats().distinctStates(), compact.stats().distinctStates());
        assertTrue(kept.results().stream().allMatch(r -> r instanceof CheckResult.Verified));
        assertTrue(compact.levelBytes() > 0);
        assertTrue(compact.levelBytes() < kept.levelBytes(),
                "compact " + compact.levelBytes() + " B, with values " + kept.levelBytes() + " B");
    }
}
