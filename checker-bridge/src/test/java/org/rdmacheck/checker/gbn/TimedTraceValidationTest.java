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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.conformance.TraceValidation;
import org.rdmacheck.checker.conformance.TraceValidator;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * Stored gbn-timed counterexamples (a premature timeout, a PSN wraparound, an attributed cause) are
 * behaviours of specs/gbn-timed; the same trace with one clock changed is not.
 */
class TimedTraceValidationTest {

    private static final TraceValidator VALIDATOR = new TraceValidator(TlcOptions.defaults().withWorkers(1));

    private static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("specs"))) {
            p = p.getParent();
        }
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"improved-short-rto-NoPrematureTimeout.json",
        "improved-psn-wrap-InOrderExactlyOnce.json",
        "cause-st-L2-nak-suppressed.json"})
    void storedTraceIsABehaviourOfTheSpecAndACorruptedOneIsNot(String name) {
        Counterexample cex = Counterexamples.read(repo().resolve("counterexamples/gbn-timed/" + name));
        Path spec = repo().resolve("specs/gbn-timed");
        TraceValidation ok = VALIDATOR.validate(cex, spec, null, Map.of());
        assertTrue(ok.accepted(), ok.message());
        assertEquals(cex.steps().size(), ok.steps());
        List<TraceStep> steps = new ArrayList<>(cex.steps());
        int last = steps.size() - 1;
        ObjectNode s = ((ObjectNode) steps.get(last).state()).deepCopy();
        s.set("lossesLeft", IntNode.valueOf(s.get("lossesLeft").asInt() + 1));
        steps.set(last, new TraceStep(steps.get(last).action(), s));
        Counterexample bad = new Counterexample(cex.property(), cex.kind(), steps, cex.violationIndex(),
                cex.loopStart(), cex.provenance(), cex.note());
        TraceValidation no = VALIDATOR.validate(bad, spec, null, Map.of());
        assertFalse(no.accepted());
        assertEquals(last, no.firstMismatch());
    }
}
