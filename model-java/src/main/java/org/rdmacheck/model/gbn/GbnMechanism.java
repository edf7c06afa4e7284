package org.rdmacheck.model.gbn;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;

/**
 * The loss-recovery mechanisms of seed 002 that a configuration can knock out: a knocked-out
 * mechanism is a guard in the one implementation of the rules ({@link Receiver}, {@link Sender},
 * {@link GbnConfig}), never a copy of the model.
 */
public enum GbnMechanism {
    /** seed 002, III-C (1): the last packet of a message is sent twice */
    SEND_TWICE("send-twice"),
    /** seed 002, III-C (2): Check-EPSN records the last packet's PSN when it arrives out of order */
    CHECK_EPSN("check-epsn"),
    /** seed 002, II-A: the AckReq bit on the last packet and every ACK interval */
    ACK_REQUEST("ack-request"),
    /**
     * seed 002, II-A: AckReq also "every ACK interval" (Table I: every 256 packets), not only on a
     * message's last packet; knocked out, only the last packet requests an ACK, whatever
     * {@code ackInterval} says (timed model: a message longer than the window then fills it with
     * packets that request none).
     */
    ACK_INTERVAL("ack-interval"),
    /** seed 002, III-C (2): after its NAK, the CE timer starts again with the full NAK interval */
    CE_TIMER_RESTART("ce-timer-restart"),
    /**
     * seed 002, III-C (2): "if the packet (EPSN) is received during the time T, only set the timer to
     * the initial value"; knocked out, an in-order packet stops the CE timer (Check-EPSN forgets the
     * recorded LPSN) although packets up to LPSN may still be missing.
     */
    CE_RESET_ON_EPSN("ce-reset-on-epsn"),
    /** seed 002, II-A: at most one NAK per NAK interval */
    NAK_INTERVAL("nak-interval"),
    /** InfiniBand RC: the ACK timer restarts when an ACK acknowledges new packets */
    RTO_RESTART("rto-restart"),
    /**
     * Check-EPSN waits for what is left of the NAK interval, T (seed 002, III-C (2)); knocked out,
     * the CE timer starts with the full NAK interval when the last packet arrives (timed model).
     */
    CE_RESIDUAL("ce-residual"),
    /**
     * seed 002, II-A: the receiver accepts only the packet whose PSN is EPSN and drops a packet ahead
     * of it (NAK); knocked out, a packet ahead of EPSN is taken as the next one and EPSN jumps past
     * the gap (untimed model).
     */
    EPSN_CHECK("epsn-check"),
    /**
     * seed 002, II-A: a packet below EPSN is a duplicate, acknowledged at most; knocked out, the
     * receiver takes it as new and EPSN moves back to just after it (untimed model).
     */
    DUPLICATE_DETECTION("duplicate-detection"),
    /**
     * seed 002, II-A and III-A: the ACK timeout (RTO) resends from the oldest unacknowledged packet
     * when nothing else can happen; knocked out, such a state is a dead end (untimed model).
     */
    ACK_TIMEOUT("ack-timeout"),
    /**
     * seed 002, III-C (1) read as "every transmission of a message's last packet is sent twice",
     * retransmissions included (the paper says only "send the last packet of the message twice");
     * knocked out, the other reading: a retransmitted last packet goes out once (timed model).
     */
    SEND_TWICE_ON_RETRANSMISSION("send-twice-on-retransmission");

    private final String word;

    GbnMechanism(String word) {
        this.word = word;
    }

    /** @return the switch name, as the {@code knockout} parameter spells it */
    public String word() {
        return word;
    }

    /**
     * @param word a switch name
     * @return the mechanism
     * @throws InputException naming the value and the accepted names
     */
    public static GbnMechanism of(String word) {
        for (GbnMechanism m : values()) {
            if (m.word.equals(word)) {
                return m;
            }
        }
        throw new InputException("unknown Go-Back-N mechanism '" + word + "': expected one of "
                + Arrays.stream(values()).map(GbnMechanism::word).collect(Collectors.joining(", ")));
    }
}
