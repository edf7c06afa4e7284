package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.fabric.NetworkModel.PlantedRouter;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.fabric.FabricEntry;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * Two one-line model bugs under which a full check finds a routing deadlock: the packet budget must
 * not prove {@code NoRoutingDeadlock} under either. PFC pausing one packet early breaks the local
 * lemma (a buffer below {@code xoff} refuses a move), which the lemma now finds by enumerating every
 * occupancy; a background cap one above the threshold breaks the count's bound, which is checked on
 * the model's layout and on every reached state ({@code RoutesLive}).
 */
class BudgetPlantedBugsTest {

    private static final ExplorerSettings ONE = ExplorerSettings.defaults().withThreads(1).withProgress(0, p -> { })
            .withMaxStates(5_000_000);

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> spec(Map<String, String> params) {
        return (CheckSpec<LayoutState>) (CheckSpec<?>) new FabricEntry().build("repaired", Params.of(params));
    }

    private static CheckSpec<LayoutState> with(CheckSpec<LayoutState> s, NetworkModel m) {
        return new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), m, FabricProperties.all(m), Set.of());
    }

    private static CheckResult full(CheckSpec<LayoutState> spec) {
        return new Explorer(ONE.withStopAtFirstViolation(true)).check(spec.selecting(p -> p.name()
                .equals(FabricProperties.NO_ROUTING_DEADLOCK))).result(FabricProperties.NO_ROUTING_DEADLOCK);
    }

    /**
     * One 1-packet message on a leaf-spine of one spine, xoff 3 above threshold 1: a pause at 2 is at an
     * occupancy the lemma's former representatives (below the threshold, at it, at xoff) never showed.
     */
    private static Map<String, String> small() {
        return Map.of("topology", "leafspine:tors=2,spines=1,hosts=1", "flows", "0-1", "packets", "1", "tokens", "1",
                "failures", "0", "xoff", "3", "background", "0", "dft", "1");
    }

    @Test
    void anEarlyPauseFailsTheLemmaAndDecidesNothing() {
        CheckSpec<LayoutState> s = spec(small());
        NetworkModel planted = NetworkModel.withPlantedEarlyPause(((NetworkModel) s.model()).config());
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(with(s, planted), ONE));
        assertTrue(n.reason().startsWith("the local lemma fails"), n.reason());
        assertTrue(n.reason().contains("has no move and no output buffer"), n.reason());
        LocalRouting.Result lemma = n.lemma().orElseThrow();
        assertTrue(lemma.failed() > 0 && lemma.complete());
        LocalRouting.Result clean = LocalRouting.check((NetworkModel) s.model());
        assertTrue(clean.holds());
        assertEquals(clean.situations(), lemma.situations());
    }

    /**
     * A router that also reads another buffer into its switch (and refuses a packet while that one
     * holds two): every situation holds one packet there, so no situation shows a refusal; the lemma
     * fails because the decision read a slot its situations do not enumerate.
     */
    @Test
    void aDecisionThatReadsAnotherInputBufferFailsTheLemma() {
        NetworkModel m = (NetworkModel) spec(twoBackground()).model();
        LocalRouting.Result r = LocalRouting.check(NetworkModel.withPlanted(m.config(),
                PlantedRouter.READS_ANOTHER_INPUT));
        assertTrue(r.complete() && r.failed() > 0);
        assertTrue(r.failures().get(0).contains("reads the length of buffer["), r.failures().get(0));
        assertTrue(r.failures().get(0).contains("which its routing situation does not enumerate"), r.failures().get(0));
    }

    /**
     * PFC that pauses at {@code xoff - 1} packets of the messages alone: a VL1 occupancy below xoff
     * with the most background it can hold (2 of 2 at xoff 3) never shows it; the lemma enumerates
     * every split of an occupancy into packets and background, and finds it.
     */
    @Test
    void aPauseOnPacketsAloneIsFoundInASplitWithLessBackground() {
        NetworkModel m = (NetworkModel) spec(twoBackground()).model();
        LocalRouting.Result clean = LocalRouting.check(m);
        assertTrue(clean.holds());
        LocalRouting.Result r = LocalRouting.check(NetworkModel.withPlanted(m.config(),
                PlantedRouter.PAUSES_ON_PACKETS_ALONE));
        assertTrue(r.complete() && r.failed() > 0);
        assertEquals(clean.situations(), r.situations());
        assertTrue(r.failures().get(0).contains("=2+0bg/"), r.failures().get(0));
        assertTrue(r.failures().get(0).endsWith("has no move and no output buffer of leaf0 is full"), r.failures().get(0));
    }

    /**
     * The decision tree stands for every situation: a VL1 occupancy is every split (packets, background
     * at most min(threshold, background)) with at most xoff in all, a VL0 one 0..xoff, and the lemma
     * counts their product at every switch while computing far fewer decisions.
     */
    @Test
    void everyOccupancyIsCountedAndFewDecisionsComputed() {
        NetworkModel m = (NetworkModel) spec(twoBackground()).model();
        LocalRouting.Result one = LocalRouting.check(m);
        LocalRouting.Result two = LocalRouting.check(m, Long.MAX_VALUE, 2, 0, n -> { });
        assertEquals(one, two, "the same result on two threads");
        // xoff 3, 2 background packets: 1 + 2 + 3 + 3 VL1 splits, 4 VL0 occupancies; 2 or 3 live ports a switch
        assertEquals(0, one.situations() % (9 * 4 * 9 * 4));
        assertTrue(one.situations() > 3_000_000, one.situations() + " situations");
        assertTrue(one.decisions() * 50 < one.situations(), one.decisions() + " decisions");
    }

    /**
     * A router that refuses a VL1 packet while its switch's table holds another message's entry and has
     * room (planted): the full check finds a routing deadlock (the defaults with a three-entry DFT, xoff 3,
     * a background packet). A lemma that shows a table only with the packet's own entry or full of others
     * misses the refusal; it now shows every number of other messages' entries beside the packet's own, and
     * fails, so nothing is decided.
     */
    @Test
    void aRefusalBesideAnotherMessagesEntryWithRoomFailsTheLemma() {
        CheckSpec<LayoutState> s = spec(Map.of("dft", "3", "xoff", "3", "background", "1", "failures", "0"));
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.STUCK_BESIDE_ANOTHER));
        assertInstanceOf(CheckResult.Violated.class, full(bug), "the full check sees the planted deadlock");
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(bug, ONE));
        assertTrue(n.reason().startsWith("the local lemma fails"), n.reason());
        assertTrue(n.reason().contains("has no move and no output buffer"), n.reason());
        assertTrue(LocalRouting.check((NetworkModel) s.model()).holds(), "the design's lemma holds");
    }

    /**
     * A router that refuses a VL1 packet while its switch's table holds another message's deflection record
     * (a VL1 entry made with a token or more; planted): a refusal that depends on which entries the other
     * messages hold, not on how many. The full check finds the routing deadlock; a lemma that shows one
     * choice of the other messages' entries per number (tokens 0 first, which no deflection writes) misses
     * it (VERIFIED); the lemma now records every read of another message's entry, shows every choice of
     * them where a decision reads one, and fails; on the design it computes one choice, as before.
     */
    @Test
    void aRefusalBesideAnotherMessagesDeflectionFailsTheLemma() {
        CheckSpec<LayoutState> s = spec(Map.of("dft", "3", "xoff", "3", "background", "1", "failures", "0"));
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.STUCK_BESIDE_DEFLECTION));
        assertInstanceOf(CheckResult.Violated.class, full(bug), "the full check sees the planted deadlock");
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(bug, ONE));
        assertTrue(n.reason().startsWith("the local lemma fails"), n.reason());
        assertTrue(n.reason().contains("has no move and no output buffer"), n.reason());
        LocalRouting.Result design = LocalRouting.check((NetworkModel) s.model());
        assertTrue(design.holds(), "the design's lemma holds");
        assertTrue(n.lemma().orElseThrow().situations() > 10 * design.situations(),
                "every choice of the other entries where a decision reads them: " + n.lemma());
    }

    /**
     * PFC that never pauses VL0 (planted): a routing decision of the lemma appends to a full VL0 buffer,
     * past the model's bound. The decision is INCONCLUSIVE for the model's bound (exit 3, as per-flow's
     * search is), on one thread and on two, not an uncaught exception.
     */
    @Test
    void aDecisionPastTheModelsBoundIsInconclusive() {
        CheckSpec<LayoutState> s = spec(small());
        CheckSpec<LayoutState> bug = with(s, NetworkModel.withPlanted(((NetworkModel) s.model()).config(),
                PlantedRouter.VL0_PAUSE_IGNORED));
        for (int threads : new int[] {1, 2}) {
            BudgetDecision.Inconclusive i = assertInstanceOf(BudgetDecision.Inconclusive.class,
                    BudgetDecision.decide(bug, ONE.withThreads(threads)));
            assertEquals(CheckResult.InconclusiveReason.MODEL_BOUND, i.cause());
            assertTrue(i.reason().startsWith("the model's bound was exceeded in the local lemma: FIFO buffer["),
                    i.reason());
            assertFalse(i.lemma().complete());
            assertEquals(0, i.states());
        }
        assertInstanceOf(BudgetDecision.Verified.class, BudgetDecision.decide(s, ONE));
    }

    /** Two opposing 2-packet messages, threshold 2, xoff 3, two background packets (at most two in a buffer). */
    private static Map<String, String> twoBackground() {
        return Map.of("flows", "0-1", "packets", "2", "tokens", "1", "threshold", "2", "xoff", "3", "background", "2",
                "failures", "0");
    }

    @Test
    void theLemmaReportsItsProgress() {
        // A report is due 1 ms after the start: the defaults with a failure and a background packet (89,830
        // routing decisions) take far longer than that even with the code compiled by the tests before; the
        // one-packet configuration of the other tests (784 decisions) could end within the first millisecond.
        NetworkModel m = (NetworkModel) spec(Map.of("failures", "1", "background", "1")).model();
        java.util.List<Long> reports = new java.util.ArrayList<>();
        LocalRouting.Result r = LocalRouting.check(m, Long.MAX_VALUE, 1, n -> {
            reports.add(n);
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(r.holds() && r.complete());
        assertFalse(reports.isEmpty(), "no progress report");
        for (int i = 1; i < reports.size(); i++) {
            assertTrue(reports.get(i) >= reports.get(i - 1), "the counts grow: " + reports);
        }
        assertTrue(reports.get(reports.size() - 1) <= r.situations());
    }

    @Test
    void aRaisedBackgroundCapIsRefusedFromTheModelsLayout() {
        CheckSpec<LayoutState> s = spec(Map.of("flows", "0-1", "packets", "2", "background", "2"));
        NetworkModel planted = NetworkModel.withPlantedBackgroundCap(((NetworkModel) s.model()).config());
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(with(s, planted), ONE));
        assertTrue(n.reason().contains("background packets, above min(threshold, background)"), n.reason());
    }

    @Test
    void routesLiveRejectsMoreBackgroundThanTheCountAssumes() {
        CheckSpec<LayoutState> s = spec(Map.of("flows", "0-1", "packets", "2", "background", "2"));
        NetworkModel planted = NetworkModel.withPlantedBackgroundCap(((NetworkModel) s.model()).config());
        NetworkLayout g = planted.fields();
        int cap = Math.min(planted.config().threshold(), planted.config().background());
        int[] init = new int[g.layout.maxLength()];
        planted.initialStates().get(0).copyTo(init, 0);
        RoutesCheck live = new RoutesCheck(planted);
        assertTrue(live.test(init, 0));
        Expansion x = Expansion.onPackedValues(g.layout);
        int[][] built = new int[1][];
        for (int v : new int[] {cap, cap + 1}) {
            x.load(init, 0);
            x.begin();
            x.set(g.background[g.background.length - 1], v);
            x.emit(0L, (code, next, length) -> built[0] = Arrays.copyOf(next, length));
            assertEquals(v <= cap, live.test(built[0], 0), "background " + v);
        }
    }

    @Test
    void theTimeLimitBoundsTheLemmaToo() {
        CheckSpec<LayoutState> s = spec(Map.of("flows", "0-1", "packets", "3", "tokens", "2", "failures", "1"));
        BudgetDecision.Inconclusive i = assertInstanceOf(BudgetDecision.Inconclusive.class,
                BudgetDecision.decide(s, ONE.withMaxMillis(1)));
        assertFalse(i.lemma().complete());
        assertEquals(0, i.lemma().failed());
        assertEquals(0, i.states());
        assertTrue(i.reason().contains("local lemma"), i.reason());
    }

    /** The review's configurations: the full check finds the deadlock, the budget no longer says VERIFIED. */
    @Test
    @Tag("slow")
    void theReviewsConfigurationsAreNotProvedUnderEitherBug() {
        CheckSpec<LayoutState> early = spec(Map.of("flows", "0-1", "packets", "3", "tokens", "1", "xoff", "3",
                "background", "2", "failures", "0"));
        NetworkModel pause = NetworkModel.withPlantedEarlyPause(((NetworkModel) early.model()).config());
        assertInstanceOf(CheckResult.Violated.class, full(with(early, pause)));
        assertFalse(BudgetDecision.decide(with(early, pause), ONE) instanceof BudgetDecision.Verified);
        assertInstanceOf(BudgetDecision.Verified.class, BudgetDecision.decide(early, ONE));

        CheckSpec<LayoutState> bg = spec(Map.of("flows", "0-1", "packets", "2", "background", "2"));
        NetworkModel cap = NetworkModel.withPlantedBackgroundCap(((NetworkModel) bg.model()).config());
        assertInstanceOf(CheckResult.Violated.class, full(with(bg, cap)));
        assertFalse(BudgetDecision.decide(with(bg, cap), ONE) instanceof BudgetDecision.Verified);
    }
}
