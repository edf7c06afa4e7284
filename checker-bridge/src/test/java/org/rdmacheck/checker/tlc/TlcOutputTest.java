package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TLC's output is read line by line in one pass: with {@code -continue} TLC prints a trace per
 * violating state, and the reader keeps the first (shortest) per property and counts the others,
 * so what it keeps does not grow with the output and the time it takes grows linearly.
 */
class TlcOutputTest {

    /** One message as TLC's -tool mode prints it. */
    private static void message(StringBuilder b, int code, int severity, String text) {
        b.append("@!@!@STARTMSG ").append(code).append(':').append(severity).append(" @!@!@\n").append(text)
                .append("\n@!@!@ENDMSG ").append(code).append(" @!@!@\n");
    }

    /** A violation report of {@code Inv} or {@code Act} (alternately) and its trace, growing deeper. */
    private static void violation(StringBuilder b, int k) {
        boolean inv = k % 2 == 0;
        message(b, inv ? TlcMessage.INVARIANT_VIOLATED_BEHAVIOR : TlcMessage.ACTION_PROPERTY_VIOLATED_BEHAVIOR, 1,
                inv ? "Invariant Inv is violated." : "Action property Act is violated.");
        message(b, TlcMessage.BEHAVIOR_UP_TO_THIS_POINT, 1, "The behavior up to this point is:");
        int depth = 2 + k % 5;
        for (int s = 1; s <= depth; s++) {
            message(b, TlcMessage.STATE_PRINT2, 4, s + ": <" + (s == 1 ? "Initial predicate" : "Next line 5, col 9 to "
                    + "line 9, col 20 of module M") + ">\n/\\ x = " + s + "\n/\\ y = <<1, 2, " + k + ">>");
        }
    }

    /** A -continue run's output with {@code n} violation reports. */
    static String output(int n) {
        StringBuilder b = new StringBuilder();
        message(b, TlcMessage.VERSION, 0, "TLC2 Version 2.18 of 20 March 2023");
        for (int k = 0; k < n; k++) {
            violation(b, k);
        }
        message(b, TlcMessage.SUCCESS, 0, "Model checking completed. No error has been found.");
        message(b, TlcMessage.STATS, 0, "1,000 states generated, 500 distinct states found, 0 states left on queue.");
        return b.toString();
    }

    @Test
    void repeatedViolationsAreCountedAndTheirTracesDropped() {
        TlcOutput.Reader r = new TlcOutput.Reader();
        output(300).lines().forEach(r);
        List<TlcMessage> kept = r.messages();
        assertEquals(298, r.repeatedReports());
        // the version, each property's report, "behavior up to this point" and its 2 and 3 states, the two last
        assertEquals(1 + 2 * 2 + 2 + 3 + 2, kept.size(), kept.toString());
        assertEquals(List.of("Invariant Inv is violated.", "Action property Act is violated."), kept.stream()
                .filter(TlcOutput::isViolationReport).map(TlcMessage::text).toList());
        // the first report's trace is the one kept: states 1 and 2 of report 0
        assertEquals("1: <Initial predicate>\n/\\ x = 1\n/\\ y = <<1, 2, 0>>", kept.get(3).text());
        // the whole text at once reads the same
        assertEquals(kept, TlcOutput.parse(output(300)));
        // what is kept does not grow with the output
        assertEquals(kept.size(), TlcOutput.parse(output(1_200)).size());
    }

    @Test
    void anErrorAfterRepeatedViolationsKeepsItsTrace() {
        StringBuilder b = new StringBuilder();
        violation(b, 0);
        violation(b, 2);
        message(b, TlcMessage.GENERAL, 1, "TLC threw an unexpected exception.");
        message(b, TlcMessage.BEHAVIOR_UP_TO_THIS_POINT, 1, "The behavior up to this point is:");
        message(b, TlcMessage.STATE_PRINT2, 4, "1: <Initial predicate>\n/\\ x = 1");
        List<TlcMessage> kept = TlcOutput.parse(b.toString());
        assertEquals(TlcMessage.STATE_PRINT2, kept.get(kept.size() - 1).code(), kept.toString());
        assertEquals(TlcMessage.GENERAL, kept.get(kept.size() - 3).code(), kept.toString());
    }

    @Test
    void readingTimeGrowsLinearlyWithTheOutput() {
        String small = output(250);
        String large = output(2_000);
        long tSmall = best(small);
        long tLarge = best(large);
        // eight times the output: linear reading takes about eight times as long, quadratic sixty-four
        assertTrue(tLarge < 24 * tSmall + 20_000_000L, "250 reports " + tSmall / 1_000_000 + " ms, 2,000 reports "
                + tLarge / 1_000_000 + " ms (" + large.length() + " characters)");
    }

    /**
     * @return the least of three reading times in nanoseconds, of this thread's CPU where the JVM
     *         measures it (a loaded machine stretches wall time, not the CPU the reading takes)
     */
    private static long best(String text) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        boolean cpu = threads.isCurrentThreadCpuTimeSupported();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
            TlcOutput.Reader r = new TlcOutput.Reader();
            text.lines().forEach(r);
            assertTrue(r.messages().size() < 20);
            best = Math.min(best, (cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime()) - t0);
        }
        return best;
    }

    @Test
    void inputIsAcceptedOnceTlcComputesInitialStatesNotBefore() {
        // the messages before the initial states: a parse error, a configuration error or a false
        // ASSUME (2104, printed after "Starting...") can still follow them
        for (String before : List.of("@!@!@STARTMSG 2262:0 @!@!@", "@!@!@STARTMSG 2187:0 @!@!@",
                "@!@!@STARTMSG 2220:0 @!@!@", "@!@!@STARTMSG 2219:0 @!@!@", "@!@!@STARTMSG 2185:0 @!@!@",
                "@!@!@STARTMSG 2104:1 @!@!@", "Computing initial states...", "@!@!@STARTMSG x @!@!@", "")) {
            assertFalse(TlcMessage.marksInputAccepted(before), before);
        }
        // exhaustive search, simulation (no 2189), and the progress statistics of either
        for (String after : List.of("@!@!@STARTMSG 2189:0 @!@!@", "@!@!@STARTMSG 2269:0 @!@!@",
                "@!@!@STARTMSG 2190:0 @!@!@", "@!@!@STARTMSG 2200:0 @!@!@", "@!@!@STARTMSG 2209:0 @!@!@")) {
            assertTrue(TlcMessage.marksInputAccepted(after), after);
        }
    }
}
