package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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
 * Random walks ({@code check --search random}): they find a known deadlock with a trace that
 * replays, the same for any number of threads and on both successor paths, and on a configuration
 * where every property holds they end INCONCLUSIVE, never VERIFIED.
 */
class RandomWalksTest {

    private static ExplorerSettings settings(int threads) {
        return ExplorerSettings.defaults().withThreads(threads).withProgress(0, r -> { });
    }

    /** the fabric's design without its escape lane: a routing deadlock in 12 steps (breadth-first) */
    private static CheckSpec<?> escapeOff() {
        return Catalog.find("fabric").build("repaired", Params.parse(List.of("escape=off")))
                .selecting(p -> Set.of("NoRoutingDeadlock", "DeadlockFree", "InOrderDelivery").contains(p.name()));
    }

    @Test
    void walksFindTheDeadlockWithAReplayableTrace() {
        CheckSpec<?> spec = escapeOff();
        WalkSettings walks = new WalkSettings(1, 200, 2_000);
        RandomWalks.Report one = new RandomWalks(settings(1), walks).check(spec);
        for (String name : List.of("NoRoutingDeadlock", "DeadlockFree")) {
            CheckResult r = one.exploration().result(name);
            Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r, name).counterexample();
            assertEquals(name.equals("DeadlockFree") ? Counterexample.Kind.DEADLOCK : Counterexample.Kind.INVARIANT,
                    cex.kind());
            assertTrue(cex.length() >= 12, "no walk is shorter than the shortest trace: " + cex.length());
            assertTrue(TraceReplayer.replay(spec, cex).reproduces(), name + ": " + TraceReplayer.replay(spec, cex));
            assertTrue(cex.note().contains("random walk"), cex.note());
        }
        // in order holds here: the walks settle nothing about it
        CheckResult inOrder = one.exploration().result("InOrderDelivery");
        assertEquals(CheckResult.InconclusiveReason.SIMULATION_ONLY,
                assertInstanceOf(CheckResult.Inconclusive.class, inOrder).cause());
        assertFalse(one.exploration().complete());
        assertEquals(2_000, one.walks());

        // reproducible: the same walk and trace for two threads and on the object path
        RandomWalks.Report two = new RandomWalks(settings(2), walks).check(spec);
        RandomWalks.Report objects = new RandomWalks(settings(1).withPackedSuccessors(false), walks).check(spec);
        for (RandomWalks.Report other : List.of(two, objects)) {
            for (String name : List.of("NoRoutingDeadlock", "DeadlockFree")) {
                Counterexample a = ((CheckResult.Violated) one.exploration().result(name)).counterexample();
                Counterexample b = ((CheckResult.Violated) other.exploration().result(name)).counterexample();
                assertEquals(a.steps(), b.steps(), name);
                assertEquals(a.note(), b.note(), name);
            }
        }
        assertEquals(one.exploration().stats().distinctStates(), two.exploration().stats().distinctStates(),
                "the same walks visit the same states");
    }

    /**
     * The walk depth bounds steps: a walk of at most 5 steps visits at most 6 states. Where no state
     * within 5 steps lacks successors (the shortest deadlock takes 12), every walk takes exactly 5
     * steps: the longest walk is 5 steps and 50 walks visit 300 states, repeats included.
     */
    @Test
    void theWalkDepthCountsStepsAndEveryVisitedStateIsCounted() {
        RandomWalks.Report r = new RandomWalks(settings(1), new WalkSettings(1, 5, 50)).check(escapeOff());
        assertEquals(50, r.walks());
        assertEquals(5, r.exploration().stats().depth(), "the longest walk, in steps");
        assertEquals(50 * 6, r.exploration().stats().distinctStates(), "states visited, repeats included");
    }

    @Test
    void swarmWalksFindItTooAndBiasEachWalkDifferently() {
        CheckSpec<?> spec = escapeOff().selecting(p -> !p.name().equals("InOrderDelivery"));
        WalkSettings swarm = new WalkSettings(1, 200, 2_000, true);
        RandomWalks.Report one = new RandomWalks(settings(1), swarm).check(spec);
        RandomWalks.Report two = new RandomWalks(settings(2), swarm).check(spec);
        for (String name : List.of("NoRoutingDeadlock", "DeadlockFree")) {
            Counterexample a = assertInstanceOf(CheckResult.Violated.class, one.exploration().result(name)).counterexample();
            Counterexample b = assertInstanceOf(CheckResult.Violated.class, two.exploration().result(name)).counterexample();
            assertTrue(TraceReplayer.replay(spec, a).reproduces(), name);
            assertTrue(a.note().startsWith("found by swarm walk"), a.note());
            assertEquals(a.steps(), b.steps(), name);
        }
        // the weights: fixed by the walk and the name, and both kinds occur among walks
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (long w = 0; w < 16; w++) {
            int x = WalkSettings.weight(swarm.walkSeed(w), "Deliver");
            assertEquals(x, WalkSettings.weight(swarm.walkSeed(w), "Deliver"));
            seen.add(x);
        }
        assertEquals(java.util.Set.of(1, WalkSettings.FAVOURED), seen);
    }

    @Test
    void walksStopOnceEveryPropertyIsViolated() {
        CheckSpec<?> spec = escapeOff().selecting(p -> !p.name().equals("InOrderDelivery"));
        RandomWalks.Report r = new RandomWalks(settings(2), WalkSettings.seeded(7)).check(spec);
        assertTrue(r.exploration().results().stream().allMatch(x -> x instanceof CheckResult.Violated));
        assertTrue(r.walks() < 1_000_000, "stopped at the violations: " + r.walks());
        // the figures are those of the walks up to the last one needed, for any number of threads
        RandomWalks.Report one = new RandomWalks(settings(1), WalkSettings.seeded(7)).check(spec);
        assertEquals(one.walks(), r.walks());
        assertEquals(one.exploration().stats().distinctStates(), r.exploration().stats().distinctStates());
        assertEquals(one.exploration().stats().transitions(), r.exploration().stats().transitions());
        assertEquals(one.exploration().stats().depth(), r.exploration().stats().depth());
    }

    @Test
    void aHoldingConfigurationIsInconclusiveNeverVerified() {
        // the fabric's defaults: every property holds (46,881 states, breadth-first)
        CheckSpec<?> spec = Catalog.find("fabric").build("repaired", Params.parse(List.of())).withoutProgress();
        RandomWalks.Report r = new RandomWalks(settings(2), new WalkSettings(3, 200, 2_000)).check(spec);
        for (CheckResult x : r.exploration().results()) {
            CheckResult.Inconclusive in = assertInstanceOf(CheckResult.Inconclusive.class, x, x.property());
            assertEquals(CheckResult.InconclusiveReason.SIMULATION_ONLY, in.cause());
        }
        assertEquals(2_000, r.walks());
        assertTrue(r.exploration().stats().distinctStates() > 2_000, "every walk visits states");
    }

    @Test
    void aTimeLimitEndsTheWalksInconclusive() {
        CheckSpec<?> spec = Catalog.find("fabric").build("repaired", Params.parse(List.of())).withoutProgress();
        RandomWalks.Report r = new RandomWalks(settings(1).withMaxMillis(300), WalkSettings.seeded(1)).check(spec);
        assertTrue(r.exploration().results().stream().allMatch(x -> x instanceof CheckResult.Inconclusive));
        assertTrue(r.exploration().stopReason().contains("time limit"), r.exploration().stopReason());
    }

    @Test
    void statesWithManySuccessorsAreWalkedOnBothPaths() {
        // the paper's fat-tree configuration: 127 successors in the initial state
        CheckSpec<?> spec = Catalog.find("fabric").build("repaired", Params.parse(List.of("topology=fattree:k=4",
                "flows=0-15,4-15,15-0L", "background=2", "failures=1", "dft=8", "tokens=4", "threshold=2", "ecn=3",
                "xoff=4", "packets=2"))).withoutProgress();
        WalkSettings walks = new WalkSettings(5, 40, 30);
        RandomWalks.Report packed = new RandomWalks(settings(1), walks).check(spec);
        RandomWalks.Report objects = new RandomWalks(settings(1).withPackedSuccessors(false), walks).check(spec);
        assertEquals(30, packed.walks());
        assertTrue(packed.exploration().stats().transitions() > 30 * 127, "" + packed.exploration().stats());
        assertEquals(packed.exploration().stats().transitions(), objects.exploration().stats().transitions());
        assertEquals(packed.exploration().stats().distinctStates(), objects.exploration().stats().distinctStates());
        assertTrue(packed.exploration().results().stream().noneMatch(r -> r instanceof CheckResult.Verified
                || r instanceof CheckResult.Failed), "" + packed.exploration().results());
    }

    @Test
    void loopsAreRemovedFromTheLastVisitOfEachState() {
        // a b c b d a e: from a's last visit (index 5) the walk goes on to e
        assertEquals(List.of(0, 6), WalkTrace.withoutLoops(List.of("a", "b", "c", "b", "d", "a", "e")));
        // a b c b d: b's last visit is index 3, then d
        assertEquals(List.of(0, 1, 4), WalkTrace.withoutLoops(List.of("a", "b", "c", "b", "d")));
        assertEquals(List.of(0), WalkTrace.withoutLoops(List.of("a")));
    }

    @Test
    void badSettingsAreRefused() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new WalkSettings(1, 0, 1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new WalkSettings(1, 5, 0));
        assertTrue(new WalkSettings(1, 5, 1).walkSeed(0) != new WalkSettings(1, 5, 1).walkSeed(1));
        assertTrue(new WalkSettings(1, 5, 1).walkSeed(0) != new WalkSettings(2, 5, 1).walkSeed(0));
    }
}
