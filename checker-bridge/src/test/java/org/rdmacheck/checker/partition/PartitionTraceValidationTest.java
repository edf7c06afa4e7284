package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.conformance.TraceValidation;
import org.rdmacheck.checker.conformance.TraceValidator;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * A stored partition counterexample is a behaviour of specs/partition and a corrupted one is not
 * (every stored trace: {@code conformance.StoredTraceValidationTest}, -Pslow).
 */
class PartitionTraceValidationTest {

    private static final TraceValidator VALIDATOR = new TraceValidator(TlcOptions.defaults().withWorkers(1));

    private static Path repo() {
        return PartitionCheckTest.manifest().getParent().getParent().getParent();
    }

    private static Counterexample stored(String name) {
        return Counterexamples.read(repo().resolve("counterexamples/partition/" + name));
    }

    @Test
    void theHeaderlessMixingTraceIsABehaviourOfTheSpecAndACorruptedOneIsNot() {
        Counterexample cex = stored("no-data-id-DataIdsNeverMix.json");
        Path spec = repo().resolve("specs/partition");
        TraceValidation ok = VALIDATOR.validate(cex, spec, null, Map.of());
        assertTrue(ok.accepted(), ok.message());
        assertEquals(cex.steps().size(), ok.steps());
        // place the last chunk at another offset: the spec cannot take that step
        List<TraceStep> steps = new ArrayList<>(cex.steps());
        int last = steps.size() - 1;
        ObjectNode s = ((ObjectNode) steps.get(last).state()).deepCopy();
        ArrayNode buf = (ArrayNode) s.get("delivered").get(0).get("data");
        var placed = buf.get(2);
        buf.set(2, buf.get(1));
        buf.set(1, placed);
        steps.set(last, new TraceStep(steps.get(last).action(), s));
        Counterexample bad = new Counterexample(cex.property(), cex.kind(), steps, cex.violationIndex(),
                cex.loopStart(), cex.provenance(), cex.note());
        TraceValidation no = VALIDATOR.validate(bad, spec, null, Map.of());
        assertFalse(no.accepted());
        assertEquals(last, no.firstMismatch());
    }

    @ParameterizedTest
    @ValueSource(strings = {"repost-before-consume-NoChunkDuplicated.json", "error-after-landing-NoChunkDuplicated.json",
        "reuse-on-send-completion-DataIdsNeverMix.json", "rnr-retry-zero-EveryTransferCompletes.json"})
    void theTracesOfTheReceiveRecoveryAndReuseRulesAreBehavioursOfTheSpec(String file) {
        Counterexample cex = stored(file);
        TraceValidation ok = VALIDATOR.validate(cex, repo().resolve("specs/partition"), null, Map.of());
        assertTrue(ok.accepted(), file + ": " + ok.message());
        assertEquals(cex.steps().size(), ok.steps());
    }
}
