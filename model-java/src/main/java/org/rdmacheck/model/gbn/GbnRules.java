package org.rdmacheck.model.gbn;

import java.util.Optional;

/**
 * The sender and receiver rules of RoCEv2 reliable connections under Go-Back-0, Go-Back-N, ST and
 * CE (seed 002, II-A and III-C). One implementation serves both the exhaustive model
 * ({@link GbnModel}) and the timed simulation ({@code GbnSimulator}); only when events happen
 * differs between them.
 *
 * @param config the protocol configuration
 */
public record GbnRules(GbnConfig config) {

    // ---- sender (requester) ----

    /**
     * The sender transmits packet {@code next} ({@link GbnConfig#copies} copies of it).
     *
     * @param s the sender
     * @return the sender after the transmission
     */
    public SenderState afterSend(SenderState s) {
        return new SenderState(s.next() + 1, s.una());
    }

    /**
     * ACK(n) releases every packet below n; released packets are never sent again.
     *
     * @param s the sender
     * @param n the acknowledged PSN
     * @return the sender after the ACK
     */
    public SenderState onAck(SenderState s, int n) {
        int una = Math.max(s.una(), n);
        return new SenderState(Math.max(s.next(), una), una);
    }

    /**
     * NAK(n): every PSN below n was received (seed 002, II-A); Go-Back-N resends from n, Go-Back-0
     * from the first packet of n's message.
     *
     * @param s the sender
     * @param n the PSN the receiver expects
     * @return the sender after the NAK
     */
    public SenderState onNak(SenderState s, int n) {
        int una = Math.max(s.una(), n);
        int from = config.variant().goBackZero() ? config.messageStart(n) : n;
        return new SenderState(from, una);
    }

    /**
     * ACK timeout (RTO): resend from the oldest unacknowledged packet.
     *
     * @param s the sender
     * @return the sender after the timeout
     */
    public SenderState onTimeout(SenderState s) {
        return new SenderState(s.una(), s.una());
    }

    // ---- receiver (responder) ----

    /**
     * A data packet arrives; its header bits (opcode "Last", AckReq) follow from its PSN.
     *
     * @param r   the receiver
     * @param psn the packet's PSN
     * @return what the receiver does
     */
    public ReceiverStep onData(ReceiverState r, int psn) {
        return onData(r, psn, config.isLast(psn), config.ackRequest(psn));
    }

    /**
     * A data packet arrives, as the receiver reads it: {@code psn} is the PSN the receiver takes it
     * for (under PSN wraparound it may differ from the sender's), {@code last} and {@code ackReq}
     * are the header bits the packet really carries.
     *
     * @param r      the receiver
     * @param psn    the PSN as the receiver reads it
     * @param last   whether the packet carries the opcode "Last"
     * @param ackReq whether the packet carries the AckReq bit
     * @return what the receiver does
     */
    public ReceiverStep onData(ReceiverState r, int psn, boolean last, boolean ackReq) {
        if (psn == r.epsn()) {
            // in order: accept, deliver, acknowledge if the packet requests it (seed 002, II-A)
            ReceiverState next = new ReceiverState(r.epsn() + 1, r.nakTimer(), r.ceLpsn(), r.lastNak());
            Optional<Ctrl> ack = ackReq ? Optional.of(Ctrl.ack(psn + 1)) : Optional.empty();
            // seed 002, III-C: "if the packet (EPSN) is received during the time T, only set the timer
            // to the initial value"
            return new ReceiverStep(next, ack, true, false, false, r.checkEpsnRunning());
        }
        if (psn < r.epsn()) {
            // duplicate: InfiniBand acknowledges a duplicate that requests an ACK; some simulators do not
            boolean ack = config.duplicates() == DuplicatePolicy.ACK && ackReq;
            return new ReceiverStep(r, ack ? Optional.of(Ctrl.ack(r.epsn())) : Optional.empty(), false, false,
                    false, false);
        }
        return onOutOfOrder(r, psn, last);
    }

    private ReceiverStep onOutOfOrder(ReceiverState r, int psn, boolean last) {
        // seed 002, III-C: CE records LPSN when the last packet arrives while EPSN < LPSN
        boolean record = config.variant().checkEpsn() && last;
        int ceLpsn = record ? psn : r.ceLpsn();
        if (r.nakTimer() && (config.nakPolicy() == NakPolicy.INTERVAL || r.lastNak() == r.epsn())) {
            // at most one NAK per NAK interval (seed 002, II-A): the packet is dropped silently
            return new ReceiverStep(new ReceiverState(r.epsn(), true, ceLpsn, r.lastNak()), Optional.empty(), false,
                    false, record, false);
        }
        return new ReceiverStep(new ReceiverState(r.epsn(), true, ceLpsn, nakRecord(r)), Optional.of(Ctrl.nak(r.epsn())),
                false, true, record, false);
    }

    /** The EPSN remembered for the NAK about to be sent: only the per-EPSN policy needs it. */
    private int nakRecord(ReceiverState r) {
        return config.nakPolicy() == NakPolicy.PER_EPSN ? r.epsn() : -1;
    }

    /**
     * The NAK interval ends: the receiver may send a NAK again when the next out-of-order packet
     * arrives.
     *
     * @param r the receiver (its NAK interval running)
     * @return the receiver afterwards
     */
    public ReceiverState onNakIntervalExpiry(ReceiverState r) {
        return new ReceiverState(r.epsn(), false, r.ceLpsn(), r.lastNak());
    }

    /**
     * The CE timer runs out (seed 002, III-C): if EPSN &lt; LPSN, send NAK(EPSN) and start the timer
     * again with the full NAK interval; otherwise the timer stops.
     *
     * @param r the receiver (its CE timer running)
     * @return what the receiver does
     */
    public ReceiverStep onCheckEpsn(ReceiverState r) {
        if (r.epsn() < r.ceLpsn()) {
            return new ReceiverStep(new ReceiverState(r.epsn(), true, r.ceLpsn(), nakRecord(r)), Optional.of(Ctrl.nak(r.epsn())),
                    false, true, false, true);
        }
        return ReceiverStep.quiet(new ReceiverState(r.epsn(), r.nakTimer(), -1, r.lastNak()));
    }
}
