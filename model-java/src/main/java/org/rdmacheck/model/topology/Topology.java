package org.rdmacheck.model.topology;

import java.util.HashMap;
import java.util.Map;
import org.rdmacheck.model.InputException;

/**
 * An immutable network topology held in flat arrays, so that a k=64 fat-tree (65,536 hosts,
 * 5,120 switches, 196,608 links) costs a few megabytes and no per-link objects.
 *
 * <p>Nodes are numbered {@code 0..nodeCount-1}, links {@code 0..linkCount-1}. Every link is
 * bidirectional and yields two <em>arcs</em> (directed links): arc {@code 2*l} goes from
 * {@link #linkA(int) linkA(l)} to {@link #linkB(int) linkB(l)}, arc {@code 2*l+1} the other way.
 * The outgoing arcs of a node are stored contiguously (compressed sparse rows); the position of an
 * arc in that list is its <em>port</em>. Iterate with
 * {@code for (int p = 0; p < t.degree(n); p++) { int arc = t.arcAt(n, p); ... }}.
 *
 * <p>Build one with {@link TopologyBuilder}, a generator ({@link FatTree}, {@link LeafSpine},
 * {@link ThreeTierClos}, {@link Ring}), {@link EdgeListReader} or {@link TopologySpecs#parse}.
 */
public final class Topology {

    private final String name;
    private final String[] nodeNames;
    private final NodeRole[] roles;
    private final int[] tiers;
    private final int[] linkA;
    private final int[] linkB;
    private final int[] adjStart;
    private final int[] adjArc;
    private final int[] arcPort;
    private final Map<String, Integer> idsByName;

    Topology(String name, String[] nodeNames, NodeRole[] roles, int[] tiers, int[] linkA, int[] linkB) {
        this.name = name;
        this.nodeNames = nodeNames;
        this.roles = roles;
        this.tiers = tiers;
        this.linkA = linkA;
        this.linkB = linkB;
        int n = nodeNames.length;
        this.adjStart = new int[n + 1];
        for (int l = 0; l < linkA.length; l++) {
            adjStart[linkA[l] + 1]++;
            adjStart[linkB[l] + 1]++;
        }
        for (int i = 0; i < n; i++) {
            adjStart[i + 1] += adjStart[i];
        }
        this.adjArc = new int[2 * linkA.length];
        this.arcPort = new int[2 * linkA.length];
        int[] fill = new int[n];
        for (int l = 0; l < linkA.length; l++) {
            place(2 * l, linkA[l], fill);
            place(2 * l + 1, linkB[l], fill);
        }
        this.idsByName = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            Interruption.check(i);
            idsByName.put(nodeNames[i], i);
        }
    }

    private void place(int arc, int from, int[] fill) {
        int port = fill[from]++;
        adjArc[adjStart[from] + port] = arc;
        arcPort[arc] = port;
    }

    /** @return the topology's name, e.g. {@code fattree:k=8} */
    public String name() {
        return name;
    }

    /** @return number of nodes (hosts and switches) */
    public int nodeCount() {
        return nodeNames.length;
    }

    /** @return number of bidirectional links */
    public int linkCount() {
        return linkA.length;
    }

    /** @return number of arcs (directed links), twice the link count */
    public int arcCount() {
        return adjArc.length;
    }

    /**
     * @param node node id
     * @return its name
     */
    public String nodeName(int node) {
        return nodeNames[node];
    }

    /**
     * @param node node id
     * @return its role
     */
    public NodeRole role(int node) {
        return roles[node];
    }

    /**
     * @param node node id
     * @return its tier (hosts 0; up*&#47;down* routing climbs tiers)
     */
    public int tier(int node) {
        return tiers[node];
    }

    /**
     * @param node node id
     * @return whether it is a host
     */
    public boolean isHost(int node) {
        return roles[node] == NodeRole.HOST;
    }

    /** @return number of hosts */
    public int hostCount() {
        int c = 0;
        for (NodeRole r : roles) {
            c += r == NodeRole.HOST ? 1 : 0;
        }
        return c;
    }

    /**
     * @param nodeName a node name
     * @return its id
     * @throws InputException if no node has that name
     */
    public int nodeId(String nodeName) {
        Integer id = idsByName.get(nodeName);
        if (id == null) {
            throw new InputException("node '" + nodeName + "': no such node in " + name);
        }
        return id;
    }

    /**
     * @param nodeName a node name
     * @return whether a node has that name
     */
    public boolean hasNode(String nodeName) {
        return idsByName.containsKey(nodeName);
    }

    /**
     * @param link link id
     * @return its first end node
     */
    public int linkA(int link) {
        return linkA[link];
    }

    /**
     * @param link link id
     * @return its second end node
     */
    public int linkB(int link) {
        return linkB[link];
    }

    /**
     * @param link link id
     * @return the link as a record
     */
    public Link link(int link) {
        return new Link(link, linkA[link], linkB[link]);
    }

    /**
     * @param link link id
     * @return {@code A-B} with the end nodes' names
     */
    public String linkName(int link) {
        return nodeNames[linkA[link]] + "-" + nodeNames[linkB[link]];
    }

    /**
     * @param node node id
     * @return its number of ports (links)
     */
    public int degree(int node) {
        return adjStart[node + 1] - adjStart[node];
    }

    /**
     * @param node node id
     * @param port port in [0, degree)
     * @return the arc leaving {@code node} through {@code port}
     */
    public int arcAt(int node, int port) {
        return adjArc[adjStart[node] + port];
    }

    /**
     * @param node node id
     * @param port port in [0, degree)
     * @return the node at the other end of that port
     */
    public int neighbor(int node, int port) {
        return arcTo(adjArc[adjStart[node] + port]);
    }

    /**
     * @param arc arc id
     * @return the node it leaves
     */
    public int arcFrom(int arc) {
        return (arc & 1) == 0 ? linkA[arc >> 1] : linkB[arc >> 1];
    }

    /**
     * @param arc arc id
     * @return the node it enters
     */
    public int arcTo(int arc) {
        return (arc & 1) == 0 ? linkB[arc >> 1] : linkA[arc >> 1];
    }

    /**
     * @param arc arc id
     * @return its port number at the node it leaves
     */
    public int arcPort(int arc) {
        return arcPort[arc];
    }

    /**
     * @param arc arc id
     * @return the arc of the same link in the opposite direction
     */
    public static int reverse(int arc) {
        return arc ^ 1;
    }

    /**
     * @param arc arc id
     * @return the link it belongs to
     */
    public static int linkOf(int arc) {
        return arc >> 1;
    }

    /**
     * @param arc arc id
     * @return {@code A->B}
     */
    public String arcName(int arc) {
        return nodeNames[arcFrom(arc)] + "->" + nodeNames[arcTo(arc)];
    }

    /**
     * @param from node id
     * @param to   node id
     * @return the arc from {@code from} to {@code to}, or -1 if they are not adjacent
     */
    public int findArc(int from, int to) {
        for (int i = adjStart[from]; i < adjStart[from + 1]; i++) {
            if (arcTo(adjArc[i]) == to) {
                return adjArc[i];
            }
        }
        return -1;
    }

    /**
     * Resolves a link written as {@code A-B} (node names, either order). Node names may
     * themselves contain '-': every split point is tried and exactly one must name two adjacent
     * nodes.
     *
     * @param text the link, e.g. {@code e0.0-a0.1}
     * @return the link id
     * @throws InputException if no link or more than one link matches
     */
    public int linkByName(String text) {
        int found = -1;
        for (int i = text.indexOf('-'); i > 0; i = text.indexOf('-', i + 1)) {
            String a = text.substring(0, i);
            String b = text.substring(i + 1);
            if (hasNode(a) && hasNode(b)) {
                int arc = findArc(nodeId(a), nodeId(b));
                if (arc >= 0) {
                    if (found >= 0 && found != linkOf(arc)) {
                        throw new InputException("link '" + text + "': ambiguous in " + name);
                    }
                    found = linkOf(arc);
                }
            }
        }
        if (found < 0) {
            throw new InputException("link '" + text + "': expected NODE-NODE naming two adjacent nodes of " + name);
        }
        return found;
    }

    /** Which arcs a breadth-first search may follow: the arc and the node it leads to. */
    @FunctionalInterface
    public interface ArcFilter {
        /**
         * @param arc an arc out of a node already reached
         * @param to  the node it leads to
         * @return whether the search may follow it
         */
        boolean accepts(int arc, int to);

        /** Every arc. */
        ArcFilter ALL = (arc, to) -> true;
    }

    /**
     * Hop counts to {@code dst}: a breadth-first search from {@code dst} over the accepted arcs,
     * expanding no host but {@code dst} (hosts do not forward). The one search behind the IOFD
     * fabric's routes, the partition simulator's ECMP and the deadlock checker's destination tables.
     *
     * @param dst    the destination node
     * @param accept which arcs the search may follow (arcs point away from {@code dst})
     * @return for each node its hop count to {@code dst}, or -1 if unreachable
     */
    public int[] distancesTo(int dst, ArcFilter accept) {
        return distancesTo(dst, accept, Integer.MAX_VALUE);
    }

    /**
     * Hop counts to {@code dst} within a radius: the search of {@link #distancesTo(int, ArcFilter)}
     * that expands no node at {@code maxHops}, for neighbourhoods of huge fabrics.
     *
     * @param dst     the destination node
     * @param accept  which arcs the search may follow (arcs point away from {@code dst})
     * @param maxHops the radius
     * @return for each node its hop count to {@code dst}, or -1 if unreachable within {@code maxHops}
     */
    public int[] distancesTo(int dst, ArcFilter accept, int maxHops) {
        int n = nodeCount();
        int[] d = new int[n];
        java.util.Arrays.fill(d, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        d[dst] = 0;
        queue[tail++] = dst;
        while (head < tail) {
            int c = queue[head++];
            if (c != dst && isHost(c) || d[c] >= maxHops) {
                continue;
            }
            for (int p = 0; p < degree(c); p++) {
                int arc = arcAt(c, p);
                int v = arcTo(arc);
                if (d[v] < 0 && accept.accepts(arc, v)) {
                    d[v] = d[c] + 1;
                    queue[tail++] = v;
                }
            }
        }
        return d;
    }

    /**
     * @param accept which arcs the tree may use
     * @return the breadth-first spanning tree from the first node of the highest tier
     */
    public SpanningTree spanningTree(ArcFilter accept) {
        return new SpanningTree(this, accept);
    }

    @Override
    public String toString() {
        return name + " (" + nodeCount() + " nodes, " + linkCount() + " links)";
    }
}
