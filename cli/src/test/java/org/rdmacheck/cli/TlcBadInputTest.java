package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * TLC's bad inputs named as given, in one line, exit 2: a control character in a --param value, a
 * --param expression that does not parse (never the generated wrapper module), an expression given
 * as --invariant (never the temporary configuration).
 */
class TlcBadInputTest {

    private static final String COUNTER = JsonSchemaTest.repo().resolve("checker-bridge/src/test/resources/tlc/counter")
            .toString();

    private static void oneLine(CliTest.Run r, String start) {
        assertEquals(ExitCodes.USAGE, r.code(), r.out() + r.err());
        assertEquals("", r.out());
        // progress lines ("TLC running ...") may come first on a loaded machine; the error is one line
        java.util.List<String> errors = r.err().lines().filter(l -> !l.startsWith("tlc ")).toList();
        assertEquals(1, errors.size(), r.err());
        String line = errors.get(0);
        assertTrue(line.startsWith("rdmacheck: " + start), line);
        assertFalse(line.contains("RdmacheckMC") || line.contains("rdmacheck.cfg") || line.contains("vacuous"), line);
    }

    @Test
    void nulInAParamValue() {
        for (String value : new String[] {"3\u0000", "3\u00004", "\u00003"}) {
            oneLine(CliTest.run("tlc", COUNTER, "--param", "Limit=" + value), "--param Limit: the value contains the "
                    + "control character U+0000");
        }
    }

    @Test
    void paramExpressionThatDoesNotParse() {
        oneLine(CliTest.run("tlc", COUNTER, "--param", "Limit=<<"), "--param Limit=<<: not a TLA+ value");
    }

    @Test
    void invariantGivenAsAnExpression() {
        oneLine(CliTest.run("tlc", COUNTER, "--invariant", "x' >= x"), "--invariant x' >= x: expected the name of a "
                + "definition of the spec");
    }
}
