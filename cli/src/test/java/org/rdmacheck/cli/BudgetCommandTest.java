package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.fabric.BudgetDecision;
import org.rdmacheck.checker.fabric.PacketBudget;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * {@code rdmacheck budget}: the packet budget's verdicts, exit codes and refusals, and its side
 * conditions shown to fail: a model with a planted bug outside the routing decision (no routing
 * situation of the local lemma shows it) breaks {@code RoutesLive} or {@code BudgetNonIncreasing}, and
 * the decision then says nothing (exit 3, naming the condition and giving its trace).
 */
class BudgetCommandTest {

    private static final String[] TINY = {"--param", "flows=0-1", "--param", "packets=1", "--param", "tokens=1",
        "--param", "failures=0", "--param", "xoff=2", "--param", "background=0", "--param", "dft=1", "--threads", "1"};

    private static String[] args(String... head) {
        String[] a = new String[head.length + TINY.length];
        System.arraycopy(head, 0, a, 0, head.length);
        System.arraycopy(TINY, 0, a, head.length, TINY.length);
        return a;
    }

    @Test
    void aConfigurationBelowTheBudgetIsVerifiedAtItsInitialState() {
        CliTest.Run r = CliTest.run(args("budget", "fabric"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("fabric repaired NoRoutingDeadlock holds VERIFIED"), r.out());
        assertTrue(r.out().contains("budget: 1 packets"), r.out());
        assertTrue(r.out().contains("needs 4 in switch buffers"), r.out());
        assertTrue(r.out().contains("search: 1 states reached, 0 expanded"), r.out());
    }

    /** fabric declares no symmetric set: --symmetry is said to change nothing, as check says it. */
    @Test
    void symmetryWithoutASymmetricSetIsWarnedAbout() {
        CliTest.Run r = CliTest.run(args("budget", "fabric", "--symmetry"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("warning: --symmetry: fabric declares no symmetric set"), r.err());
    }

    @Test
    void anotherModelOrAHysteresisIsRefusedOrUndecided() {
        CliTest.Run r = CliTest.run("budget", "iofd");
        assertEquals(2, r.code(), r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("expected fabric"), r.err());
        CliTest.Run h = CliTest.run("budget", "fabric", "--param", "flows=0-1", "--param", "packets=3", "--param",
                "tokens=2", "--param", "failures=1", "--param", "xoff=3", "--param", "background=1", "--param",
                "pfc-hysteresis=2", "--threads", "1");
        assertEquals(3, h.code(), h.err());
        assertTrue(h.out().contains("not decided: pfc-hysteresis"), h.out());
    }

    private static final ExplorerSettings FIRST = ExplorerSettings.defaults().withThreads(1).withProgress(0, p -> { })
            .withStopAtFirstViolation(true);

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> spec(Map<String, String> params) {
        return (CheckSpec<LayoutState>) (CheckSpec<?>) Catalog.find("fabric").build("repaired", Params.of(params));
    }

    /** Stopped by a limit: the partial statistics carry the time elapsed until then, as a figure in ms. */
    @Test
    void aLimitGivesTheElapsedTimeAsAFigure() throws Exception {
        CheckSpec<LayoutState> s = spec(Map.of("flows", "0-1", "packets", "3", "tokens", "2", "failures", "1"));
        BudgetDecision.Outcome o = BudgetDecision.decide(s, FIRST.withMaxMillis(1));
        assertInstanceOf(BudgetDecision.Inconclusive.class, o);
        JsonNode j = TraceJson.MAPPER.readTree(TraceJson.MAPPER.writeValueAsString(BudgetCommand.json(o, "repaired",
                s.parameters(), false)));
        assertTrue(JsonSchemaTest.schema("budget.schema.json").validate(j).isEmpty(), j.toString());
        assertEquals("ms", j.get("searchMillis").get("unit").asText(), j.toString());
        assertTrue(j.get("searchMillis").get("value").asLong() >= 0, j.toString());
    }

    /** The design's configuration on a model with a planted bug, every property of the catalogue on it. */
    private static CheckSpec<LayoutState> planted(Map<String, String> params,
                                                  java.util.function.Function<FabricConfig, NetworkModel> plant) {
        CheckSpec<LayoutState> s = spec(params);
        NetworkModel m = plant.apply(((NetworkModel) s.model()).config());
        return new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), m, FabricProperties.all(m), Set.of());
    }

    /** The decision rendered as the command renders it: exit code, text, and JSON validated by its schema. */
    private static JsonNode rendered(BudgetDecision.Outcome o, CheckSpec<LayoutState> s, String line) throws Exception {
        assertEquals(ExitCodes.INCONCLUSIVE, BudgetCommand.exit(o, false));
        StringWriter text = new StringWriter();
        BudgetCommand.text(new PrintWriter(text, true), o, "repaired", false);
        assertTrue(text.toString().startsWith("fabric repaired NoRoutingDeadlock holds INCONCLUSIVE\n"), text.toString());
        assertTrue(text.toString().contains("  not decided: " + line), text.toString());
        JsonNode j = TraceJson.MAPPER.readTree(TraceJson.MAPPER.writeValueAsString(BudgetCommand.json(o, "repaired",
                s.parameters(), false)));
        assertTrue(JsonSchemaTest.schema("budget.schema.json").validate(j).isEmpty(), j.toString());
        assertEquals("INCONCLUSIVE", j.get("verdict").asText());
        assertEquals("INCONCLUSIVE", j.get("outcome").asText());
        assertTrue(j.get("lemma").get("holds").asBoolean());
        return j;
    }

    /**
     * One 2-packet message, 3 background packets, a 1-entry DFT: after the first delivery the budget is
     * still 1 + 3 = 2 x xoff, so the search expands that state. Without the planted bug it is VERIFIED.
     */
    private static final Map<String, String> ONE_MESSAGE = Map.of("flows", "0-1", "packets", "2", "tokens", "1",
            "failures", "0", "xoff", "2", "background", "3", "dft", "1");

    /**
     * PFC planted never to pause VL0: a routing decision of the lemma overflows a VL0 buffer (the model's
     * bound). The command reports it as not decided, exit 3, {@code stopped: MODEL_BOUND}, not a crash.
     */
    @Test
    void aModelPastItsBoundIsInconclusiveNotACrash() throws Exception {
        CheckSpec<LayoutState> s = planted(Map.of("flows", "0-1", "packets", "1", "failures", "0"),
                c -> NetworkModel.withPlanted(c, NetworkModel.PlantedRouter.VL0_PAUSE_IGNORED));
        BudgetDecision.Outcome o = BudgetDecision.decide(s, FIRST);
        assertEquals(ExitCodes.INCONCLUSIVE, BudgetCommand.exit(o, false));
        StringWriter text = new StringWriter();
        BudgetCommand.text(new PrintWriter(text, true), o, "repaired", false);
        assertTrue(text.toString().startsWith("fabric repaired NoRoutingDeadlock holds INCONCLUSIVE\n"
                + "  local lemma: stopped, a routing decision exceeded the model's bound\n"), text.toString());
        assertTrue(text.toString().contains("search not run: the model's bound was exceeded in the local lemma: FIFO "
                + "buffer["), text.toString());
        JsonNode j = TraceJson.MAPPER.readTree(TraceJson.MAPPER.writeValueAsString(BudgetCommand.json(o, "repaired",
                s.parameters(), false)));
        assertTrue(JsonSchemaTest.schema("budget.schema.json").validate(j).isEmpty(), j.toString());
        assertEquals("INCONCLUSIVE", j.get("verdict").asText());
        assertEquals("MODEL_BOUND", j.get("stopped").asText());
    }

    @Test
    void aDftEntryNoRoutingSituationHasIsRefusedByRoutesLive() throws Exception {
        // a destination ToR that writes a VL0 entry toward the network on accepting a packet: the lemma holds (no
        // routing decision changes); RoutesLive sees the entry (off the escape route of a message with a packet to
        // come) on the state after the first delivery
        CheckSpec<LayoutState> p = planted(ONE_MESSAGE, NetworkModel::withPlantedDeliveryEntry);
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(p, FIRST));
        assertEquals(BudgetDecision.Refusal.ROUTES_LIVE_FAILS, n.refusal(), n.reason());
        Counterexample w = n.witness().orElseThrow();
        assertEquals(Counterexample.Kind.INVARIANT, w.kind());
        assertEquals(BudgetDecision.ENTRIES_LIVE, w.property());
        assertEquals("Deliver", w.steps().get(w.length()).action().name()); // the first delivery
        assertEquals(0, w.steps().get(w.length()).action().params().get("seq"));
        assertTrue(w.length() >= 4, "send, two hops, delivery: " + w.length());
        JsonNode j = rendered(n, p, BudgetDecision.ENTRIES_LIVE + " fails on a state reached in " + w.length()
                + " steps");
        assertEquals("ROUTES_LIVE_FAILS", j.get("refusal").asText());
        assertEquals(w.length(), j.get("witness").get("steps").get("value").asInt());
        assertEquals(w.length() + 1, j.get("witness").get("trace").size());
        // without the planted bug the same configuration is decided (the lemma is the same: the bug is not routing)
        CheckSpec<LayoutState> clean = spec(ONE_MESSAGE);
        BudgetDecision.Verified v = assertInstanceOf(BudgetDecision.Verified.class, BudgetDecision.search(clean,
                new PacketBudget((NetworkModel) clean.model()), n.lemma().orElseThrow(), FIRST, false));
        assertEquals(3_597, v.states());
    }

    @Test
    void aDeliveryThatGivesAPacketBackToSendIsRefusedByTheBudgetCheck() throws Exception {
        // a spurious retransmission of a message's last packet after it was accepted: the lemma holds, RoutesLive
        // holds, and the budget rises by one packet on that delivery; 4 background packets keep the budget at 2 x
        // xoff when the 1-packet message completes, so the search expands that state (without the bug: VERIFIED,
        // BudgetDecisionTest's slow tier)
        CheckSpec<LayoutState> p = planted(Map.of("flows", "0-1", "packets", "1", "tokens", "1", "failures", "0",
                "xoff", "2", "background", "4", "dft", "1"), NetworkModel::withPlantedResend);
        BudgetDecision.NotApplicable n = assertInstanceOf(BudgetDecision.NotApplicable.class,
                BudgetDecision.decide(p, FIRST));
        assertEquals(BudgetDecision.Refusal.BUDGET_RAISED, n.refusal(), n.reason());
        Counterexample w = n.witness().orElseThrow();
        assertEquals(Counterexample.Kind.ACTION, w.kind());
        assertEquals(BudgetDecision.NON_INCREASING, w.property());
        assertEquals("Deliver", w.steps().get(w.length()).action().name());
        assertEquals(0, w.steps().get(w.length()).action().params().get("seq")); // the message's last packet
        JsonNode j = rendered(n, p, BudgetDecision.NON_INCREASING + " fails on a transition reached in " + w.length()
                + " steps");
        assertEquals("BUDGET_RAISED", j.get("refusal").asText());
        assertTrue(j.get("deadlock").isNull());
    }

    /**
     * The kind rule of {@code check} holds for the budget's deadlock too: in a configuration that
     * contains {@code repaired-background} (3 background packets), a deadlock trace ending in that
     * finding's kind is as expected, one ending in another (here the stored trace cut after its
     * first step: a state of another kind) is decided otherwise, exit 1, text and JSON naming the kinds.
     */
    @Test
    void aDeadlockOfAnotherKindThanTheContainedFindingsIsNotAsExpected() throws Exception {
        CheckSpec<LayoutState> s = spec(Map.of("background", "3"));
        assertTrue(s.mustFail(FabricProperties.NO_ROUTING_DEADLOCK));
        java.nio.file.Path file = java.nio.file.Path.of("..", "counterexamples", "fabric",
                "repaired-background-NoRoutingDeadlock.json");
        Counterexample whole = org.rdmacheck.checker.trace.Counterexamples.read(file);
        com.fasterxml.jackson.databind.node.ObjectNode cut = org.rdmacheck.checker.trace.Counterexamples.toJson(whole);
        com.fasterxml.jackson.databind.node.ArrayNode steps = (com.fasterxml.jackson.databind.node.ArrayNode) cut.get("steps");
        while (steps.size() > 2) {
            steps.remove(steps.size() - 1);
        }
        cut.put("violationIndex", steps.size() - 1);
        Counterexample shorter = org.rdmacheck.checker.trace.Counterexamples.fromJson(cut, "cut");
        org.rdmacheck.checker.fabric.LocalRouting.Result lemma = new org.rdmacheck.checker.fabric.LocalRouting.Result(
                1, java.util.List.of(), 0, true, 1);
        org.rdmacheck.properties.catalog.ModelEntry entry = Catalog.find("fabric");
        BudgetDecision.Deadlock same = new BudgetDecision.Deadlock(whole, Set.of(), lemma, 1, 4, 7);
        assertTrue(BudgetCommand.otherKind(entry, s, same, true).isEmpty());
        assertEquals(ExitCodes.OK, BudgetCommand.exit(same, true, java.util.Optional.empty()));
        BudgetDecision.Deadlock other = new BudgetDecision.Deadlock(shorter, Set.of(), lemma, 1, 4, 7);
        java.util.Optional<String> line = BudgetCommand.otherKind(entry, s, other, true);
        assertTrue(line.isPresent());
        assertTrue(line.get().contains("expected the kind {paused, follow-closes-vl0} (repaired-background)"), line.get());
        assertEquals(ExitCodes.VIOLATED, BudgetCommand.exit(other, true, line));
        StringWriter text = new StringWriter();
        BudgetCommand.text(new PrintWriter(text, true), other, "repaired", true, line);
        assertTrue(text.toString().startsWith("fabric repaired NoRoutingDeadlock fails VIOLATED !\n"), text.toString());
        assertTrue(text.toString().contains("  " + line.get()), text.toString());
        JsonNode j = TraceJson.MAPPER.readTree(TraceJson.MAPPER.writeValueAsString(BudgetCommand.json(other, "repaired",
                s.parameters(), true, line)));
        assertTrue(JsonSchemaTest.schema("budget.schema.json").validate(j).isEmpty(), j.toString());
        assertEquals("UNEXPECTED", j.get("outcome").asText());
        assertEquals(line.get(), j.get("reason").asText());
        assertTrue(BudgetCommand.otherKind(entry, s, other, false).isEmpty(), "a deadlock not expected is unexpected anyway");
    }

    @Test
    @org.junit.jupiter.api.Tag("slow")
    void theJsonOfADeadlockNamesItsKindsAsEnumsAndCarriesTheTrace() throws Exception {
        CliTest.Run r = CliTest.run("budget", "fabric", "--variant", "repaired-one-message", "--threads", "1", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = TraceJson.MAPPER.readTree(r.out());
        assertTrue(JsonSchemaTest.schema("budget.schema.json").validate(j).isEmpty(), r.out());
        assertEquals("VIOLATED", j.get("verdict").asText());
        assertEquals("AS_EXPECTED", j.get("outcome").asText());
        assertEquals("FAILS", j.get("expected").asText());
        assertEquals(8, j.get("deadlock").get("steps").get("value").asInt());
        assertEquals("steps", j.get("deadlock").get("steps").get("unit").asText());
        assertEquals(9, j.get("deadlock").get("trace").size());
        assertEquals(java.util.List.of("FOLLOW_CLOSES_VL0", "PAUSED", "PINNED_TO_FULL"),
                TraceJson.MAPPER.convertValue(j.get("deadlock").get("kinds"), java.util.List.class));
        assertEquals(4, j.get("needed").get("value").asInt());
        assertEquals("packets", j.get("needed").get("unit").asText());
    }
}
