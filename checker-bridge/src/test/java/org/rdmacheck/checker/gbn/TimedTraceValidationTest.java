package org.rdmacheck.checker.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.conformance.TraceValidation;
import org.rdmacheck.checker.conformance.TraceBatch;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * Stored gbn-timed counterexamples (a premature timeout, a PSN wraparound, an attributed cause) are
 * behaviours of specs/gbn-timed; the same trace with one clock changed is not. The six traces are
 * validated in one batch ({@link TraceBatch}), each test asserting on its own.
 */
class TimedTraceValidationTest {

    private static final List<String> STORED = List.of("improved-short-rto-NoPrematureTimeout.json",
            "improved-psn-wrap-InOrderExactlyOnce.json", "cause-st-L2-nak-suppressed.json");
    private static final Path SPEC = repo().resolve("specs/gbn-timed");
    private static final TraceBatch BATCH = new TraceBatch(TlcOptions.defaults().withWorkers(1));
    /** Per stored trace: itself and its corrupted copy. */
    private static final Map<String, TraceBatch.Trace[]> TRACES = new LinkedHashMap<>();

    static {
        for (String name : STORED) {
            Counterexample cex = stored(name);
            TRACES.put(name, new TraceBatch.Trace[] {BATCH.add(cex, SPEC, null, Map.of()),
                BATCH.add(corrupted(cex), SPEC, null, Map.of())});
        }
    }

    private static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("specs"))) {
            p = p.getParent();
        }
        return p;
    }

    private static Counterexample stored(String name) {
        return Counterexamples.read(repo().resolve("counterexamples/gbn-timed/" + name));
    }

    /** @return the trace with one more loss left in its last state */
    private static Counterexample corrupted(Counterexample cex) {
        List<TraceStep> steps = new ArrayList<>(cex.steps());
        int last = steps.size() - 1;
        ObjectNode s = ((ObjectNode) steps.get(last).state()).deepCopy();
        s.set("lossesLeft", IntNode.valueOf(s.get("lossesLeft").asInt() + 1));
        steps.set(last, new TraceStep(steps.get(last).action(), s));
        return new Counterexample(cex.property(), cex.kind(), steps, cex.violationIndex(), cex.loopStart(),
                cex.provenance(), cex.note());
    }

    static List<String> stored() {
        return STORED;
    }

    @ParameterizedTest
    @MethodSource("stored")
    void storedTraceIsABehaviourOfTheSpecAndACorruptedOneIsNot(String name) {
        Counterexample cex = stored(name);
        TraceValidation ok = TRACES.get(name)[0].validation();
        assertTrue(ok.accepted(), ok.message());
        assertEquals(cex.steps().size(), ok.steps());
        TraceValidation no = TRACES.get(name)[1].validation();
        assertFalse(no.accepted());
        assertEquals(cex.steps().size() - 1, no.firstMismatch());
    }
}
