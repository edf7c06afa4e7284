package org.rdmacheck.checker.tlc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits TLC's {@code -tool} output into {@link TlcMessage}s, line by line as TLC prints them
 * ({@link Reader}), keeping what the bridge reads: every message except the repeated violation
 * reports of {@code -continue} and their traces. With {@code -continue} TLC reports every violating
 * state or step with a trace of its own (thousands of traces of tens of states each on a small
 * spec), while a result keeps the first, shortest, trace per property; a repeated report (the same
 * code and first line as an earlier one: the same property) is counted and dropped with its trace
 * as it arrives, so memory stays bounded by one trace per property and the output is read once.
 */
public final class TlcOutput {

    private static final Pattern START = Pattern.compile("@!@!@STARTMSG (\\d+):(\\d+) @!@!@");
    private static final Pattern END = Pattern.compile("@!@!@ENDMSG (\\d+) @!@!@");

    private TlcOutput() {
    }

    /**
     * @param output everything TLC printed
     * @return its messages in order; runs of plain text between messages become {@link TlcMessage#PLAIN} messages;
     *         repeated violation reports and their traces are left out ({@link Reader})
     */
    public static List<TlcMessage> parse(String output) {
        Reader r = new Reader();
        for (String line : output.split("\r?\n", -1)) {
            r.accept(line);
        }
        return r.messages();
    }

    /**
     * @param m a message
     * @return whether it reports a violation (each with {@code -continue}, followed by its trace)
     */
    static boolean isViolationReport(TlcMessage m) {
        return isViolationCode(m.code());
    }

    private static boolean isViolationCode(int code) {
        return switch (code) {
            case TlcMessage.INVARIANT_VIOLATED_INITIAL, TlcMessage.PROPERTY_VIOLATED_INITIAL,
                 TlcMessage.INVARIANT_VIOLATED_BEHAVIOR, TlcMessage.ACTION_PROPERTY_VIOLATED_BEHAVIOR,
                 TlcMessage.DEADLOCK_REACHED, TlcMessage.TEMPORAL_PROPERTY_VIOLATED, TlcMessage.ASSERT_FAILED -> true;
            default -> false;
        };
    }

    /** @return whether messages of this code print a trace's states (or introduce them) */
    private static boolean isTraceCode(int code) {
        return code == TlcMessage.STATE_PRINT2 || code == TlcMessage.STATE_PRINT3 || code == TlcMessage.BACK_TO_STATE
                || code == TlcMessage.BEHAVIOR_UP_TO_THIS_POINT;
    }

    /**
     * @param m a violation report
     * @return what identifies its property: the code and the first line ({@code Invariant Inv is violated.})
     */
    static String reportKey(TlcMessage m) {
        int nl = m.text().indexOf('\n');
        return m.code() + ":" + (nl < 0 ? m.text() : m.text().substring(0, nl));
    }

    /**
     * Reads TLC's output one line at a time (a child process's output consumer). Text of a message
     * being dropped (a trace state of a repeated violation) is never accumulated. Thread-safe: the
     * reading thread feeds it while the caller may ask for the messages after the child ended.
     */
    public static final class Reader implements Consumer<String> {
        private final List<TlcMessage> out = new ArrayList<>();
        private final StringBuilder text = new StringBuilder();
        private final Set<String> reported = new HashSet<>();
        private int code = TlcMessage.PLAIN;
        private int severity = -1;
        /** inside the trace of a repeated violation report: its states are dropped */
        private boolean skipping;
        /** the current message's text is not kept */
        private boolean dropping;
        private long repeated;
        private long lines;

        @Override
        public synchronized void accept(String line) {
            lines++;
            Matcher s = line.indexOf("@!@!@STARTMSG") < 0 ? null : START.matcher(line);
            if (s != null && s.find()) {
                String before = line.substring(0, s.start());
                if (!before.isBlank() && !dropping) {
                    text.append(before).append('\n');
                }
                flush();
                code = Integer.parseInt(s.group(1));
                severity = Integer.parseInt(s.group(2));
                dropping = skipping && isTraceCode(code);
                String after = line.substring(s.end());
                if (!after.isEmpty() && !dropping) {
                    text.append(after).append('\n');
                }
                return;
            }
            Matcher e = line.indexOf("@!@!@ENDMSG") < 0 ? null : END.matcher(line);
            if (e != null && e.find()) {
                if (!dropping) {
                    text.append(line, 0, e.start());
                }
                flush();
                code = TlcMessage.PLAIN;
                severity = -1;
                dropping = false;
                return;
            }
            if (!dropping) {
                text.append(line).append('\n');
            }
        }

        private void flush() {
            if (dropping) {
                text.setLength(0);
                return;
            }
            String t = text.toString().stripTrailing();
            text.setLength(0);
            if (code == TlcMessage.PLAIN && t.isBlank()) {
                return;
            }
            TlcMessage m = new TlcMessage(code, severity, t);
            if (isViolationCode(code)) {
                skipping = !reported.add(reportKey(m));
                if (skipping) {
                    repeated++;
                    return;
                }
            } else if (m.isError() && !isTraceCode(code)) {
                skipping = false; // an error after the violations: its own trace follows, and is kept
            }
            out.add(m);
        }

        /** @return the messages read so far, the last one completed (a message cut off by the end counts) */
        public synchronized List<TlcMessage> messages() {
            List<TlcMessage> all = new ArrayList<>(out);
            if (!dropping) {
                String t = text.toString().stripTrailing();
                if (code != TlcMessage.PLAIN || !t.isBlank()) {
                    TlcMessage last = new TlcMessage(code, severity, t);
                    if (!isViolationCode(code) || !reported.contains(reportKey(last))) {
                        all.add(last);
                    }
                }
            }
            return all;
        }

        /** @return violation reports dropped because an earlier one named the same property */
        public synchronized long repeatedReports() {
            return repeated;
        }

        /** @return lines read */
        public synchronized long lines() {
            return lines;
        }
    }
}
