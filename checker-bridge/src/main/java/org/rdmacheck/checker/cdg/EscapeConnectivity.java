package org.rdmacheck.checker.cdg;

import java.util.Arrays;
import org.rdmacheck.model.topology.Topology;

/**
 * Duato's first condition: the escape sub-function is connected, i.e. from every switch a packet
 * entering the escape lane has an escape route to every destination. For an up*&#47;down* escape
 * lane this is computed with bitsets over destination classes, in two sweeps over the topology
 * layer's up*&#47;down* order ({@link org.rdmacheck.model.topology.UpDown}, through {@link Fabric}):
 * switches that reach a destination going only down, then switches that reach such a switch going
 * only up. It answers, for all destinations at once, whether {@code UpDown.Routes#upDown} is finite:
 * O(arcs x destinations / 64) word operations, about 26 M for k=64.
 */
public final class EscapeConnectivity {

    /**
     * @param connected whether every switch reaches every host on the escape lane
     * @param from      a switch that cannot (or -1)
     * @param to        a host it cannot reach (or -1)
     */
    public record Result(boolean connected, int from, int to) {
    }

    private EscapeConnectivity() {
    }

    /**
     * @param fabric    the fabric
     * @param rerouting the escape lane's rerouting
     * @return whether the escape lane is connected, with a witness pair if not
     */
    public static Result check(Fabric fabric, LanePolicy.Rerouting rerouting) {
        Topology topo = fabric.topology();
        for (int h = 0; h < topo.nodeCount(); h++) {
            if (topo.isHost(h) && !attached(fabric, h)) {
                return new Result(false, topo.neighbor(h, 0), h);
            }
        }
        if (rerouting != LanePolicy.Rerouting.VALLEY_FREE) {
            return surviving(fabric);
        }
        return valleyFree(fabric);
    }

    private static boolean attached(Fabric fabric, int host) {
        Topology topo = fabric.topology();
        for (int p = 0; p < topo.degree(host); p++) {
            if (!fabric.isFailed(topo.arcAt(host, p))) {
                return true;
            }
        }
        return false;
    }

    private static Result surviving(Fabric fabric) {
        Topology topo = fabric.topology();
        int[] targets = Destinations.targets(topo);
        DestinationTables t = new DestinationTables(fabric, targets[0]);
        for (int n = 0; n < topo.nodeCount(); n++) {
            if (!t.reachable(n)) {
                return new Result(false, n, Destinations.firstHost(topo, targets[0]));
            }
        }
        return new Result(true, -1, -1);
    }

    private static Result valleyFree(Fabric fabric) {
        Topology topo = fabric.topology();
        int[] targets = Destinations.targets(topo);
        int words = (targets.length + 63) / 64;
        int[] row = new int[topo.nodeCount()];
        int rows = 0;
        int[] bitOf = new int[topo.nodeCount()];
        Arrays.fill(bitOf, -1);
        for (int i = 0; i < targets.length; i++) {
            bitOf[targets[i]] = i;
        }
        for (int n = 0; n < topo.nodeCount(); n++) {
            row[n] = !topo.isHost(n) || bitOf[n] >= 0 ? rows++ : -1;
        }
        long[] down = new long[rows * words];
        for (int i = 0; i < topo.nodeCount(); i++) {
            int n = fabric.nodeByRank(i);
            if (row[n] < 0) {
                continue;
            }
            if (bitOf[n] >= 0) {
                down[row[n] * words + (bitOf[n] >> 6)] |= 1L << bitOf[n];
            }
            orNeighbours(fabric, n, false, row, down, down, words);
        }
        long[] updown = down.clone();
        for (int i = topo.nodeCount() - 1; i >= 0; i--) {
            int n = fabric.nodeByRank(i);
            if (row[n] >= 0 && !topo.isHost(n)) {
                orNeighbours(fabric, n, true, row, updown, updown, words);
            }
        }
        for (int n = 0; n < topo.nodeCount(); n++) {
            if (row[n] < 0 || topo.isHost(n)) {
                continue;
            }
            for (int i = 0; i < targets.length; i++) {
                if ((updown[row[n] * words + (i >> 6)] & (1L << i)) == 0) {
                    return new Result(false, n, Destinations.firstHost(topo, targets[i]));
                }
            }
        }
        return new Result(true, -1, -1);
    }

    private static void orNeighbours(Fabric fabric, int n, boolean up, int[] row, long[] into, long[] from, int words) {
        Topology topo = fabric.topology();
        int dst = row[n] * words;
        for (int p = 0; p < topo.degree(n); p++) {
            int arc = topo.arcAt(n, p);
            int m = topo.arcTo(arc);
            if (fabric.isFailed(arc) || fabric.isUp(arc) != up || row[m] < 0 || (topo.isHost(m) && up)) {
                continue;
            }
            int src = row[m] * words;
            for (int w = 0; w < words; w++) {
                into[dst + w] |= from[src + w];
            }
        }
    }
}
