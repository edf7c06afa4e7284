package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * A stored finding's trace extended into a larger configuration: the rule by which a violation found at a
 * configuration C counts as the finding's. The finding's steps are replayed in C by their actions (the
 * parameters of an action that carry a scaled value, such as the tokens a packet holds, left out of the
 * comparison); from the state the replay reaches, a bounded breadth-first search in C looks for a state (or
 * a step) violating the property; the replayed steps and the search's path make the extended trace, which
 * is then replayed on C by {@link TraceReplayer} (every step legal, the property's violation re-evaluated at
 * its end) before it is returned. An action property is also evaluated on the last replayed step itself (a stored
 * trace of an action property ends in its violating step), so a trace that replays violating is an extension of
 * no step. Nothing is argued: where the replay stops, or the search finds nothing within its bounds, the outcome
 * says so and the violation is not the finding's.
 */
public final class TraceExtension {

    private TraceExtension() {
    }

    /**
     * How far the search from the replayed state may go: distinct states only, never wall time, so that the
     * same configuration gets the same outcome on an idle machine and a loaded one (a time bound would turn an
     * expected violation into an unexpected one under load).
     *
     * @param maxStates distinct states the search may store
     */
    public record Bounds(long maxStates) {

        /** Checks the bound. */
        public Bounds {
            if (maxStates < 1) {
                throw new IllegalArgumentException("the bound must be positive: " + maxStates + " states");
            }
        }
    }

    /**
     * A further test of a violating run, beyond the property (for instance that it is the same violation as a
     * check's own, or that its end is no goal of a liveness property).
     *
     * @param <S> state type
     */
    @FunctionalInterface
    public interface RunTest<S> {

        /** Accepts every violating run. */
        static <S> RunTest<S> any() {
            return (initial, steps) -> true;
        }

        /**
         * @param initial the run's initial state
         * @param steps   its transitions: the replayed steps, then the search's; the last one reaches the
         *                violating state (or is the violating step of an action property)
         * @return whether the run counts
         */
        boolean test(S initial, List<Transition<S>> steps);
    }

    /** What the extension came to. */
    public sealed interface Outcome permits Extended, NotReplayable, NotFound {

        /** @return the stored finding tried */
        String finding();
    }

    /**
     * The finding's trace, replayed in C and extended, reaches a violation, and the extended trace replays
     * on C as a counterexample of the property.
     *
     * @param finding   the stored finding
     * @param replayed  steps of the finding's trace replayed in C
     * @param extension steps the search added
     * @param states    distinct states the search stored
     * @param trace     the extended trace, a counterexample of the property at C
     */
    public record Extended(String finding, int replayed, int extension, long states, Counterexample trace)
            implements Outcome {
    }

    /**
     * A step of the finding's trace has no transition in C with its action.
     *
     * @param finding the stored finding
     * @param step    the first step that does not replay
     * @param why     what was missing
     */
    public record NotReplayable(String finding, int step, String why) implements Outcome {
    }

    /**
     * The search from the replayed state found no violation: exhausted (none is reachable from there) or
     * stopped at a bound.
     *
     * @param finding   the stored finding
     * @param replayed  steps of the finding's trace replayed in C
     * @param states    distinct states the search stored
     * @param exhausted whether every state reachable from the replayed one was searched
     */
    public record NotFound(String finding, int replayed, long states, boolean exhausted) implements Outcome {
    }

    /**
     * @param spec           the configuration C, with the property among its properties
     * @param finding        the stored finding's name (for the outcome)
     * @param stored         the finding's stored trace
     * @param property       the property whose violation is looked for at C
     * @param also           a further test the violating run must pass (for instance that it is the check's own
     *                       violation, or that its end is no goal of a liveness property), {@link RunTest#any} for
     *                       none
     * @param scaledFields   the action parameters left out when a stored step is matched with a transition of C
     * @param bounds         the search's bounds
     * @param <S>            state type
     * @return the extension, or why there is none
     */
    public static <S> Outcome extend(CheckSpec<S> spec, String finding, Counterexample stored, String property,
                                     RunTest<S> also, Set<String> scaledFields, Bounds bounds) {
        Model<S> model = spec.model();
        Property<S> prop = spec.property(property);
        List<Transition<S>> taken = new ArrayList<>();
        List<TraceStep> steps = new ArrayList<>();
        if (stored.steps().isEmpty()) {
            return new NotReplayable(finding, 0, "the stored trace has no steps");
        }
        S first = initial(model, stored.steps().get(0).state());
        S before = first;
        S cur = first;
        steps.add(new TraceStep(null, view(model, cur)));
        for (int j = 1; j < stored.steps().size(); j++) {
            TraceStep want = stored.steps().get(j);
            Transition<S> hit = match(model, cur, want, scaledFields);
            if (hit == null) {
                return new NotReplayable(finding, j, "step " + j + ": " + want.action() + " is not enabled");
            }
            before = cur;
            cur = hit.next();
            taken.add(hit);
            steps.add(new TraceStep(hit.action(), view(model, cur)));
        }
        int replayed = steps.size() - 1;
        Search<S> search = lastStepViolates(prop, before, taken, first, also)
                ? new Search<>(List.of(), 1, false)
                : search(spec, prop, first, taken, also, bounds);
        if (search.path == null) {
            return new NotFound(finding, replayed, search.states, search.exhausted);
        }
        for (Transition<S> t : search.path) {
            steps.add(new TraceStep(t.action(), view(model, t.next())));
        }
        Counterexample.Kind kind = switch (prop.kind()) {
            case INVARIANT -> Counterexample.Kind.INVARIANT;
            case ACTION -> Counterexample.Kind.ACTION;
            case DEADLOCK -> Counterexample.Kind.DEADLOCK;
            case PROGRESS -> Counterexample.Kind.PROGRESS;
        };
        Counterexample trace = new Counterexample(property, kind, steps, steps.size() - 1, -1,
                new Provenance(spec.modelName(), spec.variant(), spec.parameters(), "explorer", Version.VERSION),
                "the stored finding " + finding + "'s " + replayed + " steps replayed at this configuration, "
                        + "extended by " + search.path.size() + (kind == Counterexample.Kind.PROGRESS
                        ? "; no goal state is reachable from the last step (a dead end)" : ""));
        ReplayResult check = TraceReplayer.replay(spec, trace);
        if (!check.reproduces()) {
            throw new IllegalStateException("the extended trace of " + finding + " does not replay: " + check);
        }
        return new Extended(finding, replayed, search.path.size(), search.states, trace);
    }

    /**
     * Whether an action property is violated by the last replayed step (from {@code before}), the run accepted:
     * the search from the replayed state looks only at the steps that leave it.
     */
    private static <S> boolean lastStepViolates(Property<S> prop, S before, List<Transition<S>> taken, S first,
                                                RunTest<S> also) {
        if (!(prop instanceof ActionProperty<S> ap) || taken.isEmpty()) {
            return false;
        }
        Transition<S> last = taken.get(taken.size() - 1);
        return !ap.test(before, last.action(), last.next()) && also.test(first, taken);
    }

    /** The initial state of C whose view is the stored first state, else C's first initial state. */
    private static <S> S initial(Model<S> model, JsonNode first) {
        for (S s : model.initialStates()) {
            if (view(model, s).equals(first)) {
                return s;
            }
        }
        return model.initialStates().get(0);
    }

    /**
     * The transition of C with the stored step's action, scaled parameters aside: the one reaching the stored
     * state if there is one, else the first in the model's order.
     */
    private static <S> Transition<S> match(Model<S> model, S cur, TraceStep want, Set<String> scaledFields) {
        JsonNode action = strip(TraceJson.toJson(want.action()), scaledFields);
        List<Transition<S>> ts = new ArrayList<>();
        model.successors(cur, ts::add);
        Transition<S> first = null;
        for (Transition<S> t : ts) {
            if (strip(TraceJson.toJson(t.action()), scaledFields).equals(action)) {
                if (view(model, t.next()).equals(want.state())) {
                    return t;
                }
                first = first == null ? t : first;
            }
        }
        return first;
    }

    private static JsonNode strip(JsonNode action, Set<String> scaledFields) {
        if (scaledFields.isEmpty() || action == null || !action.has("params")) {
            return action;
        }
        ObjectNode copy = action.deepCopy();
        ((ObjectNode) copy.get("params")).remove(scaledFields);
        return copy;
    }

    private static <S> JsonNode view(Model<S> model, S s) {
        return TraceJson.toJson(model.view(s));
    }

    /** The search's result: the path to the violation (null when none was found) and what it stored. */
    private record Search<S>(List<Transition<S>> path, long states, boolean exhausted) {
    }

    /**
     * Breadth-first search from the end of the replayed steps {@code taken} (from {@code first}) for a violation of
     * {@code prop} whose run passes {@code also}, bounded.
     */
    private static <S> Search<S> search(CheckSpec<S> spec, Property<S> prop, S first, List<Transition<S>> taken,
                                        RunTest<S> also, Bounds bounds) {
        Model<S> model = spec.model();
        S from = taken.isEmpty() ? first : taken.get(taken.size() - 1).next();
        Map<S, Transition<S>> parent = new HashMap<>();
        Map<S, S> previous = new HashMap<>();
        parent.put(from, null);
        ArrayDeque<S> queue = new ArrayDeque<>();
        queue.add(from);
        while (!queue.isEmpty()) {
            S s = queue.poll();
            List<Transition<S>> ts = new ArrayList<>();
            model.successors(s, ts::add);
            if (violates(model, prop, s, ts)) {
                List<Transition<S>> p = path(parent, previous, s, null);
                if (also.test(first, run(taken, p))) {
                    return new Search<>(p, parent.size(), false);
                }
            }
            if (prop instanceof ActionProperty<S> ap) {
                for (Transition<S> t : ts) {
                    if (!ap.test(s, t.action(), t.next())) {
                        List<Transition<S>> p = path(parent, previous, s, t);
                        if (also.test(first, run(taken, p))) {
                            return new Search<>(p, parent.size(), false);
                        }
                    }
                }
            }
            for (Transition<S> t : ts) {
                if (!parent.containsKey(t.next())) {
                    if (parent.size() >= bounds.maxStates()) {
                        return new Search<>(null, parent.size(), false);
                    }
                    parent.put(t.next(), t);
                    previous.put(t.next(), s);
                    queue.add(t.next());
                }
            }
        }
        return new Search<>(null, parent.size(), true);
    }

    /**
     * Whether state {@code s} (with successors {@code ts}) violates a state property: an invariant, deadlock
     * freedom (no successor, not final), or progress where the state is a dead end that is no goal (a state
     * from which no goal is reachable; the search does not look for cycles without progress).
     */
    private static <S> boolean violates(Model<S> model, Property<S> prop, S s, List<Transition<S>> ts) {
        if (prop instanceof Invariant<S> inv) {
            return !inv.test(s);
        }
        if (prop instanceof DeadlockFreedom<S>) {
            return ts.isEmpty() && !model.isFinal(s);
        }
        if (prop instanceof Progress<S> pg) {
            return ts.isEmpty() && !pg.isGoal(s);
        }
        return false;
    }

    private static <S> List<Transition<S>> run(List<Transition<S>> taken, List<Transition<S>> path) {
        List<Transition<S>> all = new ArrayList<>(taken);
        all.addAll(path);
        return all;
    }

    private static <S> List<Transition<S>> path(Map<S, Transition<S>> parent, Map<S, S> previous, S end,
                                                Transition<S> last) {
        List<Transition<S>> path = new ArrayList<>();
        if (last != null) {
            path.add(last);
        }
        for (S s = end; parent.get(s) != null; s = previous.get(s)) {
            path.add(parent.get(s));
        }
        Collections.reverse(path);
        return path;
    }
}
