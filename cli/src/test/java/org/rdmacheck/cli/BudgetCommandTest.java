package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code rdmacheck budget}: the packet budget's verdicts, exit codes and refusals. */
class BudgetCommandTest {

    private static final String[] TINY = {"--param", "flows=0-1", "--param", "packets=1", "--param", "tokens=1",
        "--param", "failures=0", "--param", "xoff=2", "--param", "background=0", "--param", "dft=1", "--threads", "1"};

    private static String[] args(String... head) {
        String[] a = new String[head.length + TINY.length];
        System.arraycopy(head, 0, a, 0, head.length);
        System.arraycopy(TINY, 0, a, head.length, TINY.length);
        return a;
    }

    @Test
    void aConfigurationBelowTheBudgetIsVerifiedAtItsInitialState() {
        CliTest.Run r = CliTest.run(args("budget", "fabric"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("fabric repaired NoRoutingDeadlock holds VERIFIED"), r.out());
        assertTrue(r.out().contains("budget: 1 packets"), r.out());
        assertTrue(r.out().contains("needs 4 in switch buffers"), r.out());
        assertTrue(r.out().contains("search: 1 states reached, 0 expanded"), r.out());
    }

    @Test
    void anotherModelOrAHysteresisIsRefusedOrUndecided() {
        CliTest.Run r = CliTest.run("budget", "iofd");
        assertEquals(2, r.code(), r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("expected fabric"), r.err());
        CliTest.Run h = CliTest.run("budget", "fabric", "--param", "flows=0-1", "--param", "packets=3", "--param",
                "tokens=2", "--param", "failures=1", "--param", "xoff=3", "--param", "background=1", "--param",
                "pfc-hysteresis=2", "--threads", "1");
        assertEquals(3, h.code(), h.err());
        assertTrue(h.out().contains("not decided: pfc-hysteresis"), h.out());
    }
}
