package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.explorer.ExplorationReport;
import org.rdmacheck.checker.explorer.Explorer;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.Catalog;

/** Trace validation: a Java counterexample is a behaviour of the spec; a corrupted step is found. */
class TraceValidatorTest {

    private static final TraceValidator VALIDATOR = new TraceValidator(TlcOptions.defaults());

    /** The explorer's counterexample for the reorder variant of the FIFO channel (6 messages, capacity 3). */
    private static Counterexample javaTrace() {
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1))
                .check(Catalog.find("fifo").build("reorder", Params.empty()));
        return ((CheckResult.Violated) r.result("InOrderDelivery")).counterexample();
    }

    private static Counterexample corrupt(Counterexample c, int step, String field, int value) {
        List<TraceStep> steps = new ArrayList<>(c.steps());
        ObjectNode s = ((ObjectNode) steps.get(step).state()).deepCopy();
        s.put(field, value);
        steps.set(step, new TraceStep(steps.get(step).action(), s));
        return new Counterexample(c.property(), c.kind(), steps, c.violationIndex(), c.loopStart(), c.provenance(),
                c.note());
    }

    @Test
    void javaCounterexampleIsABehaviourOfTheSpec() {
        Counterexample trace = javaTrace();
        TraceValidation v = VALIDATOR.validate(trace, ManifestConformanceTest.specsRoot().resolve("fifo"), null,
                Map.of());
        assertTrue(v.accepted(), v.message());
        assertEquals(-1, v.firstMismatch());
        assertEquals(trace.steps().size(), v.steps());
    }

    @Test
    void corruptedStepIsRejectedAtThatStep() {
        Counterexample trace = corrupt(javaTrace(), 2, "sent", 5);
        TraceValidation v = VALIDATOR.validate(trace, ManifestConformanceTest.specsRoot().resolve("fifo"), null,
                Map.of());
        assertFalse(v.accepted());
        assertEquals(2, v.firstMismatch());
        assertEquals(trace.steps().get(1).state(), v.lastMatched());
        assertEquals(5, v.unmatched().get("sent").intValue());
        assertEquals("Send", v.action().name());
    }

    @Test
    void corruptedInitialStateIsRejectedAtStepZero() {
        TraceValidation v = VALIDATOR.validate(corrupt(javaTrace(), 0, "received", 0),
                ManifestConformanceTest.specsRoot().resolve("fifo"), null, Map.of());
        assertEquals(0, v.firstMismatch());
    }

    @Test
    void fieldThatIsNoVariableIsAnInputError() {
        Counterexample trace = corrupt(javaTrace(), 1, "extra", 1);
        assertThrows(InputException.class, () -> VALIDATOR.validate(trace,
                ManifestConformanceTest.specsRoot().resolve("fifo"), null, Map.of()));
    }
}
