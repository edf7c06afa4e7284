package org.rdmacheck.engine.por;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.Reduction;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.Reads;

/**
 * Partial-order reduction against the full search on a model with independent workers: the same
 * verdicts, counterexamples that replay on the full model, for each property class a violation
 * the reduced search must still find, fewer states where the workers are independent, and the
 * same figures for any number of threads.
 */
class PartialOrderTest {

    static CheckSpec<LayoutState> spec(Workers m, List<Property<LayoutState>> props) {
        return new CheckSpec<>("workers", m.toString(), Map.of(), m, props, Set.of());
    }

    static ExplorationReport run(CheckSpec<LayoutState> spec, Reduction r, int threads) {
        return new Explorer(ExplorerSettings.defaults().withThreads(threads).withReduction(r)).check(spec);
    }

    /** the last worker never takes the lock: reads the lock */
    static Invariant<LayoutState> lastNeverEnters(Workers m) {
        return new Invariant<LayoutState>("LastNeverEnters", s -> s.get(m.lock) != m.n)
                .withReads(Reads.of(List.of(m.lock)));
    }

    static Invariant<LayoutState> countsInRange(Workers m) {
        return new Invariant<LayoutState>("CountsInRange", s -> s.get(m.count[0]) <= m.k)
                .withReads(Reads.of(List.of(m.count[0])));
    }

    static boolean enters(org.rdmacheck.model.Action a, int worker) {
        return a.name().equals("Enter") && a.params().get("worker").equals(worker);
    }

    static ActionProperty<LayoutState> firstNeverEnters() {
        return new ActionProperty<LayoutState>("FirstNeverEnters", (from, a, to) -> !enters(a, 0))
                .withReads(Reads.of(List.of(), "Enter"));
    }

    @Test
    void independentStepsAreExploredInOneOrderAndProofsStand() {
        Workers m = new Workers(3, 3, true, false);
        CheckSpec<LayoutState> spec = spec(m, List.of(countsInRange(m), DeadlockFreedom.standard()));
        ExplorationReport full = run(spec, Reduction.NONE, 1);
        ExplorationReport safety = run(spec, Reduction.SAFETY, 1);
        ExplorationReport deadlock = run(spec, Reduction.DEADLOCK, 1);
        assertEquals(Reduction.SAFETY, safety.reduction().applied());
        for (ExplorationReport r : List.of(full, safety)) {
            r.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x, x.toString()));
        }
        assertInstanceOf(CheckResult.Verified.class, deadlock.result("DeadlockFree"));
        // a deadlock-preserving reduction proves no invariant
        assertInstanceOf(CheckResult.Inconclusive.class, deadlock.result("CountsInRange"));
        long n = full.stats().distinctStates();
        // every combination of the three counts, the lock free or held by one of the three
        assertEquals(4 * 4 * 4 * 4, n);
        assertTrue(safety.stats().distinctStates() < n, safety.stats() + " vs " + n);
        assertTrue(deadlock.stats().distinctStates() <= safety.stats().distinctStates());
        assertTrue(safety.reduction().reducedStates() > 0);
    }

    @Test
    void aLastResortNeedsNoEnablingSetSoTheStepsStayReduced() {
        Workers m = new Workers(3, 2, false, false, true);
        CheckSpec<LayoutState> spec = spec(m, List.of(lastNeverEnters(m), DeadlockFreedom.standard()));
        ExplorationReport full = run(spec, Reduction.NONE, 1);
        ExplorationReport safety = run(spec, Reduction.SAFETY, 1);
        assertInstanceOf(CheckResult.Verified.class, full.result("DeadlockFree"));
        assertInstanceOf(CheckResult.Verified.class, safety.result("DeadlockFree"));
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, safety.result("LastNeverEnters"));
        assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces());
        assertTrue(safety.stats().distinctStates() < full.stats().distinctStates(),
                safety.stats().distinctStates() + " vs " + full.stats().distinctStates());
    }

    @Test
    void moreThanSixtyFourGroupsAndAStateSpaceOnlyTheReductionCovers() {
        // 22 workers, 67 groups: 2^22 x 23 states in full; the independent steps are taken in one order
        Workers m = new Workers(22, 1, false, false);
        CheckSpec<LayoutState> spec = spec(m, List.of(DeadlockFreedom.standard()));
        ExplorationReport rep = run(spec, Reduction.DEADLOCK, 2);
        assertEquals(Reduction.DEADLOCK, rep.reduction().applied());
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, rep.result("DeadlockFree"));
        assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces());
        assertTrue(rep.stats().distinctStates() < 5_000, rep.stats().toString());
    }

    @Test
    void aDeadlockIsFoundByEveryReductionAndReplaysOnTheFullModel() {
        Workers m = new Workers(3, 2, false, false);
        CheckSpec<LayoutState> spec = spec(m, List.of(DeadlockFreedom.standard()));
        for (Reduction r : Reduction.values()) {
            ExplorationReport rep = run(spec, r, 2);
            CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, rep.result("DeadlockFree"), r.label());
            assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), r.label());
        }
    }

    @Test
    void invariantAndActionViolationsSurviveTheSafetyReduction() {
        // the counts go round: without the cycle proviso the search would go round worker 0's count
        // for ever and never let the last worker enter
        Workers m = new Workers(3, 2, true, true);
        CheckSpec<LayoutState> spec = spec(m, List.of(lastNeverEnters(m), firstNeverEnters()));
        ExplorationReport rep = run(spec, Reduction.SAFETY, 1);
        assertEquals(Reduction.SAFETY, rep.reduction().applied());
        for (CheckResult r : rep.results()) {
            CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, r, r.toString());
            assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), r.property());
        }
    }

    @Test
    void progressIsNotCheckedUnderAReductionAndAnUndeclaredPropertyDisablesIt() {
        Workers m = new Workers(2, 2, true, false);
        Progress<LayoutState> entered = new Progress<>("SomeoneEnters", s -> s.get(m.lock) != 0);
        ExplorationReport rep = run(spec(m, List.of(countsInRange(m), entered)), Reduction.SAFETY, 1);
        CheckResult.Inconclusive in = assertInstanceOf(CheckResult.Inconclusive.class, rep.result("SomeoneEnters"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, in.cause());
        assertInstanceOf(CheckResult.Verified.class, rep.result("CountsInRange"));
        Invariant<LayoutState> undeclared = new Invariant<>("Undeclared", s -> s.get(m.lock) != m.n);
        CheckSpec<LayoutState> spec = spec(m, List.of(undeclared));
        ExplorationReport none = run(spec, Reduction.SAFETY, 1);
        assertEquals(Reduction.NONE, none.reduction().applied());
        assertTrue(none.reduction().reason().contains("Undeclared"), none.reduction().reason());
        assertEquals(run(spec, Reduction.NONE, 1).stats().distinctStates(), none.stats().distinctStates());
    }

    @Test
    void theReducedSearchIsTheSameForAnyNumberOfThreads() {
        Workers m = new Workers(4, 2, true, true);
        CheckSpec<LayoutState> spec = spec(m, List.of(lastNeverEnters(m), firstNeverEnters(), DeadlockFreedom.standard()));
        ExplorationReport one = run(spec, Reduction.SAFETY, 1);
        for (int t : new int[] {2, 3}) {
            ExplorationReport more = run(spec, Reduction.SAFETY, t);
            assertEquals(one.stats().distinctStates(), more.stats().distinctStates());
            assertEquals(one.stats().transitions(), more.stats().transitions());
            assertEquals(one.reduction().reducedStates(), more.reduction().reducedStates());
            for (int i = 0; i < one.results().size(); i++) {
                assertEquals(one.results().get(i).getClass(), more.results().get(i).getClass());
                if (one.results().get(i) instanceof CheckResult.Violated v) {
                    assertEquals(v.counterexample().steps(), ((CheckResult.Violated) more.results().get(i))
                            .counterexample().steps());
                }
            }
        }
    }

    /**
     * Random configurations and random local-state combinations: an invariant that forbids one
     * combination of two workers' counts and the lock, and an action property that forbids one
     * worker's entry while another's count has one value; with or without release, wrap-around
     * and a last-resort reset. The reduced search must agree with the
     * full one on every verdict, and its counterexamples must replay.
     */
    @Test
    void randomConfigurationsAgreeWithTheFullSearch() {
        qt().withExamples(80).withFixedSeed(20261126L)
                .forAll(integers().between(2, 3), integers().between(1, 2), integers().between(0, 7),
                        integers().between(0, 1_000_000))
                .checkAssert((n, k, leave, pick) -> {
                    Workers m = new Workers(n, k, (leave & 1) == 1, (leave & 2) == 2, (leave & 4) == 4);
                    int i = pick % n;
                    int j = (pick / 7) % n;
                    int a = (pick / 31) % (k + 1);
                    int b = (pick / 101) % (k + 1);
                    int l = (pick / 503) % (n + 1);
                    List<Property<LayoutState>> props = new ArrayList<>();
                    props.add(new Invariant<LayoutState>("NotCombination", s -> !(s.get(m.count[i]) == a
                            && s.get(m.count[j]) == b && s.get(m.lock) == l))
                            .withReads(Reads.of(List.of(m.count[i], m.count[j], m.lock))));
                    props.add(new ActionProperty<LayoutState>("NoEntryAt", (from, act, to) -> !(enters(act, i)
                            && from.get(m.count[j]) == b)).withReads(Reads.of(List.of(m.count[j]), "Enter")));
                    props.add(DeadlockFreedom.standard());
                    CheckSpec<LayoutState> spec = spec(m, props);
                    ExplorationReport full = run(spec, Reduction.NONE, 1);
                    ExplorationReport reduced = run(spec, Reduction.SAFETY, 1 + pick % 2);
                    ExplorationReport deadlock = run(spec, Reduction.DEADLOCK, 1);
                    String seen = m + " i=" + i + " j=" + j + " a=" + a + " b=" + b + " l=" + l;
                    for (int p = 0; p < props.size(); p++) {
                        CheckResult f = full.results().get(p);
                        CheckResult r = reduced.results().get(p);
                        assertEquals(f.getClass(), r.getClass(), seen + " " + f.property());
                        if (r instanceof CheckResult.Violated v) {
                            assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), seen);
                        }
                    }
                    assertEquals(full.result("DeadlockFree").getClass(), deadlock.result("DeadlockFree").getClass(),
                            seen);
                    assertTrue(reduced.stats().distinctStates() <= full.stats().distinctStates(), seen);
                });
    }
}
