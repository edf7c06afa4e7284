package org.rdmacheck.checker.cdg;

import org.rdmacheck.model.topology.NextHops;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.UpDown;

/**
 * The forwarding tables of every switch toward one target node: the topology layer's up*&#47;down*
 * routes ({@link UpDown.Routes}) on the surviving links and on the intact fabric, and plain shortest
 * routes on the surviving links. Next hops are the arcs that lower the distance by one (ECMP: all of
 * them); the shortest and the spanning tree's routes are the topology layer's {@link NextHops}.
 * Hosts never forward, except that a path may end at the target host.
 */
public final class DestinationTables {

    /** Phase of an up*&#47;down* route: may still go up. */
    public static final int UP = 0;
    /** Phase of an up*&#47;down* route: has gone down, may only go down. */
    public static final int DOWN = 1;
    /** Phase of a rerouted packet: follows shortest surviving paths. */
    public static final int DETOUR = 2;

    private final Fabric fabric;
    private final Topology topo;
    private final int target;
    private final UpDown.Routes surviving;
    private final UpDown.Routes intact;
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
        this.surviving = fabric.upDown().toward(target, arc -> !fabric.isFailed(arc));
        this.intact = fabric.failedLinks().isEmpty() ? surviving : fabric.upDown().toward(target, arc -> true);
        this.shortest = new NextHops(topo, target, (arc, v) -> !fabric.isFailed(arc));
        this.tree = new NextHops(topo, target, (arc, v) -> !fabric.isFailed(arc) && fabric.isTreeArc(arc));
    }

    /** @return the target node */
    public int target() {
        return target;
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
            surviving.nextArcs(node, phase == DOWN, out::add);
            return -1;
        }
        if (phase != DETOUR) {
            int before = out.size();
            intact.nextArcs(node, phase == DOWN, out::add);
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

    /**
     * @param node a node
     * @return whether a valley-free route on the surviving links leads from it to the target
     */
    public boolean valleyFreeReachable(int node) {
        return surviving.upDown(node) >= 0;
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
        return (!topo.isHost(u) || u == target) && intact.uses(arc);
    }
}
