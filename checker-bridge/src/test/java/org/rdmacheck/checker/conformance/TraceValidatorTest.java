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
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
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

    private static Counterexample withAction(Counterexample c, int step, org.rdmacheck.model.Action a,
                                             org.rdmacheck.checker.Provenance p) {
        List<TraceStep> steps = new ArrayList<>(c.steps());
        steps.set(step, new TraceStep(a, steps.get(step).state()));
        return new Counterexample(c.property(), c.kind(), steps, c.violationIndex(), c.loopStart(), p, c.note());
    }

    @Test
    void changedActionOfAJavaTraceIsRejectedAtThatStep() {
        Counterexample t = javaTrace();
        Counterexample bad = withAction(t, 2, org.rdmacheck.model.Action.of("Receive"), t.provenance());
        TraceValidation v = VALIDATOR.validate(bad, ManifestConformanceTest.specsRoot().resolve("fifo"), null, Map.of());
        assertFalse(v.accepted(), v.message());
        assertEquals(2, v.firstMismatch());
        assertEquals("Receive", v.action().name());
    }

    @Test
    void foreignTraceMustNameActionsOfTheSpec() {
        Counterexample t = javaTrace();
        org.rdmacheck.checker.Provenance tlc = new org.rdmacheck.checker.Provenance("fifo-spec", "MCSpec",
                Map.of(), "tlc", "test");
        Counterexample named = withAction(t, 1, t.steps().get(1).action(), tlc);
        Map<String, String> reorder = Map.of("Reorder", "TRUE", "M", "6", "C", "3");
        TraceValidation ok = VALIDATOR.validate(named, ManifestConformanceTest.specsRoot().resolve("fifo"), null,
                reorder);
        assertTrue(ok.accepted(), ok.message());
        Counterexample bogus = withAction(t, 1, org.rdmacheck.model.Action.of("Post", "qp", 2), tlc);
        TraceValidation v = VALIDATOR.validate(bogus, ManifestConformanceTest.specsRoot().resolve("fifo"), null,
                reorder);
        assertFalse(v.accepted(), v.message());
        assertEquals(1, v.firstMismatch());
    }

    @Test
    void fieldTheTraceMappingDoesNotReadIsAnInputError() throws Exception {
        java.nio.file.Path specs = ManifestConformanceTest.specsRoot();
        Counterexample stored = org.rdmacheck.checker.trace.Counterexamples.read(
                specs.getParent().resolve("counterexamples/dasr/persistent-overload-marks-WindowRateSumAtMostLineRate.json"));
        List<TraceStep> steps = new ArrayList<>(stored.steps());
        ObjectNode s = ((ObjectNode) steps.get(1).state()).deepCopy();
        s.put("bogus", 1);
        steps.set(1, new TraceStep(steps.get(1).action(), s));
        Counterexample bad = new Counterexample(stored.property(), stored.kind(), steps, stored.violationIndex(),
                stored.loopStart(), stored.provenance(), stored.note());
        InputException e = assertThrows(InputException.class, () -> VALIDATOR.validate(bad, specs.resolve("dasr"),
                null, Map.of()));
        assertTrue(e.getMessage().contains("bogus"), e.getMessage());
    }
}
