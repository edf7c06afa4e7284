package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.trace.ReplayResult;

/** {@code replay}'s exit status follows the replay outcome: an undecided trace is inconclusive. */
class ReplayExitCodeTest {

    @Test
    void everyOutcomeHasItsExitStatus() {
        assertEquals(ExitCodes.OK, ReplayCommand.exitCode(new ReplayResult.Reproduces("r")));
        assertEquals(ExitCodes.INCONCLUSIVE, ReplayCommand.exitCode(new ReplayResult.Undecided("u")));
        assertEquals(ExitCodes.VIOLATED, ReplayCommand.exitCode(new ReplayResult.IllegalStep(2, "i")));
        assertEquals(ExitCodes.VIOLATED, ReplayCommand.exitCode(new ReplayResult.NoLongerViolated("n")));
    }

    @Test
    void outcomeQueriesAgreeWithTheCase() {
        ReplayResult illegal = new ReplayResult.IllegalStep(2, "i");
        assertEquals(2, illegal.firstIllegalStep());
        assertEquals(false, illegal.legal());
        ReplayResult undecided = new ReplayResult.Undecided("u");
        assertEquals(true, undecided.legal());
        assertEquals(false, undecided.stillViolated());
        assertEquals(ReplayResult.Outcome.UNDECIDED, undecided.outcome());
    }
}
