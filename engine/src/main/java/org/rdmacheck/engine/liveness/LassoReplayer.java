package org.rdmacheck.engine.liveness;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceWalk;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Re-executes a liveness lasso on the Java model and re-decides it without the explorer: every
 * step must be a model transition, the last state must return to {@code loopStart} (by its first
 * transition there in the model's order; {@code loopStart} at the last step means stuttering), the
 * behaviour prefix-then-loop-forever must violate the property, and the loop must be fair under
 * every declared assumption, judged on the concrete states' enabled actions.
 */
public final class LassoReplayer {

    private LassoReplayer() {
    }

    /**
     * @param spec the model and liveness properties, rebuilt from the trace's provenance
     * @param cex  the lasso
     * @param <S>  state type
     * @return the outcome
     */
    public static <S> ReplayResult replay(LivenessSpec<S> spec, Counterexample cex) {
        return replay(spec, cex, false);
    }

    /**
     * Replays a lasso found by another checker (TLC): each step is matched by its state alone,
     * since TLC names the action without its parameters, and the states are first mapped onto the
     * Java model's state view. A TLA+ step is a pair of states, so a loop step counts as every
     * Java action between its two states; and a TLA+ behaviour never shows a stuttering step, so a
     * Java transition from a loop state to itself counts as taken too (the Java behaviour that
     * inserts it visits the same states).
     *
     * @param spec     the model and liveness properties
     * @param cex      the lasso, its states in the other checker's form
     * @param toJava   maps one of its states onto the Java model's state view
     * @param <S>      state type
     * @return the outcome, judged on the Java model as for the explorer's own lassos
     */
    public static <S> ReplayResult replayByStates(LivenessSpec<S> spec, Counterexample cex,
                                                  java.util.function.UnaryOperator<JsonNode> toJava) {
        List<TraceStep> mapped = new ArrayList<>();
        for (TraceStep st : cex.steps()) {
            mapped.add(new TraceStep(st.action(), toJava.apply(st.state())));
        }
        return replay(spec, new Counterexample(cex.property(), cex.kind(), mapped, cex.violationIndex(),
                cex.loopStart(), cex.provenance(), cex.note()), true);
    }

    private static <S> ReplayResult replay(LivenessSpec<S> spec, Counterexample cex, boolean statesOnly) {
        Model<S> model = spec.base().model();
        List<TraceStep> steps = cex.steps();
        if (steps.isEmpty()) {
            return new ReplayResult.IllegalStep(0, "the trace has no steps");
        }
        if (cex.kind() != Counterexample.Kind.TEMPORAL) {
            return new ReplayResult.IllegalStep(0, "kind " + cex.kind().word() + " does not fit " + cex.property()
                    + ", whose counterexamples are of kind temporal");
        }
        int last = steps.size() - 1;
        for (String field : List.of("loopStart", "violationIndex")) {
            int at = field.equals("loopStart") ? cex.loopStart() : cex.violationIndex();
            if (at < 0 || at > last) {
                return new ReplayResult.IllegalStep(0, field + " " + at + " lies outside the "
                        + org.rdmacheck.checker.Counts.of(steps.size(), "step") + " of the lasso");
            }
        }
        Optional<Liveness<S>> found = spec.property(cex.property());
        if (found.isEmpty()) {
            return new ReplayResult.NoLongerViolated("the model no longer has a liveness property " + cex.property());
        }
        Liveness<S> prop = found.get();
        if (!statesOnly && prop.form() != Liveness.Form.LEADS_TO && cex.violationIndex() != cex.loopStart()) {
            // the explorer's lasso of a property about the loop is violated where the loop starts; only
            // P ~> Q names a step of its own (the P-and-not-Q state that is never answered)
            return new ReplayResult.IllegalStep(0, "violationIndex " + cex.violationIndex() + " does not fit "
                    + cex.property() + " (" + prop.form().formula() + "): its lasso is violated at the loop start, step "
                    + cex.loopStart());
        }
        TraceWalk<S> walk = TraceWalk.of(model, steps, statesOnly);
        if (walk.illegal().isPresent()) {
            return walk.illegal().get();
        }
        List<S> states = walk.states();
        int ls = cex.loopStart();
        List<S> loop = states.subList(ls, states.size());
        Set<Action> loopTaken = new LinkedHashSet<>();
        walk.transitions().subList(ls, last).forEach(t -> loopTaken.add(t.action()));
        if (ls < last) {
            S back = states.get(ls);
            Optional<Transition<S>> closing = successors(model, states.get(last)).stream()
                    .filter(t -> t.next().equals(back)).findFirst();
            if (closing.isEmpty()) {
                return new ReplayResult.IllegalStep(steps.size(), "the last state has no transition back to step " + ls);
            }
            loopTaken.add(closing.get().action());
        }
        String all = "all " + org.rdmacheck.checker.Counts.of(last, "step") + " legal";
        if (statesOnly) {
            // A TLA+ step is a pair of states, an instance of every action it satisfies, and TLA+
            // never shows a stuttering step: each loop step of TLC's lasso takes every Java action
            // between its two states, and every self-loop of a loop state (inserting it visits the
            // same states; the property is decided on states alone).
            int before = loopTaken.size();
            for (int i = ls; i <= last; i++) {
                S from = states.get(i);
                S to = i < last ? states.get(i + 1) : states.get(ls);
                successors(model, from).stream().filter(t -> t.next().equals(to) || t.next().equals(from))
                        .forEach(t -> loopTaken.add(t.action()));
            }
            if (loopTaken.size() > before) {
                all += " (each loop step taken as every Java action between its states, and the self-loops as"
                        + " TLA+ stuttering)";
            }
        }
        Optional<String> unfair = unfairness(model, prop.fairness(), loop, loopTaken);
        if (unfair.isPresent()) {
            return new ReplayResult.NoLongerViolated(all + ", but the loop is not fair: " + unfair.get());
        }
        Optional<String> held = holds(model, prop, states, ls, cex.violationIndex());
        return held.isEmpty() ? new ReplayResult.Reproduces(all + "; the loop is fair under " + fairness(prop) + "; "
                + cex.property()
                + " (" + prop.form().formula() + ") still violated")
                : new ReplayResult.NoLongerViolated(all + ", but " + held.get());
    }

    /** @return the fairness the loop was judged under, as {@code check}'s verified-within line names it */
    private static String fairness(Liveness<?> prop) {
        return prop.fairness().isEmpty() ? "no assumption" : prop.fairness().stream().map(Fairness::toString)
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** @return none when the lasso violates the property, else why it does not */
    private static <S> Optional<String> holds(Model<S> model, Liveness<S> prop, List<S> states, int ls, int vi) {
        switch (prop.form()) {
            case EVENTUALLY -> {
                for (int i = 0; i < states.size(); i++) {
                    if (prop.p().test(states.get(i))) {
                        return Optional.of("P holds at step " + i);
                    }
                }
                return Optional.empty();
            }
            case LEADS_TO -> {
                if (!prop.p().test(states.get(vi)) || prop.q().test(states.get(vi))) {
                    return Optional.of("step " + vi + " is not a P-and-not-Q state");
                }
                for (int i = Math.min(vi, ls); i < states.size(); i++) {
                    if (prop.q().test(states.get(i))) {
                        return Optional.of("Q holds at step " + i);
                    }
                }
                return Optional.empty();
            }
            case INFINITELY_OFTEN -> {
                for (int i = ls; i < states.size(); i++) {
                    if (prop.p().test(states.get(i))) {
                        return Optional.of("P holds in the loop at step " + i);
                    }
                }
                return Optional.empty();
            }
            case EVENTUALLY_ALWAYS -> {
                for (int i = ls; i < states.size(); i++) {
                    if (!prop.p().test(states.get(i))) {
                        return Optional.empty();
                    }
                }
                return Optional.of("P holds at every step of the loop");
            }
            case TAKEN_INFINITELY_OFTEN, ALWAYS_OR_TAKEN -> {
                Optional<String> step = aStep(model, prop, states, ls);
                if (step.isPresent() || prop.form() == Liveness.Form.TAKEN_INFINITELY_OFTEN) {
                    return step;
                }
                for (int i = ls; i < states.size(); i++) {
                    if (!prop.p().test(states.get(i))) {
                        return Optional.empty();
                    }
                }
                return Optional.of("P holds at every step of the loop");
            }
            default -> throw new IllegalStateException(prop.form().toString());
        }
    }

    /**
     * @return the first loop step (the closing one included) that is an A step, decided on its two
     *         states as TLA+'s {@code <<A>>_vars}: they differ and an A action of the model joins them
     */
    private static <S> Optional<String> aStep(Model<S> model, Liveness<S> prop, List<S> states, int ls) {
        int last = states.size() - 1;
        for (int i = ls; i <= last && ls < last; i++) {
            S from = states.get(i);
            S to = states.get(i < last ? i + 1 : ls);
            if (from.equals(to)) {
                continue;
            }
            Optional<Action> a = successors(model, from).stream().filter(t -> t.next().equals(to))
                    .map(Transition::action).filter(prop.a()).findFirst();
            if (a.isPresent()) {
                return Optional.of("the loop step from step " + i + " is an A step (" + a.get() + ")");
            }
        }
        return Optional.empty();
    }

    /** @return none when the loop is fair, else the first assumption it breaks */
    private static <S> Optional<String> unfairness(Model<S> model, List<Fairness> fairness, List<S> loop, Set<Action> taken) {
        List<List<Action>> enabled = new ArrayList<>();
        for (S s : loop) {
            enabled.add(successors(model, s).stream().map(Transition::action).toList());
        }
        for (Fairness f : fairness) {
            boolean weak = f.strength() == Fairness.Strength.WEAK;
            java.util.Set<Object> takenGroups = new java.util.HashSet<>();
            taken.stream().filter(f::covers).forEach(a -> takenGroups.add(f.groupOf(a)));
            java.util.Map<Object, Integer> enabledAt = new java.util.LinkedHashMap<>();
            for (List<Action> es : enabled) {
                Set<Object> here = new LinkedHashSet<>();
                es.stream().filter(f::covers).forEach(a -> here.add(f.groupOf(a)));
                here.forEach(grp -> enabledAt.merge(grp, 1, Integer::sum));
            }
            for (java.util.Map.Entry<Object, Integer> en : enabledAt.entrySet()) {
                if (!takenGroups.contains(en.getKey()) && (!weak || en.getValue() == loop.size())) {
                    String which = f.scope() == Fairness.Scope.FAMILY ? "" : " " + en.getKey();
                    return Optional.of(f + ":" + which + " enabled " + (weak ? "at every step" : "in the loop")
                            + " of the loop and never taken");
                }
            }
        }
        return Optional.empty();
    }

    private static <S> List<Transition<S>> successors(Model<S> model, S s) {
        List<Transition<S>> ts = new ArrayList<>();
        model.successors(s, ts::add);
        return ts;
    }
}
