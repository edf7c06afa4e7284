package org.rdmacheck.checker.tlc;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.ItfValues;
import org.rdmacheck.model.Action;

/**
 * Reads the states TLC prints in an error trace (messages 2217 "n: &lt;Action ...&gt;", 2218
 * "Stuttering", 2122 "Back to state") into {@link TraceStep}s.
 */
final class TlcTraces {

    private static final Pattern HEADER = Pattern.compile("^(\\d+): <(.*?)>\\s*$", Pattern.MULTILINE);
    private static final Pattern ACTION_NAME = Pattern.compile("^(\\S+?)(?:\\(.*?\\))?\\s+line \\d+");
    private static final Pattern BACK_TO = Pattern.compile("^(\\d+): Back to state");
    private static final Pattern CONJUNCT = Pattern.compile("^/\\\\ ", Pattern.MULTILINE);
    private static final Pattern ASSIGNMENT = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(.*)\\z",
            Pattern.DOTALL);

    private TlcTraces() {
    }

    /**
     * A trace as TLC printed it.
     *
     * @param steps     the states, initial first
     * @param loopStart index of the state the last one returns to (lassos), or -1
     * @param stutters  whether the lasso is stuttering forever in the last state
     * @param itf       the states as Informal Trace Format values (sets, functions and model values kept apart)
     */
    record Trace(List<TraceStep> steps, int loopStart, boolean stutters, List<ObjectNode> itf) {
    }

    /**
     * @param messages the messages after the violation report
     * @return the trace they print
     */
    static Trace read(List<TlcMessage> messages) {
        List<TraceStep> steps = new ArrayList<>();
        List<ObjectNode> itf = new ArrayList<>();
        int loopStart = -1;
        boolean stutters = false;
        for (TlcMessage m : messages) {
            if (m.code() == TlcMessage.STATE_PRINT2) {
                Matcher h = HEADER.matcher(m.text());
                if (!h.find()) {
                    throw new IllegalArgumentException("unexpected TLC state header: " + m.text().lines().findFirst());
                }
                ObjectNode st = itfState(m.text().substring(h.end()));
                itf.add(st);
                steps.add(new TraceStep(action(h.group(2)).orElse(null), plain(st)));
            } else if (m.code() == TlcMessage.STATE_PRINT3) {
                stutters = true;
                loopStart = steps.size() - 1;
            } else if (m.code() == TlcMessage.BACK_TO_STATE) {
                Matcher b = BACK_TO.matcher(m.text());
                if (b.find()) {
                    loopStart = Integer.parseInt(b.group(1)) - 1;
                }
            }
        }
        return new Trace(steps, loopStart, stutters, itf);
    }

    /**
     * @param header what TLC prints between angle brackets, e.g. {@code Next line 5, col 9 to ... of module M}
     * @return none for the initial predicate, otherwise the action's name (TLC prints no parameters)
     */
    static java.util.Optional<Action> action(String header) {
        if (header.startsWith("Initial predicate")) {
            return java.util.Optional.empty();
        }
        Matcher m = ACTION_NAME.matcher(header);
        return java.util.Optional.of(Action.of(m.find() ? m.group(1) : header.trim()));
    }

    /**
     * Parses a state: {@code /\ x = 1 /\ y = <<>>} (one conjunct per line) or {@code x = 1}.
     *
     * @param text the state
     * @return variable name to value, in plain JSON ({@link TlaValues#parse})
     */
    static ObjectNode state(String text) {
        return plain(itfState(text));
    }

    /**
     * @param text a state as TLC prints it
     * @return variable name to ITF value ({@link TlaValues#parseItf}); a value form the parser does not
     *         know keeps TLC's text as {@code #unserializable} rather than lose the trace
     */
    static ObjectNode itfState(String text) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        String t = text.strip();
        if (t.isEmpty()) {
            return o;
        }
        String[] parts = CONJUNCT.split(t.startsWith("/\\ ") ? t : "/\\ " + t);
        for (String part : parts) {
            if (part.isBlank()) {
                continue;
            }
            Matcher a = ASSIGNMENT.matcher(part);
            if (!a.find()) {
                throw new IllegalArgumentException("unexpected TLC state line: " + part.strip());
            }
            try {
                o.set(a.group(1), TlaValues.parseItf(a.group(2)));
            } catch (IllegalArgumentException e) {
                o.set(a.group(1), ItfValues.unserializable(a.group(2).strip()));
            }
        }
        return o;
    }

    /** @param itf a state of ITF values  @return the same state in plain JSON */
    static ObjectNode plain(ObjectNode itf) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        itf.fields().forEachRemaining(e -> o.set(e.getKey(), ItfValues.toPlain(e.getValue())));
        return o;
    }
}
