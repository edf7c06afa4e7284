package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;

/** {@code show}: every stored counterexample prints as numbered steps within 100 columns. */
class ShowCommandTest {

    private static Path stored() {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(dir.resolve("counterexamples"))) {
            dir = dir.getParent();
        }
        return dir.resolve("counterexamples");
    }

    @Test
    void everyStoredCounterexampleShowsEveryStepWithinOneHundredColumns() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(stored())) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(files.size() > 100, "stored traces: " + files.size());
        java.util.Set<Path> fullShown = new java.util.HashSet<>();
        for (Path f : files) {
            Counterexample cex = Counterexamples.read(f);
            assertEquals(1, TraceView.of(cex).steps().stream().filter(st -> st.marks().contains(TraceView.Mark.VIOLATION))
                    .count(), f + ": one step is marked violating");
            // --full on the first trace of each model's folder: it prints the same steps, every variable
            boolean[] modes = fullShown.add(f.getParent()) ? new boolean[] {false, true} : new boolean[] {false};
            for (boolean full : modes) {
                CliTest.Run r = full ? CliTest.run("show", f.toString(), "--full") : CliTest.run("show", f.toString());
                assertEquals(0, r.code(), f + ": " + r.err());
                List<String> lines = r.out().lines().toList();
                for (String l : lines) {
                    assertTrue(l.length() <= TraceViewText.WIDTH, f + ": a line of " + l.length() + " columns: " + l);
                }
                long headers = lines.stream().filter(l -> l.matches("^ {0,3}\\d+  \\S.*")).count();
                assertEquals(cex.steps().size(), headers, f + ": one numbered header per step");
                assertTrue(r.out().contains("<--"), f + ": the violation is marked");
            }
        }
    }

    @Test
    void aStepShowsOnlyWhatChangedAndTheViolationIsMarked() {
        Counterexample cex = Counterexamples.read(stored().resolve("fifo/reorder-InOrderDelivery.json"));
        TraceView v = TraceView.of(cex);
        assertEquals(5, v.steps().size());
        assertEquals(4, v.steps().get(0).changes().size(), "step 0: every variable");
        TraceView.Step swap = v.steps().get(3);
        assertEquals("Swap", swap.action());
        assertEquals(List.of("channel[0]", "channel[1]"), swap.changes().stream().map(TraceView.Change::path).toList());
        assertEquals(0, swap.changes().get(0).before().asInt());
        assertEquals(1, swap.changes().get(0).after().asInt());
        assertEquals(List.of(TraceView.Mark.VIOLATION), v.steps().get(4).marks());
        assertEquals(List.of("channel", "received", "inOrder"),
                v.steps().get(4).changes().stream().map(TraceView.Change::path).toList());
    }

    @Test
    void aLassoMarksWhereItsLoopStarts() {
        Counterexample cex = Counterexamples.read(stored().resolve("gbn/improved-ignore-Completion.json"));
        TraceView v = TraceView.of(cex);
        assertTrue(cex.loopStart() >= 0);
        assertTrue(v.steps().get(cex.loopStart()).marks().contains(TraceView.Mark.LOOP_START));
        assertTrue(v.steps().get(cex.violationIndex()).marks().contains(TraceView.Mark.VIOLATION));
        String text = TraceViewText.render("t", v, false);
        assertTrue(text.contains("returns to state " + cex.loopStart()), text);
    }

    @Test
    void addedAndRemovedFieldsAreChangesToo() throws Exception {
        JsonNode a = org.rdmacheck.checker.trace.TraceJson.MAPPER.readTree("{\"x\":1,\"m\":{\"k\":1}}");
        JsonNode b = org.rdmacheck.checker.trace.TraceJson.MAPPER.readTree("{\"x\":1,\"m\":{\"j\":2}}");
        List<TraceView.Change> out = new java.util.ArrayList<>();
        TraceView.diff("", a, b, out);
        assertEquals(List.of("m.k", "m.j"), out.stream().map(TraceView.Change::path).toList());
        assertEquals(null, out.get(0).after());
        assertEquals(null, out.get(1).before());
    }

    @Test
    void aMissingTraceIsOneLineAndExitTwo() {
        CliTest.Run r = CliTest.run("show", "no/such/trace.json");
        assertEquals(2, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}
