package org.rdmacheck.model.topology;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Up*&#47;down* routing on a topology (Autonet; seed 000 §IV-B cites it as [43] for the escape
 * lane): an {@link Orientation} ranks the nodes in one total order, an arc is <em>up</em> when it
 * enters a higher node, and a legal route climbs zero or more up arcs and then descends zero or more
 * down arcs, never turning from down to up. Every legal route of every destination respects the
 * same order, so their channel dependencies cannot close a cycle.
 *
 * <p>The one orientation of the project: the network model's escape lane ({@code FabricNet}), the
 * static deadlock checker's valley-free and tree routes and its escape-lane connectivity, and the
 * {@code updown} table rule all orient links and compute legal distances here.
 *
 * <p>The order is computed once, over the links a predicate calls alive (the breadth-first tree from
 * the root, the first node of the highest tier, decides ties within a tier and the whole
 * {@link Orientation#ROOT} order); {@link #toward} then computes legal routes over any subset of arcs.
 */
public final class UpDown {

    private static final int INF = Integer.MAX_VALUE / 2;

    private final Topology topology;
    private final Orientation orientation;
    private final SpanningTree tree;
    private final int[] rank;
    private final int[] byRank;

    /**
     * @param topology    the network
     * @param orientation how to order the nodes
     * @param alive       the arcs of working links ({@code arc -> boolean}; a link works both ways or
     *                    not at all): the breadth-first tree that breaks ties is taken over them
     */
    public UpDown(Topology topology, Orientation orientation, IntPredicate alive) {
        this(topology, orientation, topology.spanningTree((arc, to) -> alive.test(arc)));
    }

    /**
     * @param topology    the network
     * @param orientation how to order the nodes
     * @param tree        the breadth-first tree from the root whose levels break ties
     */
    public UpDown(Topology topology, Orientation orientation, SpanningTree tree) {
        this.topology = topology;
        this.orientation = orientation;
        this.tree = tree;
        int n = topology.nodeCount();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        boolean byTier = orientation == Orientation.TIER;
        Interruption.check(0);
        Arrays.sort(order, (a, b) -> {
            if (byTier && topology.tier(a) != topology.tier(b)) {
                return Integer.compare(topology.tier(a), topology.tier(b));
            }
            if (level(a) != level(b)) {
                return Integer.compare(level(b), level(a));
            }
            return Integer.compare(b, a);
        });
        Interruption.check(0);
        this.byRank = new int[n];
        this.rank = new int[n];
        for (int i = 0; i < n; i++) {
            byRank[i] = order[i];
            rank[order[i]] = i;
        }
    }

    private int level(int node) {
        return tree.reaches(node) ? tree.level(node) : Integer.MAX_VALUE;
    }

    /** @return the network */
    public Topology topology() {
        return topology;
    }

    /** @return the orientation */
    public Orientation orientation() {
        return orientation;
    }

    /** @return the breadth-first spanning tree from the root over the working links */
    public SpanningTree tree() {
        return tree;
    }

    /**
     * @param arc an arc
     * @return whether it goes up (enters a node higher in the order)
     */
    public boolean isUp(int arc) {
        return rank[topology.arcTo(arc)] > rank[topology.arcFrom(arc)];
    }

    /**
     * @param node a node
     * @return its position in the order, 0 = lowest
     */
    public int rank(int node) {
        return rank[node];
    }

    /**
     * @param i position in the order, 0 = lowest
     * @return the node at that position
     */
    public int nodeByRank(int i) {
        return byRank[i];
    }

    /**
     * @param node a node the tree reaches
     * @param dst  another node the tree reaches
     * @return the next arc of the tree's unique path from {@code node} to {@code dst} (up to their
     *         nearest common ancestor, then down): up*&#47;down* restricted to the tree; -1 if
     *         {@code node} is {@code dst} or the tree reaches either not
     */
    public int treeArc(int node, int dst) {
        if (node == dst || !tree.reaches(node) || !tree.reaches(dst)) {
            return -1;
        }
        int child = -1;
        for (int v = dst; v >= 0; v = tree.parentArc(v) < 0 ? -1 : topology.arcTo(tree.parentArc(v))) {
            if (v == node) {
                return Topology.reverse(tree.parentArc(child));
            }
            child = v;
        }
        return tree.parentArc(node);
    }

    /**
     * The legal routes toward one destination over the arcs {@code usable} accepts (a link is usable
     * both ways or not at all). Hosts never forward; a route may end at the destination host.
     *
     * @param dst    the destination node
     * @param usable which arcs the routes may use
     * @return the routes
     */
    public Routes toward(int dst, IntPredicate usable) {
        return new Routes(dst, usable);
    }

    /**
     * Shortest legal up*&#47;down* routes toward one destination: per node the hops of the shortest
     * route that only descends ({@link #down}) and of the shortest legal one ({@link #upDown}).
     */
    public final class Routes {

        private final int dst;
        private final IntPredicate usable;
        private final int[] down;
        private final int[] upDown;

        private Routes(int dst, IntPredicate usable) {
            this.dst = dst;
            this.usable = usable;
            // a breadth-first search from dst over arcs whose reverse descends
            this.down = topology.distancesTo(dst, (arc, v) -> isUp(arc) && usable.test(arc) && !topology.isHost(v));
            for (int i = 0; i < down.length; i++) {
                down[i] = down[i] < 0 ? INF : down[i];
            }
            // one sweep from the highest node down: an up arc enters a node already final
            this.upDown = down.clone();
            for (int i = byRank.length - 1; i >= 0; i--) {
                int u = byRank[i];
                if (topology.isHost(u)) {
                    continue;
                }
                for (int p = 0; p < topology.degree(u); p++) {
                    int arc = topology.arcAt(u, p);
                    if (isUp(arc) && usable.test(arc)) {
                        upDown[u] = Math.min(upDown[u], upDown[topology.arcTo(arc)] + 1);
                    }
                }
            }
        }

        /** @return the destination node */
        public int destination() {
            return dst;
        }

        /**
         * @param node a node
         * @return hops of its shortest route to the destination that only goes down, -1 if none
         */
        public int down(int node) {
            return down[node] >= INF ? -1 : down[node];
        }

        /**
         * @param node a node
         * @return hops of its shortest legal (up*, then down*) route to the destination, -1 if none
         */
        public int upDown(int node) {
            return upDown[node] >= INF ? -1 : upDown[node];
        }

        /**
         * @param arc an arc
         * @return whether a shortest legal route takes it: a usable up arc one hop closer on a legal
         *         route, or a usable down arc one hop closer on a descending one
         */
        public boolean uses(int arc) {
            int u = topology.arcFrom(arc);
            int v = topology.arcTo(arc);
            if (!usable.test(arc)) {
                return false;
            }
            return isUp(arc) ? upDown[u] < INF && upDown[v] + 1 == upDown[u] : down[u] < INF && down[v] + 1 == down[u];
        }

        /**
         * The next hops of a packet at {@code node}: the usable arcs that start a shortest legal route
         * from where it is, in port order (every one: ECMP). A packet that has not yet gone down may
         * still go up; one that has gone down only descends.
         *
         * @param node     where the packet is (not the destination, not a host)
         * @param wentDown whether the packet's route has already taken a down arc
         * @param out      receives the arcs
         */
        public void nextArcs(int node, boolean wentDown, java.util.function.IntConsumer out) {
            int best = wentDown ? down[node] : upDown[node];
            if (best >= INF) {
                return;
            }
            for (int p = 0; p < topology.degree(node); p++) {
                int arc = topology.arcAt(node, p);
                if (!usable.test(arc)) {
                    continue;
                }
                int v = topology.arcTo(arc);
                if (isUp(arc)) {
                    if (!wentDown && upDown[v] + 1 == best) {
                        out.accept(arc);
                    }
                } else if (down[node] == best && down[v] + 1 == best) {
                    out.accept(arc);
                }
            }
        }

        /**
         * @param node where a packet enters (not the destination, not a host)
         * @return {@link #nextArcs} of a packet that has not gone down, as an array
         */
        public int[] nextArcs(int node) {
            int[] out = new int[topology.degree(node)];
            int[] n = {0};
            nextArcs(node, false, a -> out[n[0]++] = a);
            return Arrays.copyOf(out, n[0]);
        }
    }
}
