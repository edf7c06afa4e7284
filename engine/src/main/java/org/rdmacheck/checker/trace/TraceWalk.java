package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * A stored trace's steps re-executed on a Java model, the walk both replayers share (the safety
 * traces' {@link TraceReplayer} and the lassos' {@code LassoReplayer}): the first step's state must
 * be an initial state, and each later step the model's first transition, in its order, with the
 * step's action to the step's state (or, matching by states alone, any transition to that state).
 *
 * @param states      the states reached, the initial one first (up to the first illegal step)
 * @param transitions the transition into each state after the first, in order
 * @param illegal     the first illegal step, empty when every step replays
 * @param <S>         state type
 */
public record TraceWalk<S>(List<S> states, List<Transition<S>> transitions,
                           Optional<ReplayResult.IllegalStep> illegal) {

    /**
     * @param model      the model
     * @param steps      the trace's steps, at least one
     * @param statesOnly whether a step is matched by its state alone (a trace of a checker that
     *                   names actions without their parameters), else by its action and state
     * @param <S>        state type
     * @return the walk
     */
    public static <S> TraceWalk<S> of(Model<S> model, List<TraceStep> steps, boolean statesOnly) {
        List<S> states = new ArrayList<>();
        List<Transition<S>> taken = new ArrayList<>();
        S cur = null;
        for (S init : model.initialStates()) {
            if (TraceJson.toJson(model.view(init)).equals(steps.get(0).state())) {
                cur = init;
                break;
            }
        }
        if (cur == null) {
            return new TraceWalk<>(states, taken,
                    Optional.of(new ReplayResult.IllegalStep(0, "step 0 is not an initial state of the model")));
        }
        states.add(cur);
        for (int j = 1; j < steps.size(); j++) {
            TraceStep step = steps.get(j);
            JsonNode want = statesOnly ? null : TraceJson.toJson(step.action());
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(cur, ts::add);
            Transition<S> hit = null;
            boolean enabled = false;
            for (Transition<S> t : ts) {
                if (statesOnly || TraceJson.toJson(t.action()).equals(want)) {
                    enabled = true;
                    if (TraceJson.toJson(model.view(t.next())).equals(step.state())) {
                        hit = t;
                        break;
                    }
                }
            }
            if (hit == null) {
                return new TraceWalk<>(states, taken, Optional.of(new ReplayResult.IllegalStep(j, "step " + j + ": "
                        + step.action() + (statesOnly ? ": no transition of the model reaches its state"
                        : enabled ? " leads to a different state" : " is not enabled"))));
            }
            taken.add(hit);
            cur = hit.next();
            states.add(cur);
        }
        return new TraceWalk<>(states, taken, Optional.empty());
    }

    /** @return the state the walk ends in (the last step's, when every step replays) */
    public S lastState() {
        return states.get(states.size() - 1);
    }

    /** @return the transition into the last state, null when the walk took none */
    public Transition<S> lastTransition() {
        return transitions.isEmpty() ? null : transitions.get(transitions.size() - 1);
    }
}
