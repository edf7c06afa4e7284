package org.rdmacheck.model.partition.sim;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.rdmacheck.model.topology.Topology;

/**
 * How many distinct paths a set of UDP source ports reaches under ECMP between two hosts (seed
 * 003, III-B: "the number of QPs is the maximum number of the possible physical paths").
 *
 * @param topology the network
 * @param src      source host
 * @param dst      destination host
 * @param hash     the switches' hash
 */
public record PathCensus(Topology topology, int src, int dst, EcmpHash hash) {

    /** First port of the dynamic range, where the consecutive port sets start. */
    public static final int FIRST_DYNAMIC_PORT = 49152;

    /**
     * One row of the census.
     *
     * @param qps               QPs (source ports)
     * @param equalCostPaths    equal-cost shortest paths between the hosts
     * @param consecutivePorts  distinct paths reached by ports 49152 .. 49152+qps-1
     * @param randomPortsMean   mean distinct paths over random port sets
     * @param idealMean         expectation for a perfectly uniform hash: P (1 - (1 - 1/P)^qps)
     */
    public record Row(int qps, long equalCostPaths, int consecutivePorts, double randomPortsMean, double idealMean) {
    }

    /** @return the IPv4 address given to a host: 10.0.0.0 plus its node id plus one */
    public static int address(int host) {
        return 0x0A000000 + host + 1;
    }

    /**
     * @param ports source ports, one per QP
     * @return the path each port's packets take
     */
    public List<List<Integer>> paths(List<Integer> ports) {
        EcmpRouter router = new EcmpRouter(topology, dst, hash);
        List<List<Integer>> out = new ArrayList<>();
        for (int port : ports) {
            out.add(router.path(src, FiveTuple.roce(address(src), address(dst), port)));
        }
        return out;
    }

    /**
     * @param ports source ports
     * @return the number of distinct paths they reach
     */
    public int distinctPaths(List<Integer> ports) {
        return new HashSet<>(paths(ports)).size();
    }

    /**
     * @param qps    QPs
     * @param trials random port sets to average over
     * @param seed   random seed
     * @return the census row
     */
    public Row row(int qps, int trials, long seed) {
        long p = new EcmpRouter(topology, dst, hash).equalCostPaths(src);
        List<Integer> consecutive = new ArrayList<>();
        for (int q = 0; q < qps; q++) {
            consecutive.add(FIRST_DYNAMIC_PORT + q);
        }
        Random rnd = new Random(seed);
        long sum = 0;
        for (int t = 0; t < trials; t++) {
            sum += distinctPaths(randomPorts(qps, rnd));
        }
        double ideal = p * (1 - Math.pow(1 - 1.0 / p, qps));
        return new Row(qps, p, distinctPaths(consecutive), trials == 0 ? Double.NaN : (double) sum / trials, ideal);
    }

    /**
     * @param n   how many
     * @param rnd randomness
     * @return n distinct random ports of the dynamic range
     */
    public static List<Integer> randomPorts(int n, Random rnd) {
        Set<Integer> ports = new java.util.LinkedHashSet<>();
        while (ports.size() < n) {
            ports.add(FIRST_DYNAMIC_PORT + rnd.nextInt(65536 - FIRST_DYNAMIC_PORT));
        }
        return new ArrayList<>(ports);
    }
}
