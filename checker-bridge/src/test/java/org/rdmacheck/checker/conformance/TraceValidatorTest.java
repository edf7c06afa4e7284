package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
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

/**
 * Trace validation: a Java counterexample is a behaviour of the spec; a corrupted step is found. The
 * traces are validated in one batch ({@link TraceBatch}), each test asserting on its own. The batch's
 * fifo traces under the same constants are followed in one TLC run first: the corrupted ones make it
 * find fewer states than the traces have, so each is then followed alone, and each verdict below
 * (the step a corrupted trace leaves the spec at) is the one {@code validate} gives.
 */
class TraceValidatorTest {

    private static final TraceValidator VALIDATOR = new TraceValidator(TlcOptions.defaults());
    private static final Path FIFO = ManifestConformanceTest.specsRoot().resolve("fifo");
    private static final Map<String, String> REORDER = Map.of("Reorder", "TRUE", "M", "6", "C", "3");

    /** The explorer's counterexample for the reorder variant of the FIFO channel (6 messages, capacity 3). */
    private static final Counterexample TRACE = javaTrace();
    private static final org.rdmacheck.checker.Provenance TLC_PROVENANCE = new org.rdmacheck.checker.Provenance(
            "fifo-spec", "MCSpec", Map.of(), "tlc", "test");

    private static final TraceBatch BATCH = new TraceBatch(TlcOptions.defaults());
    private static final TraceBatch.Trace JAVA = BATCH.add(TRACE, FIFO, null, Map.of());
    private static final TraceBatch.Trace CORRUPTED_STEP = BATCH.add(corrupt(TRACE, 2, "sent", 5), FIFO, null, Map.of());
    private static final TraceBatch.Trace CORRUPTED_INIT = BATCH.add(corrupt(TRACE, 0, "received", 0), FIFO, null,
            Map.of());
    private static final TraceBatch.Trace EXTRA_FIELD = BATCH.add(corrupt(TRACE, 1, "extra", 1), FIFO, null, Map.of());
    private static final TraceBatch.Trace CHANGED_ACTION = BATCH.add(withAction(TRACE, 2,
            org.rdmacheck.model.Action.of("Receive"), TRACE.provenance()), FIFO, null, Map.of());
    private static final TraceBatch.Trace FOREIGN = BATCH.add(withAction(TRACE, 1, TRACE.steps().get(1).action(),
            TLC_PROVENANCE), FIFO, null, REORDER);
    private static final TraceBatch.Trace FOREIGN_BOGUS_ACTION = BATCH.add(withAction(TRACE, 1,
            org.rdmacheck.model.Action.of("Post", "qp", 2), TLC_PROVENANCE), FIFO, null, REORDER);

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
        TraceValidation v = JAVA.validation();
        assertTrue(v.accepted(), v.message());
        assertEquals(-1, v.firstMismatch());
        assertEquals(TRACE.steps().size(), v.steps());
    }

    @Test
    void corruptedStepIsRejectedAtThatStep() {
        TraceValidation v = CORRUPTED_STEP.validation();
        assertFalse(v.accepted());
        assertEquals(2, v.firstMismatch());
        assertEquals(TRACE.steps().get(1).state(), v.lastMatched());
        assertEquals(5, v.unmatched().get("sent").intValue());
        assertEquals("Send", v.action().name());
    }

    /**
     * Two behaviours of the spec under the same constants (the trace and its first three states) are
     * accepted by one TLC run that follows both; the corrupted traces above, in a group of their own
     * run, are found by the runs that follow each alone.
     */
    @Test
    void tracesOfOneSpecAreAcceptedByOneTlcRun() {
        Counterexample prefix = new Counterexample(TRACE.property(), TRACE.kind(), TRACE.steps().subList(0, 3), 2, -1,
                TRACE.provenance(), TRACE.note());
        List<TraceValidator.Outcome> out = VALIDATOR.validateAll(List.of(
                TraceValidator.Request.of(TRACE, FIFO, null, Map.of()),
                TraceValidator.Request.of(prefix, FIFO, null, Map.of())));
        for (TraceValidator.Outcome o : out) {
            assertTrue(o.validation().accepted(), o.validation().message());
            assertTrue(o.validation().message().contains("followed in one TLC run with 1 other trace"),
                    o.validation().message());
        }
        assertEquals(3, out.get(1).validation().steps());
        assertFalse(JAVA.validation().message().contains("one TLC run"), JAVA.validation().message());
    }

    @Test
    void corruptedInitialStateIsRejectedAtStepZero() {
        assertEquals(0, CORRUPTED_INIT.validation().firstMismatch());
    }

    @Test
    void fieldThatIsNoVariableIsAnInputError() {
        assertThrows(InputException.class, EXTRA_FIELD::validation);
    }

    private static Counterexample withAction(Counterexample c, int step, org.rdmacheck.model.Action a,
                                             org.rdmacheck.checker.Provenance p) {
        List<TraceStep> steps = new ArrayList<>(c.steps());
        steps.set(step, new TraceStep(a, steps.get(step).state()));
        return new Counterexample(c.property(), c.kind(), steps, c.violationIndex(), c.loopStart(), p, c.note());
    }

    @Test
    void changedActionOfAJavaTraceIsRejectedAtThatStep() {
        TraceValidation v = CHANGED_ACTION.validation();
        assertFalse(v.accepted(), v.message());
        assertEquals(2, v.firstMismatch());
        assertEquals("Receive", v.action().name());
    }

    @Test
    void foreignTraceMustNameActionsOfTheSpec() {
        TraceValidation ok = FOREIGN.validation();
        assertTrue(ok.accepted(), ok.message());
        TraceValidation v = FOREIGN_BOGUS_ACTION.validation();
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
