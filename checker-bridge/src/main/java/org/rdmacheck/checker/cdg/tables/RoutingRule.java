package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.checker.cdg.IntBuffer;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.UpDown;

/**
 * Rules that compute forwarding tables for a subnet with some links failed. They are stated rules,
 * not what a given subnet manager does: OpenSM's engines of the same names balance ports by load
 * and break ties their own way.
 *
 * <ul>
 *   <li>{@link #MIN_HOP}: every switch forwards along a shortest path over the surviving links;
 *       among the k shortest-path ports (in port order) LID l takes the (l mod k)-th, which spreads
 *       destinations and the LIDs of one port (LMC) over the ports, as D-mod-k does.</li>
 *   <li>{@link #UP_DOWN}: links are oriented by the switches' tiers (a switch's tier is its hop
 *       distance to the nearest channel adapter; ties by breadth-first level from the highest
 *       tier, then by number: the topology layer's {@link UpDown} with {@link Orientation#TIER}, the
 *       orientation of the network model's escape lane); a switch with a path to the destination
 *       that only goes down takes the next hop of the shortest such path, otherwise it goes up
 *       toward the shortest legal (up then down) path. A route never turns from down to up, so the
 *       tables are deadlock-free on one lane; ties as for min-hop.</li>
 *   <li>{@link #DIMENSION_ORDER}: on a {@code torus:} topology, correct x first, then y, each the
 *       short way round (the positive direction on a tie).</li>
 * </ul>
 */
public enum RoutingRule {
    /** shortest paths, D-mod-k among ties */
    MIN_HOP("minhop"),
    /** up*&#47;down* by tiers, D-mod-k among ties */
    UP_DOWN("updown"),
    /** dimension-order routing on a 2D torus */
    DIMENSION_ORDER("dor");

    private final String label;

    RoutingRule(String label) {
        this.label = label;
    }

    /** @return the rule's name on the command line */
    public String label() {
        return label;
    }

    /**
     * @param text {@code minhop}, {@code updown} or {@code dor}
     * @return the rule
     */
    public static RoutingRule parse(String text) {
        for (RoutingRule r : values()) {
            if (r.label.equals(text.toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        throw new InputException("routing rule '" + text + "': expected minhop, updown or dor");
    }

    /**
     * Linear forwarding tables (one port per LID) for every LID of the subnet, switches' own
     * LIDs included (port 0).
     *
     * @param subnet the subnet
     * @param failed failed links (by link id)
     * @return the tables
     */
    public LinearForwardingTables tables(Subnet subnet, boolean[] failed) {
        LinearForwardingTables t = new LinearForwardingTables(subnet);
        forEachEntry(subnet, failed, (sw, lid, arcs) -> t.set(sw, lid, subnet.port(arcs.get(lid % arcs.size()))),
                (sw, lid) -> t.set(sw, lid, 0));
        return t;
    }

    /**
     * Next-hop tables with every equal-cost member (ECMP), for the channel-adapter LIDs.
     *
     * @param subnet the subnet
     * @param failed failed links (by link id)
     * @return the tables
     */
    public NextHopTables ecmp(Subnet subnet, boolean[] failed) {
        NextHopTables t = new NextHopTables(subnet);
        forEachEntry(subnet, failed, (sw, lid, arcs) -> t.set(sw, lid, arcs.toArray()), (sw, lid) -> { });
        return t;
    }

    private interface Entry {
        void set(int sw, int lid, IntBuffer arcs);
    }

    private interface Own {
        void set(int sw, int lid);
    }

    private void forEachEntry(Subnet subnet, boolean[] failed, Entry entry, Own own) {
        Topology topo = subnet.topology();
        UpDown oriented = this == UP_DOWN ? new UpDown(topo, Orientation.TIER, arc -> !failed[Topology.linkOf(arc)]) : null;
        int[][] coords = this == DIMENSION_ORDER ? torusCoordinates(topo) : null;
        IntBuffer arcs = new IntBuffer();
        for (int target = 0; target < topo.nodeCount(); target++) {
            org.rdmacheck.checker.cdg.Cancellation.check(); // a target's tables: a search of the whole fabric
            List<Integer> lids = lidsOf(subnet, target);
            if (lids.isEmpty()) {
                continue;
            }
            int[][] dist = distances(topo, failed, target, oriented);
            for (int sw = 0; sw < topo.nodeCount(); sw++) {
                if (!subnet.isSwitch(sw)) {
                    continue;
                }
                if (sw == target) {
                    for (int lid : lids) {
                        own.set(sw, lid);
                    }
                    continue;
                }
                arcs.clear();
                if (coords != null) {
                    dimensionOrder(topo, coords, sw, target, arcs);
                } else {
                    nextHops(topo, failed, oriented, dist, sw, target, arcs);
                }
                if (arcs.size() > 0) {
                    for (int lid : lids) {
                        entry.set(sw, lid, arcs);
                    }
                }
            }
        }
    }

    private static List<Integer> lidsOf(Subnet subnet, int node) {
        List<Integer> lids = new ArrayList<>();
        if (subnet.isSwitch(node)) {
            if (subnet.switchLid(node) > 0) {
                lids.add(subnet.switchLid(node));
            }
            return lids;
        }
        for (int p = 1; p <= subnet.maxPort(node); p++) {
            int i = subnet.endpointAt(node, p);
            if (i >= 0) {
                Subnet.Endpoint e = subnet.endpoints().get(i);
                for (int l = 0; l < e.lidCount(); l++) {
                    lids.add(e.baseLid() + l);
                }
            }
        }
        return lids;
    }

    /** {shortest} for min-hop; {down-only, legal up-then-down} for up*&#47;down* (the topology layer's {@link UpDown}). */
    private int[][] distances(Topology topo, boolean[] failed, int target, UpDown oriented) {
        if (this == DIMENSION_ORDER) {
            return new int[0][];
        }
        if (oriented == null) {
            return new int[][] {topo.distancesTo(target, (arc, v) -> !failed[Topology.linkOf(arc)])};
        }
        UpDown.Routes legal = oriented.toward(target, arc -> !failed[Topology.linkOf(arc)]);
        int n = topo.nodeCount();
        int[] down = new int[n];
        int[] up = new int[n];
        for (int v = 0; v < n; v++) {
            down[v] = legal.down(v);
            up[v] = legal.upDown(v);
        }
        return new int[][] {down, up};
    }

    private static void nextHops(Topology topo, boolean[] failed, UpDown oriented, int[][] dist, int sw, int target,
                                 IntBuffer out) {
        if (oriented == null) {
            candidates(topo, failed, dist[0], sw, target, arc -> true, out);
            return;
        }
        if (dist[0][sw] >= 0) {
            candidates(topo, failed, dist[0], sw, target, arc -> !oriented.isUp(arc), out);
        } else {
            candidates(topo, failed, dist[1], sw, target, oriented::isUp, out);
        }
    }

    private static void candidates(Topology topo, boolean[] failed, int[] d, int sw, int target,
                                   java.util.function.IntPredicate allowed, IntBuffer out) {
        if (d[sw] < 0) {
            return;
        }
        for (int p = 0; p < topo.degree(sw); p++) {
            int arc = topo.arcAt(sw, p);
            int v = topo.arcTo(arc);
            if (!failed[Topology.linkOf(arc)] && allowed.test(arc) && d[v] == d[sw] - 1 && d[v] >= 0
                    && (!topo.isHost(v) || v == target)) {
                out.add(arc);
            }
        }
    }

    /** Switch {@code t<x>.<y>} at {x, y}; channel adapters at their switch's coordinates. */
    private static int[][] torusCoordinates(Topology topo) {
        if (!topo.name().startsWith("torus:")) {
            throw new InputException("routing rule dor: expected a torus:x=X,y=Y topology, got " + topo.name());
        }
        int n = topo.nodeCount();
        int[][] c = new int[n + 1][];
        c[n] = new int[2];
        for (int v = 0; v < n; v++) {
            if (!topo.isHost(v)) {
                String[] xy = topo.nodeName(v).substring(1).split("\\.");
                c[v] = new int[] {Integer.parseInt(xy[0]), Integer.parseInt(xy[1])};
                c[n][0] = Math.max(c[n][0], c[v][0] + 1);
                c[n][1] = Math.max(c[n][1], c[v][1] + 1);
            }
        }
        return c;
    }

    private static void dimensionOrder(Topology topo, int[][] c, int sw, int target, IntBuffer out) {
        int dsw = topo.isHost(target) ? topo.neighbor(target, 0) : target;
        if (dsw == sw) {
            out.add(topo.findArc(sw, target));
            return;
        }
        int sizeX = c[c.length - 1][0];
        int sizeY = c[c.length - 1][1];
        int dim = c[sw][0] != c[dsw][0] ? 0 : 1;
        int size = dim == 0 ? sizeX : sizeY;
        int ahead = Math.floorMod(c[dsw][dim] - c[sw][dim], size);
        int step = ahead <= size / 2 ? 1 : -1;
        int[] want = c[sw].clone();
        want[dim] = Math.floorMod(want[dim] + step, size);
        for (int p = 0; p < topo.degree(sw); p++) {
            int v = topo.neighbor(sw, p);
            if (!topo.isHost(v) && c[v][0] == want[0] && c[v][1] == want[1]) {
                out.add(topo.arcAt(sw, p));
                return;
            }
        }
    }
}
