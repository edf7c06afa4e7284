package org.rdmacheck.model.iofd;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Topology;

/**
 * The network as the IOFD model needs it: output queues (arcs leaving a switch), ToRs, the
 * switches that may fail, and the ECMP normal path of every flow for every set of failed switches
 * (precomputed, so the object is immutable and shared by all exploring threads).
 *
 * <p>ECMP (seed 000 §VI-A) picks, among the next hops on shortest live paths to the destination,
 * the one with the least {@link #ecmpHash}: rendezvous hashing, so a failure moves only the flows
 * whose chosen next hop failed. Hosts are never transit nodes. The TLA+ twin computes the same.
 */
public final class Fabric {

    private final Topology topology;
    private final List<Flow> flows;
    private final int[] queueArc;
    private final int[] queueOfArc;
    private final int[] switchNode;
    private final int[] switchOfNode;
    private final boolean[] tor;
    private final int[] failable;
    private final Map<List<Integer>, int[][]> normal = new HashMap<>();

    /**
     * @param topology    the network (hosts are its nodes of role HOST)
     * @param flows       the messages
     * @param maxFailures failures the model allows; every failure set up to that size must leave
     *                    each flow's hosts connected
     * @throws InputException if a flow's hosts are not hosts or a failure can disconnect a flow
     */
    public Fabric(Topology topology, List<Flow> flows, int maxFailures) {
        this.topology = topology;
        this.flows = List.copyOf(flows);
        int n = topology.nodeCount();
        List<Integer> sw = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            if (!topology.isHost(v)) {
                sw.add(v);
            }
        }
        switchNode = sw.stream().mapToInt(Integer::intValue).toArray();
        switchOfNode = new int[n];
        Arrays.fill(switchOfNode, -1);
        for (int i = 0; i < switchNode.length; i++) {
            switchOfNode[switchNode[i]] = i;
        }
        queueOfArc = new int[topology.arcCount()];
        Arrays.fill(queueOfArc, -1);
        List<Integer> qs = new ArrayList<>();
        for (int a = 0; a < topology.arcCount(); a++) {
            if (!topology.isHost(topology.arcFrom(a))) {
                queueOfArc[a] = qs.size();
                qs.add(a);
            }
        }
        queueArc = qs.stream().mapToInt(Integer::intValue).toArray();
        tor = new boolean[n];
        for (int a = 0; a < topology.arcCount(); a++) {
            if (topology.isHost(topology.arcFrom(a))) {
                tor[topology.arcTo(a)] = true;
            }
        }
        List<Integer> fl = new ArrayList<>();
        for (int v : switchNode) {
            if (!tor[v]) {
                fl.add(v);
            }
        }
        failable = fl.stream().mapToInt(Integer::intValue).toArray();
        for (Flow f : flows) {
            if (!topology.isHost(f.src()) || !topology.isHost(f.dst()) || torOf(f.src()) < 0) {
                throw new InputException("flow " + f + ": expected two hosts attached to a switch of " + topology.name());
            }
        }
        buildRoutes(new ArrayList<>(), 0, maxFailures);
    }

    private void buildRoutes(List<Integer> failed, int from, int maxFailures) {
        normal.put(List.copyOf(failed), routes(failed));
        if (failed.size() == maxFailures) {
            return;
        }
        for (int i = from; i < failable.length; i++) {
            failed.add(failable[i]);
            buildRoutes(failed, i + 1, maxFailures);
            failed.remove(failed.size() - 1);
        }
    }

    private int[][] routes(List<Integer> failed) {
        int[][] r = new int[switchNode.length][flows.size()];
        for (int f = 0; f < flows.size(); f++) {
            int dst = flows.get(f).dst();
            int[] dist = distancesTo(dst, failed);
            if (dist[torOf(flows.get(f).src())] < 0) {
                throw new InputException("failures: failing switches " + names(failed) + " disconnects flow "
                        + flows.get(f) + " in " + topology.name() + "; lower failures or add spines");
            }
            for (int s = 0; s < switchNode.length; s++) {
                r[s][f] = dist[switchNode[s]] < 0 || failed.contains(switchNode[s]) ? -1
                        : ecmpChoice(switchNode[s], f, dist);
            }
        }
        return r;
    }

    private int ecmpChoice(int s, int flow, int[] dist) {
        int best = -1;
        long bestKey = Long.MAX_VALUE;
        for (int p = 0; p < topology.degree(s); p++) {
            int arc = topology.arcAt(s, p);
            int m = topology.arcTo(arc);
            if (dist[m] >= 0 && dist[m] == dist[s] - 1) {
                long key = ecmpHash(flow, s, m) * 100_000L + m;
                if (key < bestKey) {
                    bestKey = key;
                    best = arc;
                }
            }
        }
        return best;
    }

    /**
     * The ECMP hash; the TLA+ twin uses the same formula.
     *
     * @param flow flow index
     * @param sw   switch node id
     * @param next candidate next-hop node id
     * @return a value in [0, 97)
     */
    public static int ecmpHash(int flow, int sw, int next) {
        return (flow * 37 + sw * 11 + next * 53) % 97;
    }

    /** Hop distances to {@code dst} over live switches; hosts other than dst are not transit; -1 = unreachable. */
    private int[] distancesTo(int dst, List<Integer> failed) {
        return topology.distancesTo(dst, (arc, to) -> !topology.isHost(to) && !failed.contains(to));
    }

    private String names(List<Integer> nodes) {
        return nodes.stream().map(topology::nodeName).toList().toString();
    }

    /** @return the topology */
    public Topology topology() {
        return topology;
    }

    /** @return the flows */
    public List<Flow> flows() {
        return flows;
    }

    /** @return number of output queues */
    public int queueCount() {
        return queueArc.length;
    }

    /**
     * @param q queue index
     * @return the arc it feeds
     */
    public int queueArc(int q) {
        return queueArc[q];
    }

    /**
     * @param arc an arc
     * @return its queue index, or -1 if it leaves a host
     */
    public int queueOfArc(int arc) {
        return queueOfArc[arc];
    }

    /** @return number of switches */
    public int switchCount() {
        return switchNode.length;
    }

    /**
     * @param i switch index
     * @return its node id
     */
    public int switchNode(int i) {
        return switchNode[i];
    }

    /**
     * @param node a node id
     * @return its switch index, or -1 for a host
     */
    public int switchOfNode(int node) {
        return switchOfNode[node];
    }

    /**
     * @param node a node id
     * @return whether it is a ToR (a switch with hosts attached)
     */
    public boolean isTor(int node) {
        return tor[node];
    }

    /**
     * @param host a host
     * @return its ToR, or -1 if it has none
     */
    public int torOf(int host) {
        return topology.degree(host) == 0 ? -1 : topology.neighbor(host, 0);
    }

    /** @return the switches that may fail (every switch but the ToRs), ascending */
    public int[] failable() {
        return failable.clone();
    }

    /**
     * @param failed failed switches, ascending
     * @param sw     a live switch's node id
     * @param flow   flow index
     * @return the arc ECMP forwards the flow on at that switch
     */
    public int normalArc(List<Integer> failed, int sw, int flow) {
        return normal.get(failed)[switchOfNode[sw]][flow];
    }

    /** @return every failure set the model allows (each ascending), with the ECMP arcs under it */
    Map<List<Integer>, int[][]> normalRoutes() {
        return java.util.Collections.unmodifiableMap(normal);
    }
}
