package org.rdmacheck.checker.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.examples.FifoEntry;
import org.rdmacheck.properties.examples.PhilosophersEntry;

class CounterexamplesTest {

    private static Counterexample deadlock(CheckSpec<?> spec) {
        return ((CheckResult.Violated) new Explorer(ExplorerSettings.defaults().withProgress(0, r -> { }))
                .check(spec).result("DeadlockFree")).counterexample();
    }

    @Test
    void jsonRoundTripPreservesEverythingAndReplays(@TempDir Path dir) throws Exception {
        CheckSpec<?> spec = new PhilosophersEntry().build("naive", Params.of(Map.of("n", "4")));
        Counterexample cex = deadlock(spec);
        Path file = Counterexamples.write(dir, cex);
        assertEquals(dir.resolve("philosophers").resolve("naive-DeadlockFree.json"), file);
        try (var s = Files.list(file.getParent())) {
            assertEquals(1, s.count(), "no temporary file left behind");
        }
        Counterexample back = Counterexamples.read(file);
        assertEquals(cex, back);
        assertTrue(TraceReplayer.replay(spec, back).reproduces());
        Path again = Counterexamples.write(dir, back);
        assertEquals(Files.readString(file), Files.readString(again), "deterministic bytes");
    }

    @Test
    void aCorruptedStepIsReportedAtThatStep(@TempDir Path dir) throws Exception {
        CheckSpec<?> spec = new PhilosophersEntry().build("naive", Params.of(Map.of("n", "4")));
        Counterexample cex = deadlock(spec);
        ObjectNode json = Counterexamples.toJson(cex);
        ((ObjectNode) json.get("steps").get(2).get("action").get("params")).put("p", 99);
        Counterexample bad = Counterexamples.fromJson(json, "bad.json");
        ReplayResult r = TraceReplayer.replay(spec, bad);
        assertFalse(r.legal());
        assertEquals(2, r.firstIllegalStep());
    }

    @Test
    void aTraceOfAFixedModelNoLongerViolates() {
        CheckSpec<?> naive = new PhilosophersEntry().build("naive", Params.of(Map.of("n", "3")));
        Counterexample cex = deadlock(naive);
        CheckSpec<?> ordered = new PhilosophersEntry().build("ordered", Params.of(Map.of("n", "3")));
        ReplayResult r = TraceReplayer.replay(ordered, cex);
        assertFalse(r.reproduces());
    }

    @Test
    void malformedFilesGiveOneLineNamingTheProblem(@TempDir Path dir) throws Exception {
        Path notJson = dir.resolve("a.json");
        Files.writeString(notJson, "{ \"schema\": ");
        InputException e1 = assertThrows(InputException.class, () -> Counterexamples.read(notJson));
        assertTrue(e1.getMessage().startsWith(notJson + ": malformed JSON"), e1.getMessage());
        assertFalse(e1.getMessage().contains("\n"));
        Path noSteps = dir.resolve("b.json");
        Files.writeString(noSteps, "{\"schema\":\"rdmacheck-trace/1\",\"property\":\"P\",\"kind\":\"invariant\","
                + "\"violationIndex\":0,\"loopStart\":-1,\"provenance\":{\"model\":\"fifo\",\"variant\":\"fifo\","
                + "\"parameters\":{},\"checker\":\"explorer\",\"version\":\"0\"}}");
        InputException e2 = assertThrows(InputException.class, () -> Counterexamples.read(noSteps));
        assertTrue(e2.getMessage().contains("missing 'steps'"), e2.getMessage());
        Path noLoop = dir.resolve("c.json");
        Files.writeString(noLoop, "{\"schema\":\"rdmacheck-trace/1\",\"property\":\"P\",\"kind\":\"temporal\","
                + "\"violationIndex\":1,\"loopStart\":-1,\"provenance\":{\"model\":\"fifo\",\"variant\":\"fifo\","
                + "\"parameters\":{},\"checker\":\"explorer\",\"version\":\"0\"},\"steps\":[{\"action\":null,"
                + "\"state\":{}},{\"action\":{\"name\":\"A\"},\"state\":{}}]}");
        InputException e4 = assertThrows(InputException.class, () -> Counterexamples.read(noLoop));
        assertTrue(e4.getMessage().contains("loopStart = -1: a temporal counterexample is a lasso"), e4.getMessage());
        InputException e3 = assertThrows(InputException.class, () -> Counterexamples.read(dir.resolve("none.json")));
        assertTrue(e3.getMessage().contains("no such file"));
    }

    @Test
    void invariantTraceEndsInTheBadState() {
        CheckSpec<?> spec = new FifoEntry().build("reorder", Params.empty());
        Counterexample cex = ((CheckResult.Violated) new Explorer(ExplorerSettings.defaults().withProgress(0, r -> { }))
                .check(spec).result("InOrderDelivery")).counterexample();
        TraceStep last = cex.steps().get(cex.steps().size() - 1);
        assertFalse(last.state().get("inOrder").booleanValue());
        assertEquals(cex.steps().size() - 1, cex.violationIndex());
        assertInstanceOf(ReplayResult.class, TraceReplayer.replay(spec, cex));
        assertEquals(4, cex.length(), "send 0, send 1, swap, receive 1");
    }
}
