package org.rdmacheck.model.topology;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.Predicate;

/**
 * The automorphisms of a topology: permutations of its nodes that keep every node's role and tier
 * and map links onto links (as many links between the images as between the nodes). Found by
 * backtracking over the nodes in breadth-first order from the pinned ones, so each node is placed
 * next to an already placed neighbour and adjacency prunes the candidates early; used to compare
 * configurations up to the fabric's symmetries (a stored finding and a configuration whose flows
 * are its mirror image).
 */
public final class Automorphisms {

    private final Topology topology;
    private final int n;
    private final int[][] links;

    /** @param topology the network */
    public Automorphisms(Topology topology) {
        this.topology = topology;
        this.n = topology.nodeCount();
        this.links = new int[n][n];
        for (int l = 0; l < topology.linkCount(); l++) {
            links[topology.linkA(l)][topology.linkB(l)]++;
            links[topology.linkB(l)][topology.linkA(l)]++;
        }
    }

    /** @return whether two nodes are joined by at most one link each (arcs map to arcs one to one) */
    public boolean simple() {
        for (int[] row : links) {
            for (int c : row) {
                if (c > 1) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Visits the automorphisms that agree with a partial assignment, until the visitor accepts one
     * or {@code limit} automorphisms have been visited.
     *
     * @param pinned  per node its required image, or -1 where it is free (length: the node count)
     * @param limit   the most automorphisms to visit
     * @param visitor receives each automorphism (node to image; it must not keep the array) and
     *                returns true to stop
     * @return whether the visitor accepted one
     * @throws IllegalArgumentException if {@code pinned} does not have one entry per node
     */
    public boolean search(int[] pinned, long limit, Predicate<int[]> visitor) {
        if (pinned.length != n) {
            throw new IllegalArgumentException("pinned: expected " + n + " entries, found " + pinned.length);
        }
        int[] image = new int[n];
        Arrays.fill(image, -1);
        boolean[] used = new boolean[n];
        for (int v = 0; v < n; v++) {
            int w = pinned[v];
            if (w < 0) {
                continue;
            }
            if (used[w] || !alike(v, w)) {
                return false;
            }
            image[v] = w;
            used[w] = true;
        }
        for (int v = 0; v < n; v++) {
            if (image[v] >= 0 && !consistent(v, image[v], image)) {
                return false;
            }
        }
        int[] order = order(pinned);
        long[] visited = {0};
        return place(order, 0, image, used, limit, visited, visitor);
    }

    private boolean place(int[] order, int k, int[] image, boolean[] used, long limit, long[] visited,
                          Predicate<int[]> visitor) {
        if (k == order.length) {
            visited[0]++;
            return visitor.test(image);
        }
        int v = order[k];
        if (image[v] >= 0) {
            return place(order, k + 1, image, used, limit, visited, visitor);
        }
        for (int w = 0; w < n && visited[0] < limit; w++) {
            if (used[w] || !alike(v, w) || !consistent(v, w, image)) {
                continue;
            }
            image[v] = w;
            used[w] = true;
            if (place(order, k + 1, image, used, limit, visited, visitor)) {
                return true;
            }
            image[v] = -1;
            used[w] = false;
        }
        return false;
    }

    /** Same role, tier and degree. */
    private boolean alike(int v, int w) {
        return topology.role(v) == topology.role(w) && topology.tier(v) == topology.tier(w)
                && topology.degree(v) == topology.degree(w);
    }

    /** Every placed node is joined to {@code w} by as many links as to {@code v}. */
    private boolean consistent(int v, int w, int[] image) {
        for (int u = 0; u < n; u++) {
            if (image[u] >= 0 && u != v && links[v][u] != links[w][image[u]]) {
                return false;
            }
        }
        return true;
    }

    /** The nodes in breadth-first order from the pinned ones (then from each node not yet reached). */
    private int[] order(int[] pinned) {
        int[] out = new int[n];
        int k = 0;
        boolean[] seen = new boolean[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int v = 0; v < n; v++) {
            if (pinned[v] >= 0) {
                seen[v] = true;
                queue.add(v);
            }
        }
        for (int start = 0; k < n; start++) {
            if (queue.isEmpty() && !seen[start]) {
                seen[start] = true;
                queue.add(start);
            }
            while (!queue.isEmpty()) {
                int v = queue.poll();
                out[k++] = v;
                for (int p = 0; p < topology.degree(v); p++) {
                    int u = topology.neighbor(v, p);
                    if (!seen[u]) {
                        seen[u] = true;
                        queue.add(u);
                    }
                }
            }
        }
        return out;
    }
}
