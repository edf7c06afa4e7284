package org.rdmacheck.properties.gbn;

import java.util.Comparator;

/**
 * One packet the network dropped, named so that patterns are comparable across variants although
 * Send-Twice changes the set of transmissions: a data packet by its PSN, which transmission of that
 * PSN it belonged to (1 = the first, 2 = the first retransmission, ...) and which copy of that
 * transmission (2 only for Send-Twice's second copy of a last packet, seed 002 III-C); a control
 * packet by its kind, the PSN it carries and which packet of that kind and PSN it was (1 = the
 * first such ACK or NAK the receiver sent).
 */
public sealed interface LossId extends Comparable<LossId> {

    /** Data packets before control packets; then by their fields. */
    Comparator<LossId> ORDER = Comparator.comparing((LossId l) -> l instanceof Control)
            .thenComparing(LossId::toString);

    @Override
    default int compareTo(LossId o) {
        return ORDER.compare(this, o);
    }

    /**
     * A lost data packet.
     *
     * @param psn          its PSN
     * @param transmission which transmission of the PSN, from 1
     * @param copy         which copy of that transmission, from 1
     */
    record Data(int psn, int transmission, int copy) implements LossId {
        @Override
        public String toString() {
            return "D" + psn + "." + transmission + (copy > 1 ? "b" : "");
        }
    }

    /**
     * A lost ACK or NAK.
     *
     * @param kind   {@code ACK} or {@code NAK}
     * @param psn    the PSN it carries
     * @param number which packet of that kind and PSN, from 1
     */
    record Control(String kind, int psn, int number) implements LossId {
        @Override
        public String toString() {
            return kind + "(" + psn + ")" + (number > 1 ? "#" + number : "");
        }
    }
}
