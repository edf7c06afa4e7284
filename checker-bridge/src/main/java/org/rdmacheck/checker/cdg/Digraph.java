package org.rdmacheck.checker.cdg;

/**
 * A directed graph as {@link SccSearch} walks it: vertices {@code 0..vertexCount-1}, the first
 * {@code channelCount} of them channels, the rest auxiliary; successors enumerated with a cursor.
 */
public interface Digraph {

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

    /**
     * @param channel a channel
     * @return whether a search should start from it
     */
    boolean isLive(int channel);
}
