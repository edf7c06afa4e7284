package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
 * Rebuilds traces from the predecessor index by re-executing successors, as TLC does: from the
 * recorded initial state, each step takes the successor at the recorded ordinal. It needs neither
 * stored states nor fingerprints, so it serves both storage modes.
 */
final class TraceBuilder<S> {

    private final CheckSpec<S> spec;
    private final Model<S> model;
    private final TraceLog log;
    /** the last state of the last replay */
    private S last;

    TraceBuilder(CheckSpec<S> spec, TraceLog log) {
        this.spec = spec;
        this.model = spec.model();
        this.log = log;
    }

    Counterexample build(Property<S> prop, Violation<S> v) {
        List<TraceStep> steps = replay(ordinalsTo(v.stateIndex()));
        if (v.lastAction() != null) {
            steps.add(step(v.lastAction(), v.lastState()));
        }
        Counterexample.Kind kind = switch (prop.kind()) {
            case INVARIANT -> Counterexample.Kind.INVARIANT;
            case ACTION -> Counterexample.Kind.ACTION;
            case DEADLOCK -> Counterexample.Kind.DEADLOCK;
            case PROGRESS -> Counterexample.Kind.PROGRESS;
        };
        return new Counterexample(prop.name(), kind, steps, steps.size() - 1, -1, provenance(), "");
    }

    /**
     * A progress counterexample: the shortest path to the state that cannot reach a goal, then
     * that state's first successor, its first successor, and so on, re-executed on concrete states
     * until a state repeats (a lasso) or none is left (a dead end). No state after the bad one can
     * reach a goal either. Built on concrete states, the lasso closes exactly even when the search
     * kept one state per symmetry class.
     */
    Counterexample buildProgress(Property<S> prop, int bad) {
        List<Integer> ordinals = ordinalsTo(bad);
        int violationIndex = ordinals.size() - 1;
        List<TraceStep> steps = replay(ordinals);
        S cur = last;
        java.util.Map<S, Integer> position = new java.util.HashMap<>();
        position.put(cur, violationIndex);
        int loopStart = -1;
        while (true) {
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(cur, ts::add);
            if (ts.isEmpty()) {
                break;
            }
            Transition<S> t = ts.get(0);
            steps.add(step(t.action(), t.next()));
            cur = t.next();
            Integer seen = position.putIfAbsent(cur, steps.size() - 1);
            if (seen != null) {
                loopStart = seen;
                steps.remove(steps.size() - 1);
                break;
            }
        }
        String note = loopStart < 0
                ? "no goal state is reachable from step " + violationIndex + "; the trace continues to a dead end"
                : "no goal state is reachable from step " + violationIndex + "; the last state returns to step "
                + loopStart + " (a cycle without progress)";
        return new Counterexample(prop.name(), Counterexample.Kind.PROGRESS, steps, violationIndex, loopStart,
                provenance(), note);
    }

    private Provenance provenance() {
        return new Provenance(spec.modelName(), spec.variant(), spec.parameters(), Explorer.CHECKER, Version.VERSION);
    }

    /** @return the ordinals of the path to a state: its initial state's, then each step's */
    private List<Integer> ordinalsTo(int index) {
        List<Integer> ordinals = new ArrayList<>();
        for (int i = index; i >= 0; i = log.parent(i)) {
            ordinals.add(log.ordinal(i));
        }
        Collections.reverse(ordinals);
        return ordinals;
    }

    private List<TraceStep> replay(List<Integer> ordinals) {
        List<TraceStep> steps = new ArrayList<>();
        S cur = model.initialStates().get(ordinals.get(0));
        steps.add(step(null, cur));
        for (int j = 1; j < ordinals.size(); j++) {
            int ordinal = ordinals.get(j);
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(cur, ts::add);
            if (ordinal >= ts.size()) {
                throw new IllegalStateException("trace rebuild: step " + j
                        + " not reproducible; the model's successor function is not deterministic");
            }
            Transition<S> t = ts.get(ordinal);
            steps.add(step(t.action(), t.next()));
            cur = t.next();
        }
        last = cur;
        return steps;
    }

    private TraceStep step(Action action, S state) {
        return new TraceStep(action, TraceJson.toJson(model.view(state)));
    }
}
