package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.fabric.NetworkModel.PlantedRouter;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * A router that tells apart two occupancies the deflection threshold and PFC treat alike (a planted
 * silent lane change at exactly {@code xoff - 1} packets, above the threshold) reorders a message: the
 * full search finds it, and the per-flow decision must not say VERIFIED. Enumerating one occupancy per
 * class (below the threshold, at it, {@code xon + 1}, {@code xoff}) misses it; every occupancy finds it.
 */
class PerFlowPlantedBugTest {

    private static final ExplorerSettings ONE = ExplorerSettings.defaults().withThreads(1).withProgress(0, p -> { })
            .withMaxStates(5_000_000);

    /**
     * One 2-packet message over one spine, two background packets, threshold 2 < xoff 4 (resuming at 3): the
     * second packet's ECMP buffer holds 3 (the first packet and the background), an occupancy none of
     * the former classes shows.
     */
    private static Map<String, String> config() {
        return Map.ofEntries(Map.entry("topology", "leafspine:tors=2,spines=1,hosts=1"), Map.entry("flows", "0-1"),
                Map.entry("packets", "2"), Map.entry("tokens", "1"), Map.entry("failures", "0"),
                Map.entry("background", "2"), Map.entry("threshold", "2"), Map.entry("ecn", "3"), Map.entry("xoff", "4"),
                Map.entry("dft", "2"));
    }

    private static CheckSpec<LayoutState> with(CheckSpec<LayoutState> s, NetworkModel m) {
        return new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), m, FabricProperties.all(m), Set.of());
    }

    private static PerFlowDecision.Verdict inOrder(CheckSpec<LayoutState> s, boolean classesOnly, long confirm) {
        PerFlowDecision.Outcome o = PerFlowDecision.decide(s, ONE, confirm, false, ONE, l -> { }, classesOnly);
        return o.verdicts().stream().filter(v -> v.property().equals(FabricProperties.IN_ORDER)).findFirst()
                .orElseThrow().verdict();
    }

    private static CheckSpec<LayoutState> planted(CheckSpec<LayoutState> s) {
        NetworkModel clean = (NetworkModel) s.model();
        return with(s, NetworkModel.withPlantedLaneChangeAt(clean.config(), clean.config().xoff() - 1));
    }

    /** Without the confirming search: every occupancy sees the abstract reorder, one per class does not. */
    @Test
    void aRouterThatSinglesOutAnOccupancyInsideAClassIsNotVerified() {
        CheckSpec<LayoutState> bug = planted(FlowProjectionTest.spec("repaired", config()));
        assertEquals(PerFlowDecision.Verdict.VERIFIED, inOrder(bug, true, 0),
                "one occupancy per class misses the planted rule (else this test shows nothing)");
        assertEquals(PerFlowDecision.Verdict.POSSIBLE, inOrder(bug, false, 0));
    }

    private static PerFlowDecision.Verdict deadlockFree(CheckSpec<LayoutState> s) {
        PerFlowDecision.Outcome o = PerFlowDecision.decide(s, ONE, 0, true, ONE, l -> { });
        String name = org.rdmacheck.properties.DeadlockFreedom.standard().name();
        return o.verdicts().stream().filter(v -> v.property().equals(name)).findFirst().orElseThrow().verdict();
    }

    /** One 1-packet message over one spine, xoff 2, one background packet (threshold 1), no escape lane. */
    private static Map<String, String> foregroundSplit() {
        return Map.of("topology", "leafspine:tors=2,spines=1,hosts=1", "flows", "0-1", "packets", "1", "tokens", "1",
                "failures", "0", "xoff", "2", "background", "1", "dft", "1", "escape", "off");
    }

    /**
     * A pause on a VL1 buffer's foreground packets alone (background not counted), planted: the budget's
     * lemma, which builds every split of each occupancy into background and foreground, fails on it, so
     * {@code DeadlockFree} is not VERIFIED; the design at the same configuration is.
     */
    @Test
    void aPauseOnForegroundAloneLeavesDeadlockFreeUndecided() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", foregroundSplit());
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(
                ((NetworkModel) s.model()).config(), PlantedRouter.PAUSES_ON_PACKETS_ALONE));
        assertEquals(PerFlowDecision.Verdict.INCONCLUSIVE, deadlockFree(bug));
        assertEquals(PerFlowDecision.Verdict.VERIFIED, deadlockFree(s));
    }

    /**
     * A message's end packet that also frees the other messages' entries of its token count at a switch
     * (planted): a step of another flow changes the flow's projection, which the decision checks at
     * every switch and every local situation it reaches, and then decides nothing (two opposing
     * messages, 2 tokens).
     */
    @Test
    void anotherFlowsStepThatFreesTheFlowsEntriesIsRefused() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", FlowProjectionTest.twoTokens());
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.FREES_OTHERS_ENTRIES));
        PerFlowDecision.Outcome o = PerFlowDecision.decide(bug, ONE, 0, false, ONE, l -> { });
        assertTrue(o.flows().stream().noneMatch(PerFlowDecision.FlowRun::complete), o.flows().toString());
        for (PerFlowDecision.FlowRun r : o.flows()) {
            // the failed check, not a bare early stop: its enum and its line
            assertEquals(java.util.Optional.of(FlowProjection.Check.FOREIGN_STEP), r.failedCheck(), r.toString());
            assertTrue(r.assumptionFailed(), r.toString());
            assertTrue(r.stopped().isEmpty(), r.toString());
            assertTrue(r.stopReason().startsWith("a step of another flow's packet, "), r.stopReason());
        }
        for (PerFlowDecision.PropertyVerdict v : o.verdicts()) {
            assertEquals(PerFlowDecision.Verdict.INCONCLUSIVE, v.verdict(), v.property());
            assertTrue(v.note().contains("a step of another flow's packet"), v.note());
        }
        // (the design at this configuration: every safety property VERIFIED, as the full search says, in
        // FlowProjectionTest.theDecisionAgreesWithTheFullSearchOnASmallFabric)
    }

    /** The decision refuses: every flow's search stops on the failed check, every property INCONCLUSIVE. */
    private static void refused(CheckSpec<LayoutState> bug, FlowProjection.Check check, String line) {
        PerFlowDecision.Outcome o = PerFlowDecision.decide(bug, ONE, 0, false, ONE, l -> { });
        assertTrue(o.flows().stream().anyMatch(r -> r.failedCheck().equals(java.util.Optional.of(check))),
                o.flows().toString());
        for (PerFlowDecision.FlowRun r : o.flows()) {
            assertTrue(!r.complete() && r.assumptionFailed() && !r.stopReason().isEmpty(), r.toString());
        }
        for (PerFlowDecision.PropertyVerdict v : o.verdicts()) {
            assertEquals(PerFlowDecision.Verdict.INCONCLUSIVE, v.verdict(), v.property());
            assertTrue(v.note().contains(line), v.note());
        }
    }

    /**
     * A background packet that, joining a VL1 buffer, drops its head packet (planted): a background step
     * changes the flow's projection, which the decision checks on every background count and occupancy
     * of every switch's output buffers it reaches, and refuses (two opposing messages, a background packet).
     */
    @Test
    void aBackgroundStepThatDropsAPacketIsRefused() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", withParams(FlowProjectionTest.tiny(),
                "background", "1"));
        refused(with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.BACKGROUND_DROPS_HEAD)),
                FlowProjection.Check.BACKGROUND_STEP, "a background step");
    }

    /**
     * A delivery that also empties its ToR's DFT (planted): another flow's delivery removes the flow's
     * entries there, and the decision, which checks every other flow's delivery at every ToR it reaches,
     * refuses (two opposing messages).
     */
    @Test
    void anotherFlowsDeliveryThatFlushesTheTableIsRefused() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", FlowProjectionTest.twoTokens());
        refused(with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.DELIVERY_FLUSHES_TABLE)),
                FlowProjection.Check.FOREIGN_DELIVERY, "a delivery of another flow's packet");
    }

    /**
     * A failure that, finding some message incomplete, restarts the complete ones too (planted): its
     * effect on a complete flow depends on the other flows, which the abstract failure (the model's on
     * the projected state, where they are complete) cannot show; the decision checks the failure with
     * the other flows incomplete and refuses (two opposing messages, a failure).
     */
    @Test
    void aFailureThatDependsOnTheOtherFlowsIsRefused() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", withParams(FlowProjectionTest.tiny(),
                "failures", "1"));
        refused(with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.FAILURE_RESTARTS_ALL)),
                FlowProjection.Check.FAILURE, "a failure, ");
    }

    /**
     * An end packet that ignores its DFT hit while the table holds another message's entry and has room
     * (planted): the full search finds the reorder (9 steps) at the defaults with a three-entry DFT; the
     * decision, which shows a table with the flow's own entries and every number of other flows' entries
     * beside them (it showed only its own or a full one, and said VERIFIED), must not say VERIFIED.
     */
    @Test
    void anEndPacketThatIgnoresItsHitBesideAnotherMessagesEntryIsNotVerified() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", Map.of("dft", "3"));
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.END_IGNORES_HIT_BESIDE_ANOTHER));
        CheckResult full = new Explorer(ONE.withStopAtFirstViolation(true)).check(bug.selecting(q -> q.name()
                .equals(FabricProperties.IN_ORDER))).result(FabricProperties.IN_ORDER);
        assertInstanceOf(CheckResult.Violated.class, full, "the full search sees the planted reorder");
        assertNotEquals(PerFlowDecision.Verdict.VERIFIED, inOrder(bug, false, 0));
    }

    /**
     * An end packet that ignores its DFT hit while the table holds another message's deflection record (a
     * VL1 entry made with a token or more; planted): a router that reads which entries the other messages
     * hold, not how many. The full search finds the reorder at the defaults with a three-entry DFT; the
     * decision, which showed one choice of the other messages' entries per number (tokens 0 first, which
     * no deflection writes) and said VERIFIED, now records every read of another message's entry and shows
     * every choice of them where a decision reads one: POSSIBLE here (VIOLATED with the confirming search).
     */
    @Test
    void anEndPacketThatIgnoresItsHitBesideAnotherMessagesDeflectionIsNotVerified() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", Map.of("dft", "3"));
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.END_IGNORES_HIT_BESIDE_DEFLECTION));
        CheckResult full = new Explorer(ONE.withStopAtFirstViolation(true)).check(bug.selecting(q -> q.name()
                .equals(FabricProperties.IN_ORDER))).result(FabricProperties.IN_ORDER);
        assertInstanceOf(CheckResult.Violated.class, full, "the full search sees the planted reorder");
        assertNotEquals(PerFlowDecision.Verdict.VERIFIED, inOrder(bug, false, 0));
    }

    private static Map<String, String> withParams(Map<String, String> base, String key, String value) {
        Map<String, String> p = new java.util.HashMap<>(base);
        p.put(key, value);
        return p;
    }

    /**
     * The review's configuration (the repaired defaults with 2 tokens): the full search finds the planted
     * bug's reorder; the decision refuses.
     */
    @Test
    @Tag("slow")
    void theDefaultsWithTwoTokensUnderAForeignFreeAreNotVerified() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", Map.of("tokens", "2"));
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.FREES_OTHERS_ENTRIES));
        CheckResult full = new Explorer(ONE.withStopAtFirstViolation(true)).check(bug.selecting(p -> p.name()
                .equals(FabricProperties.IN_ORDER))).result(FabricProperties.IN_ORDER);
        assertInstanceOf(CheckResult.Violated.class, full, "the full search sees the planted bug");
        PerFlowDecision.Outcome o = PerFlowDecision.decide(bug, ONE, 0, false, ONE, l -> { });
        for (PerFlowDecision.PropertyVerdict v : o.verdicts()) {
            assertNotEquals(PerFlowDecision.Verdict.VERIFIED, v.verdict(), v.property());
        }
    }

    /** With it: the model's own trace, the full search's violation; the design itself holds there. */
    @Test
    @Tag("slow")
    void thePlantedReorderIsTheModelsAndTheDesignHolds() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", config());
        CheckSpec<LayoutState> bug = planted(s);
        CheckResult full = new Explorer(ONE.withStopAtFirstViolation(true)).check(bug.selecting(p -> p.name()
                .equals(FabricProperties.IN_ORDER))).result(FabricProperties.IN_ORDER);
        assertInstanceOf(CheckResult.Violated.class, full, "the full search sees the planted reorder");
        assertEquals(PerFlowDecision.Verdict.VIOLATED, inOrder(bug, false, 60_000));
        assertEquals(PerFlowDecision.Verdict.VERIFIED, inOrder(s, false, 60_000), "the design holds here");
    }

    /** The review's configuration, the repaired defaults: under the foreground pause DeadlockFree is not VERIFIED. */
    @Test
    @Tag("slow")
    void theDefaultsUnderAForegroundPauseAreNotVerified() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", Map.of());
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(
                ((NetworkModel) s.model()).config(), PlantedRouter.PAUSES_ON_PACKETS_ALONE));
        assertEquals(PerFlowDecision.Verdict.INCONCLUSIVE, deadlockFree(bug));
    }
}
