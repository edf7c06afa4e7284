package org.rdmacheck.model.gbn;

import java.util.List;

/**
 * A state of the exhaustive Go-Back-N model. The variables are one-to-one with those of
 * {@code specs/gbn/Spec.tla} (same names), so equal constants give equal distinct-state counts.
 *
 * @param next       sender: next PSN to transmit
 * @param una        sender: oldest unacknowledged PSN
 * @param epsn       receiver: expected PSN
 * @param nakTimer   receiver: a NAK interval is running
 * @param ceLpsn     receiver: LPSN recorded by Check-EPSN while its timer runs, -1 when idle
 * @param lastNak    receiver: EPSN of the last NAK under the per-EPSN NAK policy, -1 otherwise
 * @param data       data channel, oldest first: PSNs in flight
 * @param ctrl       control channel, oldest first: ACKs and NAKs in flight
 * @param lossesLeft the loss budget still unused
 */
public record GbnState(int next, int una, int epsn, boolean nakTimer, int ceLpsn, int lastNak, List<Integer> data,
                       List<Ctrl> ctrl, int lossesLeft) {

    /** Copies the channels. */
    public GbnState {
        data = List.copyOf(data);
        ctrl = List.copyOf(ctrl);
    }

    /** @return the sender's part */
    public SenderState sender() {
        return new SenderState(next, una);
    }

    /** @return the receiver's part */
    public ReceiverState receiver() {
        return new ReceiverState(epsn, nakTimer, ceLpsn, lastNak);
    }

    /**
     * @param s the sender's new part
     * @return this state with it
     */
    GbnState with(SenderState s) {
        return new GbnState(s.next(), s.una(), epsn, nakTimer, ceLpsn, lastNak, data, ctrl, lossesLeft);
    }

    /**
     * @param r the receiver's new part
     * @return this state with it
     */
    GbnState with(ReceiverState r) {
        return new GbnState(next, una, r.epsn(), r.nakTimer(), r.ceLpsn(), r.lastNak(), data, ctrl, lossesLeft);
    }

    /**
     * @param d new data channel
     * @param c new control channel
     * @param losses new loss budget
     * @return this state with them
     */
    GbnState with(List<Integer> d, List<Ctrl> c, int losses) {
        return new GbnState(next, una, epsn, nakTimer, ceLpsn, lastNak, d, c, losses);
    }
}
