package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * The per-flow decision enumerates a routing decision's environments as a decision tree over what the
 * model's decision reads ({@link FlowProjection.Enumeration#TREE}); it must give exactly the moves of
 * building every environment one by one ({@link FlowProjection.Enumeration#FULL}): per local situation
 * the same set of moves, hence the same abstract state space, the same situations covered and the same
 * verdicts, with fewer decisions computed.
 */
class PerFlowEnumerationTest {

    private static final ExplorerSettings ONE = ExplorerSettings.defaults().withThreads(1).withProgress(0, p -> { });

    /** One flow's abstract search under one enumeration. */
    private record Run(long states, long situations, long decisions, Map<List<Integer>, Set<Object>> moves) {
    }

    private static Run run(CheckSpec<LayoutState> s, int flow, FlowProjection.Enumeration e) {
        FlowProjection p = new FlowProjection((NetworkModel) s.model(), flow, e);
        List<Property<LayoutState>> ps = PerFlowDecision.SAFETY.stream().map(s::property).toList();
        ExplorationReport r = new Explorer(ONE.withStopAtFirstViolation(false)).check(new CheckSpec<>(s.modelName(),
                s.variant(), s.parameters(), p, ps, Set.of()));
        assertTrue(r.complete(), r.stopReason());
        return new Run(r.stats().distinctStates(), p.situations.sum(), p.decisions.sum(), p.decidedMoves());
    }

    /** Every flow: the tree's moves per local situation, states and situations covered equal the full enumeration's. */
    static void sameMoves(CheckSpec<LayoutState> s) {
        for (int f = 0; f < ((NetworkModel) s.model()).config().flows().size(); f++) {
            Run full = run(s, f, FlowProjection.Enumeration.FULL);
            Run tree = run(s, f, FlowProjection.Enumeration.TREE);
            String at = s.variant() + " " + s.parameters() + ", flow " + f;
            assertEquals(full.moves().keySet(), tree.moves().keySet(), at + ": local situations");
            for (var e : full.moves().entrySet()) {
                assertEquals(e.getValue(), tree.moves().get(e.getKey()), at + ": moves at local situation " + e.getKey());
            }
            assertEquals(full.states(), tree.states(), at + ": abstract states");
            assertEquals(full.situations(), tree.situations(), at + ": situations covered");
            assertEquals(full.situations(), full.decisions(), at + ": the full enumeration decides every situation");
            assertTrue(tree.decisions() <= full.decisions(), at + ": decisions " + tree.decisions());
        }
    }

    /** The decision's verdicts and per-flow figures (but the decisions computed) are the same under both. */
    static void sameVerdicts(CheckSpec<LayoutState> s) {
        PerFlowDecision.Outcome full = PerFlowDecision.decide(s, ONE, 30_000, false, ONE, l -> { },
                FlowProjection.Enumeration.FULL);
        PerFlowDecision.Outcome tree = PerFlowDecision.decide(s, ONE, 30_000, false, ONE, l -> { },
                FlowProjection.Enumeration.TREE);
        assertEquals(full.verdicts().stream().map(v -> v.property() + " " + v.verdict() + " " + v.flow()).toList(),
                tree.verdicts().stream().map(v -> v.property() + " " + v.verdict() + " " + v.flow()).toList());
        assertEquals(full.flows().stream().map(r -> List.of(r.flow(), r.states(), r.situations(), r.memoised(),
                r.complete())).toList(), tree.flows().stream().map(r -> List.of(r.flow(), r.states(), r.situations(),
                r.memoised(), r.complete())).toList());
    }

    private static Map<String, String> with(Map<String, String> base, String... kv) {
        Map<String, String> p = new HashMap<>(base);
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void theTreeGivesTheFullEnumerationsMovesOnTheSmallestFabric() {
        sameMoves(FlowProjectionTest.spec("repaired", FlowProjectionTest.tiny()));
    }

    @Test
    @Tag("slow")
    void theTreeGivesTheFullEnumerationsMovesAndVerdicts() {
        sameMoves(FlowProjectionTest.spec("repaired", FlowProjectionTest.twoTokens()));
        sameMoves(FlowProjectionTest.spec("repaired", Map.of("failures", "1", "background", "1")));
        // a failure and background on the smallest fabric: the split of an occupancy, the escape route after a failure
        sameMoves(FlowProjectionTest.spec("repaired", with(FlowProjectionTest.tiny(), "failures", "1",
                "background", "1")));
        // the pause bit as state (hysteresis): every dimension of an environment
        sameMoves(FlowProjectionTest.spec("repaired", with(FlowProjectionTest.tiny(), "failures", "1",
                "background", "1", "xoff", "3", "pfc-hysteresis", "2")));
        sameMoves(FlowProjectionTest.spec("repaired", Map.of("lane-change", "table", "failures", "1",
                "background", "1")));
        sameMoves(FlowProjectionTest.spec("repaired", Map.of("failures", "1", "pfc-hysteresis", "2", "flows",
                "0-1,1-0", "packets", "2", "tokens", "2", "xoff", "3", "background", "1")));
        sameMoves(FlowProjectionTest.spec("repaired", Map.of("escape", "off", "background", "1")));
        sameMoves(FlowProjectionTest.spec("paper", Map.of()));
        sameVerdicts(FlowProjectionTest.spec("repaired", Map.of("failures", "1", "background", "1")));
        sameVerdicts(FlowProjectionTest.spec("lane-silent", Map.of("flows", "0-1", "packets", "2", "tokens", "1",
                "xoff", "2", "background", "1", "failures", "0")));
        sameVerdicts(FlowProjectionTest.spec("no-cleanup", Map.of()));
        sameVerdicts(FlowProjectionTest.spec("message-key-no-uturn", Map.of()));
        // the planted router that singles out one occupancy: both see the abstract reorder
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", Map.ofEntries(
                Map.entry("topology", "leafspine:tors=2,spines=1,hosts=1"), Map.entry("flows", "0-1"),
                Map.entry("packets", "2"), Map.entry("tokens", "1"), Map.entry("failures", "0"),
                Map.entry("background", "2"), Map.entry("threshold", "2"), Map.entry("ecn", "3"),
                Map.entry("xoff", "4"), Map.entry("dft", "2")));
        NetworkModel planted = NetworkModel.withPlantedLaneChangeAt(((NetworkModel) s.model()).config(),
                ((NetworkModel) s.model()).config().xoff() - 1);
        CheckSpec<LayoutState> bug = new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), planted,
                FabricProperties.all(planted), Set.of());
        sameMoves(bug);
        sameVerdicts(bug);
    }
}
