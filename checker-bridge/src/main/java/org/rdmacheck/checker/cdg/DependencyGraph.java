package org.rdmacheck.checker.cdg;

/**
 * A channel dependency graph as the SCC search and the cycle finder see it: vertices
 * {@code 0..channelCount-1} are channels ({@code arc * lanes + lane}); further vertices, if any,
 * are auxiliary (the hubs of {@link ChannelGraph}). Successors are enumerated with a cursor.
 */
public interface DependencyGraph {

    /** @return the fabric */
    Fabric fabric();

    /** @return the routing function */
    RoutingFunction routing();

    /** @return number of channel vertices */
    int channelCount();

    /** @return number of vertices */
    int vertexCount();

    /**
     * Successor number {@code i} of a vertex, skipping non-edges.
     *
     * @param v a vertex
     * @param i cursor, starting at 0
     * @return {@code (nextCursor << 32) | successor}, or -1 when there are no more
     */
    long next(int v, int i);

    /** @param v a vertex  @return whether it is a channel */
    default boolean isChannel(int v) {
        return v < channelCount();
    }

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
    default boolean isLive(int channel) {
        int arc = arcOf(channel);
        return !fabric().isFailed(arc) && fabric().isSwitchArc(arc);
    }

    /** @param channel a channel  @return {@code A->B@VLn} */
    default String name(int channel) {
        return fabric().topology().arcName(arcOf(channel)) + "@VL" + laneOf(channel);
    }
}
