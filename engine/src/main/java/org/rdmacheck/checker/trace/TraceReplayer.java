package org.rdmacheck.checker.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * Re-executes a stored trace on the Java model: every step must be a legal transition (same
 * action, same resulting state), the kind must be the property's (invariant, action, deadlock or
 * progress), a non-progress violation lies at the last step, and the property must still be
 * violated where the trace says.
 */
public final class TraceReplayer {

    /** States explored when re-deciding a progress violation before giving up. */
    private static final int PROGRESS_LIMIT = 2_000_000;

    private TraceReplayer() {
    }

    /**
     * @param spec the model and properties, rebuilt from the trace's provenance
     * @param cex  the trace
     * @param <S>  state type
     * @return the outcome
     */
    public static <S> ReplayResult replay(CheckSpec<S> spec, Counterexample cex) {
        Model<S> model = spec.model();
        List<TraceStep> steps = cex.steps();
        if (steps.isEmpty()) {
            return new ReplayResult.IllegalStep(0, "the trace has no steps");
        }
        if (cex.violationIndex() < 0 || cex.violationIndex() >= steps.size() || cex.loopStart() >= steps.size()) {
            return new ReplayResult.IllegalStep(0, "violationIndex " + cex.violationIndex() + " or loopStart "
                    + cex.loopStart() + " lies outside the " + org.rdmacheck.checker.Counts.of(steps.size(), "step"));
        }
        TraceWalk<S> walk = TraceWalk.of(model, steps, false);
        if (walk.illegal().isPresent()) {
            return walk.illegal().get();
        }
        List<S> states = walk.states();
        S cur = walk.lastState();
        S prev = states.size() < 2 ? null : states.get(states.size() - 2);
        Transition<S> last = walk.lastTransition();
        if (cex.loopStart() >= 0) {
            S back = states.get(cex.loopStart());
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(cur, ts::add);
            if (ts.stream().noneMatch(t -> t.next().equals(back))) {
                return new ReplayResult.IllegalStep(steps.size(),
                        "the last state has no transition back to step " + cex.loopStart());
            }
        }
        Property<S> prop;
        try {
            prop = spec.property(cex.property());
        } catch (IllegalArgumentException e) {
            return new ReplayResult.NoLongerViolated("the model no longer has a property " + cex.property());
        }
        Counterexample.Kind kind = kindOf(prop);
        if (cex.kind() != kind) {
            return new ReplayResult.IllegalStep(0, "kind " + cex.kind().word() + " does not fit " + cex.property()
                    + ", whose counterexamples are of kind " + kind.word());
        }
        if (kind != Counterexample.Kind.PROGRESS && (cex.violationIndex() != steps.size() - 1 || cex.loopStart() != -1)) {
            return new ReplayResult.IllegalStep(0, "a counterexample of kind " + kind.word() + " has violationIndex "
                    + (steps.size() - 1) + " (its last step) and loopStart -1; this one has " + cex.violationIndex()
                    + " and " + cex.loopStart());
        }
        if (prop instanceof Progress<S> pg) {
            Reach reach = goalReachable(model, pg, states.get(cex.violationIndex()));
            if (reach == Reach.UNDECIDED) {
                return new ReplayResult.Undecided("all " + org.rdmacheck.checker.Counts.of(steps.size() - 1, "step") + " legal; undecided: no goal "
                        + "found within " + PROGRESS_LIMIT + " states from step " + cex.violationIndex()
                        + " (re-check with rdmacheck check)");
            }
            boolean violated = reach == Reach.UNREACHABLE;
            String all = "all " + org.rdmacheck.checker.Counts.of(steps.size() - 1, "step") + " legal";
            return violated ? new ReplayResult.Reproduces(all + "; " + cex.property() + " still violated")
                    : new ReplayResult.NoLongerViolated(all + ", but a goal is now reachable from step "
                    + cex.violationIndex());
        }
        boolean violated = violated(spec, prop, prev, last, cur);
        String all = "all " + org.rdmacheck.checker.Counts.of(steps.size() - 1, "step") + " legal";
        return violated ? new ReplayResult.Reproduces(all + "; " + cex.property() + " still violated")
                : new ReplayResult.NoLongerViolated(all + ", but " + cex.property() + " is no longer violated");
    }

    /**
     * Re-executes only the steps: the first state must be an initial state and every step the
     * model's transition with that action to that state.
     *
     * @param spec the model, rebuilt from the trace's provenance
     * @param cex  the trace
     * @param <S>  state type
     * @return the first illegal step, if any
     */
    public static <S> Optional<ReplayResult.IllegalStep> illegalStep(CheckSpec<S> spec, Counterexample cex) {
        if (cex.steps().isEmpty()) {
            return Optional.of(new ReplayResult.IllegalStep(0, "the trace has no steps"));
        }
        return TraceWalk.of(spec.model(), cex.steps(), false).illegal();
    }

    /**
     * @param spec the model the trace was found on
     * @param cex  the trace
     * @param <S>  state type
     * @return the state its last step reaches, empty when a step is illegal on this model
     */
    public static <S> Optional<S> lastState(CheckSpec<S> spec, Counterexample cex) {
        if (cex.steps().isEmpty()) {
            return Optional.empty();
        }
        TraceWalk<S> w = TraceWalk.of(spec.model(), cex.steps(), false);
        return w.illegal().isPresent() ? Optional.empty() : Optional.of(w.lastState());
    }

    /** @return the kind of counterexample a property of this type has */
    private static Counterexample.Kind kindOf(Property<?> prop) {
        if (prop instanceof Invariant<?>) {
            return Counterexample.Kind.INVARIANT;
        }
        if (prop instanceof ActionProperty<?>) {
            return Counterexample.Kind.ACTION;
        }
        if (prop instanceof DeadlockFreedom<?>) {
            return Counterexample.Kind.DEADLOCK;
        }
        if (prop instanceof Progress<?>) {
            return Counterexample.Kind.PROGRESS;
        }
        throw new IllegalStateException("no counterexample kind for " + prop.getClass().getName());
    }

    private static <S> boolean violated(CheckSpec<S> spec, Property<S> prop, S prev, Transition<S> last, S end) {
        Model<S> model = spec.model();
        if (prop instanceof Invariant<S> inv) {
            return !inv.test(end);
        }
        if (prop instanceof ActionProperty<S> ap) {
            return last != null && !ap.test(prev, last.action(), last.next());
        }
        if (prop instanceof DeadlockFreedom<S>) {
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(end, ts::add);
            return ts.isEmpty() && !model.isFinal(end);
        }
        return false;
    }

    /** Whether a goal is reachable, within the replay's exploration limit. */
    private enum Reach { REACHABLE, UNREACHABLE, UNDECIDED }

    private static <S> Reach goalReachable(Model<S> model, Progress<S> pg, S from) {
        Set<S> seen = new HashSet<>();
        ArrayDeque<S> queue = new ArrayDeque<>();
        seen.add(from);
        queue.add(from);
        while (!queue.isEmpty()) {
            S s = queue.poll();
            if (pg.isGoal(s)) {
                return Reach.REACHABLE;
            }
            if (seen.size() > PROGRESS_LIMIT) {
                return Reach.UNDECIDED;
            }
            model.successors(s, t -> {
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        return Reach.UNREACHABLE;
    }
}
