package org.rdmacheck.checker.cdg;

import org.rdmacheck.model.topology.Topology;

/**
 * Destination classes: hosts attached by one link to the same switch are routed alike up to the
 * last hop, so that switch stands for them; a multi-homed host stands for itself.
 */
final class Destinations {

    private Destinations() {
    }

    /**
     * @param topo a topology
     * @return the distinct target nodes, ascending
     */
    static int[] targets(Topology topo) {
        boolean[] is = new boolean[topo.nodeCount()];
        for (int h = 0; h < topo.nodeCount(); h++) {
            if (topo.isHost(h)) {
                is[topo.degree(h) == 1 ? topo.neighbor(h, 0) : h] = true;
            }
        }
        return java.util.stream.IntStream.range(0, is.length).filter(i -> is[i]).toArray();
    }

    /**
     * @param topo a topology
     * @param host a host
     * @return the target standing for it
     */
    static int targetOf(Topology topo, int host) {
        return topo.degree(host) == 1 ? topo.neighbor(host, 0) : host;
    }

    /**
     * @param topo   a topology
     * @param target a target node
     * @return the first host it stands for, or -1
     */
    static int firstHost(Topology topo, int target) {
        if (topo.isHost(target)) {
            return target;
        }
        for (int p = 0; p < topo.degree(target); p++) {
            int h = topo.neighbor(target, p);
            if (topo.isHost(h) && topo.degree(h) == 1) {
                return h;
            }
        }
        return -1;
    }
}
