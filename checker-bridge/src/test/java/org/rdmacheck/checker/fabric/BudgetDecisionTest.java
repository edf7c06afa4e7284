package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.fabric.FabricEntry;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * The budgeted decision of {@code NoRoutingDeadlock} agrees with the full breadth-first search where
 * that one finishes: it reports the design's stored deadlocks with their traces, proves what holds,
 * and refuses to decide when its local lemma fails (a planted router bug).
 */
class BudgetDecisionTest {

    private static final ExplorerSettings ONE = ExplorerSettings.defaults().withThreads(1).withProgress(0, p -> { });

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> spec(String variant, Map<String, String> params) {
        return (CheckSpec<LayoutState>) (CheckSpec<?>) new FabricEntry().build(variant, Params.of(params));
    }

    private static CheckResult full(CheckSpec<LayoutState> spec) {
        ExplorationReport r = new Explorer(ONE).check(spec.selecting(p -> p.name()
                .equals(FabricProperties.NO_ROUTING_DEADLOCK)));
        return r.result(FabricProperties.NO_ROUTING_DEADLOCK);
    }

    /** One 1-packet message on the 2x2 leaf-spine, xoff 2, no background: small enough for the default tier. */
    private static Map<String, String> tiny() {
        return Map.of("flows", "0-1", "packets", "1", "tokens", "1", "failures", "0", "xoff", "2",
                "background", "0", "dft", "1");
    }

    @Test
    void aMessageBelowTheBudgetIsDecidedAtTheInitialState() {
        // one packet: a deadlock needs 2 * xoff = 4 in switch buffers
        CheckSpec<LayoutState> s = spec("repaired", tiny());
        BudgetDecision.Verified v = assertInstanceOf(BudgetDecision.Verified.class, BudgetDecision.decide(s, ONE));
        assertEquals(1, v.budget());
        assertEquals(4, v.needed());
        assertEquals(1, v.states());
        assertEquals(0, v.expanded());
        assertTrue(v.lemma().holds());
        assertTrue(v.lemma().situations() > 0);
        assertInstanceOf(CheckResult.Verified.class, full(s));
    }

    @Test
    void aRouterThatRefusesAPacketWithRoomLeavesItUndecided() {
        CheckSpec<LayoutState> s = spec("repaired", tiny());
        NetworkModel planted = NetworkModel.withPlantedStuckRule(((NetworkModel) s.model()).config(), 0);
        LocalRouting.Result lemma = LocalRouting.check(planted);
        assertFalse(lemma.holds());
        assertTrue(lemma.failures().get(0).contains("has no move"), lemma.failures().get(0));
        CheckSpec<LayoutState> p = new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), planted,
                FabricProperties.all(planted), Set.of());
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(p, ONE));
        assertTrue(n.reason().startsWith("the local lemma fails"), n.reason());
    }

    @Test
    @Tag("slow")
    void withoutThePlantedResendTheConfigurationIsVerified() {
        // the configuration of BudgetCommandTest's planted resend (one 1-packet message, 4 background packets)
        CheckSpec<LayoutState> s = spec("repaired", Map.of("flows", "0-1", "packets", "1", "tokens", "1",
                "failures", "0", "xoff", "2", "background", "4", "dft", "1"));
        BudgetDecision.Verified v = assertInstanceOf(BudgetDecision.Verified.class, BudgetDecision.decide(s, ONE));
        assertEquals(1_786, v.states());
        assertEquals(444, v.expanded());
    }

    @Test
    @Tag("slow")
    void theDesignsOneMessageDeadlockIsFoundWithItsTrace() {
        CheckSpec<LayoutState> s = spec("repaired-one-message", Map.of());
        BudgetDecision.Deadlock d = assertInstanceOf(BudgetDecision.Deadlock.class, BudgetDecision.decide(s, ONE));
        CheckResult.Violated bfs = assertInstanceOf(CheckResult.Violated.class, full(s));
        assertEquals(bfs.counterexample().steps().size(), d.counterexample().steps().size()); // 8 steps
        assertEquals(Set.of(NetworkModel.Block.PAUSED, NetworkModel.Block.PINNED_TO_FULL,
                NetworkModel.Block.FOLLOW_CLOSES_VL0), d.kind());
        assertTrue(d.budget() >= d.needed());
    }

    @Test
    void hysteresisIsOutsideTheArgument() {
        CheckSpec<LayoutState> s = spec("repaired", Map.of("flows", "0-1", "packets", "3", "tokens", "2",
                "failures", "1", "xoff", "3", "background", "1", "pfc-hysteresis", "2"));
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(s, ONE));
        assertTrue(n.reason().contains("pfc-hysteresis"), n.reason());
    }

    @Test
    @Tag("slow")
    void everyStoredDeadlockOfTheDesignIsFoundAsTheBreadthFirstSearchFindsIt() {
        for (String v : java.util.List.of("repaired-one-message", "repaired-background",
                "repaired-background-two-tokens", "repaired-one-entry", "repaired-three-tokens", "repaired-failure",
                "repaired-failure-three-tokens", "repaired-long-flow", "repaired-deadlock", "repaired-incast",
                "repaired-three-flows", "repaired-no-background", "repaired-three-flows-dft2", "repaired-no-background-dft2",
                "repaired-three-flows-one-token", "repaired-three-flows-three-packets", "repaired-three-flows-four-packets",
                "repaired-ring")) {
            CheckSpec<LayoutState> s = spec(v, Map.of());
            BudgetDecision.Deadlock d = assertInstanceOf(BudgetDecision.Deadlock.class, BudgetDecision.decide(s, ONE), v);
            CheckResult.Violated bfs = assertInstanceOf(CheckResult.Violated.class, full(s), v);
            assertEquals(bfs.counterexample().steps().size(), d.counterexample().steps().size(), v);
        }
    }

    @Test
    @Tag("slow")
    void theDesignsDefaultsAreProvedAsTheBreadthFirstSearchProvesThem() {
        CheckSpec<LayoutState> s = spec("repaired", Map.of());
        BudgetDecision.Verified v = assertInstanceOf(BudgetDecision.Verified.class, BudgetDecision.decide(s, ONE));
        assertInstanceOf(CheckResult.Verified.class, full(s)); // 46,881 states
        assertTrue(v.expanded() < 46_881, "expanded " + v.expanded());
    }

    @Test
    @Tag("slow")
    void withAFailureItAgreesWithTheBreadthFirstSearch() {
        // the design's defaults with one background packet and a failure allowed: the failure-first search
        // and the budget's pruning give the full search's verdict (and, for a deadlock, a trace as short)
        CheckSpec<LayoutState> s = spec("repaired", Map.of("failures", "1", "background", "1"));
        BudgetDecision.Outcome o = BudgetDecision.decide(s, ONE);
        CheckResult bfs = full(s);
        if (bfs instanceof CheckResult.Violated v) {
            BudgetDecision.Deadlock d = assertInstanceOf(BudgetDecision.Deadlock.class, o);
            assertEquals(v.counterexample().steps().size(), d.counterexample().steps().size());
        } else {
            assertInstanceOf(CheckResult.Verified.class, bfs);
            assertInstanceOf(BudgetDecision.Verified.class, o);
        }
    }
}
