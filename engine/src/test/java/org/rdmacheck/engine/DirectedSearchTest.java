package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The directed search ({@code check --search directed}): it finds the fabric's stored one-message
 * deadlock with a trace that replays, the same for the same seed, ends INCONCLUSIVE (never
 * VERIFIED) where a property holds, and refuses models without a heuristic.
 */
class DirectedSearchTest {

    private static ExplorerSettings settings() {
        return ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { });
    }

    /** the design at one 3-packet message: a routing deadlock in 8 steps (breadth-first) */
    private static CheckSpec<?> oneMessage() {
        return Catalog.find("fabric").build("repaired-one-message", Params.parse(List.of()))
                .selecting(p -> Set.of("NoRoutingDeadlock", "DeadlockFree").contains(p.name()));
    }

    @Test
    void findsTheOneMessageDeadlockWithAReplayableTrace() {
        CheckSpec<?> spec = oneMessage();
        DirectedSearch.Report one = new DirectedSearch(settings(), DirectedSettings.seeded(1)).check(spec);
        for (String name : List.of("NoRoutingDeadlock", "DeadlockFree")) {
            Counterexample cex = assertInstanceOf(CheckResult.Violated.class, one.exploration().result(name), name)
                    .counterexample();
            assertTrue(cex.length() >= 8, "no path is shorter than the shortest trace: " + cex.length());
            assertTrue(TraceReplayer.replay(spec, cex).reproduces(), name + ": " + TraceReplayer.replay(spec, cex));
            assertTrue(cex.note().contains("directed search"), cex.note());
        }
        assertEquals("uturn-pressure", one.heuristic());
        assertTrue(one.bestScore() > 0 && one.bestScore() <= one.maxScore(), one.toString());
        // the deadlock is a U-turn pair at xoff 2 both ways: the measure's top rank reached
        org.rdmacheck.model.SearchHeuristic h = spec.model().heuristic().orElseThrow();
        assertTrue(h.explain(one.bestScore()).startsWith("fullest U-turn pair 4 of 4 packets"), h.explain(one.bestScore()));
        assertTrue(one.exploration().result("NoRoutingDeadlock") instanceof CheckResult.Violated v
                && v.counterexample().note().contains("heuristic uturn-pressure"));
        assertFalse(one.exploration().complete());

        // reproducible: the same seed gives the same search and traces
        DirectedSearch.Report again = new DirectedSearch(settings(), DirectedSettings.seeded(1)).check(spec);
        assertEquals(one.expanded(), again.expanded());
        assertEquals(one.exploration().stats().distinctStates(), again.exploration().stats().distinctStates());
        for (String name : List.of("NoRoutingDeadlock", "DeadlockFree")) {
            assertEquals(((CheckResult.Violated) one.exploration().result(name)).counterexample().steps(),
                    ((CheckResult.Violated) again.exploration().result(name)).counterexample().steps(), name);
        }
    }

    @Test
    void aHoldingPropertyIsInconclusiveEvenWhenTheOpenListEmpties() {
        // the design with one 2-packet message: both properties hold
        CheckSpec<?> spec = Catalog.find("fabric").build("repaired", Params.parse(List.of("flows=0-1", "failures=0")))
                .selecting(p -> Set.of("NoRoutingDeadlock", "InOrderDelivery").contains(p.name()));
        DirectedSearch.Report r = new DirectedSearch(settings(), DirectedSettings.seeded(2)).check(spec);
        assertTrue(r.exhausted(), r.toString());
        for (CheckResult c : r.exploration().results()) {
            assertEquals(CheckResult.InconclusiveReason.SIMULATION_ONLY,
                    assertInstanceOf(CheckResult.Inconclusive.class, c).cause(), c.toString());
        }
        assertEquals(r.expanded(), r.exploration().stats().distinctStates(), "every state stored was expanded");
    }

    @Test
    void aTimeLimitEndsItInconclusive() {
        CheckSpec<?> spec = Catalog.find("fabric").build("repaired", Params.parse(List.of()))
                .selecting(p -> p.name().equals("InOrderDelivery"));
        DirectedSearch.Report r = new DirectedSearch(settings().withMaxMillis(1), DirectedSettings.seeded(1))
                .check(spec);
        CheckResult c = r.exploration().result("InOrderDelivery");
        assertTrue(assertInstanceOf(CheckResult.Inconclusive.class, c).reason().contains("limit"), c.toString());
    }

    @Test
    void statesWithManySuccessorsAreExpanded() {
        // the paper's fat-tree configuration: 127 successors in the initial state
        CheckSpec<?> spec = Catalog.find("fabric").build("repaired", Params.parse(List.of("topology=fattree:k=4",
                "flows=0-15,4-15,15-0L", "background=2", "failures=1", "dft=8", "tokens=4", "threshold=2", "ecn=3",
                "xoff=4", "packets=2"))).withoutProgress();
        DirectedSearch.Report r = new DirectedSearch(settings().withMaxStates(2_000), DirectedSettings.seeded(1))
                .check(spec);
        assertTrue(r.exploration().stats().transitions() >= 127, "" + r.exploration().stats());
        assertTrue(r.exploration().stats().distinctStates() >= 2_000, "" + r.exploration().stats());
        assertTrue(r.exploration().results().stream().allMatch(c -> c instanceof CheckResult.Inconclusive),
                "" + r.exploration().results());
    }

    @Test
    void modelsWithoutAHeuristicAreRefused() {
        CheckSpec<?> gbn = Catalog.find("gbn").build(Catalog.find("gbn").defaultVariant(), Params.parse(List.of()));
        assertTrue(DirectedSearch.refusal(gbn).isPresent());
        assertThrows(IllegalArgumentException.class,
                () -> new DirectedSearch(settings(), DirectedSettings.seeded(1)).check(gbn));
        assertThrows(IllegalArgumentException.class, () -> new DirectedSettings(1, 0));
    }

    @Test
    void theOpenListTakesTheHighestScoreThenTheLastAdded() {
        ScoredStates open = new ScoredStates(5);
        open.add(1, new int[] {10}, 1, 0, 0);
        open.add(3, new int[] {30, 31}, 2, 1, 1);
        open.add(3, new int[] {32}, 1, 2, 2);
        open.add(0, new int[] {0}, 1, 3, 3);
        int[] into = new int[4];
        int[] meta = new int[3];
        assertEquals(3, open.pollBest(into, meta));
        assertEquals(List.of(32, 2, 2, 1), List.of(into[0], meta[0], meta[1], meta[2]));
        assertEquals(3, open.pollBest(into, meta));
        assertEquals(List.of(30, 31, 1), List.of(into[0], into[1], meta[1]));
        assertEquals(1, open.dropLowest(1), "the bucket of score 0 goes, the highest stays");
        assertEquals(1, open.pollBest(into, meta));
        assertTrue(open.isEmpty());
        assertEquals(-1, open.topScore());
        assertThrows(IllegalStateException.class, () -> open.add(6, new int[] {1}, 1, 0, 4));
    }
}
