package org.rdmacheck.model.escapevl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.SpanningTree;
import org.rdmacheck.model.topology.Topology;

/**
 * The switch-level network of the dynamic model: the switches of a topology, the surviving
 * switch-to-switch arcs, and tree routing: the breadth-first spanning tree from the root (the
 * first switch of the highest tier), ports in order, over surviving links. Tree routing is
 * up*&#47;down* restricted to the tree, so it is deadlock-free by itself; deflection may use any
 * link. Hosts are not modelled: a packet enters at its source switch and leaves at its
 * destination switch.
 */
public final class EscapeNetwork {

    private final String name;
    private final String[] switchNames;
    private final int[] arcFrom;
    private final int[] arcTo;
    private final int[][] out;
    private final int[][] next;
    private final int[][][] shortest;

    /**
     * @param topology the topology
     * @param failed   names of failed links ({@code A-B})
     */
    public EscapeNetwork(Topology topology, List<String> failed) {
        boolean[] dead = new boolean[topology.linkCount()];
        for (String f : failed) {
            dead[topology.linkByName(f)] = true;
        }
        int[] local = new int[topology.nodeCount()];
        Arrays.fill(local, -1);
        List<String> names = new ArrayList<>();
        for (int n = 0; n < topology.nodeCount(); n++) {
            if (!topology.isHost(n)) {
                local[n] = names.size();
                names.add(topology.nodeName(n));
            }
        }
        this.name = topology.name() + (failed.isEmpty() ? "" : " fail " + String.join(",", failed));
        this.switchNames = names.toArray(new String[0]);
        int s = switchNames.length;
        List<int[]> arcs = new ArrayList<>();
        List<List<Integer>> outs = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            outs.add(new ArrayList<>());
        }
        int[][] arcIndex = new int[s][s];
        for (int[] row : arcIndex) {
            Arrays.fill(row, -1);
        }
        for (int n = 0; n < topology.nodeCount(); n++) {
            for (int p = 0; p < topology.degree(n); p++) {
                int arc = topology.arcAt(n, p);
                int m = topology.arcTo(arc);
                if (local[n] >= 0 && local[m] >= 0 && !dead[Topology.linkOf(arc)]) {
                    arcIndex[local[n]][local[m]] = arcs.size();
                    outs.get(local[n]).add(arcs.size());
                    arcs.add(new int[] {local[n], local[m]});
                }
            }
        }
        SpanningTree tree = topology.spanningTree((arc, m) -> local[m] >= 0 && !dead[Topology.linkOf(arc)]);
        int[] parentArc = new int[s];
        for (int n = 0; n < topology.nodeCount(); n++) {
            if (local[n] >= 0) {
                int up = tree.parentArc(n);
                parentArc[local[n]] = !tree.reaches(n) ? -2 : up < 0 ? -1
                        : arcIndex[local[n]][local[topology.arcTo(up)]];
            }
        }
        for (int i = 0; i < s; i++) {
            if (parentArc[i] == -2) {
                throw new InputException("escape-vl network " + name + ": switch " + switchNames[i] + " is cut off");
            }
        }
        this.arcFrom = arcs.stream().mapToInt(a -> a[0]).toArray();
        this.arcTo = arcs.stream().mapToInt(a -> a[1]).toArray();
        this.out = outs.stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
        this.next = treeNextHops(parentArc, arcIndex);
        this.shortest = shortestNextHops();
    }

    /** Per (switch, destination), the arcs that start a shortest path (breadth-first distances over the arcs). */
    private int[][][] shortestNextHops() {
        int s = switchNames.length;
        int[][] dist = new int[s][s];
        for (int d = 0; d < s; d++) {
            int[] dd = dist[d];
            Arrays.fill(dd, -1);
            dd[d] = 0;
            java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>(List.of(d));
            while (!queue.isEmpty()) {
                int n = queue.poll();
                for (int a = 0; a < arcFrom.length; a++) {
                    if (arcTo[a] == n && dd[arcFrom[a]] < 0) {
                        dd[arcFrom[a]] = dd[n] + 1;
                        queue.add(arcFrom[a]);
                    }
                }
            }
        }
        int[][][] nx = new int[s][s][];
        for (int n = 0; n < s; n++) {
            for (int d = 0; d < s; d++) {
                int want = dist[d][n] - 1;
                int[] toD = dist[d];
                nx[n][d] = n == d ? new int[0] : Arrays.stream(out[n]).filter(a -> toD[arcTo[a]] == want).toArray();
            }
        }
        return nx;
    }

    private int[][] treeNextHops(int[] parentArc, int[][] arcIndex) {
        int s = switchNames.length;
        int[][] nx = new int[s][s];
        for (int d = 0; d < s; d++) {
            List<Integer> pathUp = ancestors(d, parentArc);
            for (int n = 0; n < s; n++) {
                if (n == d) {
                    nx[n][d] = -1;
                } else if (pathUp.contains(n)) {
                    int child = pathUp.get(pathUp.indexOf(n) - 1);
                    nx[n][d] = arcIndex[n][child];
                } else {
                    nx[n][d] = parentArc[n];
                }
            }
        }
        return nx;
    }

    private List<Integer> ancestors(int d, int[] parentArc) {
        List<Integer> l = new ArrayList<>();
        for (int n = d; ; n = arcTo[parentArc[n]]) {
            l.add(n);
            if (parentArc[n] < 0) {
                return l;
            }
        }
    }

    /** @return the network's name */
    public String name() {
        return name;
    }

    /** @return number of switches */
    public int switchCount() {
        return switchNames.length;
    }

    /** @param s a switch  @return its name */
    public String switchName(int s) {
        return switchNames[s];
    }

    /**
     * @param switchName a switch name
     * @return its index
     */
    public int switchId(String switchName) {
        for (int i = 0; i < switchNames.length; i++) {
            if (switchNames[i].equals(switchName)) {
                return i;
            }
        }
        throw new InputException("switch '" + switchName + "': not in " + name);
    }

    /** @return number of surviving switch-to-switch arcs */
    public int arcCount() {
        return arcFrom.length;
    }

    /** @param a an arc  @return the switch it leaves */
    public int from(int a) {
        return arcFrom[a];
    }

    /** @param a an arc  @return the switch it enters */
    public int to(int a) {
        return arcTo[a];
    }

    /** @param a an arc  @return {@code A->B} */
    public String arcName(int a) {
        return switchNames[arcFrom[a]] + "->" + switchNames[arcTo[a]];
    }

    /** @param s a switch  @return its outgoing arcs, in port order */
    public int[] out(int s) {
        return out[s].clone();
    }

    /**
     * @param s a switch
     * @param d a destination switch, not {@code s}
     * @return the tree route's next arc
     */
    public int next(int s, int d) {
        return next[s][d];
    }

    /**
     * @param s a switch
     * @param d a destination switch, not {@code s}
     * @return every arc that starts a shortest path from {@code s} to {@code d}, in port order
     *         (minimal adaptive routing, without the tree's up*&#47;down* restriction)
     */
    public int[] shortestNext(int s, int d) {
        return shortest[s][d].clone();
    }
}
