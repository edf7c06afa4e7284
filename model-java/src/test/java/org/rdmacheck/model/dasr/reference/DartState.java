package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import java.util.List;
import java.util.Objects;

/**
 * A state of the Dart receiver model: the receiver (machine state, per-tenant AUSS, look-ahead
 * records, soft-state freshness), the senders (messages in flight, failures, the n they apply and
 * the n in the ACK on its way to them) and the feedback in flight. Every list is indexed by sender
 * id, except {@code announced} (by group), {@code auss} and {@code sinceChange} (by tenant). The TLA+
 * twin {@code specs/dasr/Spec.tla} has one variable per component.
 *
 * @param mode        the receiver machine's state
 * @param flight      messages each sender has in flight (started, not ended)
 * @param announced   per incast group, the senders pre-counted by its look-ahead whose message has
 *                    not started yet (seed 000, III-D)
 * @param auss        per tenant, its Active Unique Sender Set (seed 000, III-B, III-E)
 * @param fresh       per sender, whether the receiver saw activity since the last soft-state tick
 * @param failed      per sender, whether it has crashed
 * @param applied     per sender, the n it applies: its rate is line rate / applied
 * @param ack         per sender, the n in the latest ACK in flight to it (0: none)
 * @param ecnEcho     whether ECN feedback (DCQCN congestion notification) is in flight to the senders
 * @param sinceChange per tenant, window boundaries since its advertised n last changed (0..2)
 * @param rp          per sender, its DCQCN reaction point (persistent network; {@link ReactionPoint#NONE}
 *                    under the free network, which does not model rates)
 * @param modeAge     persistent network: window ends since the machine state last changed, capped at
 *                    k (0: it changed at the last window end); 0 under the free network
 */
public record DartState(CongestionState mode, List<Integer> flight, List<List<Integer>> announced,
                        List<ActiveUniqueSenderSet> auss, List<Boolean> fresh, List<Boolean> failed,
                        List<Integer> applied, List<Integer> ack, boolean ecnEcho, List<Integer> sinceChange,
                        List<ReactionPoint> rp, int modeAge) {

    /** Copies the lists. */
    public DartState {
        Objects.requireNonNull(mode);
        flight = List.copyOf(flight);
        announced = announced.stream().map(List::copyOf).toList();
        auss = List.copyOf(auss);
        fresh = List.copyOf(fresh);
        failed = List.copyOf(failed);
        applied = List.copyOf(applied);
        ack = List.copyOf(ack);
        sinceChange = List.copyOf(sinceChange);
        rp = List.copyOf(rp);
    }

    /**
     * @param sender a sender
     * @return how many of its group messages are announced but not started
     */
    public int announcedCount(int sender) {
        int c = 0;
        for (List<Integer> g : announced) {
            if (g.contains(sender)) {
                c++;
            }
        }
        return c;
    }

    /**
     * @param sender a sender
     * @return its committed messages: in flight plus announced (the ground truth the AUSS tracks)
     */
    public int committed(int sender) {
        return flight.get(sender) + announcedCount(sender);
    }

    /**
     * @param sender a sender
     * @return whether it has a message in flight and has not failed
     */
    public boolean sending(int sender) {
        return flight.get(sender) > 0 && !failed.get(sender);
    }
}
