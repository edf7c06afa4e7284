package org.rdmacheck.checker.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.examples.PhilosophersEntry;

/** ITF traces: the format's shape, the loop index of lassos, and the round trip back to a replayable trace. */
class ItfTracesTest {

    private static Counterexample deadlock(CheckSpec<?> spec) {
        return ((CheckResult.Violated) new Explorer(ExplorerSettings.defaults().withProgress(0, r -> { }))
                .check(spec).result("DeadlockFree")).counterexample();
    }

    @Test
    void explorerCounterexampleRoundTripsThroughItfTextAndReplays() throws Exception {
        CheckSpec<?> spec = new PhilosophersEntry().build("naive", Params.of(Map.of("n", "3")));
        Counterexample cex = deadlock(spec);
        ObjectNode itf = ItfTraces.toItf(cex, Set.of());
        JsonNode parsed = TraceJson.MAPPER.readTree(TraceJson.MAPPER.writeValueAsString(itf));
        assertEquals("ITF", parsed.get("#meta").get("format").asText());
        assertEquals(cex.steps().size(), parsed.get("states").size());
        assertFalse(parsed.has("loop"), "no loop for a deadlock trace");
        for (int i = 0; i < cex.steps().size(); i++) {
            JsonNode s = parsed.get("states").get(i);
            assertEquals(i, s.get("#meta").get("index").asInt());
            assertEquals(i > 0, s.get("#meta").has("action"));
            parsed.get("vars").forEach(v -> assertTrue(s.has(v.asText()), "state " + s + " has " + v));
        }
        Counterexample back = ItfTraces.toCounterexample(ItfTraces.parse(parsed, "t.itf.json"), "t.itf.json");
        assertEquals(cex, back);
        assertTrue(TraceReplayer.replay(spec, back).reproduces());
    }

    @Test
    void lassoLoopIndexIsTheLoopStart() throws Exception {
        Path stored = Path.of("../counterexamples/corridor/symmetric-EventuallyPass.json");
        Counterexample cex = Counterexamples.read(stored);
        assertTrue(cex.loopStart() >= 0);
        ObjectNode itf = ItfTraces.toItf(cex, Set.of());
        assertEquals(cex.loopStart(), itf.get("loop").asInt());
        assertEquals(cex, ItfTraces.toCounterexample(ItfTraces.parse(itf, "x"), "x"));
    }

    @Test
    void setFieldsOfAStoredTraceBecomeItfSetsAndComeBackAsArrays() throws Exception {
        Path stored = Path.of("../counterexamples/partition/no-data-id-ReassembledEqualsOriginal.json");
        Counterexample cex = Counterexamples.read(stored);
        ObjectNode itf = ItfTraces.toItf(cex, Set.of("delivered", "outside"));
        JsonNode last = itf.get("states").get(cex.steps().size() - 1);
        assertTrue(last.get("delivered").has("#set"), last.get("delivered").toString());
        assertEquals(cex, ItfTraces.toCounterexample(ItfTraces.parse(itf, "x"), "x"));
    }

    @Test
    void readingAnItfFileGivesTheCounterexample(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Counterexample cex = Counterexamples.read(Path.of("../counterexamples/fifo/reorder-InOrderDelivery.json"));
        Path f = dir.resolve("t.itf.json");
        Files.writeString(f, TraceJson.MAPPER.writeValueAsString(ItfTraces.toItf(cex, Set.of())));
        assertEquals(cex, Counterexamples.read(f));
    }

    @Test
    void foreignItfBecomesATraceWithoutActions() throws Exception {
        JsonNode t = TraceJson.MAPPER.readTree("{\"#meta\": {\"source\": \"Spec.qnt\"}, \"vars\": [\"x\", \"s\"],"
                + " \"states\": [{\"#meta\": {\"index\": 0}, \"x\": {\"#bigint\": \"0\"}, \"s\": {\"#set\": []}},"
                + " {\"x\": 1, \"s\": {\"#set\": [1]}}], \"loop\": 0}");
        Counterexample c = ItfTraces.toCounterexample(ItfTraces.parse(t, "q.itf.json"), "q.itf.json");
        assertEquals(2, c.steps().size());
        assertEquals(Counterexample.Kind.TEMPORAL, c.kind());
        assertEquals(0, c.loopStart());
        assertEquals(TraceJson.MAPPER.readTree("{\"x\": 1, \"s\": [1]}"), c.steps().get(1).state());
        assertEquals("Spec.qnt", c.provenance().model());
        JsonNode quint = TraceJson.MAPPER.readTree("{\"vars\": [\"x\", \"mbt::actionTaken\"], \"states\": ["
                + "{\"x\": {\"#bigint\": \"1\"}, \"mbt::actionTaken\": \"init\"}]}");
        assertEquals(List.of("x"), ItfTraces.parse(quint, "q").vars(), "Quint's bookkeeping is no state");
    }

    @Test
    void malformedTracesNameTheField() throws Exception {
        InputException e = assertThrows(InputException.class, () -> ItfTraces.parse(TraceJson.MAPPER.readTree(
                "{\"vars\": [\"x\"], \"states\": [{\"x\": 1}, {\"y\": 2}]}"), "f.json"));
        assertTrue(e.getMessage().contains("states[1] has 'y'"), e.getMessage());
        e = assertThrows(InputException.class, () -> ItfTraces.parse(TraceJson.MAPPER.readTree(
                "{\"vars\": [\"x\"], \"states\": [{\"x\": 1}], \"loop\": 4}"), "f.json"));
        assertTrue(e.getMessage().contains("loop = 4"), e.getMessage());
        e = assertThrows(InputException.class, () -> ItfTraces.parse(TraceJson.MAPPER.readTree(
                "{\"vars\": [\"x\", \"z\"], \"states\": [{\"x\": 1}]}"), "f.json"));
        assertTrue(e.getMessage().contains("no value for [z]"), e.getMessage());
    }
}
