package org.rdmacheck.checker.tlc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides whether a TLC run that reported no violation affirmatively finished: a run counts as a
 * proof only when TLC exited with status 0, printed "Model checking completed. No error has been
 * found.", its final count line says 0 states are left on the queue, it printed no error (in a
 * message or as a plain {@code Error:} line) and, distributed, no worker was lost. Anything else is
 * an early stop ({@link Kind#INCOMPLETE}: the exploration stopped with work left, e.g. after
 * {@code TLCSet("exit", TRUE)} or a lost worker) or a failure ({@link Kind#FAILED}), described
 * with TLC's own words.
 */
final class TlcCompletion {

    private static final Pattern LEFT = Pattern.compile("([\\d,]+) states? left on queue");

    /** How a run ended. */
    enum Kind {
        /** finished: every reachable state was explored and nothing went wrong */
        FINISHED,
        /** stopped with states left unexplored, no error reported */
        INCOMPLETE,
        /** an error was reported, or the ending does not prove completion */
        FAILED
    }

    /**
     * @param kind   how the run ended
     * @param reason why it is not {@link Kind#FINISHED}, with TLC's words; empty when finished
     */
    record Ending(Kind kind, String reason) {
        boolean finished() {
            return kind == Kind.FINISHED;
        }
    }

    private TlcCompletion() {
    }

    /**
     * @param messages TLC's output (for distributed TLC: the server's)
     * @param status   its exit status
     * @return how the run ended
     */
    static Ending of(List<TlcMessage> messages, TlcExitStatus status) {
        Optional<TlcMessage> error = firstError(messages);
        if (error.isPresent()) {
            TlcMessage e = error.get();
            if (e.code() == TlcMessage.BEHAVIOR_UP_TO_THIS_POINT) {
                return new Ending(Kind.FAILED, "TLC stopped on an error it does not name and printed an error "
                        + "trace of " + traceLength(messages) + " state(s) (distributed TLC 2.18 drops the "
                        + "worker's message): " + TlcErrors.oneLine(e.text()));
            }
            return new Ending(Kind.FAILED, "TLC reported an error: " + TlcErrors.oneLine(e.text()));
        }
        Optional<TlcMessage> lost = messages.stream().filter(m -> m.code() == TlcMessage.WORKER_LOST
                || m.code() == TlcMessage.WORKER_DEREGISTERED).findFirst();
        if (lost.isPresent()) {
            return new Ending(Kind.INCOMPLETE, "a TLC worker died or disconnected during the run: "
                    + TlcErrors.oneLine(lost.get().text()));
        }
        Optional<TlcMessage> count = last(messages, TlcMessage.STATS);
        if (count.isEmpty()) {
            return new Ending(Kind.FAILED, "TLC ended (exit " + status.code() + ") without its final count line; "
                    + "last words: " + lastWords(messages));
        }
        long left = leftOnQueue(count.get().text());
        if (left != 0) {
            return new Ending(Kind.INCOMPLETE, "TLC stopped with " + (left < 0 ? "an unknown number of" : left)
                    + " states left on its queue, so the state space was not fully explored (TLCSet(\"exit\", "
                    + "TRUE) in the spec stops TLC this way); TLC's count: " + TlcErrors.oneLine(count.get().text()));
        }
        if (last(messages, TlcMessage.SUCCESS).isEmpty()) {
            return new Ending(Kind.FAILED, "TLC did not say \"Model checking completed. No error has been found.\"; "
                    + "last words: " + lastWords(messages));
        }
        if (status != TlcExitStatus.SUCCESS) {
            return new Ending(Kind.FAILED, "TLC said it completed but exited with status " + status.code() + " ("
                    + status.meaning() + ")");
        }
        return new Ending(Kind.FINISHED, "");
    }

    /**
     * @param messages TLC's output
     * @return TLC's warnings, one line each
     */
    static List<String> warnings(List<TlcMessage> messages) {
        List<String> w = new ArrayList<>();
        for (TlcMessage m : messages) {
            if (m.severity() == TlcMessage.SEVERITY_WARNING) {
                w.add("TLC warning: " + TlcErrors.oneLine(m.text()));
            } else if (m.code() == TlcMessage.PLAIN) {
                for (String line : m.text().split("\n")) {
                    if (line.startsWith("Warning: ")) {
                        w.add("TLC warning: " + line.substring("Warning: ".length()).trim());
                    }
                }
            }
        }
        return w;
    }

    /**
     * @param text a count line ({@code ... N states left on queue.})
     * @return N, or -1 if the line does not say
     */
    static long leftOnQueue(String text) {
        Matcher m = LEFT.matcher(text);
        return m.find() ? Long.parseLong(m.group(1).replace(",", "")) : -1;
    }

    private static Optional<TlcMessage> firstError(List<TlcMessage> messages) {
        for (TlcMessage m : messages) {
            if (m.isError()) {
                return Optional.of(m);
            }
            if (m.code() == TlcMessage.PLAIN) {
                for (String line : m.text().split("\n")) {
                    if (line.startsWith("Error:")) {
                        return Optional.of(new TlcMessage(TlcMessage.PLAIN, 1, line));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static int traceLength(List<TlcMessage> messages) {
        return (int) messages.stream().filter(m -> m.code() == TlcMessage.STATE_PRINT2
                || m.code() == TlcMessage.STATE_PRINT3).count();
    }

    private static Optional<TlcMessage> last(List<TlcMessage> messages, int code) {
        TlcMessage found = null;
        for (TlcMessage m : messages) {
            if (m.code() == code) {
                found = m;
            }
        }
        return Optional.ofNullable(found);
    }

    private static String lastWords(List<TlcMessage> messages) {
        if (messages.isEmpty()) {
            return "no output";
        }
        String t = messages.get(messages.size() - 1).text();
        return TlcErrors.oneLine(t.length() > 400 ? t.substring(t.length() - 400) : t);
    }
}
