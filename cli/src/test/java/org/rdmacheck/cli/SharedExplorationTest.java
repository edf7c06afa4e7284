package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.vacuity.Vacuity;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * A model's check explores it once for its safety, progress and liveness properties: the findings
 * are those of two explorations, one for each (same verdicts, counts and counterexamples, lassos
 * included), on models whose liveness properties hold and on models where they fail.
 */
class SharedExplorationTest {

    static Stream<Arguments> checks() {
        return Stream.of(
                Arguments.of("gbn", "improved", Map.of()),
                Arguments.of("gbn", "improved-ignore", Map.of()),
                Arguments.of("dasr", "persistent", Map.of()),
                Arguments.of("fabric", "repaired-one-message", Map.of()),
                Arguments.of("fabric", "lane-silent", Map.of()),
                Arguments.of("partition", "paper", Map.of()),
                Arguments.of("escape-vl", "dart", Map.of("network", "ring3")));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("checks")
    void oneExplorationFindsWhatTwoFind(String model, String variant, Map<String, String> params, @TempDir Path dir) {
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.of(params));
        LivenessSpec<?> live = ModelChecks.livenessOf(spec).orElseThrow();
        assertFalse(live.properties().isEmpty());
        assertTrue(ModelChecks.sharesExploration(spec, live, settings));
        assertFalse(ModelChecks.sharesExploration(spec, live, settings.withSymmetry(true)));
        // the safety check's exploration is complete and keeps its graph: the liveness analysis runs on it
        org.rdmacheck.engine.ExplorationReport safety = new Explorer(settings.withRecordGraph(true)).check(spec);
        assertTrue(safety.complete() && safety.graph().isPresent(), safety.stopReason());
        List<Finding> once = ModelChecks.run(spec, live, settings, dir.resolve("once"));
        // both report a property whose antecedent no state meets as vacuous (dasr persistent: MaxMinShareWithinK)
        Vacuity vacuity = Vacuity.of(spec, settings);
        List<Finding> twice = new ArrayList<>(ModelChecks.rows(spec,
                vacuity.apply(new Explorer(settings).check(vacuity.spec())), dir.resolve("twice")));
        twice.addAll(ModelChecks.livenessRows(live, new LivenessChecker(settings).check(live), dir.resolve("twice")));
        assertEquals(twice.size(), once.size());
        assertEquals(twice.stream().map(SharedExplorationTest::essence).toList(),
                once.stream().map(SharedExplorationTest::essence).toList());
        assertTrue(once.stream().allMatch(f -> f.outcome() == Finding.Outcome.AS_EXPECTED
                || f.cause().equals(java.util.Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS))),
                once.toString());
    }

    /** What a finding says, without what the run measured (times, speeds, memory, components searched). */
    private static Map<String, Object> essence(Finding f) {
        return Map.of("subject", f.subject(), "verdict", f.verdict(),
                "quantities", f.quantities().stream().filter(q -> q.unit() != Quantity.Unit.MILLISECONDS
                        && q.unit() != Quantity.Unit.STATES_PER_SECOND && q.unit() != Quantity.Unit.BYTES
                        && !q.name().equals("components")).map(q -> q.name() + "=" + q.value()).toList(),
                "counterexample", f.counterexample().map(t -> t.trace().loopStart() + " " + t.trace().steps())
                        .orElse("none"));
    }
}
