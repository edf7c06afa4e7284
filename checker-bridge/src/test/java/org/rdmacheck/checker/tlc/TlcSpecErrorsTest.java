package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;

/**
 * Errors in the user's spec or request are one line with the real location (exit 2 in the CLI),
 * never a verdict pinned on a property: an evaluation error, a missing module, an undeclared constant.
 */
class TlcSpecErrorsTest {

    private static final TlcChecker TLC = new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(120_000));

    @Test
    void evaluationErrorIsASpecErrorAtItsPosition() {
        // Head(<<>>) on line 9, columns 22..28: TLC exits 255; it used to be "DeadlockFree FAILED".
        InputException e = assertThrows(InputException.class, () -> TLC.check(TlcCheckerTest.request("evalerror")));
        assertTrue(e.getMessage().matches(".*Ev\\.tla:9:22: TLC cannot evaluate the spec: Attempted to apply Head "
                + "to the empty sequence\\. \\(line 9, col 22 to line 9, col 28 of module Ev\\); the behaviour up to "
                + "this point has 3 states"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void missingModuleIsPinnedOnItsImporter() {
        InputException e = assertThrows(InputException.class,
                () -> TLC.check(TlcCheckerTest.request("missingmodule")));
        assertTrue(e.getMessage().matches(".*Mid\\.tla:3:9: cannot find the module NoSuchModule \\(EXTENDS in module "
                + "Mid\\).*"), e.getMessage());
    }

    @Test
    void moduleNamedOtherThanItsFileIsNamedInOneLine() {
        // TLC itself says only "Parsing or semantic analysis failed"
        InputException e = assertThrows(InputException.class, () -> TLC.check(TlcCheckerTest.request("modulename")));
        assertTrue(e.getMessage().endsWith("Named.tla:1:1: the file declares MODULE Other: expected MODULE Named (a "
                + "module's name is its file's name)"), e.getMessage());
    }

    @Test
    void undeclaredConstantIsRejectedWithTheDeclaredOnes() {
        InputException e = assertThrows(InputException.class,
                () -> TLC.check(TlcCheckerTest.request("counter").withConstants(Map.of("Limt", "3"))));
        assertTrue(e.getMessage().contains("'Limt'"), e.getMessage());
        assertTrue(e.getMessage().contains("declared: Limit, Procs"), e.getMessage());
    }

    @Test
    void parseErrorInAnExtendedModuleIsReportedAgainstThatModule() {
        // a caller holds its progress lines back until TLC accepts the input: a parse error never does
        java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();
        TlcChecker tlc = new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(120_000)
                .withInputAccepted(accepted::incrementAndGet));
        InputException e = assertThrows(InputException.class, () -> tlc.check(TlcCheckerTest.request("extendserror")));
        assertTrue(e.getMessage().contains("Lib.tla:5:1: parse error"), e.getMessage());
        assertEquals(0, accepted.get());
    }

    @Test
    void postconditionIsNamedAsAKeywordThisTlcLacks() {
        InputException e = assertThrows(InputException.class, () -> TLC.check(TlcCheckerTest.request("postcondition")));
        assertTrue(e.getMessage().contains("POSTCONDITION Inv: POSTCONDITION is not a keyword of TLC 2.18"),
                e.getMessage());
    }

    @Test
    void badParamValuesAndInvariantExpressionsAreNamedAsGiven() {
        TlcRequest counter = TlcCheckerTest.request("counter");
        String constant = "Limit";
        InputException nul = assertThrows(InputException.class,
                () -> TLC.check(counter.withConstants(Map.of(constant, "3\u0000"))));
        assertTrue(nul.getMessage().startsWith("--param " + constant + ": the value contains the control character "
                + "U+0000"), nul.getMessage());
        InputException open = assertThrows(InputException.class,
                () -> TLC.check(counter.withConstants(Map.of(constant, "<<"))));
        assertTrue(open.getMessage().startsWith("--param " + constant + "=<<: not a TLA+ value"), open.getMessage());
        assertTrue(!open.getMessage().contains("RdmacheckMC"), open.getMessage());
        InputException expr = assertThrows(InputException.class,
                () -> TLC.check(counter.withInvariants(java.util.List.of("x' >= x"))));
        assertTrue(expr.getMessage().startsWith("--invariant x' >= x: expected the name of a definition"),
                expr.getMessage());
    }
}
