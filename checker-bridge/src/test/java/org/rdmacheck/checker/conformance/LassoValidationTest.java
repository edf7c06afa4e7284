package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ItfTraces;

/**
 * A lasso is a behaviour of the spec only if its closing step (last state back to the loop start) is
 * a step of the spec and its loop, repeated forever, is fair. The stored Go-Back-N lasso
 * (improved-ignore, Completion: 13 states, back to step 9) is one; moved loop starts are not.
 */
class LassoValidationTest {

    private static final TraceValidator VALIDATOR = new TraceValidator(TlcOptions.defaults());
    private static final Path GBN = ManifestConformanceTest.specsRoot().resolve("gbn");

    private static Counterexample lasso() {
        return Counterexamples.read(ManifestConformanceTest.specsRoot().getParent()
                .resolve("counterexamples/gbn/improved-ignore-Completion.json"));
    }

    private static Counterexample loopingTo(Counterexample c, int loop) {
        return new Counterexample(c.property(), c.kind(), c.steps(), c.violationIndex(), loop, c.provenance(),
                c.note());
    }

    @Test
    void storedLassoIsAcceptedWithItsClosingStepAndFairLoop() {
        Counterexample c = lasso();
        assertEquals(9, c.loopStart());
        TraceValidation v = VALIDATOR.validate(c, GBN, "MCLiveness.cfg", Map.of());
        assertTrue(v.accepted(), v.message());
        assertTrue(v.message().contains("closing step"), v.message());
    }

    @Test
    void loopStartTheLastStateCannotReturnToIsRejected() {
        TraceValidation v = VALIDATOR.validate(loopingTo(lasso(), 2), GBN, null, Map.of());
        assertFalse(v.accepted());
        assertEquals(13, v.firstMismatch());
        assertTrue(v.message().contains("closing step"), v.message());
    }

    @Test
    void itfLoopIsCheckedToo() {
        Counterexample moved = loopingTo(lasso(), 2);
        ItfTraces.ItfTrace itf = ItfTraces.parse(ItfTraces.toItf(moved, SpecManifest.read(GBN).setFields()), "moved.itf.json");
        TraceValidation v = VALIDATOR.validate(itf, "moved.itf.json", GBN, null, Map.of());
        assertFalse(v.accepted(), v.message());
        assertEquals(13, v.firstMismatch());
    }

    @Test
    void loopThatOnlyStuttersIsRejectedUnderAFairSpec() {
        // stuttering forever in the last state, where FairSpec's fairly treated actions are enabled
        Counterexample stutter = loopingTo(lasso(), 12);
        TraceValidation v = VALIDATOR.validate(stutter, GBN, "MCLiveness.cfg", Map.of());
        assertFalse(v.accepted(), v.message());
        assertTrue(v.message().contains("fairness"), v.message());
        // without fairness (MCSpec.cfg: SPECIFICATION Spec) stuttering is a behaviour of the spec
        assertTrue(VALIDATOR.validate(stutter, GBN, null, Map.of()).accepted());
    }
}
