package org.rdmacheck.model.partition.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.topology.NextHops;
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
    private final NextHops hops;

    /**
     * @param topology the network
     * @param dst      destination host
     * @param hash     the switches' hash function
     */
    public EcmpRouter(Topology topology, int dst, EcmpHash hash) {
        this.topology = topology;
        this.dst = dst;
        this.hash = hash;
        this.hops = new NextHops(topology, dst, Topology.ArcFilter.ALL);
    }

    /** @return hops from a node to the destination, or {@code Integer.MAX_VALUE} if unreachable */
    int distance(int node) {
        int d = hops.distance(node);
        return d < 0 ? Integer.MAX_VALUE : d;
    }

    /**
     * @param node a node on the way
     * @return its equal-cost next hops toward the destination, in port order
     */
    public List<Integer> nextHops(int node) {
        List<Integer> out = new ArrayList<>();
        for (int a : hops.arcs(node)) {
            out.add(topology.arcTo(a));
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
        if (hops.distance(src) < 0) {
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
