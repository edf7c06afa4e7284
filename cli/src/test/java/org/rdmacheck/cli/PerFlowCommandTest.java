package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code rdmacheck per-flow}: bad input is one line naming the value and what was expected, exit 2,
 * before any stage or progress line and with nothing on standard output.
 */
class PerFlowCommandTest {

    private static void refused(String expected, String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void badInputIsOneLineAndExit2() {
        refused("model gbn: expected fabric", "per-flow", "gbn");
        refused("--confirm-time 'soon': expected a positive duration", "per-flow", "fabric", "--confirm-time", "soon");
        refused("--threads 0: expected 1 to", "per-flow", "fabric", "--threads", "0");
    }
}
