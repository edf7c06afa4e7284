package org.rdmacheck.model.fabric;

/**
 * A packet in flight: its message (one message per flow), its index in the message (0 is the
 * first, {@code packets-1} the end packet) and the deflection tokens left in its header (seed 000
 * §IV-A).
 *
 * @param flow   flow (message) index
 * @param seq    packet index within the message
 * @param tokens deflection tokens left
 */
public record FabricPacket(int flow, int seq, int tokens) {
}
