package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.conformance.TraceValidation;
import org.rdmacheck.checker.conformance.TraceValidator;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * A stored fabric counterexample is a behaviour of specs/fabric and a corrupted copy is not (every
 * stored trace is validated by {@code StoredTraceValidationTest} with {@code -Pslow}).
 */
class FabricTraceValidationTest {

    private static final TraceValidator VALIDATOR = new TraceValidator(TlcOptions.defaults().withWorkers(1));

    private static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("specs/fabric"))) {
            p = p.getParent();
        }
        return p;
    }

    @Test
    void theStaleEntryBlackHoleIsABehaviourOfTheSpecAndACorruptedOneIsNot() {
        Counterexample cex = Counterexamples.read(repo().resolve("counterexamples/fabric/no-cleanup-DeadlockFree.json"));
        Path spec = repo().resolve("specs/fabric");
        TraceValidation ok = VALIDATOR.validate(cex, spec, null, Map.of());
        assertTrue(ok.accepted(), ok.message());
        assertEquals(cex.steps().size(), ok.steps());
        // let the last state's receiver accept one packet more: no step of the spec does that
        List<TraceStep> steps = new ArrayList<>(cex.steps());
        int last = steps.size() - 1;
        ObjectNode s = ((ObjectNode) steps.get(last).state()).deepCopy();
        ArrayNode expected = (ArrayNode) s.get("expected");
        expected.set(0, IntNode.valueOf(expected.get(0).asInt() + 1));
        steps.set(last, new TraceStep(steps.get(last).action(), s));
        Counterexample bad = new Counterexample(cex.property(), cex.kind(), steps, cex.violationIndex(),
                cex.loopStart(), cex.provenance(), cex.note());
        TraceValidation no = VALIDATOR.validate(bad, spec, null, Map.of());
        assertFalse(no.accepted());
        assertEquals(last, no.firstMismatch());
    }
}
