package org.rdmacheck.model.gbn.timed;

import java.util.List;
import org.rdmacheck.model.gbn.ReceiverState;
import org.rdmacheck.model.gbn.SenderState;

/**
 * A state of the timed Go-Back-N model. Clocks count down in ticks and are -1 when idle. The
 * variables are one-to-one with those of {@code specs/gbn-timed/Spec.tla}.
 *
 * @param next       sender: next sequence number to transmit
 * @param high       sender: one past the highest sequence number ever transmitted (ACKs beyond it are invalid)
 * @param una        sender: oldest unacknowledged sequence number
 * @param rto        sender: ticks left on the ACK timer, -1 when idle
 * @param busy       sender: the link already carried a packet in this tick
 * @param epsn       receiver: expected sequence number (its own counter; the wire carries it modulo 2^b)
 * @param nak        receiver: ticks left of the running NAK interval, -1 when none runs
 * @param ce         receiver: ticks left on the Check-EPSN timer, -1 when idle
 * @param ceLpsn     receiver: the LPSN Check-EPSN recorded, -1 when idle
 * @param lastNak    receiver: EPSN of the last NAK under the per-EPSN NAK policy, -1 otherwise
 * @param data       data packets in flight (send order under FIFO, sorted under reordering)
 * @param ctrl       ACKs and NAKs in flight (same ordering)
 * @param lossesLeft the loss budget still unused
 * @param dupsLeft   the duplication budget still unused
 * @param good       history: length of the prefix the receiver accepted correctly (it stops growing at the
 *                   first packet accepted under a wrong PSN)
 * @param timeouts   history: ACK timeouts so far, saturating one above the bound of "completion within k RTOs"
 * @param sent       history: data packets put on the wire so far, saturating one above the goodput bound
 */
public record TimedState(int next, int high, int una, int rto, boolean busy, int epsn, int nak, int ce, int ceLpsn,
                         int lastNak, List<Packet> data, List<Reply> ctrl, int lossesLeft, int dupsLeft, int good,
                         int timeouts, int sent) {

    /** Copies the channels. */
    public TimedState {
        data = List.copyOf(data);
        ctrl = List.copyOf(ctrl);
    }

    /** @return the sender's part the protocol rules act on */
    public SenderState sender() {
        return new SenderState(next, una);
    }

    /** @return the receiver's part the protocol rules act on */
    public ReceiverState receiver() {
        return new ReceiverState(epsn, nak >= 0, ceLpsn, lastNak);
    }
}
