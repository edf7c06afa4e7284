package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.rdmacheck.model.topology.SpanningTree;
import org.rdmacheck.model.topology.Topology;

/**
 * A topology with some links failed and an up*&#47;down* orientation computed on the surviving
 * links. Arrays only: {@code rank[n]} is the node's position in the orientation order (higher is
 * "up"), {@code byRank} lists nodes from lowest to highest.
 */
public final class Fabric {

    private final Topology topology;
    private final boolean[] failed;
    private final List<Integer> failedLinks;
    private final Orientation orientation;
    private final int[] rank;
    private final int[] byRank;
    private SpanningTree tree;

    /**
     * @param topology    the topology
     * @param failedLinks ids of failed links
     * @param orientation how to orient links
     */
    public Fabric(Topology topology, List<Integer> failedLinks, Orientation orientation) {
        this.topology = topology;
        this.failed = new boolean[topology.linkCount()];
        List<Integer> sorted = new ArrayList<>(failedLinks);
        Collections.sort(sorted);
        for (int l : sorted) {
            failed[l] = true;
        }
        this.failedLinks = List.copyOf(sorted);
        this.orientation = orientation;
        int n = topology.nodeCount();
        int[] level = bfsLevels();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        boolean tier = orientation == Orientation.TIER;
        Arrays.sort(order, (a, b) -> {
            if (tier && topology.tier(a) != topology.tier(b)) {
                return Integer.compare(topology.tier(a), topology.tier(b));
            }
            if (level[a] != level[b]) {
                return Integer.compare(level[b], level[a]);
            }
            return Integer.compare(b, a);
        });
        this.byRank = new int[n];
        this.rank = new int[n];
        for (int i = 0; i < n; i++) {
            byRank[i] = order[i];
            rank[order[i]] = i;
        }
    }

    private int[] bfsLevels() {
        tree = topology.spanningTree((arc, v) -> !failed[Topology.linkOf(arc)]);
        int n = topology.nodeCount();
        int[] level = new int[n];
        for (int v = 0; v < n; v++) {
            level[v] = tree.reaches(v) ? tree.level(v) : Integer.MAX_VALUE;
        }
        return level;
    }

    /**
     * @param arc an arc
     * @return whether its link belongs to the breadth-first spanning tree from the root
     */
    public boolean isTreeArc(int arc) {
        return tree.contains(topology, arc);
    }

    /** @return the topology */
    public Topology topology() {
        return topology;
    }

    /** @return the orientation */
    public Orientation orientation() {
        return orientation;
    }

    /** @return ids of failed links, ascending */
    public List<Integer> failedLinks() {
        return failedLinks;
    }

    /**
     * @param arc an arc
     * @return whether its link has failed
     */
    public boolean isFailed(int arc) {
        return failed[Topology.linkOf(arc)];
    }

    /**
     * @param arc an arc
     * @return whether it goes up (enters a node higher in the orientation order)
     */
    public boolean isUp(int arc) {
        return rank[topology.arcTo(arc)] > rank[topology.arcFrom(arc)];
    }

    /**
     * @param i position in the order, 0 = lowest
     * @return the node at that position
     */
    public int nodeByRank(int i) {
        return byRank[i];
    }

    /**
     * @param arc an arc
     * @return whether it joins two switches (only such arcs can lie on a dependency cycle)
     */
    public boolean isSwitchArc(int arc) {
        return !topology.isHost(topology.arcFrom(arc)) && !topology.isHost(topology.arcTo(arc));
    }
}
