package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;

/**
 * The audit checks every renaming of the group, not only its generators: n processes that each move
 * once from 0 to 1, planted with one asymmetric step in the state where only the last process has
 * moved (process 0 then jumps to 2). The reduced search keeps {@code (1, 0, .., 0)} for that class;
 * the generators (the transposition of 0 and 1, the cycle) map it to {@code (0, 1, 0, ..)}, never to
 * {@code (0, .., 0, 1)}, so a generators-only audit passes the plant while the full search violates
 * {@code Bounded}. With every renaming (4 processes) the audit finds it; beyond the cap (6
 * processes) the audit falls back to the generators, which miss it, and its summary says the pass is
 * no proof.
 */
class SymmetryAuditTest {

    private record Procs(List<Integer> s) {
    }

    private record Movers(int n, boolean plant) implements Model<Procs> {

        @Override
        public List<Procs> initialStates() {
            return List.of(new Procs(Collections.nCopies(n, 0)));
        }

        @Override
        public void successors(Procs st, Consumer<Transition<Procs>> sink) {
            for (int i = 0; i < n; i++) {
                if (st.s().get(i) == 0) {
                    sink.accept(new Transition<>(Action.of("Move", "p", i), set(st, i, 1)));
                }
            }
            if (plant && st.s().indexOf(1) == n - 1 && st.s().lastIndexOf(1) == n - 1 && st.s().get(0) == 0) {
                sink.accept(new Transition<>(Action.of("Jump"), set(st, 0, 2)));
            }
        }

        private static Procs set(Procs st, int i, int v) {
            List<Integer> out = new ArrayList<>(st.s());
            out.set(i, v);
            return new Procs(List.copyOf(out));
        }

        @Override
        public boolean isFinal(Procs st) {
            return true;
        }

        @Override
        public java.util.Optional<Symmetry<Procs>> symmetry() {
            return java.util.Optional.of(new Symmetry<>() {
                @Override
                public String elements() {
                    return "processes";
                }

                @Override
                public int size() {
                    return n;
                }

                @Override
                public Procs permute(Procs st, int[] p) {
                    Integer[] out = new Integer[n];
                    for (int i = 0; i < n; i++) {
                        out[p[i]] = st.s().get(i);
                    }
                    return new Procs(List.of(out));
                }
            });
        }
    }

    private static ExplorationReport run(int n, boolean plant, boolean symmetry, AuditScope audit) {
        CheckSpec<Procs> spec = new CheckSpec<>("movers", plant ? "planted" : "symmetric", Map.of(), new Movers(n, plant),
                List.of(new Invariant<>("Bounded", st -> st.s().stream().allMatch(x -> x <= 1))), Set.of());
        return new Explorer(ExplorerSettings.defaults().withThreads(1).withSymmetry(symmetry).withSymmetryAudit(audit)
                .withProgress(0, r -> { })).check(spec);
    }

    @Test
    void everyRenamingFindsWhatTheGeneratorsMiss() {
        assertInstanceOf(CheckResult.Violated.class, run(4, true, false, AuditScope.NONE).result("Bounded"));
        assertInstanceOf(CheckResult.Verified.class, run(4, true, true, AuditScope.NONE).result("Bounded"),
                "the plant is hidden from the trusted reduction");
        ExplorationReport audited = run(4, true, true, AuditScope.ALL);
        CheckResult r = audited.result("Bounded");
        assertTrue(r instanceof CheckResult.Inconclusive i && i.cause() == CheckResult.InconclusiveReason.REDUCED_SPACE
                && i.reason().contains("renaming"), r.toString());
        SymmetryAuditSummary a = audited.symmetryAudit().orElseThrow();
        assertEquals(SymmetryAuditSummary.Renamings.EVERY, a.renamings());
        assertEquals(23, a.renamingsPerState());
    }

    @Test
    void beyondTheCapTheGeneratorsOnlyAndTheSummarySaysSo() {
        assertInstanceOf(CheckResult.Violated.class, run(6, true, false, AuditScope.NONE).result("Bounded"));
        ExplorationReport audited = run(6, true, true, AuditScope.ALL);
        // the generators cannot see the plant; no proof stands (a set of more than 5 elements is too large
        // to check the properties on every renaming either), and the summary says the audit was weaker
        CheckResult r = audited.result("Bounded");
        assertTrue(r instanceof CheckResult.Inconclusive i && !i.reason().contains("renaming 0 -> "), r.toString());
        SymmetryAuditSummary a = audited.symmetryAudit().orElseThrow();
        assertEquals(SymmetryAuditSummary.Renamings.GENERATORS, a.renamings());
        assertEquals(2, a.renamingsPerState());
        assertFalse(a.sound());
        assertTrue(a.describe().contains("generators only"), a.describe());
    }

    @Test
    void aSoundAuditExpandsEachOtherMemberOfAClassOnce() {
        for (int n = 2; n <= 5; n++) {
            ExplorationReport full = run(n, false, false, AuditScope.NONE);
            ExplorationReport audited = run(n, false, true, AuditScope.ALL);
            assertEquals(n + 1, audited.stats().distinctStates()); // classes: how many processes moved
            SymmetryAuditSummary a = audited.symmetryAudit().orElseThrow();
            assertTrue(a.sound(), a.toString());
            assertEquals(audited.stats().distinctStates(), a.statesAudited());
            assertEquals(0, a.statesLeftOut());
            // one expansion per member of a class besides the one the search expanded: 2^n - (n + 1)
            assertEquals(full.stats().distinctStates() - audited.stats().distinctStates(), a.imagesExpanded());
            assertInstanceOf(CheckResult.Verified.class, audited.result("Bounded"));
        }
    }

    @Test
    void aSampleThatLeavesStatesOutIsNoProofAndTrustedIsSaid() {
        ExplorationReport trusted = run(3, false, true, AuditScope.NONE);
        SymmetryAuditSummary t = trusted.symmetryAudit().orElseThrow();
        assertEquals(AuditScope.NONE, t.scope());
        assertFalse(t.sound());
        SymmetryAuditSummary left = new SymmetryAuditSummary(AuditScope.SAMPLE, SymmetryAuditSummary.Renamings.EVERY,
                3, 5, 10_000, 5, 0);
        assertFalse(left.sound());
        assertTrue(left.describe().contains("a sample"), left.describe());
        assertFalse(run(3, false, false, AuditScope.NONE).symmetryAudit().isPresent(), "no symmetry, no audit");
    }
}
