package org.rdmacheck.model.iofd;

/**
 * A packet of an RDMA message in flight: its flow (message), its position in the message (0 is
 * the first packet, {@code packets-1} the last; the others are middle packets) and the
 * deflection tokens left in its header (seed 000 §IV-A).
 *
 * @param flow   flow (message) index
 * @param seq    packet index within the message
 * @param tokens deflection tokens left
 */
public record Packet(int flow, int seq, int tokens) {
}
