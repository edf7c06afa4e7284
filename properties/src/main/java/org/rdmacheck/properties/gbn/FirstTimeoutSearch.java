package org.rdmacheck.properties.gbn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * Breadth-first search over a Go-Back-N model's states paired with a history of network events,
 * to every first ACK timeout: the search does not continue past a timeout, so each one reached is
 * the first of its run, and breadth-first order gives each (state, history) a shortest trace. Both
 * the untimed cause analysis ({@link TimeoutCauses}) and the timed one
 * ({@link org.rdmacheck.properties.gbn.timed.TimedTimeoutCauses}) run on it, with their own history.
 *
 * @param <S> model state
 * @param <H> history (a value: equal histories are merged)
 */
public final class FirstTimeoutSearch<S, H> {

    /**
     * How a step extends the history.
     *
     * @param <S> model state
     * @param <H> history
     */
    @FunctionalInterface
    public interface History<S, H> {
        /**
         * @param from    the state the step leaves
         * @param history the history so far
         * @param step    the step
         * @return the history after it (the same value when the step is no event)
         */
        H after(S from, H history, Transition<S> step);
    }

    /**
     * What the search reports at each first timeout.
     *
     * @param <S> model state
     * @param <H> history
     */
    @FunctionalInterface
    public interface Sink<S, H> {
        /**
         * @param state   the state in which the timeout fires
         * @param history the history before it
         * @param trace   builds the shortest trace to it (the last step is the timeout), on demand
         */
        void timeout(S state, H history, Supplier<Trace<S>> trace);

        /**
         * A run ends without a timeout: the state has no successor.
         *
         * @param state   the last state
         * @param history its history
         */
        default void end(S state, H history) {
        }
    }

    /**
     * A trace from an initial state.
     *
     * @param initial the initial state
     * @param steps   the steps, the last one the timeout
     * @param <S>     model state
     */
    public record Trace<S>(S initial, List<Transition<S>> steps) {
        /** Copies the steps. */
        public Trace {
            steps = List.copyOf(steps);
        }
    }

    /** Which limit stopped a search. */
    public enum LimitKind {
        /** too many (state, history) pairs or states */
        STATE_LIMIT,
        /** the time limit */
        TIME_LIMIT,
        /** the heap limit, or storage that cannot hold the space */
        MEMORY_LIMIT
    }

    /**
     * Why a search must stop.
     *
     * @param kind   which limit
     * @param reason one line for people
     */
    public record Reached(LimitKind kind, String reason) {
    }

    /**
     * Stops a search that has run too long or grown too large.
     */
    @FunctionalInterface
    public interface Limit {
        /** No limit. */
        Limit NONE = visited -> Optional.empty();

        /**
         * @param visited the (state, history) pairs visited so far
         * @return why the search must stop now, or empty to go on
         */
        Optional<Reached> reached(long visited);
    }

    /** A search stopped by its {@link Limit}: what it found so far is incomplete. */
    public static final class LimitReachedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final LimitKind kind;

        /** @param reached which limit, as {@link Limit#reached} said */
        public LimitReachedException(Reached reached) {
            super(reached.reason());
            this.kind = reached.kind();
        }

        /** @return which limit stopped the search */
        public LimitKind kind() {
            return kind;
        }
    }

    private record Node<S, H>(S state, H history) {
    }

    private record Parent<S, H>(Node<S, H> node, Transition<S> step) {
    }

    private final Model<S> model;
    private final String timeoutAction;
    private final History<S, H> history;

    /**
     * @param model         the configured model (its budgets bound the histories)
     * @param timeoutAction name of the model's timeout action
     * @param history       how steps extend the history
     */
    public FirstTimeoutSearch(Model<S> model, String timeoutAction, History<S, H> history) {
        this.model = model;
        this.timeoutAction = timeoutAction;
        this.history = history;
    }

    /**
     * Runs the search.
     *
     * @param empty the history of an initial state
     * @param sink  receives every first timeout, in breadth-first order
     * @return the (state, history) pairs visited
     */
    public long run(H empty, Sink<S, H> sink) {
        return run(empty, sink, Limit.NONE);
    }

    /**
     * Runs the search under a limit, asked every 1,024 pairs.
     *
     * @param empty the history of an initial state
     * @param sink  receives every first timeout, in breadth-first order
     * @param limit when to stop
     * @return the (state, history) pairs visited
     * @throws LimitReachedException when the limit stops the search
     */
    public long run(H empty, Sink<S, H> sink, Limit limit) {
        Map<Node<S, H>, Parent<S, H>> parents = new HashMap<>();
        long polled = 0;
        ArrayDeque<Node<S, H>> queue = new ArrayDeque<>();
        for (S init : model.initialStates()) {
            Node<S, H> n = new Node<>(init, empty);
            parents.put(n, new Parent<>(null, null));
            queue.add(n);
        }
        List<Transition<S>> ts = new ArrayList<>();
        while (!queue.isEmpty()) {
            Node<S, H> node = queue.poll();
            if ((++polled & 1023) == 0) {
                Optional<Reached> stop = limit.reached(parents.size());
                if (stop.isPresent()) {
                    throw new LimitReachedException(stop.get());
                }
            }
            ts.clear();
            model.successors(node.state(), ts::add);
            if (ts.isEmpty()) {
                sink.end(node.state(), node.history());
            }
            for (Transition<S> t : ts) {
                if (t.action().name().equals(timeoutAction)) {
                    sink.timeout(node.state(), node.history(), () -> trace(node, t, parents));
                    continue;
                }
                Node<S, H> next = new Node<>(t.next(), history.after(node.state(), node.history(), t));
                if (!parents.containsKey(next)) {
                    parents.put(next, new Parent<>(node, t));
                    queue.add(next);
                }
            }
        }
        return parents.size();
    }

    private static <S, H> Trace<S> trace(Node<S, H> end, Transition<S> timeout, Map<Node<S, H>, Parent<S, H>> parents) {
        List<Transition<S>> steps = new ArrayList<>();
        steps.add(timeout);
        Node<S, H> n = end;
        while (parents.get(n).node() != null) {
            Parent<S, H> p = parents.get(n);
            steps.add(p.step());
            n = p.node();
        }
        Collections.reverse(steps);
        return new Trace<>(n.state(), steps);
    }
}
