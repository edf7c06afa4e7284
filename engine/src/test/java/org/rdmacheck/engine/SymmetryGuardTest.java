package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;

/**
 * Symmetry reduction keeps one state per class of renamings; a property that names one element is
 * not symmetric and may fail only on renamings the search never kept. Two processes that each move
 * once from 0 to 1: with reduction the explorer keeps {@code (1, 0)}, never {@code (0, 1)}.
 */
class SymmetryGuardTest {

    /** s.get(i) is process i's position. */
    private record Procs(List<Integer> s) {
    }

    private static final class TwoProcs implements Model<Procs> {
        /** the last position a process may move to from 0 (1, or 2 for a second, dead-end choice) */
        private final int last;

        TwoProcs(int last) {
            this.last = last;
        }

        TwoProcs() {
            this(1);
        }

        @Override
        public List<Procs> initialStates() {
            return List.of(new Procs(List.of(0, 0)));
        }

        @Override
        public void successors(Procs st, Consumer<Transition<Procs>> sink) {
            for (int i = 0; i < 2; i++) {
                for (int to = 1; to <= last && st.s().get(i) == 0; to++) {
                    List<Integer> n = new java.util.ArrayList<>(st.s());
                    n.set(i, to);
                    sink.accept(new Transition<>(Action.of("Move", "p", i, "to", to), new Procs(List.copyOf(n))));
                }
            }
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
                    return 2;
                }

                @Override
                public Procs permute(Procs st, int[] p) {
                    Integer[] out = new Integer[2];
                    for (int i = 0; i < 2; i++) {
                        out[p[i]] = st.s().get(i);
                    }
                    return new Procs(List.of(out));
                }
            });
        }
    }

    private static CheckSpec<Procs> spec() {
        Invariant<Procs> firstMovesFirst = new Invariant<>("FirstMovesFirst",
                st -> !(st.s().get(1) == 1 && st.s().get(0) == 0));
        Invariant<Procs> bounded = new Invariant<>("Bounded", st -> st.s().stream().allMatch(x -> x <= 1));
        ActionProperty<Procs> secondNeverFirst = new ActionProperty<>("SecondNeverFirst",
                (from, a, to) -> !(to.s().get(1) == 1 && from.s().get(0) == 0));
        return new CheckSpec<>("twoprocs", "default", Map.of(), new TwoProcs(),
                List.of(firstMovesFirst, bounded, secondNeverFirst), Set.of());
    }

    private static ExplorationReport run(boolean symmetry) {
        return new Explorer(ExplorerSettings.defaults().withThreads(1).withSymmetry(symmetry)
                .withProgress(0, r -> { })).check(spec());
    }

    @Test
    void withoutReductionTheAsymmetricPropertiesFail() {
        ExplorationReport r = run(false);
        assertInstanceOf(CheckResult.Violated.class, r.result("FirstMovesFirst"));
        assertInstanceOf(CheckResult.Violated.class, r.result("SecondNeverFirst"));
    }

    @Test
    void withReductionTheyAreNotVerifiedAndTheSymmetricOneIs() {
        ExplorationReport r = run(true);
        assertEquals(3, r.stats().distinctStates()); // {00, 10, 11} up to swapping the processes
        for (String p : List.of("FirstMovesFirst", "SecondNeverFirst")) {
            CheckResult c = r.result(p);
            assertTrue(c instanceof CheckResult.Violated || (c instanceof CheckResult.Inconclusive i
                    && i.cause() == CheckResult.InconclusiveReason.REDUCED_SPACE), p + ": " + c);
            assertTrue(!(c instanceof CheckResult.Verified), p);
        }
        assertInstanceOf(CheckResult.Verified.class, r.result("Bounded"));
    }

    /**
     * AG EF on the quotient graph: each process moves to 1 or to a dead end 2. "Process 0 reaches 1"
     * fails from (2, 0), but the reduced search keeps (0, 2) for that class, from which it holds.
     */
    private static ExplorationReport progress(boolean symmetry) {
        Progress<Procs> firstReachesOne = new Progress<>("FirstReachesOne", st -> st.s().get(0) == 1);
        Progress<Procs> allSettle = new Progress<>("AllSettle", st -> !st.s().contains(0));
        CheckSpec<Procs> spec = new CheckSpec<>("twoprocs", "dead-end", Map.of(), new TwoProcs(2),
                List.of(firstReachesOne, allSettle), Set.of());
        return new Explorer(ExplorerSettings.defaults().withThreads(1).withSymmetry(symmetry)
                .withProgress(0, r -> { })).check(spec);
    }

    @Test
    void anAsymmetricProgressGoalIsNotVerifiedOnTheQuotient() {
        assertInstanceOf(CheckResult.Violated.class, progress(false).result("FirstReachesOne"));
        ExplorationReport r = progress(true);
        CheckResult c = r.result("FirstReachesOne");
        assertTrue(c instanceof CheckResult.Inconclusive i && i.cause() == CheckResult.InconclusiveReason.REDUCED_SPACE,
                "FirstReachesOne: " + c);
        assertInstanceOf(CheckResult.Verified.class, r.result("AllSettle"));
        assertInstanceOf(CheckResult.Verified.class, progress(false).result("AllSettle"));
    }
}
