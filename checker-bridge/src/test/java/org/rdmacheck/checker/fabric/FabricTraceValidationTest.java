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
import org.rdmacheck.checker.conformance.TraceBatch;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * A stored fabric counterexample is a behaviour of specs/fabric and a corrupted copy is not, under the model's
 * queueing and under queueing=egress (every
 * stored trace is validated by {@code StoredTraceValidationTest} with {@code -Pslow}).
 */
class FabricTraceValidationTest {

    private static final Path SPEC = repo().resolve("specs/fabric");
    private static final Counterexample CEX = Counterexamples.read(
            repo().resolve("counterexamples/fabric/no-cleanup-DeadlockFree.json"));
    /** The trace and its corrupted copy, validated in one batch ({@link TraceBatch}). */
    private static final TraceBatch BATCH = new TraceBatch(TlcOptions.defaults().withWorkers(1));
    private static final TraceBatch.Trace STORED = BATCH.add(CEX, SPEC, null, Map.of());
    private static final TraceBatch.Trace CORRUPTED = BATCH.add(corrupted(CEX), SPEC, null, Map.of());
    /** The incast's routing deadlock under queueing=egress (the twin's constant Queueing), packets with their ingress. */
    private static final Counterexample EGRESS = Counterexamples.read(repo().resolve(
            "counterexamples/fabric/repaired-incast-hysteresis-NoRoutingDeadlock-queueing=egress.json"));
    private static final TraceBatch.Trace EGRESS_STORED = BATCH.add(EGRESS, SPEC, null, Map.of());
    private static final TraceBatch.Trace EGRESS_MISLABELLED = BATCH.add(mislabelled(EGRESS), SPEC, null, Map.of());

    private static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("specs/fabric"))) {
            p = p.getParent();
        }
        return p;
    }

    /** @return the trace whose last state's receiver accepted one packet more: no step of the spec does that */
    private static Counterexample corrupted(Counterexample cex) {
        List<TraceStep> steps = new ArrayList<>(cex.steps());
        int last = steps.size() - 1;
        ObjectNode s = ((ObjectNode) steps.get(last).state()).deepCopy();
        ArrayNode expected = (ArrayNode) s.get("expected");
        expected.set(0, IntNode.valueOf(expected.get(0).asInt() + 1));
        steps.set(last, new TraceStep(steps.get(last).action(), s));
        return new Counterexample(cex.property(), cex.kind(), steps, cex.violationIndex(), cex.loopStart(),
                cex.provenance(), cex.note());
    }

    /**
     * @return the trace whose last state has its first buffered packet remember another ingress (the next tag):
     *         under egress queueing the switch's per-ingress PFC counts read it, so no step of the spec does that
     */
    private static Counterexample mislabelled(Counterexample cex) {
        List<TraceStep> steps = new ArrayList<>(cex.steps());
        int last = steps.size() - 1;
        ObjectNode s = ((ObjectNode) steps.get(last).state()).deepCopy();
        for (com.fasterxml.jackson.databind.JsonNode q : s.get("buffers")) {
            if (!q.isEmpty()) {
                ObjectNode p = (ObjectNode) q.get(0);
                p.put("in", p.get("in").asInt() + 1);
                break;
            }
        }
        steps.set(last, new TraceStep(steps.get(last).action(), s));
        return new Counterexample(cex.property(), cex.kind(), steps, cex.violationIndex(), cex.loopStart(),
                cex.provenance(), cex.note());
    }

    /**
     * The egress trace (seed 004 §4's switch: egress FIFOs, PFC per ingress) is a behaviour of the twin at
     * Queueing = "egress", and a copy whose last packet remembers another ingress is not.
     */
    @Test
    void theEgressIncastDeadlockIsABehaviourOfTheSpecAndAMislabelledOneIsNot() {
        TraceValidation ok = EGRESS_STORED.validation();
        assertTrue(ok.accepted(), ok.message());
        assertEquals(EGRESS.steps().size(), ok.steps());
        TraceValidation no = EGRESS_MISLABELLED.validation();
        assertFalse(no.accepted());
        assertEquals(EGRESS.steps().size() - 1, no.firstMismatch());
    }

    @Test
    void theStaleEntryBlackHoleIsABehaviourOfTheSpecAndACorruptedOneIsNot() {
        TraceValidation ok = STORED.validation();
        assertTrue(ok.accepted(), ok.message());
        assertEquals(CEX.steps().size(), ok.steps());
        TraceValidation no = CORRUPTED.validation();
        assertFalse(no.accepted());
        assertEquals(CEX.steps().size() - 1, no.firstMismatch());
    }
}
