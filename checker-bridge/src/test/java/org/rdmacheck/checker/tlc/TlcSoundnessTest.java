package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.OnDemandBatch;
import org.rdmacheck.model.InputException;

/**
 * Successes TLC reports without having checked the property, each on a small spec under
 * src/test/resources/tlc whose property is false: none of them may come out VERIFIED.
 */
class TlcSoundnessTest {

    private static final TlcOptions OPTS = TlcOptions.defaults().withTimeLimitMillis(120_000);
    private static final TlcChecker TLC = new TlcChecker(OPTS);
    /** The runs without SYMMETRY share one child JVM ({@link TlcChecker#checkAll}), made on the first test's demand. */
    private static final OnDemandBatch<TlcRequest, TlcReport> BATCH = new OnDemandBatch<>(TLC::checkAll);
    private static final OnDemandBatch.Run<TlcReport> ACTION_PROPERTY = BATCH.add(TlcCheckerTest.request("actionprop"));
    private static final OnDemandBatch.Run<TlcReport> STATE_PREDICATE_AS_PROPERTY = BATCH.add(request("stateprop",
            "Prop.tla", "Prop.cfg"));
    private static final OnDemandBatch.Run<TlcReport> ALWAYS_STATE_PREDICATE = BATCH.add(request("stateprop",
            "Prop.tla", "Always.cfg"));

    private static TlcRequest request(String folder, String module, String cfg) {
        Path dir = TlcCheckerTest.resource(folder);
        return TlcRequest.of(dir.resolve(module), dir.resolve(cfg));
    }

    @Test
    void actionPropertyIsCheckedByTlcAndRefusedByDistributedTlc() {
        // Act == [][x' > x]_x fails at 9 -> 0: TLC finds it; distributed TLC 2.18 would print VERIFIED.
        TlcRequest req = TlcCheckerTest.request("actionprop");
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, ACTION_PROPERTY.result().result("Act"));
        assertEquals(11, v.counterexample().steps().size());
        InputException e = assertThrows(InputException.class,
                () -> new DistributedTlc(OPTS.withWorkers(1)).check(req));
        assertTrue(e.getMessage().contains("action properties (Act)"), e.getMessage());
    }

    @Test
    void asymmetricInvariantUnderSymmetryIsNotVerified() {
        // Without SYMMETRY Inv fails in one step; with it TLC keeps the state where p1 moved and says VERIFIED.
        TlcReport r = TLC.check(request("asymmetric", "Asym.tla", "Asym.cfg"));
        CheckResult.Inconclusive inv = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Inv"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, inv.cause());
        assertTrue(inv.reason().contains("not symmetric"), inv.reason());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
        assertEquals(java.util.List.of("Bounded", "Inv"), r.results().stream().map(CheckResult::property).toList());
        assertTrue(r.itfTraces().isEmpty(), r.itfTraces().keySet().toString());
    }

    @Test
    void symmetricInvariantUnderSymmetryIsVerifiedOnlyAfterItsPermutationsWereChecked() {
        TlcRequest req = request("asymmetric", "Asym.tla", "Asym.cfg").withInvariants(java.util.List.of("Bounded"));
        TlcReport r = TLC.check(req);
        assertInstanceOf(CheckResult.Verified.class, r.result("Bounded"));
        assertEquals(TlcOutcome.SUCCESS, r.outcome(), r.detail());
        assertEquals(3, r.stats().distinctStates()); // {00, 10, 11} up to the swap of p1 and p2
    }

    @Test
    void asymmetricActionPropertyUnderSymmetryIsNotVerified() {
        TlcReport r = TLC.check(request("asymmetric", "Asym.tla", "AsymStep.cfg"));
        CheckResult.Inconclusive step = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Step"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, step.cause());
    }

    @Test
    void statePredicateAsPropertyIsMarkedInitialStatesOnly() {
        // Small fails at x = 3; as a PROPERTY TLC checks it on the initial state x = 0 only.
        TlcReport r = STATE_PREDICATE_AS_PROPERTY.result();
        CheckResult.Inconclusive small = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Small"));
        assertEquals(CheckResult.InconclusiveReason.INITIAL_STATES_ONLY, small.cause());
        assertTrue(small.reason().contains("INVARIANT Small"), small.reason());
        // []Small is checked in every state, and fails
        TlcReport always = ALWAYS_STATE_PREDICATE.result();
        assertInstanceOf(CheckResult.Violated.class, always.results().get(0));
    }
}
