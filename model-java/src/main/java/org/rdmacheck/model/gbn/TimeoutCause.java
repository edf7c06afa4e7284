package org.rdmacheck.model.gbn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Why an ACK timeout fired: the four causes of seed 002, III-A (Fig. 3, Fig. 4), and two the paper
 * does not list: a NAK suppressed by a NAK interval that another loss started, and a premature
 * expiry (the RTO ran out while what would have moved the transfer on was still in flight).
 */
public enum TimeoutCause {
    /** Reason 1: the last packet of the message is lost. */
    LAST_PACKET_LOST("last packet lost"),
    /** Reason 2: the ACK (PSN = Last) is lost. */
    LAST_ACK_LOST("last ACK lost"),
    /** Reason 3: some NAK is lost. */
    NAK_LOST("NAK lost"),
    /** Reason 4: the same packet is lost twice. */
    SAME_PACKET_LOST_TWICE("same packet lost twice"),
    /**
     * Not in the paper: the missing packet was lost once, its NAK was not lost, but no NAK was sent
     * for it because a NAK interval was running (another packet had been lost just before), and the
     * sender finished before the interval ended.
     */
    NAK_SUPPRESSED("new: different packets lost within one NAK interval"),
    /**
     * Not in the paper's list: the RTO ran out while a packet, ACK or NAK that would have moved the
     * transfer on was still in flight (an RTO shorter than the round trip; seed 002, IV-A, Fig. 6(c)
     * sets it "a little larger than the RTT").
     */
    PREMATURE_EXPIRY("premature expiry: ACK or packet still in flight");

    /** The words of {@link #NAK_SUPPRESSED}, the cause the simulation names when none of the four fits. */
    public static final String NEW_CAUSE_WORDS = "new: different packets lost within one NAK interval";

    private final String words;

    TimeoutCause(String words) {
        this.words = words;
    }

    /** @return the cause in the paper's words */
    public String words() {
        return words;
    }

    /**
     * Every seed cause that a loss pattern exhibits, in the paper's order.
     *
     * @param losses the packets lost before the timeout
     * @param config the configuration (which PSNs are last packets)
     * @return the matching causes; empty when none fits
     */
    public static List<TimeoutCause> classify(List<LossEvent> losses, GbnConfig config) {
        List<TimeoutCause> causes = new ArrayList<>();
        Set<Integer> dataSeen = new HashSet<>();
        boolean last = false;
        boolean lastAck = false;
        boolean nak = false;
        boolean twice = false;
        for (LossEvent e : losses) {
            switch (e.channel()) {
                case "DATA" -> {
                    last |= config.isLast(e.psn());
                    twice |= !dataSeen.add(e.psn());
                }
                // ACK(n) acknowledges the last packet when n - 1 is a message's last PSN
                case "ACK" -> lastAck |= e.psn() > 0 && config.isLast(e.psn() - 1);
                default -> nak = true;
            }
        }
        if (last) {
            causes.add(LAST_PACKET_LOST);
        }
        if (lastAck) {
            causes.add(LAST_ACK_LOST);
        }
        if (nak) {
            causes.add(NAK_LOST);
        }
        if (twice) {
            causes.add(SAME_PACKET_LOST_TWICE);
        }
        return causes;
    }
}
