package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.fabric.DeadlockKinds;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;

/**
 * The kind of a deadlock (why its stuck packets cannot move, {@link NetworkModel#blocking}): each
 * stored deadlock's traces end in a state of its declared kind, and each further kind a finding
 * declares has its stored trace ending in that kind; in the slow tier, the kinds of every finding
 * are complete and each further kind's trace is the shortest of its kind. A router with a planted
 * stuck rule deadlocks with another kind and violates NoUnexplainedBlocking (ContainedKindTest).
 */
class FabricFindingKindTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    @Test
    void eachStoredDeadlockEndsInAStateOfItsDeclaredKind() throws Exception {
        StoredDeadlockKinds.assertDeclaredKinds(ENTRY, "fabric", FabricEntry.REPAIRED_FINDINGS,
                FabricEntry.DEADLOCK_PROPERTIES, FabricEntry.FINDING_KINDS, FabricEntry.FURTHER_KINDS,
                2 * FabricEntry.REPAIRED_FINDINGS.size());
    }

    private static Path furtherTrace(String finding, Set<NetworkModel.Block> kind) {
        return Path.of("..", "counterexamples", "fabric", finding + "-" + FabricProperties.NO_ROUTING_DEADLOCK + "-"
                + FabricEntry.kindTag(kind) + ".json");
    }

    @Test
    @SuppressWarnings("unchecked")
    void eachFurtherKindHasAStoredTraceEndingInThatKind() {
        int read = 0;
        for (var e : FabricEntry.FURTHER_KINDS.entrySet()) {
            for (Set<NetworkModel.Block> kind : e.getValue()) {
                Path file = furtherTrace(e.getKey(), kind);
                assertTrue(Files.exists(file), file.toString());
                Counterexample cex = Counterexamples.read(file);
                assertEquals(e.getKey(), cex.provenance().variant(), file.toString());
                CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build(e.getKey(), Params.empty());
                assertEquals(spec.parameters(), ENTRY.build(cex.provenance().variant(),
                        Params.of(cex.provenance().parameters())).parameters(), "the finding's own configuration");
                LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow(() -> new AssertionError(file));
                assertEquals(kind, ((NetworkModel) spec.model()).blocking(end), file.toString());
                read++;
            }
        }
        assertTrue(read >= 2, "further-kind traces read: " + read);
    }

    /**
     * The findings whose DFT size the containment rule counts "at least": each one's stored
     * NoRoutingDeadlock trace is, at every larger DFT size up to the parameter's largest, a behaviour
     * step for step that ends in a routing deadlock of the finding's kind, and {@code repaired} at
     * that size expects it. At one entry fewer the same trace is not a behaviour (the replay sees the
     * DFT size), and a finding left out of the set is not contained at a larger DFT.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theDftAtLeastFindingsDeadlockAlikeAtEveryLargerDft() {
        int replayed = 0;
        for (String f : FabricEntry.DFT_AT_LEAST) {
            Path file = Path.of("..", "counterexamples", "fabric", f + "-" + FabricProperties.NO_ROUTING_DEADLOCK + ".json");
            Counterexample cex = Counterexamples.read(file);
            int own = Integer.parseInt(cex.provenance().parameters().get("dft"));
            for (int d = own - 1; d <= 8; d++) {
                java.util.Map<String, String> p = new java.util.LinkedHashMap<>(cex.provenance().parameters());
                p.put("dft", Integer.toString(d));
                CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("repaired", Params.of(p));
                var r = TraceReplayer.replay(spec, cex);
                if (d < own) {
                    // repaired-three-flows-four-packets' trace replays at one entry too; "at least" does not reach there
                    if (!f.equals("repaired-three-flows-four-packets")) {
                        assertInstanceOf(org.rdmacheck.checker.trace.ReplayResult.IllegalStep.class, r, f + " dft=" + d);
                    }
                    assertTrue(!ENTRY.expectedFindings(spec).contains(f), f + " dft=" + d);
                    continue;
                }
                assertInstanceOf(org.rdmacheck.checker.trace.ReplayResult.Reproduces.class, r, f + " dft=" + d);
                LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow();
                assertEquals(FabricEntry.FINDING_KINDS.get(f), ((NetworkModel) spec.model()).blocking(end),
                        f + " dft=" + d);
                assertTrue(ENTRY.expectedFindings(spec).contains(f), f + " dft=" + d);
                replayed++;
            }
        }
        assertEquals(4 * 7, replayed);
        CheckSpec<?> twoEntries = ENTRY.build("repaired", Params.of(java.util.Map.of("topology",
                "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0", "packets", "3", "tokens", "2", "xoff", "3",
                "background", "0", "failures", "0", "dft", "2")));
        assertTrue(!ENTRY.expectedFindings(twoEntries).contains("repaired-no-background"),
                "repaired-no-background (one entry) is not contained at two");
    }

    /**
     * {@code repaired-three-flows-three-packets} is not one of them: its last step (h2's first packet
     * joining leaf2's full buffer to spine1) needs leaf2's two-entry DFT to be full, since with room
     * for a third entry leaf2 deflects that packet to spine0 instead, and at one entry leaf2 cannot
     * deflect h0's first packet beside h1's entry. Its two further kinds' stored traces do replay at
     * every larger DFT size ({@link FabricEntry#DFT_AT_LEAST_KINDS}): there the finding is contained
     * with those kinds only.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theThreePacketFindingsOwnTraceNeedsAFullDftAndItsFurtherKindsDeadlockAtEveryLargerDft() {
        String f = "repaired-three-flows-three-packets";
        assertTrue(!FabricEntry.DFT_AT_LEAST.contains(f));
        Counterexample own = Counterexamples.read(Path.of("..", "counterexamples", "fabric", f + "-"
                + FabricProperties.NO_ROUTING_DEADLOCK + ".json"));
        int replayed = 0;
        for (int d = 1; d <= 8; d++) {
            java.util.Map<String, String> p = new java.util.LinkedHashMap<>(own.provenance().parameters());
            p.put("dft", Integer.toString(d));
            CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("repaired", Params.of(p));
            var r = TraceReplayer.replay(spec, own);
            if (d == 2) {
                assertInstanceOf(org.rdmacheck.checker.trace.ReplayResult.Reproduces.class, r);
                assertTrue(ENTRY.expectedFindings(spec).contains(f));
                continue;
            }
            var illegal = assertInstanceOf(org.rdmacheck.checker.trace.ReplayResult.IllegalStep.class, r, "dft=" + d);
            assertEquals(d == 1 ? 14 : 16, illegal.step(), "dft=" + d);
            assertEquals(d > 2, ENTRY.expectedFindings(spec).contains(f), "dft=" + d);
            if (d == 1) {
                continue;
            }
            for (Set<NetworkModel.Block> kind : FabricEntry.DFT_AT_LEAST_KINDS.get(f)) {
                Counterexample cex = Counterexamples.read(furtherTrace(f, kind));
                assertInstanceOf(org.rdmacheck.checker.trace.ReplayResult.Reproduces.class,
                        TraceReplayer.replay(spec, cex), kind + " dft=" + d);
                LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow();
                assertEquals(kind, ((NetworkModel) spec.model()).blocking(end), "dft=" + d);
                assertEquals(java.util.Optional.empty(), ENTRY.otherKind(spec, FabricProperties.NO_ROUTING_DEADLOCK,
                        end), "dft=" + d);
                replayed++;
            }
            // the own kind is not expected at a larger DFT: its trace is no behaviour there
            assertTrue(!ENTRY.kindsAt(f, spec.parameters()).contains(FabricEntry.FINDING_KINDS.get(f)), "dft=" + d);
        }
        assertEquals(2 * 6, replayed);
    }

    /**
     * Every finding's kinds are complete at its configuration (the search for a routing deadlock of
     * another kind is exhausted), and each further kind is what that search finds next, at the
     * stored trace's length. {@code mvn -B verify -Pslow}; about 91 M states over the first fourteen
     * findings and 36.8 M more for {@code repaired-three-flows-three-packets}' three searches (the last
     * exhausting its 29.7 M states) and 7.2 M for {@code repaired-three-flows-four-packets}' one
     * ({@code repaired-three-flows-dft2}'s four searches 27.9 M, the last exhausting its 18.4 M states;
     * {@code repaired-three-flows-one-token}'s four 25.9 M, the last exhausting its 10.3 M states;
     * {@code repaired-three-flows}' four 12.4 M, the last exhausting its 6.2 M states;
     * {@code repaired-no-background-dft2}'s three 9.8 M; {@code repaired-failure-background}'s last
     * search exhausts its 4.6 M states).
     */
    @Tag("slow")
    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> eachFindingsKindsAreCompleteAndEachFurtherKindIsTheShortestOfItsKind() {
        return FabricEntry.REPAIRED_FINDINGS.stream().map(f -> DynamicTest.dynamicTest(f, () -> {
            CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build(f, Params.empty());
            ExplorerSettings settings = ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { });
            List<Set<NetworkModel.Block>> kinds = FabricEntry.kinds(f);
            Set<Set<NetworkModel.Block>> known = new HashSet<>(List.of(kinds.get(0)));
            Set<Set<NetworkModel.Block>> further = new HashSet<>(kinds.subList(1, kinds.size()));
            while (!further.isEmpty()) {
                // several kinds may first appear at one depth: breadth-first search meets one of them
                DeadlockKinds.Another found = assertInstanceOf(DeadlockKinds.Another.class,
                        DeadlockKinds.shortestOfAnotherKind(spec, known, settings), f);
                assertTrue(further.remove(found.kind()), f + ": " + FabricEntry.kindText(found.kind()));
                assertEquals(Counterexamples.read(furtherTrace(f, found.kind())).length(),
                        found.counterexample().length(), f);
                known.add(found.kind());
            }
            assertInstanceOf(DeadlockKinds.NoneOther.class, DeadlockKinds.shortestOfAnotherKind(spec, known, settings),
                    f + ": a routing deadlock of a kind the finding does not declare");
        }));
    }
}
