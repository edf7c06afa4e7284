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

    /** fabric declares no symmetric set: --symmetry is said to change nothing, as check says it. */
    @Test
    void symmetryWithoutASymmetricSetIsWarnedAbout() {
        CliTest.Run r = CliTest.run("per-flow", "fabric", "--param", "flows=0-1", "--param", "packets=1", "--param",
                "tokens=1", "--param", "failures=0", "--param", "xoff=2", "--param", "background=0", "--param", "dft=1",
                "--threads", "1", "--symmetry");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("warning: --symmetry: fabric declares no symmetric set"), r.err());
    }

    /**
     * Without failures InOrderAfterFailure has no antecedent to meet: per-flow, which records none, reports it as
     * check does (INCONCLUSIVE, VACUOUS, as declared), never VERIFIED, and the run still exits 0.
     */
    @Test
    void aPropertyVacuousByTheConstantsIsNotVerified() {
        CliTest.Run r = CliTest.run("per-flow", "fabric", "--param", "flows=0-1", "--param", "packets=1", "--param",
                "tokens=1", "--param", "failures=0", "--param", "xoff=2", "--param", "background=0", "--param", "dft=1",
                "--threads", "1");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("InOrderAfterFailure holds INCONCLUSIVE"), r.out());
        assertTrue(r.out().contains("VACUOUS: InOrderAfterFailure holds only vacuously here"), r.out());
        assertTrue(r.out().contains("InOrderDelivery holds VERIFIED"), r.out());
    }

    @Test
    void badInputIsOneLineAndExit2() {
        refused("model gbn: expected fabric", "per-flow", "gbn");
        refused("--confirm-time 'soon': expected a positive duration", "per-flow", "fabric", "--confirm-time", "soon");
        refused("--threads 0: expected 1 to", "per-flow", "fabric", "--threads", "0");
    }
}
