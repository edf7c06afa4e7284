package org.rdmacheck.checker.cdg.tables;

/**
 * Which lane a packet occupies on each hop. InfiniBand: the virtual lane of a hop is
 * {@code SL2VL[in port][out port][SL]} of the switch it leaves (IBA vol. 1, 7.6.6; OpenSM's
 * {@code opensm-sl2vl.dump}), the first hop's that of the source port. RoCE: the lane is the
 * packet's priority, the same on every hop, and only lossless priorities (PFC enabled) pause.
 */
public interface LaneMap {

    /** Number of lanes a channel may have: InfiniBand's 16 VLs (VL15 is management only). */
    int LANES = 16;
    /** The management lane: a data packet mapped to it is dropped (IBA vol. 1, 7.6.6). */
    int VL15 = 15;

    /**
     * @param sw      a switch
     * @param inPort  the port the packet arrived on
     * @param outPort the port it leaves by
     * @param sl      its service level (RoCE: priority)
     * @return the lane on the outgoing link
     */
    int lane(int sw, int inPort, int outPort, int sl);

    /**
     * @param endpoint index of the source port in {@link Subnet#endpoints()}
     * @param sl       the packet's service level
     * @return the lane of its first hop
     */
    int sourceLane(int endpoint, int sl);

    /**
     * @param arc  an arc
     * @param lane a lane
     * @return whether a full buffer on this channel holds the upstream back (lossless); a lossy
     *         channel drops instead and creates no dependency
     */
    default boolean pauses(int arc, int lane) {
        return true;
    }

    /** @return how lanes are printed: {@code VL} or {@code P} */
    default String prefix() {
        return "VL";
    }

    /** SL = VL on every hop: the map of a fabric given no SL-to-VL tables. */
    LaneMap IDENTITY = new LaneMap() {
        @Override
        public int lane(int sw, int inPort, int outPort, int sl) {
            return sl;
        }

        @Override
        public int sourceLane(int endpoint, int sl) {
            return sl;
        }
    };
}
