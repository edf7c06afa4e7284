package org.rdmacheck.checker.thresholds;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The headroom {@code t_flight} per port per priority (seed 004 §4, "Headroom buffer"): either
 * given, or the sum of the standard PFC headroom terms, rounded up to whole bytes.
 *
 * @param bytes t_flight
 * @param given whether it was given directly (then {@code terms} is empty)
 * @param terms the terms it is the sum of
 */
public record Headroom(long bytes, boolean given, List<HeadroomTerm> terms) {

    /** Copies the terms. */
    public Headroom {
        terms = List.copyOf(terms);
    }

    /**
     * @param sw a switch
     * @return its headroom
     */
    public static Headroom of(SwitchSpec sw) {
        if (sw.tFlightGiven() > 0) {
            return new Headroom(sw.tFlightGiven(), true, List.of());
        }
        return ofLink(sw.link().orElseThrow(), sw.mtuBytes());
    }

    /**
     * @param link a link
     * @param mtu  the largest frame
     * @return the 802.1Qbb headroom of that link, computed from its terms
     */
    public static Headroom ofLink(Link link, long mtu) {
        List<HeadroomTerm> terms = terms(link, mtu);
        BigDecimal bits = terms.stream().map(HeadroomTerm::bitTimes).reduce(BigDecimal.ZERO, BigDecimal::add);
        return new Headroom(bits.divide(BigDecimal.valueOf(8), 0, RoundingMode.CEILING).longValueExact(), false, terms);
    }

    /**
     * The IEEE 802.1Qbb delay model: the congested switch may have just begun a maximum frame (the
     * PAUSE cannot preempt it); the PAUSE frame itself; both interfaces' delays; the cable, once for
     * the PAUSE going up and once for the data still coming down; the upstream's response time; and
     * the maximum frame the upstream had begun when the PAUSE took effect (it cannot abandon it).
     */
    static List<HeadroomTerm> terms(Link l, long mtu) {
        long frame = (mtu + l.frameOverheadBytes()) * 8;
        long pause = (l.pauseFrameBytes() + l.frameOverheadBytes()) * 8;
        BigDecimal cable = l.cableMetres().multiply(l.nsPerMetre()).multiply(BigDecimal.valueOf(2))
                .multiply(BigDecimal.valueOf(l.bitsPerSecond())).divide(BigDecimal.valueOf(1_000_000_000L));
        long response = (long) l.responseQuanta() * Link.BITS_PER_QUANTUM;
        return List.of(
                new HeadroomTerm("LargestFrameAtPauseSender", "(" + mtu + " + " + l.frameOverheadBytes()
                        + " B) x 8", BigDecimal.valueOf(frame)),
                new HeadroomTerm("PauseFrame", "(" + l.pauseFrameBytes() + " + " + l.frameOverheadBytes() + " B) x 8",
                        BigDecimal.valueOf(pause)),
                new HeadroomTerm("InterfaceDelays", "2 x " + l.interfaceDelayBitTimes() + " bit times",
                        BigDecimal.valueOf(2 * l.interfaceDelayBitTimes())),
                new HeadroomTerm("CablePropagationBothWays", "2 x " + l.cableMetres().toPlainString() + " m x "
                        + l.nsPerMetre().toPlainString() + " ns/m x " + gbps(l.bitsPerSecond()) + " Gb/s", cable),
                new HeadroomTerm("SenderResponseTime", l.responseQuanta() + " pause quanta x "
                        + Link.BITS_PER_QUANTUM + " bit times", BigDecimal.valueOf(response)),
                new HeadroomTerm("LargestFrameAtUpstream", "(" + mtu + " + " + l.frameOverheadBytes() + " B) x 8",
                        BigDecimal.valueOf(frame)));
    }

    private static String gbps(long bps) {
        return BigDecimal.valueOf(bps).divide(BigDecimal.valueOf(1_000_000_000L)).stripTrailingZeros().toPlainString();
    }
}
