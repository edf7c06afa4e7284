package org.rdmacheck.properties.iofd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.fabric.FabricEntry;
import org.rdmacheck.properties.fabric.StoredDeadlockKinds;

/**
 * The kind of an IOFD deadlock (why its stuck packets cannot move, {@link NetworkModel#blocking}):
 * each stored deadlock of the design dft ends in a state of its declared kind, each further kind a
 * finding declares has its stored trace ending in that kind; in the slow tier, every finding's kinds
 * are complete at its configuration (the search for a deadlock of another kind is exhausted), each
 * further kind being what that search finds next, at the stored trace's length.
 */
class IofdFindingKindTest {

    private static final IofdEntry ENTRY = new IofdEntry();

    private static final String DEADLOCK_FREE = DeadlockFreedom.standard().name();

    @Test
    void eachStoredDeadlockEndsInAStateOfItsDeclaredKind() throws Exception {
        StoredDeadlockKinds.assertDeclaredKinds(ENTRY, "iofd", IofdEntry.DFT_FINDINGS, Set.of(DEADLOCK_FREE),
                IofdEntry.FINDING_KINDS, Map.of(), IofdEntry.DFT_FINDINGS.size());
    }

    private static Path furtherTrace(String finding, Set<NetworkModel.Block> kind) {
        return Path.of("..", "counterexamples", "iofd", finding + "-" + DEADLOCK_FREE + "-" + FabricEntry.kindTag(kind)
                + ".json");
    }

    @Test
    @SuppressWarnings("unchecked")
    void eachFurtherKindHasAStoredTraceEndingInThatKind() {
        int read = 0;
        for (var e : IofdEntry.FURTHER_KINDS.entrySet()) {
            for (Set<NetworkModel.Block> kind : e.getValue()) {
                Path file = furtherTrace(e.getKey(), kind);
                assertTrue(Files.exists(file), file.toString());
                Counterexample cex = Counterexamples.read(file);
                assertEquals(e.getKey(), cex.provenance().variant(), file.toString());
                assertEquals(Counterexample.Kind.DEADLOCK, cex.kind(), file.toString());
                CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build(e.getKey(), Params.empty());
                assertEquals(spec.parameters(), ENTRY.build(cex.provenance().variant(),
                        Params.of(cex.provenance().parameters())).parameters(), "the finding's own configuration");
                assertTrue(TraceReplayer.replay(spec, cex).reproduces(), file.toString());
                LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow(() -> new AssertionError(file));
                assertEquals(kind, ((NetworkModel) spec.model()).blocking(end), file.toString());
                read++;
            }
        }
        assertTrue(read >= 2, "further-kind traces read: " + read);
    }

    /**
     * A configuration containing two findings expects the kinds of both: opposing 3-packet messages
     * with 3 tokens contain dft's defaults and dft-three-tokens, and their shortest deadlock (19
     * steps, {pinned-to-full}) is dft-three-tokens' kind, not dft's; a kind neither has is refused.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aContainingConfigurationTakesTheKindsOfEveryFindingItContains() {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("dft", Params.of(Map.of("flows", "0-1,1-0",
                "packets", "3", "tokens", "3")));
        Counterexample cex = Counterexamples.read(Path.of("..", "counterexamples", "iofd",
                "dft-three-tokens-DeadlockFree.json"));
        LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow();
        assertEquals(IofdEntry.FINDING_KINDS.get("dft-three-tokens"), ((NetworkModel) spec.model()).blocking(end));
        assertTrue(ENTRY.otherKind(spec, DEADLOCK_FREE, end).isEmpty(), "dft-three-tokens' kind is expected");
        String note = String.join("\n", ENTRY.expectationNotes(spec));
        assertTrue(note.contains("dft's defaults") && note.contains("dft-three-tokens"), note);
        // dft's defaults (2 tokens) expect their own kind
        CheckSpec<LayoutState> defaults = (CheckSpec<LayoutState>) ENTRY.build("dft", Params.empty());
        LayoutState stored = TraceReplayer.lastState(defaults, Counterexamples.read(Path.of("..", "counterexamples",
                "iofd", "dft-DeadlockFree.json"))).orElseThrow();
        assertTrue(ENTRY.otherKind(defaults, DEADLOCK_FREE, stored).isEmpty());
    }

    /**
     * Every finding's kinds are complete at its configuration and each further kind is the shortest
     * of its kind: about 0.8 M states over the three findings (dft-three-tokens' four searches
     * 0.68 M, the last exhausting its 206,276 states; dft's two, the last exhausting 76,072;
     * dft-one-message's 1,067). {@code mvn -B verify -Pslow}.
     */
    @Tag("slow")
    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> eachFindingsKindsAreCompleteAndEachFurtherKindIsTheShortestOfItsKind() {
        return IofdEntry.DFT_FINDINGS.stream().map(f -> DynamicTest.dynamicTest(f, () -> {
            CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build(f, Params.empty());
            ExplorerSettings settings = ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { });
            List<Set<NetworkModel.Block>> kinds = IofdEntry.kinds(f);
            DeadlockKinds.Another first = assertInstanceOf(DeadlockKinds.Another.class,
                    DeadlockKinds.shortestStuckOfAnotherKind(spec, Set.of(), settings), f);
            assertEquals(kinds.get(0), first.kind(), f + ": the shortest deadlock is of the declared kind");
            assertEquals(Counterexamples.read(Path.of("..", "counterexamples", "iofd", f + "-" + DEADLOCK_FREE
                    + ".json")).length(), first.counterexample().length(), f);
            Set<Set<NetworkModel.Block>> known = new HashSet<>(List.of(kinds.get(0)));
            Set<Set<NetworkModel.Block>> further = new HashSet<>(kinds.subList(1, kinds.size()));
            while (!further.isEmpty()) {
                DeadlockKinds.Another found = assertInstanceOf(DeadlockKinds.Another.class,
                        DeadlockKinds.shortestStuckOfAnotherKind(spec, known, settings), f);
                assertTrue(further.remove(found.kind()), f + ": " + FabricEntry.kindText(found.kind()));
                assertEquals(Counterexamples.read(furtherTrace(f, found.kind())).length(),
                        found.counterexample().length(), f);
                known.add(found.kind());
            }
            assertInstanceOf(DeadlockKinds.NoneOther.class,
                    DeadlockKinds.shortestStuckOfAnotherKind(spec, known, settings),
                    f + ": a deadlock of a kind the finding does not declare");
        }));
    }
}
