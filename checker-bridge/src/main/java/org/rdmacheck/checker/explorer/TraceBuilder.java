package org.rdmacheck.checker.explorer;

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
 * Rebuilds traces from (predecessor index) links by re-executing successors, as TLC does: from
 * the initial state, each step takes the successor that matches the next state on the path
 * (exactly in full mode, by fingerprint in fingerprint mode).
 */
final class TraceBuilder<S> {

    private final CheckSpec<S> spec;
    private final Model<S> model;
    private final VisitedStates<S> visited;
    private final IntList parent;

    TraceBuilder(CheckSpec<S> spec, VisitedStates<S> visited, IntList parent, ExplorerSettings settings) {
        this.spec = spec;
        this.model = spec.model();
        this.visited = visited;
        this.parent = parent;
    }

    Counterexample build(Property<S> prop, ExplorationRun.Violation<S> v) {
        List<Integer> path = pathTo(v.stateIndex());
        List<TraceStep> steps = replay(path);
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

    Counterexample buildProgress(Property<S> prop, int bad, ProgressAnalysis.Lasso lasso) {
        List<Integer> path = pathTo(bad);
        int violationIndex = path.size() - 1;
        path.addAll(lasso.path().subList(1, lasso.path().size()));
        List<TraceStep> steps = replay(path);
        int loopStart = lasso.loopStart() < 0 ? -1 : violationIndex + lasso.loopStart();
        String note = lasso.loopStart() < 0
                ? "no goal state is reachable from step " + violationIndex + "; the trace continues to a dead end"
                : "no goal state is reachable from step " + violationIndex + "; the last state returns to step "
                + loopStart + " (a cycle without progress)";
        return new Counterexample(prop.name(), Counterexample.Kind.PROGRESS, steps, violationIndex, loopStart, provenance(), note);
    }

    private Provenance provenance() {
        return new Provenance(spec.modelName(), spec.variant(), spec.parameters(), Explorer.CHECKER, Version.VERSION);
    }

    private List<Integer> pathTo(int index) {
        List<Integer> path = new ArrayList<>();
        for (int i = index; i >= 0; i = parent.get(i)) {
            path.add(i);
        }
        Collections.reverse(path);
        return path;
    }

    private List<TraceStep> replay(List<Integer> path) {
        List<TraceStep> steps = new ArrayList<>();
        S cur = null;
        for (S init : model.initialStates()) {
            if (visited.matches(path.get(0), init, model.fingerprint(init))) {
                cur = init;
                break;
            }
        }
        if (cur == null) {
            throw new IllegalStateException("trace rebuild: no initial state matches state 0 of the path");
        }
        steps.add(step(null, cur));
        for (int j = 1; j < path.size(); j++) {
            int target = path.get(j);
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(cur, ts::add);
            Transition<S> found = null;
            for (Transition<S> t : ts) {
                if (visited.matches(target, t.next(), model.fingerprint(t.next()))) {
                    found = t;
                    break;
                }
            }
            if (found == null) {
                throw new IllegalStateException("trace rebuild: step " + j
                        + " not reproducible; the model's successor function is not deterministic");
            }
            steps.add(step(found.action(), found.next()));
            cur = found.next();
        }
        return steps;
    }

    private TraceStep step(Action action, S state) {
        return new TraceStep(action, TraceJson.toJson(model.view(state)));
    }
}
