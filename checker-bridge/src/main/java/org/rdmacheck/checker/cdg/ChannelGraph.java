package org.rdmacheck.checker.cdg;

import org.rdmacheck.model.topology.Topology;

/**
 * The channel dependency graph of a routing function, held implicitly so that a k=64 fat-tree
 * with deflection costs a few arrays and no per-edge objects.
 *
 * <p>A channel is (arc, lane), numbered {@code arc * lanes + lane}. Dependencies at a switch form
 * bicliques: every channel entering switch n on lane L in direction d (up or down) depends on the
 * same set of outgoing channels, given by turn rules: a deflecting lane allows every turn, an
 * up*&#47;down* lane forbids down-to-up turns, a permitted lane change allows every turn onto the
 * new lane. Instead of the |in| x |out| edges of each biclique, the graph has one <em>hub</em>
 * vertex per (switch, lane, direction): in-channels point to their hub, the hub points to the
 * permitted out-channels. Reachability, and hence every cycle, is the same as in the channel
 * graph, with |in| + |out| edges per hub. Turns outside the rules (down-to-up turns of the failure
 * bounce) are explicit extra edges. Arcs into hosts are omitted: hosts consume, so they lie on no
 * cycle. The turn rules over-approximate the routes (an up*&#47;down* turn may have no destination
 * using it); cycles are therefore confirmed by {@link DependencyWitness} before being reported.
 */
public final class ChannelGraph implements DependencyGraph {

    private final Fabric fabric;
    private final Topology topo;
    private final RoutingFunction routing;
    private final int lanes;
    private final int channels;
    private final int[] extraStart;
    private final int[] extraTo;

    /**
     * @param fabric  the fabric
     * @param routing the routing function
     * @param extras  explicit dependencies beyond the turn rules
     */
    public ChannelGraph(Fabric fabric, RoutingFunction routing, ExtraDependencies extras) {
        this.fabric = fabric;
        this.topo = fabric.topology();
        this.routing = routing;
        this.lanes = routing.laneCount();
        this.channels = topo.arcCount() * lanes;
        if (extras.isEmpty()) {
            this.extraStart = null;
            this.extraTo = null;
        } else {
            this.extraStart = new int[channels + 1];
            this.extraTo = extras.toCsr(channels, extraStart);
        }
    }

    /** @return the fabric */
    @Override
    public Fabric fabric() {
        return fabric;
    }

    /** @return the routing function */
    @Override
    public RoutingFunction routing() {
        return routing;
    }

    /** @return number of channel vertices (including ones that are never visited) */
    @Override
    public int channelCount() {
        return channels;
    }

    /** @return number of vertices, channels then hubs */
    @Override
    public int vertexCount() {
        return channels + topo.nodeCount() * lanes * 2;
    }

    /**
     * @param arc  an arc
     * @param lane a lane
     * @return the channel
     */
    public int channel(int arc, int lane) {
        return arc * lanes + lane;
    }

    /** @param channel a channel  @return its arc */
    @Override
    public int arcOf(int channel) {
        return channel / lanes;
    }

    /** @param channel a channel  @return its lane */
    @Override
    public int laneOf(int channel) {
        return channel % lanes;
    }

    /** @param v a vertex  @return whether it is a channel (not a hub) */
    @Override
    public boolean isChannel(int v) {
        return v < channels;
    }

    /**
     * @param channel a channel
     * @return whether it can be part of a dependency (a surviving switch-to-switch arc)
     */
    @Override
    public boolean isLive(int channel) {
        int arc = arcOf(channel);
        return !fabric.isFailed(arc) && fabric.isSwitchArc(arc);
    }

    /**
     * Successor number {@code i} of a vertex, skipping non-edges.
     *
     * @param v a vertex
     * @param i cursor, starting at 0
     * @return {@code (nextCursor << 32) | successor}, or -1 when there are no more
     */
    @Override
    public long next(int v, int i) {
        if (v < channels) {
            return nextOfChannel(v, i);
        }
        return nextOfHub(v - channels, i);
    }

    private long nextOfChannel(int c, int i) {
        int arc = arcOf(c);
        int n = topo.arcTo(arc);
        if (topo.isHost(n)) {
            return -1;
        }
        if (i == 0) {
            int hub = channels + (n * lanes + laneOf(c)) * 2 + (fabric.isUp(arc) ? 0 : 1);
            return (1L << 32) | hub;
        }
        if (extraStart == null) {
            return -1;
        }
        int k = extraStart[c] + i - 1;
        return k < extraStart[c + 1] ? ((long) (i + 1) << 32) | extraTo[k] : -1;
    }

    private long nextOfHub(int h, int i) {
        int dirDown = h & 1;
        int nl = h >> 1;
        int n = nl / lanes;
        int from = nl % lanes;
        int deg = topo.degree(n);
        for (int k = i; k < lanes * deg; k++) {
            int to = k / deg;
            int arc = topo.arcAt(n, k % deg);
            if (fabric.isFailed(arc) || topo.isHost(topo.arcTo(arc))) {
                continue;
            }
            if (permits(from, to, dirDown == 1, fabric.isUp(arc))) {
                return ((long) (k + 1) << 32) | channel(arc, to);
            }
        }
        return -1;
    }

    /**
     * The turn rules.
     *
     * @param from       lane of the incoming channel
     * @param to         lane of the outgoing channel
     * @param arrivedDown whether the incoming arc goes down
     * @param leavesUp   whether the outgoing arc goes up
     * @return whether a dependency may exist
     */
    public boolean permits(int from, int to, boolean arrivedDown, boolean leavesUp) {
        if (from != to) {
            return routing.mayChange(from, to);
        }
        if (from == routing.escapeLane() && routing.fromEscape()) {
            return false;
        }
        return routing.deflects(from) || !(arrivedDown && leavesUp);
    }

    /**
     * @param channel a channel
     * @return {@code A->B@VLn}
     */
    @Override
    public String name(int channel) {
        return topo.arcName(arcOf(channel)) + "@VL" + laneOf(channel);
    }
}
