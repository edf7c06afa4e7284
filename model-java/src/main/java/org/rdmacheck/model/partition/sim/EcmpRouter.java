package org.rdmacheck.model.partition.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.topology.Topology;

/**
 * ECMP forwarding over any {@link Topology} toward one destination host: every switch forwards on
 * a shortest path, choosing among its equal-cost next hops (in port order) by the hash of the
 * packet's five-tuple. Hosts other than the destination never forward.
 */
public final class EcmpRouter {

    private final Topology topology;
    private final int dst;
    private final EcmpHash hash;
    private final int[] dist;

    /**
     * @param topology the network
     * @param dst      destination host
     * @param hash     the switches' hash function
     */
    public EcmpRouter(Topology topology, int dst, EcmpHash hash) {
        this.topology = topology;
        this.dst = dst;
        this.hash = hash;
        this.dist = distancesTo(topology, dst);
    }

    private static int[] distancesTo(Topology t, int dst) {
        return java.util.Arrays.stream(t.distancesTo(dst, (arc, to) -> true))
                .map(d -> d < 0 ? Integer.MAX_VALUE : d).toArray();
    }

    /** @return hops from a node to the destination, or {@code Integer.MAX_VALUE} if unreachable */
    int distance(int node) {
        return dist[node];
    }

    /**
     * @param node a node on the way
     * @return its equal-cost next hops toward the destination, in port order
     */
    public List<Integer> nextHops(int node) {
        List<Integer> out = new ArrayList<>();
        for (int port = 0; port < topology.degree(node); port++) {
            int v = topology.neighbor(node, port);
            if (dist[v] == dist[node] - 1 && (v == dst || !topology.isHost(v))) {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * @param src   source host
     * @param tuple the packets' five-tuple
     * @return the nodes the packets visit, source first, destination last
     * @throws IllegalArgumentException if the destination is unreachable
     */
    public List<Integer> path(int src, FiveTuple tuple) {
        if (dist[src] == Integer.MAX_VALUE) {
            throw new IllegalArgumentException(topology.nodeName(dst) + " is unreachable from " + topology.nodeName(src));
        }
        List<Integer> path = new ArrayList<>(List.of(src));
        int u = src;
        while (u != dst) {
            List<Integer> hops = nextHops(u);
            u = hops.size() == 1 ? hops.get(0)
                    : hops.get(Integer.remainderUnsigned(hash.hash(tuple, u), hops.size()));
            path.add(u);
        }
        return path;
    }

    /**
     * @param src source host
     * @return the number of equal-cost shortest paths from {@code src} to the destination
     */
    public long equalCostPaths(int src) {
        long[] memo = new long[topology.nodeCount()];
        Arrays.fill(memo, -1);
        return count(src, memo);
    }

    private long count(int u, long[] memo) {
        if (u == dst) {
            return 1;
        }
        if (memo[u] >= 0) {
            return memo[u];
        }
        long n = 0;
        for (int v : nextHops(u)) {
            n = Math.addExact(n, count(v, memo));
        }
        memo[u] = n;
        return n;
    }
}
