package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A suite step that runs long without a line of its own is named every interval; nothing is printed otherwise. */
class SuiteHeartbeatTest {

    @Test
    void aSilentStepIsNamedAndAnEndedOneIsNot() throws InterruptedException {
        StringWriter out = new StringWriter();
        try (SuiteHeartbeat beat = new SuiteHeartbeat(new PrintWriter(out), 200, 3)) {
            beat.println("all [1/3] gbn-sim ...");
            beat.started("all [1/3] gbn-sim");
            Thread.sleep(700);
            beat.ended("all [1/3] gbn-sim");
            beat.println("all [1/3] gbn-sim: done");
            int lines = out.toString().strip().split("\n").length;
            Thread.sleep(500);
            // nothing runs: no more lines
            assertEquals(lines, out.toString().strip().split("\n").length, out.toString());
        }
        List<String> beats = out.toString().lines().filter(l -> l.startsWith("all: still running")).toList();
        // at least one line in 700 ms of silence at a 200 ms interval; a loaded machine may delay the timer, not
        // multiply it: never more than one line per interval
        assertTrue(beats.size() >= 1 && beats.size() <= 4, out.toString());
        assertTrue(beats.get(0).matches("all: still running \\[1/3\\] gbn-sim \\(\\d+ s\\); 0 of 3 steps done"),
                beats.get(0));
    }

    @Test
    void aStepThatPrintsIsNotInterrupted() throws InterruptedException {
        StringWriter out = new StringWriter();
        PrintWriter err = new PrintWriter(out);
        try (SuiteHeartbeat beat = new SuiteHeartbeat(err, 2_000, 1)) {
            beat.started("all [1/1] conformance");
            for (int i = 0; i < 8; i++) {
                Thread.sleep(100);
                SuiteHeartbeat.println(err, "all [1/1] conformance: row " + i);
            }
        }
        assertTrue(out.toString().lines().noneMatch(l -> l.startsWith("all: still running")), out.toString());
    }
}
