package org.rdmacheck.model.gbn.timed;

import java.util.Objects;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.gbn.GbnConfig;

/**
 * Configuration of the timed Go-Back-N model: the protocol ({@link GbnConfig}: messages, packets,
 * variant, receiver policies), the network (delay bounds, order, loss and duplication budgets),
 * the clocks (tick length, InfiniBand RTO encoding, NAK interval), PSN width and sender window,
 * and the bounds that two properties check.
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
 * @param goodputPercent the lower bound of the property on goodput: packets delivered per packet sent, in percent
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
        if (goodputPercent < 1 || goodputPercent > 100) {
            throw new InputException("goodput = " + goodputPercent + ": expected a percentage 1..100");
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
     * @return the greatest number of transmissions the goodput bound allows
     */
    public int maxTransmissions() {
        return (total() * 100 + goodputPercent - 1) / goodputPercent;
    }

    private static void atLeast(String name, long v, long min) {
        if (v < min) {
            throw new InputException(name + " = " + v + ": expected an integer >= " + min);
        }
    }
}
