package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.model.InputException;

/**
 * A trace as a TLA+ module a TLA+ user can read, load in the Toolbox or extend: the behaviour as a
 * sequence of records of the variables ({@code Trace}, initial state first), the action that led to
 * each state as strings ({@code TraceActions}, {@code "Init"} first), the 1-based index of the state
 * the last one returns to ({@code TraceLoop}, 0 when the behaviour is not a lasso) and of the state
 * at which the property is violated ({@code TraceViolation}). Model values that appear in the trace
 * are declared as {@code CONSTANTS}, so the module parses on its own; functions use {@code :>} and
 * {@code @@} of the standard module TLC. This is the form of TLC's own trace-exploration modules,
 * without their tool-specific annotations.
 */
public final class TlaTraceModule {

    private static final Pattern MODULE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private TlaTraceModule() {
    }

    /**
     * @param name  the module name (the file must be {@code name.tla})
     * @param trace the trace (ITF values)
     * @param cex   its counterexample (actions, provenance); converted from the trace when it came from
     *              elsewhere
     * @return the module text
     * @throws InputException if the name is no TLA+ identifier
     */
    public static String render(String name, ItfTraces.ItfTrace trace, Counterexample cex) {
        if (!MODULE_NAME.matcher(name).matches() || name.matches("[0-9_]*")) {
            throw new InputException("module name '" + name + "': expected a TLA+ identifier (letters, digits, _; "
                    + "the file name without .tla)");
        }
        Set<String> modelValues = new TreeSet<>();
        trace.states().forEach(s -> ItfValues.modelValues(s, modelValues));
        StringBuilder b = new StringBuilder();
        b.append("---- MODULE ").append(name).append(" ----\n");
        b.append("(*").append(comment(header(cex))).append("*)\n");
        b.append("EXTENDS Integers, Sequences, TLC\n\n");
        if (!modelValues.isEmpty()) {
            b.append("\\* Model values (TLC's uninterpreted constants) that appear in the trace.\n");
            b.append("CONSTANTS ").append(String.join(", ", modelValues)).append("\n\n");
        }
        b.append("\\* The behaviour: one record of the variables per state, initial state first.\n");
        b.append("Trace == <<\n");
        for (int i = 0; i < trace.states().size(); i++) {
            b.append("    \\* state ").append(i + 1).append(": ").append(i == 0 ? "initial state"
                    : comment(String.valueOf(cex.steps().get(i).action()))).append('\n');
            b.append("    ").append(record(trace.states().get(i))).append(i + 1 < trace.states().size() ? ",\n" : "\n");
        }
        b.append(">>\n\n");
        b.append("\\* The action that led to each state, as the checker names it (\"Init\" for the first).\n");
        List<String> actions = new ArrayList<>();
        for (int i = 0; i < cex.steps().size(); i++) {
            actions.add(quote(i == 0 || cex.steps().get(i).action() == null ? "Init"
                    : cex.steps().get(i).action().toString()));
        }
        b.append("TraceActions == <<").append(String.join(", ", actions)).append(">>\n\n");
        b.append("\\* The state the last one returns to (1-based, as Trace); 0 if the behaviour is not a lasso.\n");
        b.append("TraceLoop == ").append(trace.loop() + 1).append("\n\n");
        b.append("\\* The state at which ").append(comment(cex.property())).append(" is violated (1-based).\n");
        b.append("TraceViolation == ").append(cex.violationIndex() + 1).append('\n');
        b.append("====\n");
        return b.toString();
    }

    private static String header(Counterexample cex) {
        var p = cex.provenance();
        StringBuilder h = new StringBuilder(" rdmacheck counterexample as a TLA+ behaviour.\n");
        h.append("   property: ").append(cex.property()).append(" (").append(cex.kind().word()).append(")\n");
        h.append("   model: ").append(p.model()).append(", variant: ").append(p.variant());
        if (!p.parameters().isEmpty()) {
            h.append(", parameters: ").append(p.parameters());
        }
        h.append("\n   checker: ").append(p.checker()).append(' ').append(p.version()).append('\n');
        if (!cex.note().isEmpty()) {
            h.append("   note: ").append(cex.note()).append('\n');
        }
        return h.toString();
    }

    private static String record(ObjectNode state) {
        if (state.isEmpty()) {
            return "<<>>";
        }
        List<String> fields = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = state.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!MODULE_NAME.matcher(e.getKey()).matches()) {
                throw new InputException("variable '" + e.getKey() + "' is no TLA+ identifier");
            }
            fields.add(e.getKey() + " |-> " + ItfValues.render(e.getValue()));
        }
        return "[" + String.join(", ", fields) + "]";
    }

    /** Keeps text from closing a comment early. */
    private static String comment(String s) {
        return s.replace("*)", "* )").replace("(*", "( *");
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
