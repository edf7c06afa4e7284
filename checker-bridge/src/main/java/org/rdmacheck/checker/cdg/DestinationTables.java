package org.rdmacheck.checker.cdg;

import org.rdmacheck.model.topology.NextHops;
import org.rdmacheck.model.topology.Topology;

/**
 * The forwarding tables of every switch toward one target node, as distance arrays: valley-free
 * (up*&#47;down*) distances on the surviving links and on the intact fabric, and plain shortest
 * distances on the surviving links. Next hops are the arcs that lower the distance by one (ECMP:
 * all of them); the shortest and the spanning tree's routes are the topology layer's
 * {@link NextHops}. Hosts never forward, except that a path may end at the target host.
 */
public final class DestinationTables {

    /** Phase of an up*&#47;down* route: may still go up. */
    public static final int UP = 0;
    /** Phase of an up*&#47;down* route: has gone down, may only go down. */
    public static final int DOWN = 1;
    /** Phase of a rerouted packet: follows shortest surviving paths. */
    public static final int DETOUR = 2;

    static final int INF = Integer.MAX_VALUE / 2;

    private final Fabric fabric;
    private final Topology topo;
    private final int target;
    private final int[] vfDown;
    private final int[] vfUp;
    private final int[] inDown;
    private final int[] inUp;
    private final NextHops shortest;
    private final NextHops tree;

    /**
     * @param fabric the fabric
     * @param target the destination node (a host, or a switch standing for its hosts)
     */
    public DestinationTables(Fabric fabric, int target) {
        this.fabric = fabric;
        this.topo = fabric.topology();
        this.target = target;
        this.vfDown = downDistances(true);
        this.vfUp = upDistances(vfDown, true);
        if (fabric.failedLinks().isEmpty()) {
            this.inDown = vfDown;
            this.inUp = vfUp;
        } else {
            this.inDown = downDistances(false);
            this.inUp = upDistances(inDown, false);
        }
        this.shortest = new NextHops(topo, target, (arc, v) -> !fabric.isFailed(arc));
        this.tree = new NextHops(topo, target, (arc, v) -> !fabric.isFailed(arc) && fabric.isTreeArc(arc));
    }

    /** @return the target node */
    public int target() {
        return target;
    }

    private boolean usable(int arc, boolean surviving) {
        return !surviving || !fabric.isFailed(arc);
    }

    private int[] downDistances(boolean surviving) {
        return distancesToTarget((arc, v) -> fabric.isUp(arc) && usable(arc, surviving) && !topo.isHost(v));
    }

    /** Hop counts from the target over the accepted arcs, passing through no host but the target; INF if none. */
    private int[] distancesToTarget(Topology.ArcFilter accept) {
        int[] d = topo.distancesTo(target, accept);
        for (int i = 0; i < d.length; i++) {
            d[i] = d[i] < 0 ? INF : d[i];
        }
        return d;
    }

    private int[] upDistances(int[] down, boolean surviving) {
        int n = topo.nodeCount();
        int[] d = down.clone();
        for (int i = n - 1; i >= 0; i--) {
            int u = fabric.nodeByRank(i);
            if (topo.isHost(u)) {
                continue;
            }
            for (int p = 0; p < topo.degree(u); p++) {
                int arc = topo.arcAt(u, p);
                if (fabric.isUp(arc) && usable(arc, surviving)) {
                    d[u] = Math.min(d[u], d[topo.arcTo(arc)] + 1);
                }
            }
        }
        return d;
    }

    /**
     * Appends the next hops of a packet at {@code node} in {@code phase} to {@code out}.
     *
     * @param rerouting the lane's rerouting
     * @param node      where the packet is (not the target)
     * @param phase     {@link #UP}, {@link #DOWN} or {@link #DETOUR}
     * @param out       receives arcs
     * @return the phase after the hop: -1 for "by the arc's direction" (up -> UP, down -> DOWN),
     *         or {@link #DETOUR}
     */
    public int nextHops(LanePolicy.Rerouting rerouting, int node, int phase, IntBuffer out) {
        if (node == target || topo.isHost(node)) {
            return -1;
        }
        if (rerouting == LanePolicy.Rerouting.TREE) {
            for (int p = 0; p < topo.degree(node); p++) {
                int arc = topo.arcAt(node, p);
                if (tree.lowers(arc)) {
                    out.add(arc);
                }
            }
            return -1;
        }
        if (rerouting == LanePolicy.Rerouting.VALLEY_FREE) {
            valleyFree(node, phase, vfDown, vfUp, true, out);
            return -1;
        }
        if (phase != DETOUR) {
            int before = out.size();
            valleyFree(node, phase, inDown, inUp, false, out);
            int kept = before;
            boolean any = out.size() > before;
            for (int i = before; i < out.size(); i++) {
                if (!fabric.isFailed(out.get(i))) {
                    out.set(kept++, out.get(i));
                }
            }
            out.truncate(kept);
            if (kept > before || !any) {
                return -1;
            }
        }
        for (int p = 0; p < topo.degree(node); p++) {
            int arc = topo.arcAt(node, p);
            if (shortest.lowers(arc)) {
                out.add(arc);
            }
        }
        return DETOUR;
    }

    private void valleyFree(int node, int phase, int[] down, int[] up, boolean surviving, IntBuffer out) {
        int best = phase == DOWN ? down[node] : up[node];
        if (best >= INF) {
            return;
        }
        for (int p = 0; p < topo.degree(node); p++) {
            int arc = topo.arcAt(node, p);
            if (!usable(arc, surviving)) {
                continue;
            }
            int v = topo.arcTo(arc);
            if (fabric.isUp(arc)) {
                if (phase == UP && up[v] + 1 == best) {
                    out.add(arc);
                }
            } else if (down[node] == best && down[v] + 1 == best) {
                out.add(arc);
            }
        }
    }

    /**
     * @param node a node
     * @return whether a valley-free route on the surviving links leads from it to the target
     */
    public boolean valleyFreeReachable(int node) {
        return vfUp[node] < INF;
    }

    /**
     * @param node a node
     * @return whether the target is reachable from it over surviving links
     */
    public boolean reachable(int node) {
        return shortest.distance(node) >= 0;
    }

    /**
     * @param arc an arc
     * @return whether the intact fabric's valley-free ECMP tables use it toward the target, in
     *         either phase
     */
    public boolean intactTablesUse(int arc) {
        int u = topo.arcFrom(arc);
        int v = topo.arcTo(arc);
        if (topo.isHost(u) && u != target) {
            return false;
        }
        if (fabric.isUp(arc)) {
            return inUp[u] < INF && inUp[v] + 1 == inUp[u];
        }
        return inDown[v] < INF && inDown[v] + 1 == inDown[u] || inUp[u] == inDown[u] && inDown[v] + 1 == inUp[u];
    }
}
