package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The packed path on the escape-vl preset of the network model against the object path: identical distinct states,
 * transitions, depth, verdicts and counterexamples for 1 and 2 threads, with every property
 * (deadlock, progress, in-order delivery), on variants that hold and on variants that must fail,
 * with and without progress properties.
 */
class EscapeVlExplorationPathsTest {

    private static ExplorerSettings settings(int threads, boolean packed) {
        return ExplorerSettings.defaults().withThreads(threads).withPackedSuccessors(packed).withProgress(0, r -> { });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "dart | network=ring3",
        "dart | network=leafspine;capacity=2",
        "one-lane | network=ring3",
        "one-lane | network=leafspine",
        "escape-deflect | network=ring3",
        "escape-return | network=ring4",
        "unlimited-tokens | network=ring3;tokens=2",
        "lane-change-order | network=ring3",
        "lane-change-order | network=leafspine;capacity=2",
        "escape-follow | network=ring3;workload=s1>s2:3,s2>s1:2,s0>s2:1",
    })
    void packedAndObjectPathsGiveIdenticalResults(String variant, String params) {
        CheckSpec<?> spec = Catalog.find("escape-vl").build(variant, Params.parse(List.of(params.split(";"))));
        assertTrue(new ExplorationRun<>(spec, settings(1, true)).packedPath(), "escape-vl offers packed successors");
        assertFalse(new ExplorationRun<>(spec, settings(1, false)).packedPath());
        ExplorationReport base = new Explorer(settings(1, false)).check(spec);
        assertTrue(base.complete());
        Set<String> violated = base.results().stream().filter(r -> r.verdict() == CheckResult.Verdict.VIOLATED)
                .map(CheckResult::property).collect(Collectors.toSet());
        assertEquals(spec.expectedViolations(), violated, "must-fail properties of " + variant);
        for (int threads : new int[] {1, 2}) {
            SameExploration.assertSame(base, new Explorer(settings(threads, true)).check(spec), "packed, threads " + threads);
            CheckSpec<?> safety = spec.withoutProgress();
            SameExploration.assertSame(new Explorer(settings(1, false)).check(safety), new Explorer(settings(threads, true)).check(safety),
                    "packed without progress, threads " + threads);
        }
    }
}
