package org.rdmacheck.model.partition.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.model.topology.FatTree;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;

/** ECMP hashing, routing and the distinct-path census. */
class EcmpTest {

    private static int ip(int a, int b, int c, int d) {
        return a << 24 | b << 16 | c << 8 | d;
    }

    @Test
    void toeplitzMatchesTheRssVerificationVectors() {
        // Microsoft RSS verification suite: src 66.9.149.187:2794 -> dst 161.142.100.80:1766
        FiveTuple t = new FiveTuple(ip(66, 9, 149, 187), ip(161, 142, 100, 80), 6, 2794, 1766);
        assertEquals(0x51ccc178, EcmpHash.TOEPLITZ.hash(t, 0));
        byte[] addressesOnly = java.util.Arrays.copyOf(EcmpHash.rssInput(t), 8);
        assertEquals(0x323e8fc2, EcmpHash.toeplitz(EcmpHash.RSS_KEY, addressesOnly));
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8, 16})
    void aFatTreeHasKSquaredOverFourInterPodPathsAndKOverTwoInsideAPod(int k) {
        Topology t = FatTree.build(k);
        int last = t.hostCount() - 1;
        assertEquals((long) k * k / 4, new EcmpRouter(t, last, EcmpHash.CRC32_SEEDED).equalCostPaths(0));
        int otherTorSamePod = k / 2; // host 0 of ToR 1 in pod 0
        assertEquals(k / 2, new EcmpRouter(t, otherTorSamePod, EcmpHash.CRC32_SEEDED).equalCostPaths(0));
        assertEquals(1, new EcmpRouter(t, 1, EcmpHash.CRC32_SEEDED).equalCostPaths(0));
    }

    @Test
    void everyRouteIsAShortestPathEndingAtTheDestination() {
        Topology t = FatTree.build(8);
        int dst = t.hostCount() - 1;
        PathCensus c = new PathCensus(t, 0, dst, EcmpHash.CRC32_FMIX);
        for (List<Integer> p : c.paths(PathCensus.randomPorts(50, new Random(3)))) {
            assertEquals(7, p.size(), "host, ToR, agg, core, agg, ToR, host");
            assertEquals(0, p.get(0));
            assertEquals(dst, p.get(6));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8, 16})
    void linearHashesPolariseTheTwoUpwardTiersOfAFatTree(int k) {
        Topology t = FatTree.build(k);
        List<Integer> ports = PathCensus.randomPorts(400, new Random(k));
        for (EcmpHash h : List.of(EcmpHash.CRC32_SEEDED, EcmpHash.CRC32_UNSEEDED, EcmpHash.TOEPLITZ)) {
            int reached = new PathCensus(t, 0, t.hostCount() - 1, h).distinctPaths(ports);
            assertEquals(k / 2, reached, h + ": the aggregation and core choices coincide");
        }
        int mixed = new PathCensus(t, 0, t.hostCount() - 1, EcmpHash.CRC32_FMIX).distinctPaths(ports);
        assertEquals(k * k / 4, mixed, "a non-linear finaliser reaches every path");
    }

    @Test
    void aSingleHashingStageReachesEveryPathOfTheLeafSpine() {
        Topology t = TopologySpecs.parse("leafspine:tors=5,spines=5,hosts=4");
        List<Integer> ports = PathCensus.randomPorts(64, new Random(1));
        for (EcmpHash h : EcmpHash.values()) {
            assertEquals(5, new PathCensus(t, 0, t.hostCount() - 1, h).distinctPaths(ports), h.id());
        }
    }

    @Test
    void randomPortsTrackTheUniformExpectationWhenTheHashMixes() {
        Topology t = FatTree.build(8);
        PathCensus.Row r = new PathCensus(t, 0, t.hostCount() - 1, EcmpHash.CRC32_FMIX).row(16, 200, 5);
        assertEquals(16, r.equalCostPaths());
        assertEquals(16 * (1 - Math.pow(15.0 / 16, 16)), r.idealMean(), 1e-9);
        assertTrue(Math.abs(r.randomPortsMean() - r.idealMean()) < 0.5, r.toString());
    }
}
