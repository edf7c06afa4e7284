package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
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

    /**
     * One flow's whole abstract state space under one enumeration. No property is checked: the explorer
     * stops once every property it checks is violated, as the paper's rules violate all five of
     * {@link PerFlowDecision#SAFETY} in the abstraction (and in the model), and the moves are compared on
     * every abstract state.
     */
    private static Run run(CheckSpec<LayoutState> s, int flow, FlowProjection.Enumeration e) {
        FlowProjection p = new FlowProjection((NetworkModel) s.model(), flow, e);
        List<Property<LayoutState>> none = List.of();
        ExplorationReport r = new Explorer(ONE).check(new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), p,
                none, Set.of()));
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

    /**
     * With hysteresis every step updates the pause bits of every buffer from its occupancy; those reads
     * are not logged (the projection forgets the pause bits), so the tree branches only on what a move
     * reads, and still gives exactly the full enumeration's moves.
     */
    @Test
    @Tag("slow")
    void theTreeGivesTheFullEnumerationsMovesUnderHysteresis() {
        sameMoves(FlowProjectionTest.spec("repaired", with(FlowProjectionTest.tiny(), "xoff", "3",
                "pfc-hysteresis", "2", "background", "1")));
    }

    /**
     * The slow tier's configurations, each a test of its own (its time in the test report); the largest
     * with the pause bit as state is {@link #withThePauseBitAsStateTheTreeGivesTheFullEnumerationsMoves}.
     */
    @Tag("slow")
    @TestFactory
    Stream<DynamicTest> theTreeGivesTheFullEnumerationsMovesAndVerdicts() {
        return Stream.of(
                dynamicTest("moves, two tokens", () -> sameMoves(FlowProjectionTest.spec("repaired",
                        FlowProjectionTest.twoTokens()))),
                dynamicTest("moves, defaults with a failure and background", () -> sameMoves(
                        FlowProjectionTest.spec("repaired", Map.of("failures", "1", "background", "1")))),
                // a failure and background on the smallest fabric: the split of an occupancy, the escape route after a failure
                dynamicTest("moves, smallest fabric with a failure and background", () -> sameMoves(
                        FlowProjectionTest.spec("repaired", with(FlowProjectionTest.tiny(), "failures", "1",
                                "background", "1")))),
                dynamicTest("moves, lane change by table", () -> sameMoves(FlowProjectionTest.spec("repaired",
                        Map.of("lane-change", "table", "failures", "1", "background", "1")))),
                dynamicTest("moves, no escape lane", () -> sameMoves(FlowProjectionTest.spec("repaired",
                        Map.of("escape", "off", "background", "1")))),
                dynamicTest("moves, paper", () -> sameMoves(FlowProjectionTest.spec("paper", Map.of()))),
                // the pause bit as state with a failure: more than 410 s of CPU unfinished before the pause-bit
                // update's reads went unlogged (97b6804), about 35 s since (docs/checking.md, "Tests")
                dynamicTest("moves, smallest fabric with a failure and background under hysteresis", () -> sameMoves(
                        FlowProjectionTest.spec("repaired", with(FlowProjectionTest.tiny(), "failures", "1",
                                "background", "1", "xoff", "3", "pfc-hysteresis", "2")))),
                dynamicTest("verdicts, defaults with a failure and background", () -> sameVerdicts(
                        FlowProjectionTest.spec("repaired", Map.of("failures", "1", "background", "1")))),
                dynamicTest("verdicts, lane-silent", () -> sameVerdicts(FlowProjectionTest.spec("lane-silent",
                        Map.of("flows", "0-1", "packets", "2", "tokens", "1", "xoff", "2", "background", "1",
                                "failures", "0")))),
                dynamicTest("verdicts, no-cleanup", () -> sameVerdicts(FlowProjectionTest.spec("no-cleanup",
                        Map.of()))),
                dynamicTest("verdicts, message-key-no-uturn", () -> sameVerdicts(FlowProjectionTest.spec(
                        "message-key-no-uturn", Map.of()))),
                // the planted router that singles out one occupancy: both see the abstract reorder
                dynamicTest("moves and verdicts, planted router", () -> {
                    CheckSpec<LayoutState> bug = plantedRouter();
                    sameMoves(bug);
                    sameVerdicts(bug);
                }));
    }

    /** The planted router that singles out one occupancy (xoff - 1) inside a class. */
    private static CheckSpec<LayoutState> plantedRouter() {
        CheckSpec<LayoutState> s = FlowProjectionTest.spec("repaired", Map.ofEntries(
                Map.entry("topology", "leafspine:tors=2,spines=1,hosts=1"), Map.entry("flows", "0-1"),
                Map.entry("packets", "2"), Map.entry("tokens", "1"), Map.entry("failures", "0"),
                Map.entry("background", "2"), Map.entry("threshold", "2"), Map.entry("ecn", "3"),
                Map.entry("xoff", "4"), Map.entry("dft", "2")));
        NetworkModel planted = NetworkModel.withPlantedLaneChangeAt(((NetworkModel) s.model()).config(),
                ((NetworkModel) s.model()).config().xoff() - 1);
        return new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), planted, FabricProperties.all(planted),
                Set.of());
    }

    /**
     * The pause bit as state (PFC hysteresis): every dimension of an environment. The full enumeration
     * builds every VL0 output buffer's occupancy and pause bit one by one: two opposing 2-packet flows
     * with 2 tokens take about 140 s of CPU (docs/checking.md, "Tests"), where the slow tier's eleven
     * others take 43 s together. {@code mvn -B verify -Pveryslow -pl checker-bridge -am
     * -Dtest=PerFlowEnumerationTest -Dsurefire.failIfNoSpecifiedTests=false}.
     */
    @Tag("veryslow")
    @TestFactory
    Stream<DynamicTest> withThePauseBitAsStateTheTreeGivesTheFullEnumerationsMoves() {
        return Stream.of(
                dynamicTest("moves, two 2-packet flows with hysteresis", () -> sameMoves(FlowProjectionTest.spec(
                        "repaired", Map.of("failures", "1", "pfc-hysteresis", "2", "flows", "0-1,1-0", "packets",
                                "2", "tokens", "2", "xoff", "3", "background", "1")))));
    }
}
