package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.OnDemandBatch;

/**
 * Ways to make a TLC run look like a proof when it is not: a result row for something TLC never
 * checked, an early exit taken as completion, a vacuous success left unsaid. Small specs under
 * src/test/resources/tlc. The runs share one child JVM ({@link TlcChecker#checkAll}, the one with
 * SYMMETRY a child of its own), made on the first test's demand; each test asserts on its own run.
 */
class TlcFalseSuccessTest {

    private static final OnDemandBatch<TlcRequest, TlcReport> BATCH = new OnDemandBatch<>(
            new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(120_000))::checkAll);
    private static final OnDemandBatch.Run<TlcReport> DL3 = run("dl3");
    private static final OnDemandBatch.Run<TlcReport> TYPE_CONSTRAINT = run("typeconstraint");
    private static final OnDemandBatch.Run<TlcReport> TLC_EXIT = run("tlcexit");
    private static final OnDemandBatch.Run<TlcReport> EMPTY_INIT = run("emptyinit");
    private static final OnDemandBatch.Run<TlcReport> SYMMETRY_LIVENESS = run("symliveness");
    private static final OnDemandBatch.Run<TlcReport> VIEW = run("view");
    private static final OnDemandBatch.Run<TlcReport> CONSTRAINT_LIVENESS = run("constraintliveness");

    private static OnDemandBatch.Run<TlcReport> run(String spec) {
        return BATCH.add(TlcCheckerTest.request(spec));
    }

    private static List<String> properties(TlcReport r) {
        return r.results().stream().map(CheckResult::property).toList();
    }

    @Test
    void typeConstraintAfterCheckDeadlockFalseDoesNotTurnDeadlockCheckingOn() {
        // dl3 deadlocks at x = 3; CHECK_DEADLOCK FALSE, so TLC does not look, and no row may claim it did.
        TlcReport r = DL3.result();
        assertEquals(List.of(), properties(r));
        assertEquals(TlcOutcome.SUCCESS, r.outcome(), r.detail());
        assertEquals(4, r.stats().distinctStates());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("TYPE_CONSTRAINT Inv")), r.warnings().toString());
    }

    @Test
    void typeConstraintIsNeitherAPropertyNorChecked() {
        // Bad fails at x = 2, but TLC never evaluates a TYPE_CONSTRAINT: no row for it.
        TlcReport r = TYPE_CONSTRAINT.result();
        assertEquals(List.of("Inv", TlcChecker.DEADLOCK), properties(r));
        assertInstanceOf(CheckResult.Verified.class, r.result("Inv"));
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("TYPE_CONSTRAINT Bad")), r.warnings().toString());
    }

    @Test
    void tlcSetExitLeavesStatesOnTheQueueAndIsInconclusive() {
        // Inv fails at x = 5; TLCSet("exit", TRUE) at x = 2 stops TLC first, and TLC still says "completed".
        TlcReport r = TLC_EXIT.result();
        assertEquals(TlcExitStatus.SUCCESS, r.status());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
        assertInstanceOf(CheckResult.Inconclusive.class, r.result("Inv"));
        assertTrue(r.detail().contains("1 states left on queue"), r.detail());
    }

    @Test
    void emptyInitIsVacuousAndNotVerified() {
        // Init == x \in {}: no state to check Inv on, so "Inv holds" would be vacuous.
        TlcReport r = EMPTY_INIT.result();
        assertEquals(0, r.stats().distinctStates());
        CheckResult.Inconclusive inv = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Inv"));
        assertEquals(CheckResult.InconclusiveReason.VACUOUS, inv.cause());
        assertTrue(inv.reason().contains("no initial state"), inv.reason());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
    }

    @Test
    void symmetryDuringLivenessCheckingLeavesTheTemporalPropertyInconclusive() {
        // TLC says Live holds, but warns that symmetry may hide a violating cycle: no proof.
        TlcReport r = SYMMETRY_LIVENESS.result();
        CheckResult.Inconclusive live = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Live"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, live.cause());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("TLC warning: Declaring symmetry during liveness")),
                r.warnings().toString());
    }

    @Test
    void viewIsAQuotientSoNoPropertyIsProven() {
        // Sum fails at x = y = 2, which TLC never visits under VIEW x: it says "no error" after 3 states.
        TlcReport r = VIEW.result();
        assertEquals(3, r.stats().distinctStates());
        CheckResult.Inconclusive sum = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Sum"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, sum.cause());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
    }

    @Test
    void constraintDuringLivenessCheckingLeavesTheTemporalPropertyInconclusiveAndBoundsTheRest() {
        // <>(x = 3) cannot hold on the 2 states the constraint allows, yet TLC reports no error.
        TlcReport r = CONSTRAINT_LIVENESS.result();
        assertEquals(2, r.stats().distinctStates());
        assertInstanceOf(CheckResult.Verified.class, r.result("Inv"));
        CheckResult.Inconclusive live = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Live"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, live.cause());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("only the states allowed by Small")),
                r.warnings().toString());
    }
}
