package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.partition.PartitionEntry;
import org.rdmacheck.properties.partition.PartitionProperties;

/** The partition model under the explorer: verdicts per variant, counts equal to the TLA+ manifest. */
class PartitionCheckTest {

    private static final PartitionEntry ENTRY = new PartitionEntry();

    private static ExplorationReport check(CheckSpec<?> spec) {
        return check(spec, false);
    }

    private static ExplorationReport check(CheckSpec<?> spec, boolean symmetry) {
        return new Explorer(ExplorerSettings.defaults().withThreads(2).withSymmetry(symmetry).withProgress(0, r -> { }))
                .check(spec);
    }

    static Path manifest() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("specs/partition/manifest.json"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no specs/partition/manifest.json above " + Paths.get("").toAbsolutePath());
        }
        return p.resolve("specs/partition/manifest.json");
    }

    @Test
    void thePaperDesignSatisfiesEveryProperty() {
        // the default reuses the data ID (ids=1): transfer 1 waits for the receiver to complete transfer 0
        ExplorationReport r = check(ENTRY.build("paper", Params.empty()));
        assertTrue(r.complete());
        assertEquals(1349, r.stats().distinctStates());
        ExplorationReport twoIds = check(ENTRY.build("paper", Params.of(Map.of("ids", "2"))));
        assertEquals(7691, twoIds.stats().distinctStates());
        twoIds.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x, x.property()));
        r.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x, x.property()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"no-data-id", "arrival-offset", "last-chunk-full-size", "no-completion-wait",
        "repost-before-consume", "no-receive-repost", "error-after-landing", "reuse-on-send-completion",
        "rnr-retry-zero"})
    void eachFaultyVariantViolatesExactlyItsMustFailPropertiesWithReplayableTraces(String variant) {
        CheckSpec<?> spec = ENTRY.build(variant, Params.empty());
        ExplorationReport r = check(spec);
        Set<String> violated = new TreeSet<>();
        for (CheckResult x : r.results()) {
            if (x instanceof CheckResult.Violated v) {
                violated.add(x.property());
                Counterexample cex = v.counterexample();
                assertTrue(TraceReplayer.replay(spec, cex).reproduces(), variant + " " + x.property());
            } else {
                assertInstanceOf(CheckResult.Verified.class, x, x.property());
            }
        }
        assertEquals(new TreeSet<>(spec.expectedViolations()), violated);
    }

    /**
     * Every property fails somewhere: a variant at its defaults violates it, or (the receive-buffer
     * count, which no variant of the protocol breaks) a mechanism's knock-out at its coverage scope,
     * whose kill {@code KnockoutsTest} asserts.
     */
    @Test
    void everyPropertyIsViolatedBySomeVariantOrKnockoutAndOneIsStructural() {
        // FreeQpMayPost restates the sender's guard (listed as structural, with why); its knock-out kills it
        assertEquals(Set.of(PartitionProperties.FREE_QP_MAY_POST), ENTRY.structuralProperties().keySet());
        Set<String> byVariant = new TreeSet<>();
        ENTRY.variants().forEach(v -> byVariant.addAll(v.mustFail()));
        Set<String> all = new TreeSet<>();
        ENTRY.build("paper", Params.empty()).properties().forEach(p -> all.add(p.name()));
        Set<String> rest = new TreeSet<>(all);
        rest.removeAll(byVariant);
        assertEquals(Set.of(PartitionProperties.RECEIVE_BUFFERS, PartitionProperties.FREE_QP_MAY_POST), rest);
        for (String p : rest) {
            assertTrue(ENTRY.mechanisms().stream().anyMatch(m -> m.purpose().equals(p)), p);
        }
    }

    /**
     * The split across QPs (seed 003, III-B, Algorithm 1 lines 4-8) is a mechanism: with every chunk
     * on QP 0 ({@code multi-qp-split} knocked out) a free QP 1 is offered no waiting chunk, already in
     * the initial state, and nothing else fails (all on one QP is one of the design's behaviours: a
     * fast QP 0); the design offers it in every reachable state, here and with a QP error.
     */
    @Test
    void allChunksOnOneQpLeaveAFreeQpWithoutAChunk() {
        CheckSpec<?> spec = ENTRY.build("paper", Params.of(Map.of("errors", "0", "knockout", "multi-qp-split")));
        ExplorationReport r = check(spec);
        assertTrue(r.complete());
        assertEquals(34, r.stats().distinctStates());
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class,
                r.result(PartitionProperties.FREE_QP_MAY_POST)).counterexample();
        assertEquals(Counterexample.Kind.INVARIANT, cex.kind());
        assertEquals(1, cex.steps().size()); // the initial state: both QPs free, every chunk waiting
        assertTrue(TraceReplayer.replay(spec, cex).reproduces());
        for (CheckResult x : r.results()) {
            if (!x.property().equals(PartitionProperties.FREE_QP_MAY_POST)) {
                assertInstanceOf(CheckResult.Verified.class, x, x.property());
            }
        }
        assertFalse(TraceReplayer.replay(ENTRY.build("paper", Params.of(Map.of("errors", "0"))), cex).reproduces());
        for (Map<String, String> p : List.of(Map.of("errors", "0"), Map.<String, String>of(),
                Map.of("qps", "3", "errors", "1"))) {
            assertInstanceOf(CheckResult.Verified.class, check(ENTRY.build("paper", Params.of(p)))
                    .result(PartitionProperties.FREE_QP_MAY_POST), p.toString());
        }
    }

    /**
     * Every partition property declares what it reads, so the safety reduction applies; its
     * verdicts equal the full search's, on the paper's design where the defaults leave rules
     * unexercised and on the mutations that fail, and its counterexamples replay.
     */
    @ParameterizedTest
    @ValueSource(strings = {"paper", "paper ids=2 transfers=3", "paper size=5", "paper receiveWrs=2",
        "repost-before-consume", "error-after-landing", "no-data-id", "no-completion-wait",
        "paper knockout=receive-buffer-accounting receiveWrs=2 errors=0"})
    void theSafetyReductionAppliesAndAgreesWithTheFullSearch(String run) {
        String[] w = run.split(" ");
        Map<String, String> params = new HashMap<>();
        for (int i = 1; i < w.length; i++) {
            params.put(w[i].split("=")[0], w[i].split("=")[1]);
        }
        CheckSpec<?> spec = ENTRY.build(w[0], Params.of(params)).withoutProgress();
        spec.properties().stream().filter(p -> p instanceof org.rdmacheck.properties.Invariant<?>)
                .forEach(p -> assertTrue(((org.rdmacheck.properties.Invariant<?>) p).reads()
                        .map(r -> !r.slots().isEmpty()).orElse(false), p.name()));
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { });
        ExplorationReport full = new Explorer(s).check(spec);
        ExplorationReport reduced = new Explorer(s.withReduction(org.rdmacheck.engine.Reduction.SAFETY)).check(spec);
        assertEquals(org.rdmacheck.engine.Reduction.SAFETY, reduced.reduction().applied(), run);
        assertTrue(reduced.stats().distinctStates() <= full.stats().distinctStates(), run);
        int violated = 0;
        for (int p = 0; p < full.results().size(); p++) {
            CheckResult f = full.results().get(p);
            CheckResult r = reduced.results().get(p);
            assertEquals(f.getClass(), r.getClass(), run + " " + f.property());
            if (r instanceof CheckResult.Violated v) {
                violated++;
                assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), run + " " + f.property());
            }
        }
        assertEquals(run.startsWith("paper ") && !run.contains("knockout") || run.equals("paper"), violated == 0, run);
    }

    @Test
    void theHeaderlessTraceMixesTwoTransfersInOneBuffer() {
        ExplorationReport r = check(ENTRY.build("no-data-id", Params.empty()));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("DataIdsNeverMix")).counterexample();
        // shortest: transfer 0's first chunk lands and is reordered into receiver slot 0, then
        // transfer 1's short last chunk (split after its first) completes the slot's byte count
        assertEquals(9, cex.steps().size());
        assertEquals(3, actions(cex, "Post"));
        assertEquals(1, actions(cex, "SendComplete"));
        assertEquals(2, actions(cex, "Arrive"));
        assertEquals(2, actions(cex, "Reorder"));
    }

    @Test
    void rePostingTheReceiveBufferBeforeReorderingLetsTheNicOverwriteAChunk() {
        ExplorationReport r = check(ENTRY.build("repost-before-consume", Params.empty()));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("NoChunkDuplicated"))
                .counterexample();
        assertEquals(1, actions(cex, "PostReceiveEarly"));
        // the second arrival on the QP lands in the re-posted buffer, whose chunk is still unread
        var last = cex.steps().get(cex.steps().size() - 1);
        assertEquals("Arrive", last.action().name());
        var cq = last.state().get("completions").get((Integer) last.action().params().get("qp"));
        assertEquals(2, cq.size());
        assertEquals(cq.get(0).get("chunk"), cq.get(1).get("chunk"));
    }

    @Test
    void aQpErrorAfterTheChunkLandedMakesTheRecoveryDuplicateIt() {
        ExplorationReport r = check(ENTRY.build("error-after-landing", Params.empty()));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("NoChunkDuplicated"))
                .counterexample();
        var last = cex.steps().get(cex.steps().size() - 1);
        assertEquals("QpError", last.action().name());
        assertEquals(1, last.state().get("resend").size());
        assertEquals(1, actions(cex, "Arrive"));
    }

    @Test
    void reusingADataIdOnSendCompletionMixesTheOldAndTheNewTransfer() {
        ExplorationReport r = check(ENTRY.build("reuse-on-send-completion", Params.empty()));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("DataIdsNeverMix")).counterexample();
        // transfer 1 starts on data ID 0 while a chunk of transfer 0 waits in a receive buffer
        assertTrue(cex.steps().stream().anyMatch(s -> s.action() != null && s.action().name().equals("Post")
                && s.action().params().get("transfer").equals(1)));
        assertEquals("1", cex.provenance().parameters().get("ids"));
    }

    private static long actions(Counterexample cex, String name) {
        return cex.steps().stream().filter(s -> s.action() != null && s.action().name().equals(name)).count();
    }

    @TestFactory
    Stream<DynamicTest> explorerCountsAndVerdictsEqualTheTlaManifest() throws IOException {
        JsonNode root = TraceJson.MAPPER.readTree(manifest().toFile());
        assertEquals("partition", root.get("javaModel").asText());
        return Stream.of(root.get("configurations")).flatMap(a -> {
            Stream.Builder<JsonNode> b = Stream.builder();
            a.forEach(b);
            return b.build();
        }).filter(c -> !c.has("config")) // refinement checks (RefinementConformanceTest): TLC's properties
                .map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> {
            Map<String, String> params = new HashMap<>();
            c.get("parameters").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            // a configuration under TLC's SYMMETRY counts classes of states: the explorer reduces too
            ExplorationReport r = check(ENTRY.build(c.get("variant").asText(), Params.of(params)),
                    c.path("symmetry").asBoolean(false));
            JsonNode expect = c.get("expect");
            if (expect.get("result").asText().equals("success")) {
                assertTrue(r.complete());
                assertEquals(expect.get("distinctStates").asLong(), r.stats().distinctStates());
                for (JsonNode inv : c.get("invariants")) {
                    if (!inv.asText().equals("TypeOK")) {
                        assertInstanceOf(CheckResult.Verified.class, r.result(inv.asText()), inv.asText());
                    }
                }
            } else {
                assertEquals(expect.get("distinctStates").asLong(), r.stats().distinctStates(), "whole state space");
                for (JsonNode v : expect.get("violated")) {
                    if (!v.asText().equals(PartitionEntry.COMPLETES)) {
                        assertInstanceOf(CheckResult.Violated.class, r.result(v.asText()), v.asText());
                    }
                }
            }
        }));
    }

    @Test
    void badParametersAreInputErrorsNamingTheValue() {
        InputException e = org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("paper", Params.of(Map.of("qps", "0"))));
        assertTrue(e.getMessage().startsWith("qps = 0"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> ENTRY.build("paper", Params.of(Map.of("size", "NaN"))));
        org.junit.jupiter.api.Assertions.assertThrows(InputException.class, () -> ENTRY.build("nope", Params.empty()));
    }
}
