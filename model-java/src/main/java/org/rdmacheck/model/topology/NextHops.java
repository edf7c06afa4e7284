package org.rdmacheck.model.topology;

/**
 * The one router of the topology layer: toward one destination node, the arcs out of each node
 * that start a shortest path over the arcs a filter accepts (equal-cost multipath: every such arc,
 * in port order). Hosts never forward and are never passed through: a path may end at the
 * destination host only ({@link Topology#distancesTo}). Each client chooses among the arcs as its
 * switches do: the network model's ECMP picks one per flow by a rendezvous hash and its minimal
 * routes take every one ({@code FabricNet}), the partition simulation picks one by the five-tuple's
 * hash ({@code EcmpRouter}), the static deadlock checker's shortest and tree routes take every one
 * ({@code DestinationTables}).
 */
public final class NextHops {

    private final Topology topology;
    private final int dst;
    private final Topology.ArcFilter accept;
    private final int[] dist;

    /**
     * @param topology the network
     * @param dst      the destination node
     * @param accept   which arcs a route may use, as {@link Topology#distancesTo} takes them (pointing
     *                 away from {@code dst}; a link is usable both ways or not at all)
     */
    public NextHops(Topology topology, int dst, Topology.ArcFilter accept) {
        this.topology = topology;
        this.dst = dst;
        this.accept = accept;
        this.dist = topology.distancesTo(dst, accept);
    }

    /** @return the destination node */
    public int destination() {
        return dst;
    }

    /**
     * @param node a node
     * @return its hop count to the destination over accepted arcs, -1 if unreachable
     */
    public int distance(int node) {
        return dist[node];
    }

    /**
     * @param arc an arc
     * @return whether it starts a shortest route from its node: an accepted arc one hop closer to
     *         the destination, into a switch or the destination itself
     */
    public boolean lowers(int arc) {
        int u = topology.arcFrom(arc);
        int v = topology.arcTo(arc);
        return dist[u] > 0 && dist[v] == dist[u] - 1 && (v == dst || !topology.isHost(v))
                && accept.accepts(Topology.reverse(arc), u);
    }

    /**
     * @param node a node
     * @return the arcs out of it that start a shortest route, in port order (none at the
     *         destination or where it is unreachable; a host's own arc to its switch if it leads closer)
     */
    public int[] arcs(int node) {
        int n = 0;
        int[] out = new int[topology.degree(node)];
        for (int p = 0; p < topology.degree(node); p++) {
            int a = topology.arcAt(node, p);
            if (lowers(a)) {
                out[n++] = a;
            }
        }
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }
}
