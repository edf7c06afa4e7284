package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.rdmacheck.checker.Counterexample;

/**
 * Renders a {@link TraceView} for a terminal of {@value #WIDTH} columns: a header (file, model,
 * parameters, property), then numbered steps, each with its action and only what changed (or, with
 * {@code full}, every variable), the violated property and a lasso's loop marked.
 */
final class TraceViewText {

    /** Columns every line fits in. */
    static final int WIDTH = 100;
    private static final String INDENT = "        ";

    private TraceViewText() {
    }

    /**
     * @param source where the trace was read from
     * @param view   the trace
     * @param full   every variable at every step, instead of what changed
     * @return the text, every line at most {@value #WIDTH} columns
     */
    static String render(String source, TraceView view, boolean full) {
        Counterexample cex = view.cex();
        List<String> lines = new ArrayList<>();
        lines.add(source);
        var p = cex.provenance();
        lines.add("model " + p.model() + ", variant " + p.variant() + ", found by " + p.checker());
        if (!p.parameters().isEmpty()) {
            lines.add("parameters: " + p.parameters().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(" ")));
        }
        lines.add(cex.property() + " violated (" + cex.kind().word() + "): " + steps(cex.length()) + ", "
                + "state" + (view.steps().size() == 1 ? "" : "s") + " 0.." + (view.steps().size() - 1));
        if (!cex.note().isEmpty()) {
            lines.add("note: " + cex.note());
        }
        for (TraceView.Step s : view.steps()) {
            lines.add("");
            lines.add(header(s, cex));
            if (full || s.index() == 0) {
                for (Map.Entry<String, JsonNode> v : TraceView.variables(s.state())) {
                    lines.add(INDENT + v.getKey() + " = " + value(v.getValue()));
                }
            } else if (s.changes().isEmpty()) {
                lines.add(INDENT + "(no variable changed)");
            } else {
                for (TraceView.Change c : s.changes()) {
                    lines.add(INDENT + change(c));
                }
            }
        }
        lines.add("");
        lines.add(ending(cex, view.steps().size() - 1));
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            for (String part : l.split("\n")) {
                wrap(part, sb);
            }
        }
        return sb.toString();
    }

    private static String steps(int n) {
        return n + (n == 1 ? " step" : " steps");
    }

    private static String header(TraceView.Step s, Counterexample cex) {
        StringBuilder h = new StringBuilder(String.format("%3d  %s", s.index(), s.action()));
        List<String> marks = new ArrayList<>();
        if (s.marks().contains(TraceView.Mark.LOOP_START)) {
            marks.add("loop starts here");
        }
        if (s.marks().contains(TraceView.Mark.VIOLATION)) {
            marks.add(violation(cex));
        }
        if (!marks.isEmpty()) {
            h.append("\n     <-- ").append(String.join("; ", marks));
        }
        return h.toString();
    }

    private static String violation(Counterexample cex) {
        String p = cex.property();
        return switch (cex.kind()) {
            case INVARIANT -> p + " violated in this state";
            case ACTION -> p + " violated by this step";
            case DEADLOCK -> "no successor: " + p + " violated";
            case PROGRESS -> p + " violated: no goal state is reachable from here";
            case TEMPORAL -> p + " violated from here on";
            case ASSERTION -> "assertion fails: " + p;
            case WITNESS -> p + " violated by this witness";
            case CYCLE -> "closes the cycle: " + p + " violated";
        };
    }

    private static String ending(Counterexample cex, int last) {
        if (cex.loopStart() < 0) {
            return "end of trace (" + steps(cex.length()) + ")";
        }
        if (cex.kind() == Counterexample.Kind.CYCLE) {
            return "step " + last + " waits for step " + cex.loopStart() + ": the dependencies form a cycle";
        }
        if (cex.loopStart() == last) {
            return "the behaviour stays in state " + last + " for ever (stuttering)";
        }
        return "after step " + last + " the behaviour returns to state " + cex.loopStart() + ": steps "
                + (cex.loopStart() + 1) + ".." + last + " repeat for ever";
    }

    private static String change(TraceView.Change c) {
        if (c.before() == null) {
            return c.path() + ": (new) " + value(c.after());
        }
        if (c.after() == null) {
            return c.path() + ": " + value(c.before()) + " -> (gone)";
        }
        return c.path() + ": " + value(c.before()) + " -> " + value(c.after());
    }

    /** A value in a compact notation: strings bare, arrays [a, b], objects {k: v}. */
    static String value(JsonNode v) {
        if (v.isTextual()) {
            return v.asText();
        }
        if (v.isArray()) {
            List<String> items = new ArrayList<>();
            v.forEach(x -> items.add(value(x)));
            return "[" + String.join(", ", items) + "]";
        }
        if (v.isObject()) {
            List<String> items = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                items.add(e.getKey() + ": " + value(e.getValue()));
            }
            return "{" + String.join(", ", items) + "}";
        }
        return v.toString();
    }

    /** Wraps a line at spaces (or anywhere, for a word longer than a line) within {@value #WIDTH} columns. */
    static void wrap(String line, StringBuilder sb) {
        String rest = line;
        boolean first = true;
        int leading = line.length() - line.stripLeading().length();
        String more = " ".repeat(Math.max(leading + 4, 6));
        while (true) {
            String prefix = first ? "" : more;
            if (prefix.length() + rest.length() <= WIDTH) {
                sb.append(prefix).append(rest).append('\n');
                return;
            }
            int room = WIDTH - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= room / 3) {
                cut = room;
            }
            sb.append(prefix).append(rest, 0, cut).append('\n');
            rest = rest.substring(cut).stripLeading();
            first = false;
            if (rest.isEmpty()) {
                return;
            }
        }
    }
}
