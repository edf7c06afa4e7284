package org.rdmacheck.checker.cdg.tables;

/**
 * A route that does not deliver: it loops, or it ends in a black hole.
 *
 * @param kind     what went wrong
 * @param node     where: the switch that has no entry, names a dead port, or is revisited; the
 *                 channel adapter a packet wrongly reached
 * @param dstLid   the destination LID
 * @param source   index of a source port whose route shows it ({@link Subnet#endpoints()})
 * @param sl       the path's service level
 * @param cause    why
 */
public record RouteProblem(Kind kind, int node, int dstLid, int source, int sl, Cause cause) {

    /** What went wrong. */
    public enum Kind {
        /** the route revisits a switch (a forwarding loop) */
        ROUTING_LOOP,
        /** the destination is not reached */
        BLACK_HOLE
    }

    /** Why. */
    public enum Cause {
        /** the forwarding tables lead back to a channel already on the route */
        LOOP,
        /** the switch has no entry for the destination */
        NO_ENTRY,
        /** the entry names a port with no link */
        DEAD_PORT,
        /** the entry names port 0 (the switch itself), which does not own the LID */
        WRONG_LOCAL,
        /** the packet reached a channel adapter that does not own the LID */
        WRONG_NODE,
        /** the SL maps to VL15 (management only): the packet is dropped */
        VL15
    }
}
