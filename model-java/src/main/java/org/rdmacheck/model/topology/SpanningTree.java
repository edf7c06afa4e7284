package org.rdmacheck.model.topology;

import java.util.Arrays;

/**
 * The breadth-first spanning tree of a topology from its root, the first node of the highest tier
 * (ports in order, over the arcs a filter accepts). Tree routing (up*&#47;down* on this tree) is the
 * escape lane of seed 000 §IV-B; the static deadlock checker and the dynamic escape-vl model both
 * build their trees here, through {@link UpDown}, which routes on it ({@link UpDown#treeArc}).
 */
public final class SpanningTree {

    private final int root;
    private final int[] level;
    private final int[] parentArc;

    SpanningTree(Topology t, Topology.ArcFilter accept) {
        int n = t.nodeCount();
        int r = 0;
        for (int i = 1; i < n; i++) {
            if (t.tier(i) > t.tier(r)) {
                r = i;
            }
        }
        root = r;
        level = new int[n];
        parentArc = new int[n];
        Arrays.fill(level, -1);
        Arrays.fill(parentArc, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        level[root] = 0;
        queue[tail++] = root;
        while (head < tail) {
            Interruption.check(head);
            int u = queue[head++];
            for (int p = 0; p < t.degree(u); p++) {
                int arc = t.arcAt(u, p);
                int v = t.arcTo(arc);
                if (level[v] < 0 && accept.accepts(arc, v)) {
                    level[v] = level[u] + 1;
                    parentArc[v] = Topology.reverse(arc);
                    queue[tail++] = v;
                }
            }
        }
    }

    /** @return the root */
    public int root() {
        return root;
    }

    /** @param node a node  @return whether the tree reaches it */
    public boolean reaches(int node) {
        return level[node] >= 0;
    }

    /** @param node a node  @return its depth in the tree, or -1 if the tree does not reach it */
    public int level(int node) {
        return level[node];
    }

    /** @param node a node  @return the arc from it to its parent, or -1 for the root and unreached nodes */
    public int parentArc(int node) {
        return parentArc[node];
    }

    /**
     * @param t   the topology
     * @param arc an arc
     * @return whether its link belongs to the tree
     */
    public boolean contains(Topology t, int arc) {
        return parentArc[t.arcFrom(arc)] == arc || parentArc[t.arcTo(arc)] == Topology.reverse(arc);
    }
}
