package org.rdmacheck.properties.gbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.LossEvent;

/**
 * A random run of the Go-Back-N model in which the network may drop only the packets of a given
 * loss pattern: every other choice (interleaving, timer expiries, when to drop) is random. It stops
 * at completion, at the first ACK timeout, or after a step bound.
 */
final class RandomLossRun {

    /**
     * @param completed whether a final state was reached
     * @param timedOut  whether the RTO fired
     * @param realized  the losses that actually happened, sorted
     * @param inOrder   whether every step kept in-order exactly-once delivery
     * @param steps     steps taken
     */
    record Result(boolean completed, boolean timedOut, List<LossEvent> realized, boolean inOrder, int steps) {
    }

    private RandomLossRun() {
    }

    static Result run(GoBackN model, List<LossEvent> pattern, long seed, int maxSteps) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<LossEvent> remaining = new ArrayList<>(pattern);
        List<LossEvent> realized = new ArrayList<>();
        LayoutState s = model.initialStates().get(0);
        boolean inOrder = true;
        @SuppressWarnings("unchecked")
        org.rdmacheck.properties.ActionProperty<LayoutState> inOrderProperty =
                (org.rdmacheck.properties.ActionProperty<LayoutState>) GbnProperties.of(model).get(0);
        for (int step = 0; step < maxSteps; step++) {
            if (model.isFinal(s)) {
                return new Result(true, false, sorted(realized), inOrder, step);
            }
            List<Transition<LayoutState>> moves = new ArrayList<>();
            List<Transition<LayoutState>> losses = new ArrayList<>();
            LayoutState from = s;
            model.successors(s, t -> {
                LossEvent e = LossEvent.of(t.action());
                if (e == null) {
                    moves.add(t);
                } else if (remaining.contains(e)) {
                    losses.add(t);
                }
            });
            Transition<LayoutState> t;
            if (!losses.isEmpty() && (moves.isEmpty() || rnd.nextBoolean())) {
                t = losses.get(rnd.nextInt(losses.size()));
                LossEvent e = LossEvent.of(t.action());
                remaining.remove(e);
                realized.add(e);
            } else if (!moves.isEmpty()) {
                t = moves.get(rnd.nextInt(moves.size()));
            } else {
                return new Result(false, false, sorted(realized), inOrder, step);
            }
            inOrder &= inOrderProperty.test(from, t.action(), t.next());
            if (t.action().name().equals(GoBackN.TIMEOUT)) {
                return new Result(false, true, sorted(realized), inOrder, step + 1);
            }
            s = t.next();
        }
        return new Result(model.isFinal(s), false, sorted(realized), inOrder, maxSteps);
    }

    private static List<LossEvent> sorted(List<LossEvent> l) {
        List<LossEvent> c = new ArrayList<>(l);
        Collections.sort(c);
        return List.copyOf(c);
    }
}
