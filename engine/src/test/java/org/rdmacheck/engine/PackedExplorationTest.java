package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The packed path (successors on packed states, a packed frontier) against the object path on the
 * Go-Back-N model, which offers packed successors: identical distinct states, transitions, depth,
 * verdicts and counterexamples for 1 and 2 threads, with every property (progress and deadlock
 * included), with properties that have no packed form (checked on decoded states), and when the
 * state limit cuts the search short.
 */
class PackedExplorationTest {

    private static ExplorerSettings settings(int threads, boolean packed) {
        return ExplorerSettings.defaults().withThreads(threads).withPackedSuccessors(packed).withProgress(0, r -> { });
    }

    @ParameterizedTest
    @CsvSource({
        "gb0, packets=3;messages=2;losses=1",
        "gbn, packets=3;losses=2",
        "st, packets=3;losses=2",
        "ce, packets=2;messages=2;losses=1",
        "improved, packets=3;losses=2",
        "improved-ignore, packets=3;losses=1",
        "improved, packets=3;losses=2;nakPolicy=epsn",
    })
    void packedAndObjectPathsGiveIdenticalResults(String variant, String params) {
        CheckSpec<?> spec = Catalog.find("gbn").build(variant, Params.parse(List.of(params.split(";"))));
        assertTrue(new ExplorationRun<>(spec, settings(1, true)).packedPath(), "gbn offers packed successors");
        assertFalse(new ExplorationRun<>(spec, settings(1, false)).packedPath());
        ExplorationReport base = new Explorer(settings(1, false)).check(spec);
        assertTrue(base.complete());
        for (int threads : new int[] {1, 2}) {
            SameExploration.assertSame(base, new Explorer(settings(threads, true)).check(spec), "packed, threads " + threads);
            SameExploration.assertSame(base, new Explorer(settings(threads, true)).check(withoutPackedForms(spec)),
                    "packed path, properties decoded, threads " + threads);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "improved, packets=4;losses=2",
        "gbn, packets=3;losses=2",
        "improved-ignore, packets=4;losses=1",
    })
    void matchingAfterEachLevelGivesTheResultsOfOneThread(String variant, String params) {
        // without progress properties there is no state graph: several threads buffer new
        // successors and match them after each level instead of inserting them at once
        CheckSpec<?> spec = Catalog.find("gbn").build(variant, Params.parse(List.of(params.split(";"))))
                .withoutProgress();
        assertFalse(new ExplorationRun<>(spec, settings(1, true)).deferredMatching());
        assertFalse(new ExplorationRun<>(spec, settings(2, true).withRecordGraph(true)).deferredMatching());
        ExplorationReport base = new Explorer(settings(1, false)).check(spec);
        assertTrue(base.complete());
        for (int threads : new int[] {1, 2, 3, 5}) {
            assertTrue(threads == 1 || new ExplorationRun<>(spec, settings(threads, true)).deferredMatching());
            SameExploration.assertSame(base, new Explorer(settings(threads, true)).check(spec), "packed, threads " + threads);
        }
        for (int threads : new int[] {2, 3}) {
            ExplorationReport cut = new Explorer(settings(threads, true).withMaxStates(700)).check(spec);
            assertFalse(cut.complete());
            assertEquals(700, cut.stats().distinctStates(), "state limit, threads " + threads);
            SameExploration.assertSame(new Explorer(settings(1, false).withMaxStates(700)).check(spec), cut,
                    "state limit, threads " + threads);
        }
    }

    @Test
    void stateLimitCutsBothPathsAtTheSameState() {
        CheckSpec<?> spec = Catalog.find("gbn").build("improved", Params.parse(List.of("packets=4", "losses=2")));
        ExplorationReport base = new Explorer(settings(1, false).withMaxStates(5_000)).check(spec);
        assertFalse(base.complete());
        for (int threads : new int[] {1, 2}) {
            ExplorationReport r = new Explorer(settings(threads, true).withMaxStates(5_000)).check(spec);
            assertFalse(r.complete());
            assertEquals(5_000, r.stats().distinctStates());
            SameExploration.assertSame(base, r, "threads " + threads);
        }
    }

    @Test
    void violationsAreFoundOnThePackedPathWithTheObjectPathsCounterexample() {
        // gbn with a loss budget of 1 takes the ACK timeout: NoTimeout is violated
        CheckSpec<?> spec = Catalog.find("gbn").build("gbn", Params.parse(List.of("packets=3", "losses=1")));
        ExplorationReport r = new Explorer(settings(2, true)).check(spec);
        CheckResult.Violated v = (CheckResult.Violated) r.results().stream()
                .filter(x -> x.property().equals("NoTimeout")).findFirst().orElseThrow();
        Counterexample cex = v.counterexample();
        assertEquals("Timeout", cex.steps().get(cex.steps().size() - 1).action().name());
        SameExploration.assertSame(new Explorer(settings(1, false)).check(spec), r, "object path");
    }

    @Test
    void manyPropertiesGiveTheObjectPathsResults() {
        // more properties than call sites of their own (sixteen for steps, eight for states), some
        // violated, and copies without a packed form, judged the general way
        CheckSpec<?> spec = Catalog.find("gbn").build("gbn", Params.parse(List.of("packets=2", "losses=1")));
        CheckSpec<?> many = copies(spec, 10);
        assertTrue(many.properties().stream().filter(p -> p instanceof ActionProperty).count() > StepTests.SLOTS);
        assertTrue(many.properties().stream().filter(p -> p instanceof Invariant).count() > StateTests.SLOTS);
        ExplorationReport base = new Explorer(settings(1, false)).check(many);
        assertTrue(base.results().stream().anyMatch(r -> r instanceof CheckResult.Violated));
        for (int threads : new int[] {1, 2}) {
            SameExploration.assertSame(base, new Explorer(settings(threads, true)).check(many), "threads " + threads);
        }
    }

    /** Each property {@code n} times under names of their own; the last copy of each without its packed form. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static CheckSpec<?> copies(CheckSpec<?> spec, int n) {
        List<Property> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            for (Property<?> p : spec.properties()) {
                String name = k == 0 ? p.name() : p.name() + "#" + k;
                if (p instanceof Invariant<?> in) {
                    out.add(k == n - 1 ? new Invariant(name, in.holds()) : new Invariant(name, in.holds(), in.packed()));
                } else if (p instanceof ActionProperty<?> ap) {
                    out.add(k == n - 1 ? new ActionProperty(name, ap.holds()) : new ActionProperty(name, ap.holds(), ap.packed()));
                } else if (p instanceof Progress<?> pg) {
                    out.add(k == n - 1 ? new Progress(name, pg.goal()) : new Progress(name, pg.goal(), pg.packedGoal()));
                } else if (k == 0) {
                    out.add(p);
                }
            }
        }
        return new CheckSpec(spec.modelName(), spec.variant(), spec.parameters(), spec.model(), out,
                spec.expectedViolations());
    }

    /** The same properties, without their packed forms: the packed path decodes states for them. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static CheckSpec<?> withoutPackedForms(CheckSpec<?> spec) {
        List<Property> plain = new ArrayList<>();
        for (Property<?> p : spec.properties()) {
            if (p instanceof Invariant<?> in) {
                plain.add(new Invariant(in.name(), in.holds()));
            } else if (p instanceof ActionProperty<?> ap) {
                plain.add(new ActionProperty(ap.name(), ap.holds()));
            } else if (p instanceof Progress<?> pg) {
                plain.add(new Progress(pg.name(), pg.goal()));
            } else {
                plain.add(p);
            }
        }
        return new CheckSpec(spec.modelName(), spec.variant(), spec.parameters(), spec.model(), plain,
                spec.expectedViolations());
    }
}
