package org.rdmacheck.model.iofd;

import java.util.List;

/**
 * One routing decision a switch may take for an arriving packet.
 *
 * @param normalArc the flow's ECMP arc at the switch
 * @param out       the arc the packet is queued on
 * @param packet    the packet as queued (tokens spent if misrouted)
 * @param kind      {@link #NORMAL}, {@link #DFT_HIT}, {@link #ALLOCATE}, {@link #OVERWRITE} or
 *                  {@link #PER_PACKET}
 * @param table     the switch's deflected flow table afterwards
 */
public record Route(int normalArc, int out, Packet packet, String kind, List<DftEntry> table) {

    /** ECMP routing. */
    public static final String NORMAL = "normal";
    /** Deflected to the port a DFT entry names. */
    public static final String DFT_HIT = "dft-hit";
    /** A first packet chosen for deflection: a free DFT entry is allocated. */
    public static final String ALLOCATE = "deflect-allocate";
    /** Variant overwrite: chosen for deflection with a full DFT; an entry is overwritten. */
    public static final String OVERWRITE = "deflect-overwrite";
    /** Variant no-dft: the packet alone is deflected. */
    public static final String PER_PACKET = "deflect-packet";

    /**
     * @param kind a route kind
     * @return whether it misroutes the packet
     */
    public static boolean isDeflection(String kind) {
        return !NORMAL.equals(kind);
    }

    /**
     * @param kind a route kind
     * @return whether the switch chose to deflect (as opposed to following an existing DFT entry)
     */
    public static boolean isDeflectionChoice(String kind) {
        return ALLOCATE.equals(kind) || OVERWRITE.equals(kind) || PER_PACKET.equals(kind);
    }
}
