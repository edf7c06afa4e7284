package org.rdmacheck.checker.cdg.tables;

/**
 * A network's routing state: the subnet, its forwarding tables, the lane of every hop and the
 * service level of every path. Everything the channel dependency graph of the actual routes is
 * built from.
 *
 * @param subnet     the subnet
 * @param forwarding the forwarding tables
 * @param lanes      the lane of each hop
 * @param sls        the service level (RoCE: priority) of each path
 */
public record RoutedFabric(Subnet subnet, Forwarding forwarding, LaneMap lanes, PathSl sls) {

    /**
     * @param arc  an arc
     * @param lane a lane
     * @return the channel's number, {@code arc * 16 + lane}
     */
    public static int channel(int arc, int lane) {
        return arc * LaneMap.LANES + lane;
    }

    /** @param channel a channel  @return its arc */
    public static int arcOf(int channel) {
        return channel / LaneMap.LANES;
    }

    /** @param channel a channel  @return its lane */
    public static int laneOf(int channel) {
        return channel % LaneMap.LANES;
    }

    /**
     * @param channel a channel
     * @return {@code A[p]->B[q] VLn}
     */
    public String channelName(int channel) {
        return subnet.arcName(arcOf(channel)) + " " + lanes.prefix() + laneOf(channel);
    }

    /** @return number of channel numbers (arcs x 16) */
    public int channelCount() {
        return subnet.topology().arcCount() * LaneMap.LANES;
    }
}
