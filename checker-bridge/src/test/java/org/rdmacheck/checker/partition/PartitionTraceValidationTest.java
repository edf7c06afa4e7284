package org.rdmacheck.checker.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.conformance.TraceValidation;
import org.rdmacheck.checker.conformance.TraceBatch;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * A stored partition counterexample is a behaviour of specs/partition and a corrupted one is not
 * (every stored trace: {@code conformance.StoredTraceValidationTest}, -Pslow). The traces are validated
 * in one batch ({@link TraceBatch}), each test asserting on its own.
 */
class PartitionTraceValidationTest {

    private static final List<String> RULES = List.of("repost-before-consume-NoChunkDuplicated.json",
            "error-after-landing-NoChunkDuplicated.json", "reuse-on-send-completion-DataIdsNeverMix.json",
            "rnr-retry-zero-EveryTransferCompletes.json");
    private static final Path SPEC = repo().resolve("specs/partition");
    private static final Counterexample MIXING = stored("no-data-id-DataIdsNeverMix.json");

    private static final TraceBatch BATCH = new TraceBatch(TlcOptions.defaults().withWorkers(1));
    private static final TraceBatch.Trace MIXING_TRACE = BATCH.add(MIXING, SPEC, null, Map.of());
    private static final TraceBatch.Trace MIXING_CORRUPTED = BATCH.add(corrupted(MIXING), SPEC, null, Map.of());
    private static final Map<String, TraceBatch.Trace> RULE_TRACES = new LinkedHashMap<>();

    static {
        RULES.forEach(f -> RULE_TRACES.put(f, BATCH.add(stored(f), SPEC, null, Map.of())));
    }

    private static Path repo() {
        return PartitionCheckTest.manifest().getParent().getParent().getParent();
    }

    private static Counterexample stored(String name) {
        return Counterexamples.read(repo().resolve("counterexamples/partition/" + name));
    }

    /** @return the trace with the last chunk placed at another offset: the spec cannot take that step */
    private static Counterexample corrupted(Counterexample cex) {
        List<TraceStep> steps = new ArrayList<>(cex.steps());
        int last = steps.size() - 1;
        ObjectNode s = ((ObjectNode) steps.get(last).state()).deepCopy();
        ArrayNode buf = (ArrayNode) s.get("delivered").get(0).get("data");
        var placed = buf.get(2);
        buf.set(2, buf.get(1));
        buf.set(1, placed);
        steps.set(last, new TraceStep(steps.get(last).action(), s));
        return new Counterexample(cex.property(), cex.kind(), steps, cex.violationIndex(), cex.loopStart(),
                cex.provenance(), cex.note());
    }

    @Test
    void theHeaderlessMixingTraceIsABehaviourOfTheSpecAndACorruptedOneIsNot() {
        TraceValidation ok = MIXING_TRACE.validation();
        assertTrue(ok.accepted(), ok.message());
        assertEquals(MIXING.steps().size(), ok.steps());
        TraceValidation no = MIXING_CORRUPTED.validation();
        assertFalse(no.accepted());
        assertEquals(MIXING.steps().size() - 1, no.firstMismatch());
    }

    static List<String> rules() {
        return RULES;
    }

    @ParameterizedTest
    @MethodSource("rules")
    void theTracesOfTheReceiveRecoveryAndReuseRulesAreBehavioursOfTheSpec(String file) {
        TraceValidation ok = RULE_TRACES.get(file).validation();
        assertTrue(ok.accepted(), file + ": " + ok.message());
        assertEquals(stored(file).steps().size(), ok.steps());
    }
}
