package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Property;

/**
 * Rebuilds a random walk's violation as a counterexample: re-executes the walk's successor ordinals
 * on the object model (as {@link TraceBuilder} does for the breadth-first search), then removes its
 * loops. A walk revisits states; from the first state on, each state of the trace is followed by
 * the step the walk took after its last visit, so the trace visits no state twice and is still a
 * behaviour of the model ending in the same violation.
 *
 * @param <S> state type
 */
final class WalkTrace<S> {

    private final CheckSpec<S> spec;
    private final Model<S> model;
    private final WalkSettings walks;

    WalkTrace(CheckSpec<S> spec, WalkSettings walks) {
        this.spec = spec;
        this.model = spec.model();
        this.walks = walks;
    }

    Counterexample build(Property<S> prop, WalkFinding f) {
        return build(prop, f.initial(), f.ordinals(), f.badStep(), (walked, kept) -> "found by " + walks.mode()
                + " walk " + f.walk() + " (seed " + walks.seed() + ", walks of at most " + walks.depth()
                + " steps) after " + walked + " steps; " + kept + " steps with its loops removed; not necessarily "
                + "a shortest trace");
    }

    /**
     * Rebuilds a path given as successor ordinals (its loops removed) as a counterexample.
     *
     * @param prop     the property violated
     * @param initial  the ordinal of the path's initial state
     * @param ordinals the successor ordinals of its steps
     * @param badStep  for an action property, the ordinal of the violating step from the path's end; else -1
     * @param note     the trace's note from the steps walked and the steps kept
     * @return the counterexample
     */
    Counterexample build(Property<S> prop, int initial, int[] ordinals, int badStep,
                         java.util.function.BiFunction<Integer, Integer, String> note) {
        List<S> states = new ArrayList<>();
        List<Action> actions = new ArrayList<>();
        S cur = model.initialStates().get(initial);
        states.add(cur);
        actions.add(null);
        for (int ordinal : ordinals) {
            Transition<S> t = nth(cur, ordinal);
            actions.add(t.action());
            states.add(t.next());
            cur = t.next();
        }
        int walked = ordinals.length;
        List<Integer> kept = withoutLoops(states);
        List<TraceStep> steps = new ArrayList<>();
        for (int i : kept) {
            steps.add(new TraceStep(i == 0 ? null : actions.get(i), TraceJson.toJson(model.view(states.get(i)))));
        }
        if (badStep >= 0) {
            Transition<S> bad = nth(cur, badStep);
            steps.add(new TraceStep(bad.action(), TraceJson.toJson(model.view(bad.next()))));
            walked++;
        }
        Counterexample.Kind kind = switch (prop.kind()) {
            case INVARIANT -> Counterexample.Kind.INVARIANT;
            case ACTION -> Counterexample.Kind.ACTION;
            case DEADLOCK -> Counterexample.Kind.DEADLOCK;
            case PROGRESS -> Counterexample.Kind.PROGRESS;
        };
        Provenance prov = new Provenance(spec.modelName(), spec.variant(), spec.parameters(), Explorer.CHECKER,
                Version.VERSION);
        return new Counterexample(prop.name(), kind, steps, steps.size() - 1, -1, prov,
                note.apply(walked, steps.size() - 1));
    }

    private Transition<S> nth(S state, int ordinal) {
        List<Transition<S>> ts = new ArrayList<>();
        model.successors(state, ts::add);
        if (ordinal >= ts.size()) {
            throw new IllegalStateException("walk rebuild: successor " + ordinal + " of " + ts.size()
                    + " not reproducible; the model's successor function is not deterministic");
        }
        return ts.get(ordinal);
    }

    /**
     * @param states a walk's states, initial first
     * @return the positions a loop-free trace keeps: from each kept state, the step after its last visit
     */
    static <S> List<Integer> withoutLoops(List<S> states) {
        Map<S, Integer> last = new HashMap<>();
        for (int i = 0; i < states.size(); i++) {
            last.put(states.get(i), i);
        }
        List<Integer> kept = new ArrayList<>();
        kept.add(0);
        int at = last.get(states.get(0));
        while (at + 1 < states.size()) {
            kept.add(at + 1);
            at = last.get(states.get(at + 1));
        }
        return kept;
    }
}
