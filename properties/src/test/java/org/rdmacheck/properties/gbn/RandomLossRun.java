package org.rdmacheck.properties.gbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.GbnModel;
import org.rdmacheck.model.gbn.GbnState;
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

    static Result run(GbnModel model, List<LossEvent> pattern, long seed, int maxSteps) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<LossEvent> remaining = new ArrayList<>(pattern);
        List<LossEvent> realized = new ArrayList<>();
        GbnState s = model.initialStates().get(0);
        boolean inOrder = true;
        for (int step = 0; step < maxSteps; step++) {
            if (model.isFinal(s)) {
                return new Result(true, false, sorted(realized), inOrder, step);
            }
            List<Transition<GbnState>> moves = new ArrayList<>();
            List<Transition<GbnState>> losses = new ArrayList<>();
            GbnState from = s;
            model.successors(s, t -> {
                LossEvent e = LossEvent.of(t.action());
                if (e == null) {
                    moves.add(t);
                } else if (remaining.contains(e)) {
                    losses.add(t);
                }
            });
            Transition<GbnState> t;
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
            inOrder &= GbnProperties.inOrder(from, t.action().name(), t.action().params().get("psn"), t.next());
            if (t.action().name().equals(GbnModel.TIMEOUT)) {
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
