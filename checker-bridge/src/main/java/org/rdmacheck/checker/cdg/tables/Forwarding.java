package org.rdmacheck.checker.cdg.tables;

import org.rdmacheck.checker.cdg.IntBuffer;

/**
 * Destination-based forwarding: what a switch does with a packet for a destination address.
 * InfiniBand's linear forwarding tables give one port per LID ({@link LinearForwardingTables});
 * RoCE next-hop tables give ECMP members ({@link NextHopTables}).
 */
public interface Forwarding {

    /** The switch has no entry for the destination. */
    int NO_ENTRY = 0;
    /** The packet leaves by the arcs appended. */
    int FORWARD = 1;
    /** The entry names port 0: the switch itself consumes the packet. */
    int LOCAL = 2;
    /** The entry names a port with no link (down or absent). */
    int DEAD_PORT = 3;

    /**
     * @param sw  a switch
     * @param lid a destination address
     * @param out receives the arcs the packet may leave by (several for ECMP)
     * @return {@link #NO_ENTRY}, {@link #FORWARD}, {@link #LOCAL} or {@link #DEAD_PORT}
     */
    int route(int sw, int lid, IntBuffer out);
}
