package org.rdmacheck.properties.gbn.timed;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.Ctrl;
import org.rdmacheck.model.gbn.TimeoutCause;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.gbn.timed.TimedLayout;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.gbn.FirstTimeoutSearch;

/**
 * Attributes every first ACK timeout of the timed model to one cause, read off the state in which
 * the RTO fires and the network events that led there (seed 002, III-A, Fig. 4, and two causes the
 * paper does not list). Breadth-first over (state, history) ({@link FirstTimeoutSearch}), so each
 * cause comes with a shortest trace.
 *
 * <p>The rule, in order: the RTO is <b>premature</b> if a packet, ACK or NAK that would move the
 * transfer on is still in flight; else if the receiver is ahead of the sender, the <b>ACK was
 * lost</b>; else the receiver waits for packet e = EPSN: if a NAK for e was lost, <b>NAK lost</b>;
 * if e was lost twice, <b>same packet lost twice</b>; if e was lost once and a later packet reached
 * the receiver while a NAK interval kept it from sending a NAK, <b>NAK suppressed</b> (the new cause);
 * if e was lost once and nothing after it reached the receiver, <b>last packet lost</b>.
 */
public final class TimedTimeoutCauses {

    private TimedTimeoutCauses() {
    }

    /** A network event kept in the history: a loss, or an out-of-order packet dropped without a NAK. */
    record Event(Kind kind, int n) implements Comparable<Event> {
        enum Kind { DATA_LOST, ACK_LOST, NAK_LOST, NAK_HELD_BACK }

        @Override
        public int compareTo(Event o) {
            return kind != o.kind ? kind.compareTo(o.kind) : Integer.compare(n, o.n);
        }
    }

    /**
     * One attributed first timeout: its cause, the network events before it, and a shortest trace.
     *
     * @param cause   the cause
     * @param events  the losses (and NAKs held back) before it, sorted
     * @param initial the trace's initial state
     * @param trace   the steps; the last one is the Timeout
     */
    public record Attribution(TimeoutCause cause, List<String> events, LayoutState initial,
                              List<Transition<LayoutState>> trace) {
        /** Copies the lists. */
        public Attribution {
            events = List.copyOf(events);
            trace = List.copyOf(trace);
        }
    }

    /**
     * The result: per cause, the number of distinct histories that end in a first timeout with it,
     * and a shortest example of each cause.
     *
     * @param counts   histories per cause
     * @param examples a shortest attribution per cause
     * @param nodes    (state, history) pairs explored
     */
    public record Analysis(Map<TimeoutCause, Integer> counts, Map<TimeoutCause, Attribution> examples, long nodes) {
        /** Copies the maps. */
        public Analysis {
            counts = Collections.unmodifiableMap(new TreeMap<>(counts));
            examples = Collections.unmodifiableMap(new TreeMap<>(examples));
        }

        /** @return whether some first timeout is reachable */
        public boolean anyTimeout() {
            return !counts.isEmpty();
        }
    }

    /**
     * @param model the configured model (its budgets bound the histories)
     * @return every first timeout attributed
     */
    public static Analysis analyse(TimedGoBackN model) {
        return analyse(model, FirstTimeoutSearch.Limit.NONE);
    }

    /**
     * @param model the configured model (its budgets bound the histories)
     * @param limit when to give up
     * @return every first timeout attributed
     * @throws FirstTimeoutSearch.LimitReachedException when the limit stops the search
     */
    public static Analysis analyse(TimedGoBackN model, FirstTimeoutSearch.Limit limit) {
        Map<TimeoutCause, Integer> counts = new EnumMap<>(TimeoutCause.class);
        Map<TimeoutCause, Attribution> examples = new EnumMap<>(TimeoutCause.class);
        TimedLayout g = model.fields();
        long nodes = new FirstTimeoutSearch<LayoutState, List<Event>>(model, TimedGoBackN.TIMEOUT,
                (from, history, t) -> record(g, from, history, t)).run(List.of(), (state, history, trace) -> {
                    TimeoutCause c = cause(g, state, history, model.config().protocol().copies(state.get(g.epsn)));
                    counts.merge(c, 1, Integer::sum);
                    examples.computeIfAbsent(c, k -> attribution(k, history, trace.get()));
                }, limit);
        return new Analysis(counts, examples, nodes);
    }

    /**
     * The cause of an RTO that fires in state {@code s} after the events {@code history}.
     *
     * @param g       the model's layout
     * @param s       the state in which the RTO fires
     * @param history the events before it
     * @param copiesOfEpsn copies sent per transmission of the packet the receiver waits for (2 for a
     *                     last packet under Send-Twice)
     * @return the one cause
     */
    static TimeoutCause cause(TimedLayout g, LayoutState s, List<Event> history, int copiesOfEpsn) {
        if (TimedGbnProperties.premature(g, s)) {
            return TimeoutCause.PREMATURE_EXPIRY;
        }
        int una = s.get(g.una);
        if (s.get(g.epsn) > una && has(history, Event.Kind.ACK_LOST, n -> n > una)) {
            return TimeoutCause.LAST_ACK_LOST;
        }
        int e = s.get(g.epsn);
        if (has(history, Event.Kind.NAK_LOST, n -> n == e)) {
            return TimeoutCause.NAK_LOST;
        }
        // under Send-Twice a last packet is lost only when both copies of one transmission are
        long lost = history.stream().filter(h -> h.kind() == Event.Kind.DATA_LOST && h.n() == e).count() / copiesOfEpsn;
        if (lost >= 2) {
            return TimeoutCause.SAME_PACKET_LOST_TWICE;
        }
        if (has(history, Event.Kind.NAK_HELD_BACK, n -> n == e)) {
            return TimeoutCause.NAK_SUPPRESSED;
        }
        return TimeoutCause.LAST_PACKET_LOST;
    }

    private static boolean has(List<Event> history, Event.Kind kind, java.util.function.IntPredicate n) {
        return history.stream().anyMatch(h -> h.kind() == kind && n.test(h.n()));
    }

    private static List<Event> record(TimedLayout g, LayoutState from, List<Event> history,
                                      Transition<LayoutState> t) {
        Optional<Event> e = event(g, from, t);
        if (e.isEmpty() || e.get().kind() == Event.Kind.NAK_HELD_BACK && history.contains(e.get())) {
            return history;
        }
        List<Event> h = new ArrayList<>(history);
        h.add(e.get());
        Collections.sort(h);
        return List.copyOf(h);
    }

    private static Optional<Event> event(TimedLayout g, LayoutState from, Transition<LayoutState> t) {
        Action a = t.action();
        switch (a.name()) {
            case "LoseData" -> {
                return Optional.of(new Event(Event.Kind.DATA_LOST, (Integer) a.params().get("seq")));
            }
            case "LoseCtrl" -> {
                boolean nak = a.params().get("kind").equals(Ctrl.Kind.NAK.name());
                return Optional.of(new Event(nak ? Event.Kind.NAK_LOST : Event.Kind.ACK_LOST, (Integer) a.params().get("n")));
            }
            case TimedGoBackN.RECEIVE_DATA -> {
                // an out-of-order packet that drew no NAK: a NAK interval held it back (seed 002, II-A)
                int epsn = from.get(g.epsn);
                boolean ahead = (Integer) a.params().get("as") > epsn;
                boolean noNak = t.next().length(g.ctrl) == from.length(g.ctrl);
                return ahead && noNak ? Optional.of(new Event(Event.Kind.NAK_HELD_BACK, epsn)) : Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    private static Attribution attribution(TimeoutCause c, List<Event> history,
                                           FirstTimeoutSearch.Trace<LayoutState> trace) {
        List<String> events = history.stream().map(e -> e.kind() + "(" + e.n() + ")").toList();
        return new Attribution(c, events, trace.initial(), trace.steps());
    }
}
