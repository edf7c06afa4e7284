package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Input that used to be accepted and ignored: each case is one line naming the value, exit 2. */
class StrictInputTest {

    /** The arguments, and the value the one line must name. */
    private static final List<List<String>> CASES = List.of(
            List.of("nosuch", "all", "--model", "nosuch"),
            List.of("N = 1000000", "fluid", "two-flow", "--param", "N=1000000"),
            List.of("g = 1/64", "fluid", "g-sweep", "--param", "g=1/64"),
            List.of("step = 1", "fluid", "fixed-point", "--param", "step=1"),
            List.of("target2 = 5", "fluid", "convergence", "--param", "target2=5"),
            List.of("'packets' given twice", "check", "gbn", "--param", "packets=3", "--param", "packets=4"),
            List.of("--threads 100000", "check", "gbn", "--threads", "100000"),
            List.of("--threads 100000", "gbn-table", "--threads", "100000"),
            List.of("--max-losses 0", "gbn-table", "--max-losses", "0"),
            List.of("--tlc-heap 0", "tlc", "specs/fifo", "--tlc-heap", "0"),
            List.of("--tlc-heap 99999999", "tlc", "specs/fifo", "--tlc-heap", "99999999"),
            List.of("--out", "conform", "fifo", "--out", "x"),
            List.of("--no-save with --out", "check", "fifo", "--no-save", "--out", "x"));

    @Test
    void eachIsOneLineNamingTheValueAndExitTwo() {
        for (List<String> c : CASES) {
            String[] args = c.subList(1, c.size()).toArray(String[]::new);
            CliTest.Run r = CliTest.run(args);
            assertEquals(2, r.code(), Arrays.toString(args) + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), Arrays.toString(args) + ": " + r.err());
            assertTrue(r.err().contains(c.get(0)), Arrays.toString(args) + " names " + c.get(0) + ": " + r.err());
            assertEquals("", r.out(), Arrays.toString(args));
        }
    }
}
