package org.rdmacheck.checker.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Symmetry reduction on the data-partition model (its queue pairs are interchangeable) and on the
 * Dart receiver's persistent loop (its senders 1..n-1 are interchangeable): the
 * reduced count is the number of classes of reachable states equal up to renaming the QPs,
 * counted here by brute force; verdicts are those of the full search; counterexamples replay.
 */
class SymmetryTest {

    private static ExplorerSettings settings(int threads, ExplorerSettings.Storage st, boolean symmetry) {
        return ExplorerSettings.defaults().withThreads(threads).withStorage(st).withSymmetry(symmetry)
                .withProgress(0, r -> { });
    }

    @ParameterizedTest
    @CsvSource({
        "partition, paper, qps=2;transfers=2;size=3",
        "partition, paper, qps=3;transfers=2;size=2;errors=0",
        "partition, no-data-id, qps=3;transfers=2;size=3;errors=0",
        "partition, no-completion-wait, qps=2;transfers=2;size=3",
        "partition, error-after-landing, qps=2;transfers=2;size=3",
        "dasr, persistent-hysteresis, ai=1;bc=1",
        "dasr, persistent-hysteresis, ai=1;bc=1;k=3",
    })
    void reducedCountsAreTheNumberOfOrbitsAndVerdictsAreUnchanged(String model, String variant, String params) {
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.parse(List.of(params.split(";"))));
        long[] counts = bruteForce(spec.model());
        assertTrue(counts[1] < counts[0], "the symmetry merges some states: " + counts[0] + " -> " + counts[1]);
        ExplorationReport full = new Explorer(settings(1, ExplorerSettings.Storage.FULL, false)).check(spec);
        assertEquals(counts[0], full.stats().distinctStates());
        for (ExplorerSettings.Storage st : ExplorerSettings.Storage.values()) {
            for (int threads : new int[] {1, 2}) {
                ExplorationReport r = new Explorer(settings(threads, st, true)).check(spec);
                assertEquals(counts[1], r.stats().distinctStates(), st + "/" + threads);
                for (int i = 0; i < full.results().size(); i++) {
                    CheckResult a = full.results().get(i);
                    CheckResult b = r.results().get(i);
                    assertEquals(a.verdict(), b.verdict(), a.property());
                    if (b instanceof CheckResult.Violated v) {
                        assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), a.property());
                        assertEquals(((CheckResult.Violated) a).counterexample().length(),
                                v.counterexample().length(), "shortest either way: " + a.property());
                    }
                }
            }
        }
    }

    @Test
    void permutationsAreAllRenamingsIdentityFirst() {
        int[][] p = Canonicalizer.permutations(4);
        assertEquals(24, p.length);
        assertEquals(List.of(0, 1, 2, 3), java.util.Arrays.stream(p[0]).boxed().toList());
        Set<List<Integer>> distinct = new HashSet<>();
        for (int[] x : p) {
            distinct.add(java.util.Arrays.stream(x).boxed().toList());
        }
        assertEquals(24, distinct.size());
    }

    /** @return {reachable states, classes of reachable states up to renaming}, by plain enumeration */
    private static <S> long[] bruteForce(Model<S> model) {
        Symmetry<S> sym = model.symmetry().orElseThrow();
        int[][] perms = Canonicalizer.permutations(sym.size());
        Set<S> seen = new HashSet<>(model.initialStates());
        ArrayDeque<S> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            model.successors(queue.poll(), t -> {
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        // a class is named by the set of its members: independent of the explorer's choice
        Set<Set<S>> orbits = new HashSet<>();
        for (S s : seen) {
            Set<S> orbit = new HashSet<>();
            for (int[] p : perms) {
                S image = sym.permute(s, p);
                assertTrue(seen.contains(image), "renaming a reachable state gives a reachable state");
                orbit.add(image);
            }
            orbits.add(orbit);
        }
        return new long[] {seen.size(), orbits.size()};
    }
}
