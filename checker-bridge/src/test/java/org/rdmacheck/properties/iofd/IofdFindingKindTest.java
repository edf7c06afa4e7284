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
     * Opposing 3-packet messages with 3 tokens are dft-three-tokens' own configuration; dft's defaults (2
     * tokens) are not contained there any more (dft's trace is no behaviour with 3 tokens: every packet
     * carries its tokens), so only dft-three-tokens' kinds are expected, and dft's stored kind is refused
     * there by the kind rule only if none of dft-three-tokens' kinds is it (it is one: {paused, pinned-to-full}).
     */
    @Test
    @SuppressWarnings("unchecked")
    void aContainingConfigurationTakesTheKindsOfEveryFindingItContains() {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("dft", Params.of(Map.of("flows", "0-1,1-0",
                "packets", "3", "tokens", "3")));
        assertEquals(List.of("dft-three-tokens"), ENTRY.containedFindings(spec.parameters()));
        Counterexample cex = Counterexamples.read(Path.of("..", "counterexamples", "iofd",
                "dft-three-tokens-DeadlockFree.json"));
        LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow();
        assertEquals(IofdEntry.FINDING_KINDS.get("dft-three-tokens"), ((NetworkModel) spec.model()).blocking(end));
        assertTrue(ENTRY.otherKind(spec, DEADLOCK_FREE, end).isEmpty(), "dft-three-tokens' kind is expected");
        String note = String.join("\n", ENTRY.expectationNotes(spec));
        assertTrue(!note.contains("dft's defaults") && note.contains("dft-three-tokens"), note);
        // dft's defaults (2 tokens) expect their own kind
        CheckSpec<LayoutState> defaults = (CheckSpec<LayoutState>) ENTRY.build("dft", Params.empty());
        LayoutState stored = TraceReplayer.lastState(defaults, Counterexamples.read(Path.of("..", "counterexamples",
                "iofd", "dft-DeadlockFree.json"))).orElseThrow();
        assertTrue(ENTRY.otherKind(defaults, DEADLOCK_FREE, stored).isEmpty());
    }

    private static Map<String, String> with(Map<String, String> p, String key, int value) {
        Map<String, String> m = new java.util.LinkedHashMap<>(p);
        m.put(key, Integer.toString(value));
        return m;
    }

    /** The largest value of an integer parameter. */
    private static int largest(String param) {
        return ((org.rdmacheck.properties.catalog.ParamSpec.Int) ENTRY.parameters().stream()
                .filter(p -> p.name().equals(param)).findFirst().orElseThrow()).max();
    }

    /**
     * The parameters a finding counts "at least" ({@link IofdEntry#AT_LEAST}) are proven by replay: at every
     * combination of larger values of them, up to each one's largest, the finding's stored trace is legal step
     * for step, ends in a deadlock of the finding's kind, and the design expects the finding there. At one more
     * of every other parameter the rule leaves out (packets, tokens, background, DFT size) the trace is no
     * deadlock or no behaviour, and the finding is not contained.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theAtLeastParametersAreProvenByReplayAndNoOthers() {
        int replayed = 0;
        for (String f : IofdEntry.DFT_FINDINGS) {
            Counterexample cex = Counterexamples.read(Path.of("..", "counterexamples", "iofd", f + "-" + DEADLOCK_FREE
                    + ".json"));
            Map<String, String> own = ENTRY.resolve(f, Params.empty()).asMap();
            List<String> more = IofdEntry.AT_LEAST.getOrDefault(f, Set.of()).stream().sorted().toList();
            List<Map<String, String>> configs = new java.util.ArrayList<>(List.of(own));
            for (String k : more) {
                List<Map<String, String>> next = new java.util.ArrayList<>();
                for (Map<String, String> c : configs) {
                    for (int v = Integer.parseInt(own.get(k)); v <= largest(k); v++) {
                        next.add(with(c, k, v));
                    }
                }
                configs = next;
            }
            for (Map<String, String> c : configs) {
                CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("dft", Params.of(c));
                assertInstanceOf(org.rdmacheck.checker.trace.ReplayResult.Reproduces.class,
                        TraceReplayer.replay(spec, cex), f + " " + c);
                LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow();
                assertEquals(IofdEntry.FINDING_KINDS.get(f), ((NetworkModel) spec.model()).blocking(end), f + " " + c);
                assertTrue(ENTRY.containedFindings(spec.parameters()).contains(f), f + " " + c);
                assertTrue(spec.mustFail(DEADLOCK_FREE), f + " " + c);
                replayed++;
            }
            for (String k : List.of("packets", "tokens", "background", "dft")) {
                if (more.contains(k)) {
                    continue;
                }
                CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("dft",
                        Params.of(with(own, k, Integer.parseInt(own.get(k)) + 1)));
                assertTrue(!(TraceReplayer.replay(spec, cex) instanceof org.rdmacheck.checker.trace.ReplayResult.Reproduces),
                        f + " " + k + "+1");
                assertTrue(!ENTRY.containedFindings(spec.parameters()).contains(f), f + " " + k + "+1");
            }
        }
        // dft-one-message and its two neighbours: packets 4-8 x dft 2-8; dft-one-message-queue-three and its
        // one-token neighbour: packets 6-8 x dft 2-8; dft-one-failure and dft-two-background: packets 3-8;
        // dft-three-entries and dft-three-entries-two-background: dft 3-8; dft-three-tokens-four-entries: dft 4-8;
        // dft-four-tokens-two-background-five-packets: packets 5-8; dft-four-tokens-three-background: packets 3-8;
        // the others their own configuration
        assertEquals(3 * 5 * 7 + 2 * 3 * 7 + 4 * 6 + 5 + 4 + 6 + (IofdEntry.DFT_FINDINGS.size() - 12), replayed);
    }

    /**
     * The IOFD preset marks no ECN, so {@code ecn} is not in its graph and the rule ignores it: every stored trace
     * of the design's deadlocks (each finding's and its further kinds') replays, violating, with the same kind at
     * the smallest, another and the largest {@code ecn}, and the design expects the finding there.
     */
    @Test
    @SuppressWarnings("unchecked")
    void ecnIsNotInThePresetsGraph() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("..", "counterexamples", "iofd"))) {
            files = s.filter(p -> IofdEntry.DFT_FINDINGS.stream().anyMatch(f -> p.getFileName().toString()
                    .startsWith(f + "-" + DEADLOCK_FREE))).sorted().toList();
        }
        int replayed = 0;
        for (Path file : files) {
            Counterexample cex = Counterexamples.read(file);
            String f = cex.provenance().variant();
            CheckSpec<LayoutState> own = (CheckSpec<LayoutState>) ENTRY.build(f, Params.empty());
            Set<NetworkModel.Block> kind = ((NetworkModel) own.model()).blocking(TraceReplayer.lastState(own, cex)
                    .orElseThrow());
            for (int ecn : new int[] {1, 3, largest("ecn")}) {
                CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build("dft",
                        Params.of(with(own.parameters(), "ecn", ecn)));
                assertInstanceOf(org.rdmacheck.checker.trace.ReplayResult.Reproduces.class,
                        TraceReplayer.replay(spec, cex), file + " ecn=" + ecn);
                assertEquals(kind, ((NetworkModel) spec.model()).blocking(TraceReplayer.lastState(spec, cex)
                        .orElseThrow()), file + " ecn=" + ecn);
                assertTrue(ENTRY.containedFindings(spec.parameters()).contains(f), file + " ecn=" + ecn);
                replayed++;
            }
        }
        assertEquals(3 * (IofdEntry.DFT_FINDINGS.size() + IofdEntry.FURTHER_KINDS.values().stream()
                .mapToInt(List::size).sum()), replayed);
    }

    /**
     * A stored deadlock's variant expects it at its own defaults and follows the design's rule elsewhere: with
     * queues of 3 dft-one-message contains no finding and expects every property to hold; dft's defaults with a
     * failure are dft-one-failure's configuration; any ecn keeps dft's defaults' expectation.
     */
    @Test
    void aFindingsVariantFollowsTheDesignsRuleAwayFromItsDefaults() {
        for (String f : IofdEntry.DFT_FINDINGS) {
            assertTrue(ENTRY.build(f, Params.empty()).mustFail(DEADLOCK_FREE), f);
        }
        CheckSpec<?> queue3 = ENTRY.build("dft-one-message", Params.of(Map.of("queue", "3")));
        assertTrue(!queue3.mustFail(DEADLOCK_FREE) && !queue3.mustFail(IofdProperties.PROGRESS));
        // no deadlock note; only the two implications its constants (no failure, no long flow) make vacuous
        assertEquals(2, ENTRY.expectationNotes(queue3).size());
        assertTrue(ENTRY.expectationNotes(queue3).stream().allMatch(n -> n.contains("only vacuously")),
                ENTRY.expectationNotes(queue3).toString());
        assertEquals(Set.of(), ENTRY.liveness(queue3).orElseThrow().expectedViolations());
        assertEquals(List.of("dft-one-failure"), ENTRY.containedFindings(ENTRY.build("dft", Params.of(Map.of(
                "failures", "1"))).parameters()));
        for (String ecn : List.of("1", "3", "64")) {
            assertEquals(List.of("dft"), ENTRY.containedFindings(ENTRY.build("dft", Params.of(Map.of("ecn", ecn)))
                    .parameters()), "ecn=" + ecn);
        }
    }

    /**
     * The bound behind {@link IofdEntry#KINDS_OPEN}: at a failure-free configuration of the IOFD preset a stuck head
     * packet is paused or pinned to a full queue by its DFT entry, or unexplained (a model fault), nothing else
     * (checked on every reachable state of dft's defaults, 76,072 states, and of dft-one-message's, 1,067); the
     * preset's options that rule the other reasons out are as IofdEntry.FAILURE_FREE_REASONS states them; and every
     * finding whose kinds the search leaves open is failure-free and declares all three non-empty subsets.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aFailureFreeStuckHeadIsPausedOrPinnedSoTheOpenFindingsKindsAreComplete() {
        Set<NetworkModel.Block> allowed = java.util.EnumSet.of(NetworkModel.Block.PAUSED,
                NetworkModel.Block.PINNED_TO_FULL, NetworkModel.Block.UNEXPLAINED);
        assertEquals(Set.of(NetworkModel.Block.PAUSED, NetworkModel.Block.PINNED_TO_FULL),
                IofdEntry.FAILURE_FREE_REASONS);
        for (String f : List.of("dft", "dft-one-message")) {
            CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build(f, Params.empty());
            NetworkModel m = (NetworkModel) spec.model();
            org.rdmacheck.model.fabric.FabricOptions o = m.config().options();
            assertEquals(0, m.config().failures(), f);
            assertEquals(org.rdmacheck.model.fabric.FabricOptions.UTurns.ALLOWED, o.uTurns(), f);
            assertEquals(org.rdmacheck.model.fabric.FabricOptions.LaneChange.SILENT, o.laneChange(), f);
            assertTrue(!o.escapeLane() && o.laneRule() == null, f);
            org.rdmacheck.properties.Invariant<LayoutState> reasons = new org.rdmacheck.properties.Invariant<>(
                    "StuckHeadsPausedOrPinned", st -> allowed.containsAll(m.blocking(st)));
            CheckSpec<LayoutState> check = new CheckSpec<>(spec.modelName(), f, spec.parameters(), m,
                    List.of(reasons), Set.of());
            org.rdmacheck.engine.ExplorationReport r = new org.rdmacheck.engine.Explorer(ExplorerSettings.defaults()
                    .withThreads(1).withProgress(0, p -> { })).check(check);
            assertInstanceOf(org.rdmacheck.checker.CheckResult.Verified.class, r.result("StuckHeadsPausedOrPinned"), f);
            assertTrue(r.complete(), f);
        }
        for (String f : IofdEntry.KINDS_OPEN) {
            assertTrue(IofdEntry.kindsCompleteByBound(f), f);
        }
        assertTrue(!IofdEntry.kindsCompleteByBound("dft-one-failure"), "a failure admits other reasons");
        assertTrue(!IofdEntry.kindsCompleteByBound("dft"), "dft declares one kind");
    }

    /**
     * Every finding's kinds are complete at its configuration and each further kind is the shortest
     * of its kind: dft-five-tokens' four searches 2.8 M states, the last exhausting its 2,474,934;
     * dft-four-tokens-two-background-five-packets' three 11.3 M and dft-four-tokens-three-background's three 5.0 M,
     * their kinds not exhausted (IofdEntry.KINDS_OPEN); dft-three-tokens-three-entries-four-packets' four 5.6 M, the
     * last exhausting 3,307,415;
     * dft-two-background's four 2.7 M, the last exhausting 1,646,744; dft-one-failure's three 1.25 M, the last
     * exhausting 914,044; dft-four-tokens' four 0.96 M, the last exhausting 698,554; dft-three-tokens' four
     * 0.68 M, the last exhausting 206,276; dft-four-packets' two 0.39 M; dft-three-entries' two 0.15 M; dft's
     * two, the last exhausting 76,072; the single-message findings' a few thousand each (dft-one-message 1,067,
     * dft-one-message-queue-three-one-token 4,339). {@code mvn -B verify -Pslow}.
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
            if (IofdEntry.KINDS_OPEN.contains(f)) {
                // its search for another kind stops at the state limit; its kinds are complete by the bound
                assertTrue(IofdEntry.kindsCompleteByBound(f), f);
                return;
            }
            assertInstanceOf(DeadlockKinds.NoneOther.class,
                    DeadlockKinds.shortestStuckOfAnotherKind(spec, known, settings),
                    f + ": a deadlock of a kind the finding does not declare");
        }));
    }
}
