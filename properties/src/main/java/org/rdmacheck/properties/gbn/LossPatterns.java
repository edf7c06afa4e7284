package org.rdmacheck.properties.gbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.gbn.TimeoutCause;

/**
 * Every loss pattern of a Go-Back-N model up to its loss budget, with what the schedules that lose
 * exactly those packets do: all of them end in an ACK timeout ({@link Outcome#EVERY}), some do and
 * some complete ({@link Outcome#SOME}: the untimed model's NAK-interval expiry and Check-EPSN timer
 * may end at any time, so the order of events decides), or none does ({@link Outcome#NEVER}).
 * Losses are named by {@link LossId}, so the patterns of two variants can be compared one by one.
 * Each pattern is classified into seed 002 III-A's four causes; one that times out comes with a
 * shortest trace to its first timeout.
 */
public final class LossPatterns {

    private LossPatterns() {
    }

    /** What the schedules with exactly a pattern's losses do. */
    public enum Outcome {
        /** every schedule ends in a timeout */
        EVERY,
        /** some schedules end in a timeout, others complete */
        SOME,
        /** every schedule completes without a timeout */
        NEVER
    }

    /**
     * One loss pattern.
     *
     * @param losses  the packets lost, sorted
     * @param outcome what its schedules do
     * @param causes  the seed 002 causes it exhibits (empty: none of the four)
     * @param trace   a shortest trace to a first timeout, when one times out
     * @param <S>     model state
     */
    public record Pattern<S>(List<LossId> losses, Outcome outcome, List<TimeoutCause> causes,
                             Optional<FirstTimeoutSearch.Trace<S>> trace) {
        /** Copies the lists. */
        public Pattern {
            losses = List.copyOf(losses);
            causes = List.copyOf(causes);
        }

        /** @return whether some schedule with these losses times out */
        public boolean timesOut() {
            return outcome != Outcome.NEVER;
        }

        /** @return the causes joined with "+", or "none of the four" */
        public String causeLabel() {
            return causes.isEmpty() ? "none of the four"
                    : String.join(" + ", causes.stream().map(TimeoutCause::words).toList());
        }
    }

    /**
     * What the protocol says about a transfer, for the classification.
     *
     * @param isLast whether a PSN is a message's last packet
     * @param copies how many copies of a PSN each transmission sends (2 for a last packet under Send-Twice)
     */
    public record Shape(IntPredicate isLast, IntUnaryOperator copies) {
    }

    /**
     * @param model         the configured model (its loss budget bounds the patterns)
     * @param timeoutAction its timeout action's name
     * @param channels      how to read its channels
     * @param psns          PSNs of the transfer
     * @param cap           where transmission and control packet numbers saturate ({@link LossHistory})
     * @param shape         last packets and copies
     * @param completed     whether a state without successors is a completed transfer (else the run is stuck)
     * @param limit         when to give up
     * @param <S>           model state
     * @return every pattern some schedule produces, sorted by size then losses
     * @throws FirstTimeoutSearch.LimitReachedException when the limit stops the search
     * @throws IllegalStateException when a run ends stuck (neither completed nor timed out)
     */
    public static <S> List<Pattern<S>> analyse(Model<S> model, String timeoutAction, LossHistory.Channels<S> channels,
                                               int psns, int cap, Shape shape, Predicate<S> completed,
                                               FirstTimeoutSearch.Limit limit) {
        Map<List<LossId>, FirstTimeoutSearch.Trace<S>> timeouts = new HashMap<>();
        Map<List<LossId>, Boolean> completes = new HashMap<>();
        new FirstTimeoutSearch<S, LossHistory>(model, timeoutAction, (from, h, t) -> h.after(channels, from, t))
                .run(LossHistory.empty(psns, cap), new FirstTimeoutSearch.Sink<>() {
                    @Override
                    public void timeout(S state, LossHistory history, java.util.function.Supplier<
                            FirstTimeoutSearch.Trace<S>> trace) {
                        timeouts.computeIfAbsent(history.losses(), k -> trace.get());
                    }

                    @Override
                    public void end(S state, LossHistory history) {
                        if (!completed.test(state)) {
                            throw new IllegalStateException("a run with losses " + history.losses()
                                    + " ends stuck, neither completed nor timed out: " + state);
                        }
                        completes.put(history.losses(), true);
                    }
                }, limit);
        Map<List<LossId>, Pattern<S>> out = new TreeMap<>(LossPatterns::compare);
        for (Map.Entry<List<LossId>, FirstTimeoutSearch.Trace<S>> e : timeouts.entrySet()) {
            Outcome o = completes.containsKey(e.getKey()) ? Outcome.SOME : Outcome.EVERY;
            out.put(e.getKey(), new Pattern<>(e.getKey(), o, causes(e.getKey(), shape), Optional.of(e.getValue())));
        }
        for (List<LossId> l : completes.keySet()) {
            out.putIfAbsent(l, new Pattern<>(l, Outcome.NEVER, causes(l, shape), Optional.empty()));
        }
        return List.copyOf(out.values());
    }

    /**
     * The order of loss patterns: by size, then loss by loss.
     *
     * @param a a pattern
     * @param b another
     * @return negative, zero or positive as {@code a} comes before, with or after {@code b}
     */
    public static int compare(List<LossId> a, List<LossId> b) {
        if (a.size() != b.size()) {
            return Integer.compare(a.size(), b.size());
        }
        for (int i = 0; i < a.size(); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * The seed 002, III-A causes a pattern exhibits. A transmission counts as lost when every copy
     * of it is (one lost copy of a Send-Twice pair is repaired by the other).
     *
     * @param losses the pattern
     * @param shape  last packets and copies
     * @return the causes, in the paper's order
     */
    public static List<TimeoutCause> causes(List<LossId> losses, Shape shape) {
        Map<List<Integer>, Integer> copiesLost = new LinkedHashMap<>();
        boolean lastAck = false;
        boolean nak = false;
        for (LossId l : losses) {
            if (l instanceof LossId.Data d) {
                copiesLost.merge(List.of(d.psn(), d.transmission()), 1, Integer::sum);
            } else if (l instanceof LossId.Control c) {
                // ACK(n) acknowledges the last packet when n - 1 is a message's last PSN
                lastAck |= c.kind().equals("ACK") && c.psn() > 0 && shape.isLast().test(c.psn() - 1);
                nak |= c.kind().equals("NAK");
            }
        }
        boolean last = false;
        Map<Integer, Integer> wholeLost = new HashMap<>();
        copiesLost.forEach((k, n) -> {
            if (n >= shape.copies().applyAsInt(k.get(0))) {
                wholeLost.merge(k.get(0), 1, Integer::sum);
            }
        });
        for (int psn : wholeLost.keySet()) {
            last |= shape.isLast().test(psn);
        }
        boolean twice = wholeLost.values().stream().anyMatch(n -> n >= 2);
        List<TimeoutCause> causes = new ArrayList<>();
        if (last) {
            causes.add(TimeoutCause.LAST_PACKET_LOST);
        }
        if (lastAck) {
            causes.add(TimeoutCause.LAST_ACK_LOST);
        }
        if (nak) {
            causes.add(TimeoutCause.NAK_LOST);
        }
        if (twice) {
            causes.add(TimeoutCause.SAME_PACKET_LOST_TWICE);
        }
        return Collections.unmodifiableList(causes);
    }
}
