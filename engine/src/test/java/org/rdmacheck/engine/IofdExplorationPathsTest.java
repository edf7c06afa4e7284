package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The packed path on the iofd preset of the network model (successors and properties on packed values) against the
 * object path: identical distinct states, transitions, depth, verdicts and counterexamples for 1
 * and 2 threads, on every variant at its own defaults (those that must fail do: their
 * counterexamples are compared step by step), and with matching after each level.
 */
class IofdExplorationPathsTest {

    private static ExplorerSettings settings(int threads, boolean packed) {
        return ExplorerSettings.defaults().withThreads(threads).withPackedSuccessors(packed).withProgress(0, r -> { });
    }

    @ParameterizedTest
    @CsvSource({
        "dft, ''",
        "dft, 'flows=0-1,1-0L;failures=0;queue=3;packets=2'",
        "dft, 'topology=leafspine:tors=2,spines=3,hosts=1;failures=2;background=2;flows=0-1;queue=3;packets=2'",
        "flow-keyed, ''",
        "no-dft, ''",
        "overwrite, ''",
        "deflect-middle, ''",
        "unlimited-tokens, ''",
        "free-on-first, ''",
    })
    void packedAndObjectPathsGiveIdenticalResults(String variant, String params) {
        List<String> ps = params.isEmpty() ? List.of() : List.of(params.split(";"));
        CheckSpec<?> spec = Catalog.find("iofd").build(variant, Params.parse(ps));
        assertTrue(new ExplorationRun<>(spec, settings(1, true)).packedPath(), "iofd offers packed successors");
        assertFalse(new ExplorationRun<>(spec, settings(1, false)).packedPath());
        ExplorationReport base = new Explorer(settings(1, false)).check(spec);
        assertTrue(base.complete());
        for (String name : ps.isEmpty() ? spec.expectedViolations() : java.util.Set.<String>of()) {
            // the variant's expected violations occur at its defaults, so their counterexamples are compared below
            assertEquals(CheckResult.Verdict.VIOLATED, base.results().stream().filter(r -> r.property().equals(name))
                    .findFirst().orElseThrow().verdict(), name);
        }
        // at its defaults the design deadlocks two opposing messages (no escape lanes in this model); every
        // other variant fails more. Elsewhere the design is expected to deadlock only where its configuration
        // contains a stored deadlock, so the expectations are compared at the defaults only
        if (ps.isEmpty()) {
            assertEquals(variant.equals("dft"), spec.expectedViolations().equals(java.util.Set.of("DeadlockFree",
                    "EveryMessageDelivered")), variant);
        }
        for (int threads : new int[] {1, 2}) {
            SameExploration.assertSame(base, new Explorer(settings(threads, true)).check(spec), "packed, threads " + threads);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "dft, 'topology=leafspine:tors=2,spines=2,hosts=2;flows=0-2,3-1;tokens=1;queue=3;packets=2;failures=1'",
        "unlimited-tokens, ''",
    })
    void matchingAfterEachLevelGivesTheResultsOfOneThread(String variant, String params) {
        List<String> ps = params.isEmpty() ? List.of() : List.of(params.split(";"));
        CheckSpec<?> spec = Catalog.find("iofd").build(variant, Params.parse(ps)).withoutProgress();
        ExplorationReport base = new Explorer(settings(1, false)).check(spec);
        assertTrue(base.complete());
        for (int threads : new int[] {2, 3}) {
            assertTrue(new ExplorationRun<>(spec, settings(threads, true)).deferredMatching());
            SameExploration.assertSame(base, new Explorer(settings(threads, true)).check(spec), "packed, threads " + threads);
        }
    }
}
