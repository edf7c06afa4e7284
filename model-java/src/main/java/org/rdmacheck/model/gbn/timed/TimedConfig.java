package org.rdmacheck.model.gbn.timed;

import java.util.Objects;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.gbn.GbnConfig;

/**
 * Configuration of the timed Go-Back-N model: the protocol ({@link GbnConfig}: messages, packets,
 * variant, receiver policies), the network (delay bounds, order, loss and duplication budgets),
 * the clocks (tick length, InfiniBand RTO encoding, NAK interval), PSN width and sender window,
 * and the bounds that three properties check.
 *
 * @param protocol      messages, packets, ACK interval, variant, duplicate and NAK policies
 * @param losses        loss budget L: packets (data or control) the network may drop
 * @param netDuplicates duplication budget: data packets the network may copy
 * @param delivery      FIFO or bounded reordering
 * @param delayMin      least one-way delay of a packet, in ticks (at least 1)
 * @param delayMax      greatest one-way delay, in ticks: a packet not lost arrives by then
 * @param tickNanos     the length of a tick in nanoseconds
 * @param timeout       the InfiniBand local ACK timeout value (RTO = 4.096 µs × 2^timeout; 0: none)
 * @param nakTicks      the NAK interval, in ticks (seed 002, II-A; Check-EPSN's timer runs on it)
 * @param psnBits       PSN width b: PSNs travel modulo 2^b
 * @param window        greatest number of packets outstanding (sent, not acknowledged)
 * @param maxRtos       the bound k of the property "completion within k RTOs"
 * @param goodputPercent the lower bound of the figure of merit GoodputBound: packets delivered per packet
 *                      sent, in percent; 0 asks for no bound (the default: a figure of the configuration,
 *                      asked for, not a claim of seed 002)
 * @param displacement  under reordering, the most packets sent earlier and still in flight that a
 *                      packet may overtake (ECMP re-hash or failover: bounded displacement d)
 * @param lastPacketLoss whether the loss budget may be spent on a message's last packet (false sets
 *                      Send-Twice's business aside, so that Check-EPSN's own failures show alone)
 */
public record TimedConfig(GbnConfig protocol, int losses, int netDuplicates, Delivery delivery, int delayMin,
                          int delayMax, long tickNanos, int timeout, int nakTicks, int psnBits, int window,
                          int maxRtos, int goodputPercent, int displacement, boolean lastPacketLoss) {

    /** Validates every value; errors name the value and the accepted range. */
    public TimedConfig {
        Objects.requireNonNull(protocol);
        Objects.requireNonNull(delivery);
        atLeast("losses", losses, 0);
        atLeast("netDuplicates", netDuplicates, 0);
        atLeast("delayMin", delayMin, 1);
        if (delayMax < delayMin) {
            throw new InputException("delayMax = " + delayMax + ": expected an integer >= delayMin (" + delayMin + ")");
        }
        atLeast("nakInterval", nakTicks, 1);
        atLeast("window", window, 1);
        atLeast("displacement", displacement, 0);
        atLeast("maxRtos", maxRtos, 0);
        if (goodputPercent < 0 || goodputPercent > 100) {
            throw new InputException("goodput = " + goodputPercent + ": expected a percentage 1..100, or 0 for no bound");
        }
        new PsnSpace(psnBits);
        RtoEncoding.ticks(timeout, tickNanos);
    }

    /** @return the PSN space */
    public PsnSpace psns() {
        return new PsnSpace(psnBits);
    }

    /** @return the RTO in ticks (rounded down), -1 when disabled */
    public int rtoTicks() {
        return RtoEncoding.ticks(timeout, tickNanos);
    }

    /** @return total packets N */
    public int total() {
        return protocol.total();
    }

    /**
     * Goodput: N packets delivered for at most this many packets put on the wire (every copy counts).
     *
     * @return the greatest number of transmissions the goodput bound allows; empty when none is asked
     *         ({@code goodput=0})
     */
    public java.util.OptionalInt goodputTransmissions() {
        return goodputPercent == 0 ? java.util.OptionalInt.empty()
                : java.util.OptionalInt.of((total() * 100 + goodputPercent - 1) / goodputPercent);
    }

    /**
     * What one loss may cost the scheme's recovery in transmissions (seed 002, II-A, III-C): one
     * go-back, which resends at most what is outstanding. Go-Back-N resends "the packet (PSN=n) and
     * all subsequent packets", at most the window W; Go-Back-0 "the whole message ... from the first
     * data packet", at most W + P - 1 (up to P - 1 packets of the NAKed packet's message lie below
     * the oldest outstanding one); Send-Twice adds a second copy of every last packet resent, at most
     * one per message the resent span touches, ceil(span / P).
     *
     * @return the transmissions one loss may cost, R
     */
    public int resendPerLoss() {
        int p = protocol.packets();
        int span = window + (protocol.variant().goBackZero() ? p - 1 : 0);
        return span + (protocol.variant().sendTwice() ? (span + p - 1) / p : 0);
    }

    /**
     * The copies a sender puts on the wire the first time it sends the packets below {@code high}:
     * one each, and Send-Twice's second copy of every message's last packet among them (seed 002,
     * III-C (1)). What it sends beyond these is resent.
     *
     * @param high one past the highest sequence number sent
     * @return the transmissions of first sends
     */
    public int firstTransmissions(int high) {
        return high + (protocol.variant().sendTwice() ? high / protocol.packets() : 0);
    }

    /**
     * The greatest count of transmissions the model tells apart: one above the larger of the two
     * bounds (RetransmissionBound with every packet sent and the whole loss budget spent, GoodputBound
     * when asked), so that the counter saturates only where both properties are already violated.
     *
     * @return the saturation value of the model's counter of transmissions
     */
    public int sentCap() {
        return Math.max(firstTransmissions(total()) + losses * resendPerLoss(), goodputTransmissions().orElse(0)) + 1;
    }

    private static void atLeast(String name, long v, long min) {
        if (v < min) {
            throw new InputException(name + " = " + v + ": expected an integer >= " + min);
        }
    }
}
