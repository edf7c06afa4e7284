package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;

/**
 * A counterexample as a reader follows it: numbered steps, each with its action and what changed in
 * the state (a path into the state, the value before and after), the step where the property fails
 * and, for a lasso, where the loop starts. {@link TraceViewText} renders it for a terminal.
 *
 * @param cex   the counterexample
 * @param steps one view per step, step 0 first
 */
record TraceView(Counterexample cex, List<Step> steps) {

    /** Copies the steps. */
    TraceView {
        steps = List.copyOf(steps);
    }

    /** What marks a step. */
    enum Mark {
        /** the property fails at this step */
        VIOLATION,
        /** a lasso's loop starts here: the last state returns to this one */
        LOOP_START
    }

    /**
     * A change of one value of the state.
     *
     * @param path   where in the state: {@code field}, {@code field.key}, {@code field[2]}
     * @param before its value before the step (null: it did not exist)
     * @param after  its value after the step (null: it no longer exists)
     */
    record Change(String path, JsonNode before, JsonNode after) {
    }

    /**
     * One step.
     *
     * @param index   its number (0: an initial state)
     * @param action  the action that led here, as text ("initial state" for step 0)
     * @param changes what changed (for step 0: every variable, as after the step)
     * @param state   the whole state
     * @param marks   the step's marks
     */
    record Step(int index, String action, List<Change> changes, JsonNode state, List<Mark> marks) {
        /** Copies the lists. */
        Step {
            changes = List.copyOf(changes);
            marks = List.copyOf(marks);
        }
    }

    /**
     * @param cex a counterexample
     * @return its view
     */
    static TraceView of(Counterexample cex) {
        List<Step> steps = new ArrayList<>();
        JsonNode before = null;
        for (int k = 0; k < cex.steps().size(); k++) {
            TraceStep s = cex.steps().get(k);
            List<Change> changes = new ArrayList<>();
            if (before == null) {
                variables(s.state()).forEach(e -> changes.add(new Change(e.getKey(), null, e.getValue())));
            } else {
                diff("", before, s.state(), changes);
            }
            List<Mark> marks = new ArrayList<>();
            if (k == cex.violationIndex()) {
                marks.add(Mark.VIOLATION);
            }
            if (k == cex.loopStart()) {
                marks.add(Mark.LOOP_START);
            }
            steps.add(new Step(k, s.action() == null ? "initial state" : s.action().toString(), changes, s.state(),
                    marks));
            before = s.state();
        }
        return new TraceView(cex, steps);
    }

    /** @return the state's variables (its fields), or the state itself under the name "state" */
    static List<Map.Entry<String, JsonNode>> variables(JsonNode state) {
        List<Map.Entry<String, JsonNode>> vars = new ArrayList<>();
        if (state.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = state.fields(); it.hasNext(); ) {
                vars.add(it.next());
            }
        } else {
            vars.add(Map.entry("state", state));
        }
        return vars;
    }

    /**
     * Collects the differences between two values: objects field by field, arrays of equal length
     * element by element, anything else as a whole.
     */
    static void diff(String path, JsonNode before, JsonNode after, List<Change> out) {
        if (before.equals(after)) {
            return;
        }
        if (before.isObject() && after.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = before.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode a = after.get(e.getKey());
                if (a == null) {
                    out.add(new Change(join(path, e.getKey()), e.getValue(), null));
                } else {
                    diff(join(path, e.getKey()), e.getValue(), a, out);
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = after.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!before.has(e.getKey())) {
                    out.add(new Change(join(path, e.getKey()), null, e.getValue()));
                }
            }
            return;
        }
        if (before.isArray() && after.isArray() && before.size() == after.size()) {
            for (int i = 0; i < before.size(); i++) {
                diff((path.isEmpty() ? "state" : path) + "[" + i + "]", before.get(i), after.get(i), out);
            }
            return;
        }
        out.add(new Change(path.isEmpty() ? "state" : path, before, after));
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
