package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ItfTraces;

/**
 * A lasso is a behaviour of the spec only if its closing step (last state back to the loop start) is
 * a step of the spec and its loop, repeated forever, is fair. The stored Go-Back-N lasso
 * (improved-ignore, Completion: 13 states, back to step 9) is one; moved loop starts are not. The
 * lassos are validated in one batch ({@link TraceBatch}: their states in one TLC child, the loops
 * of those accepted in a second), each test asserting on its own.
 */
class LassoValidationTest {

    private static final Path GBN = ManifestConformanceTest.specsRoot().resolve("gbn");
    private static final Counterexample LASSO = Counterexamples.read(ManifestConformanceTest.specsRoot().getParent()
            .resolve("counterexamples/gbn/improved-ignore-Completion.json"));
    private static final Counterexample MOVED = loopingTo(LASSO, 2);
    // stuttering forever in the last state, where FairSpec's fairly treated actions are enabled
    private static final Counterexample STUTTER = loopingTo(LASSO, 12);

    private static final TraceBatch BATCH = new TraceBatch(TlcOptions.defaults());
    private static final TraceBatch.Trace STORED = BATCH.add(LASSO, GBN, "MCLiveness.cfg", Map.of());
    private static final TraceBatch.Trace MOVED_LOOP = BATCH.add(MOVED, GBN, null, Map.of());
    private static final TraceBatch.Trace MOVED_ITF = BATCH.add(ItfTraces.parse(ItfTraces.toItf(MOVED,
            SpecManifest.read(GBN).setFields()), "moved.itf.json"), "moved.itf.json", GBN, null, Map.of());
    private static final TraceBatch.Trace STUTTER_FAIR = BATCH.add(STUTTER, GBN, "MCLiveness.cfg", Map.of());
    private static final TraceBatch.Trace STUTTER_UNFAIR = BATCH.add(STUTTER, GBN, null, Map.of());

    private static Counterexample loopingTo(Counterexample c, int loop) {
        return new Counterexample(c.property(), c.kind(), c.steps(), c.violationIndex(), loop, c.provenance(),
                c.note());
    }

    @Test
    void storedLassoIsAcceptedWithItsClosingStepAndFairLoop() {
        assertEquals(9, LASSO.loopStart());
        TraceValidation v = STORED.validation();
        assertTrue(v.accepted(), v.message());
        assertTrue(v.message().contains("closing step"), v.message());
    }

    @Test
    void loopStartTheLastStateCannotReturnToIsRejected() {
        TraceValidation v = MOVED_LOOP.validation();
        assertFalse(v.accepted());
        assertEquals(13, v.firstMismatch());
        assertTrue(v.message().contains("closing step"), v.message());
    }

    @Test
    void itfLoopIsCheckedToo() {
        TraceValidation v = MOVED_ITF.validation();
        assertFalse(v.accepted(), v.message());
        assertEquals(13, v.firstMismatch());
    }

    @Test
    void loopThatOnlyStuttersIsRejectedUnderAFairSpec() {
        TraceValidation v = STUTTER_FAIR.validation();
        assertFalse(v.accepted(), v.message());
        assertTrue(v.message().contains("fairness"), v.message());
        // without fairness (MCSpec.cfg: SPECIFICATION Spec) stuttering is a behaviour of the spec
        assertTrue(STUTTER_UNFAIR.validation().accepted());
    }

    /**
     * The batch gives each trace what a validation of its own gives (verdict field by field, or the
     * same error), a trace whose TLC run the spec's parser rejects included: it fails alone. Slow tier
     * (about a dozen TLC children): {@code mvn -B -o test -pl checker-bridge -am -Pslow
     * -Dtest=LassoValidationTest -Dsurefire.failIfNoSpecifiedTests=false}.
     */
    @Tag("slow")
    @Test
    void eachTraceOfTheBatchHasTheOutcomeOfAValidationOfItsOwn() {
        TraceValidator validator = new TraceValidator(TlcOptions.defaults());
        List<TraceValidator.Request> requests = List.of(
                TraceValidator.Request.of(LASSO, GBN, "MCLiveness.cfg", Map.of()),
                TraceValidator.Request.of(MOVED, GBN, null, Map.of()),
                TraceValidator.Request.of(LASSO, GBN, null, Map.of("Capacity", "(")),
                TraceValidator.Request.of(STUTTER, GBN, "MCLiveness.cfg", Map.of()),
                TraceValidator.Request.of(STUTTER, GBN, null, Map.of()));
        List<TraceValidator.Outcome> batch = validator.validateAll(requests);
        assertEquals(requests.size(), batch.size());
        for (int i = 0; i < requests.size(); i++) {
            TraceValidator.Request r = requests.get(i);
            TraceValidator.Outcome own;
            try {
                own = new TraceValidator.Outcome.Validated(validator.validate(r.trace(), r.specDir(), r.config(),
                        r.overrides()));
            } catch (RuntimeException e) {
                own = new TraceValidator.Outcome.Failed(e);
            }
            if (own instanceof TraceValidator.Outcome.Failed f) {
                TraceValidator.Outcome.Failed b = assertInstanceOf(TraceValidator.Outcome.Failed.class, batch.get(i),
                        "request " + i);
                assertEquals(f.error().getClass(), b.error().getClass(), "request " + i);
                assertEquals(f.error().getMessage(), b.error().getMessage(), "request " + i);
            } else {
                // a trace accepted by a run that followed several traces says so in its message (65877481);
                // every other field, and the message without that note, is the validation of its own
                TraceValidation o = ((TraceValidator.Outcome.Validated) own).verdict();
                TraceValidation b = assertInstanceOf(TraceValidator.Outcome.Validated.class, batch.get(i),
                        "request " + i).verdict();
                assertEquals(o, new TraceValidation(b.accepted(), b.steps(), b.firstMismatch(), b.action(),
                        b.lastMatched(), b.unmatched(), b.tlcStates(), b.message().replaceFirst(
                        " \\(followed in one TLC run with \\d+ other traces? of the spec under the same constants\\)",
                        "")), "request " + i);
            }
        }
        assertInstanceOf(TraceValidator.Outcome.Failed.class, batch.get(2), "the unparsable constant");
    }
}
