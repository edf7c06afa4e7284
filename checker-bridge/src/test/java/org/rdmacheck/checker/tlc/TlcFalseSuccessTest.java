package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;

/**
 * Ways to make a TLC run look like a proof when it is not: a result row for something TLC never
 * checked, an early exit taken as completion, a vacuous success left unsaid. Small specs under
 * src/test/resources/tlc.
 */
class TlcFalseSuccessTest {

    private static final TlcChecker TLC = new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(120_000));

    private static List<String> properties(TlcReport r) {
        return r.results().stream().map(CheckResult::property).toList();
    }

    @Test
    void typeConstraintAfterCheckDeadlockFalseDoesNotTurnDeadlockCheckingOn() {
        // dl3 deadlocks at x = 3; CHECK_DEADLOCK FALSE, so TLC does not look, and no row may claim it did.
        TlcReport r = TLC.check(TlcCheckerTest.request("dl3"));
        assertEquals(List.of(), properties(r));
        assertEquals(TlcOutcome.SUCCESS, r.outcome(), r.detail());
        assertEquals(4, r.stats().distinctStates());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("TYPE_CONSTRAINT Inv")), r.warnings().toString());
    }

    @Test
    void typeConstraintIsNeitherAPropertyNorChecked() {
        // Bad fails at x = 2, but TLC never evaluates a TYPE_CONSTRAINT: no row for it.
        TlcReport r = TLC.check(TlcCheckerTest.request("typeconstraint"));
        assertEquals(List.of("Inv", TlcChecker.DEADLOCK), properties(r));
        assertInstanceOf(CheckResult.Verified.class, r.result("Inv"));
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("TYPE_CONSTRAINT Bad")), r.warnings().toString());
    }

    @Test
    void tlcSetExitLeavesStatesOnTheQueueAndIsInconclusive() {
        // Inv fails at x = 5; TLCSet("exit", TRUE) at x = 2 stops TLC first, and TLC still says "completed".
        TlcReport r = TLC.check(TlcCheckerTest.request("tlcexit"));
        assertEquals(TlcExitStatus.SUCCESS, r.status());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
        assertInstanceOf(CheckResult.Inconclusive.class, r.result("Inv"));
        assertTrue(r.detail().contains("1 states left on queue"), r.detail());
    }

    @Test
    void emptyInitIsVacuousAndNotVerified() {
        // Init == x \in {}: no state to check Inv on, so "Inv holds" would be vacuous.
        TlcReport r = TLC.check(TlcCheckerTest.request("emptyinit"));
        assertEquals(0, r.stats().distinctStates());
        CheckResult.Inconclusive inv = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Inv"));
        assertEquals(CheckResult.InconclusiveReason.VACUOUS, inv.cause());
        assertTrue(inv.reason().contains("no initial state"), inv.reason());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
    }

    @Test
    void symmetryDuringLivenessCheckingLeavesTheTemporalPropertyInconclusive() {
        // TLC says Live holds, but warns that symmetry may hide a violating cycle: no proof.
        TlcReport r = TLC.check(TlcCheckerTest.request("symliveness"));
        CheckResult.Inconclusive live = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Live"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, live.cause());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("TLC warning: Declaring symmetry during liveness")),
                r.warnings().toString());
    }

    @Test
    void viewIsAQuotientSoNoPropertyIsProven() {
        // Sum fails at x = y = 2, which TLC never visits under VIEW x: it says "no error" after 3 states.
        TlcReport r = TLC.check(TlcCheckerTest.request("view"));
        assertEquals(3, r.stats().distinctStates());
        CheckResult.Inconclusive sum = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Sum"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, sum.cause());
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
    }

    @Test
    void constraintDuringLivenessCheckingLeavesTheTemporalPropertyInconclusiveAndBoundsTheRest() {
        // <>(x = 3) cannot hold on the 2 states the constraint allows, yet TLC reports no error.
        TlcReport r = TLC.check(TlcCheckerTest.request("constraintliveness"));
        assertEquals(2, r.stats().distinctStates());
        assertInstanceOf(CheckResult.Verified.class, r.result("Inv"));
        CheckResult.Inconclusive live = assertInstanceOf(CheckResult.Inconclusive.class, r.result("Live"));
        assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, live.cause());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("only the states allowed by Small")),
                r.warnings().toString());
    }
}
