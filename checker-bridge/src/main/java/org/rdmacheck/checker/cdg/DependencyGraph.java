package org.rdmacheck.checker.cdg;

/**
 * A channel dependency graph as the SCC search and the cycle finder see it: vertices
 * {@code 0..channelCount-1} are channels ({@code arc * lanes + lane}); further vertices, if any,
 * are auxiliary (the hubs of {@link ChannelGraph}). Successors are enumerated with a cursor.
 */
public interface DependencyGraph extends Digraph {

    /** @return the fabric */
    Fabric fabric();

    /** @return the routing function */
    RoutingFunction routing();

    /** @param channel a channel  @return its arc */
    default int arcOf(int channel) {
        return channel / routing().laneCount();
    }

    /** @param channel a channel  @return its lane */
    default int laneOf(int channel) {
        return channel % routing().laneCount();
    }

    /**
     * @param channel a channel
     * @return whether it can be part of a dependency (a surviving switch-to-switch arc)
     */
    @Override
    default boolean isLive(int channel) {
        int arc = arcOf(channel);
        return !fabric().isFailed(arc) && fabric().isSwitchArc(arc);
    }

    /** @param channel a channel  @return {@code A->B@VLn} */
    default String name(int channel) {
        return fabric().topology().arcName(arcOf(channel)) + "@VL" + laneOf(channel);
    }
}
