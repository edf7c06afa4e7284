package org.rdmacheck.engine;

import java.util.List;
import java.util.function.Predicate;

/**
 * What an exploration that keeps its state graph also records for the liveness analysis of that
 * graph: the action of every edge (its packed code) and the value of given state predicates on
 * every state, so that the analysis labels the graph without executing the model again.
 *
 * <p>Recorded on the packed path only (a model with packed successors, states matched by
 * fingerprint, no symmetry reduction), where each state is expanded on its packed values and each
 * successor comes with its action's code: the predicates are evaluated on the state object of the
 * packed values (a layout model's {@link org.rdmacheck.model.layout.LayoutState}, else the codec's
 * decoding), as the analysis would evaluate them. On the object path the graph records none and
 * the analysis executes the model again. Asking for labels costs a few bytes per edge and per state
 * ({@link StateGraph#bytes}); without them nothing of this runs.
 *
 * @param <S> state type
 */
public final class GraphLabels<S> {

    /** The most predicates a graph records: one bit each in a {@code long} per state. */
    public static final int MAX_PREDICATES = Long.SIZE;

    private final List<Predicate<S>> predicates;

    /**
     * @param predicates the state predicates to record, at most {@link #MAX_PREDICATES}; the
     *                   analysis recognises its own by the identity of each predicate
     */
    public GraphLabels(List<Predicate<S>> predicates) {
        if (predicates.size() > MAX_PREDICATES) {
            throw new IllegalArgumentException(predicates.size() + " predicates: at most " + MAX_PREDICATES
                    + " are recorded per state");
        }
        this.predicates = List.copyOf(predicates);
    }

    /** @return the predicates, in the order of their bits */
    public List<Predicate<S>> predicates() {
        return predicates;
    }

    /**
     * @param state a state
     * @return bit i set when predicate i holds on it
     */
    long test(S state) {
        long bits = 0;
        for (int i = 0; i < predicates.size(); i++) {
            if (predicates.get(i).test(state)) {
                bits |= 1L << i;
            }
        }
        return bits;
    }

    /**
     * @param other predicates an analysis needs
     * @return whether they are these, predicate for predicate (by identity)
     */
    public boolean records(List<? extends Predicate<?>> other) {
        if (other.size() != predicates.size()) {
            return false;
        }
        for (int i = 0; i < other.size(); i++) {
            if (other.get(i) != predicates.get(i)) {
                return false;
            }
        }
        return true;
    }
}
