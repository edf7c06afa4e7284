package org.rdmacheck.model.fabric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.NextHops;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.SpanningTree;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.UpDown;

/**
 * The network as the composed model needs it, precomputed for every failure it allows (so the
 * object is immutable and shared by the exploring threads): the buffered arcs (every arc leaving a
 * switch, one buffer per lane), the failure elements (every switch but the ToRs, every
 * switch-to-switch link), and per failure element the ECMP arc (VL1) and the up*&#47;down* escape
 * arc (VL0) of every flow at every switch.
 *
 * <p>ECMP picks, among next hops on shortest live paths (the topology layer's router
 * {@link NextHops}), the one with the least {@link #ecmpHash}: rendezvous hashing, so a failure moves only the flows whose chosen next hop
 * failed; the TLA+ twins compute the same. The escape route is the topology layer's
 * up*&#47;down* routing ({@link UpDown}, the orientation the static {@code deadlock} checker uses):
 * among the arcs that start a shortest legal (up*, then down*) route over live arcs, the one of least
 * {@link #ecmpHash}. Every escape path is up* then down* in one order of the nodes, so the escape
 * lane's channel dependency graph is acyclic (seed 000 §IV-B, up*&#47;down* routing [43]).
 */
public final class FabricNet {

    /** Failure element 0 is "nothing failed". */
    public static final int NONE = 0;

    private final Topology topology;
    private final List<Flow> flows;
    private final int[] bufArc;
    private final int[] bufOfArc;
    private final boolean[] tor;
    private final int[][] elemNodes;
    private final int[] elemLink;
    private final int[] failable;
    private final java.util.Map<List<Integer>, Integer> elemOf = new java.util.HashMap<>();
    private final boolean switchesOnly;
    private final int[][][] ecmp;
    private final int[][][] escape;
    /** tree routing (the escape-vl preset): per (node, flow) every arc starting a shortest live path; else null */
    private final int[][][] shortest;
    /** links failed from the start (the escape-vl preset's failed links): dead under every element */
    private final boolean[] deadLink;
    /** tree routing: per (node, destination switch) the tree route's next arc; else null */
    private final int[][] treeNext;

    /**
     * @param topology the network
     * @param flows    the messages
     * @param failures 0 or 1: whether failure elements are enumerated
     * @throws InputException if a flow is not between hosts or a single failure disconnects one
     */
    public FabricNet(Topology topology, List<Flow> flows, int failures) {
        this(topology, flows, failures, false);
    }

    /**
     * @param topology     the network
     * @param flows        the messages
     * @param failures     failures allowed
     * @param switchesOnly whether the failure elements are the sets of up to {@code failures} switches
     *                     (no ToR, no link; the IOFD preset, whose flows need only their ECMP route to
     *                     survive) rather than one switch or one link
     * @throws InputException if a flow is not between hosts or a failure disconnects one
     */
    public FabricNet(Topology topology, List<Flow> flows, int failures, boolean switchesOnly) {
        this.topology = topology;
        this.switchesOnly = switchesOnly;
        this.flows = List.copyOf(flows);
        this.shortest = null;
        this.treeNext = null;
        this.deadLink = new boolean[topology.linkCount()];
        int n = topology.nodeCount();
        tor = new boolean[n];
        bufOfArc = new int[topology.arcCount()];
        Arrays.fill(bufOfArc, -1);
        List<Integer> bufs = new ArrayList<>();
        for (int a = 0; a < topology.arcCount(); a++) {
            if (topology.isHost(topology.arcFrom(a))) {
                tor[topology.arcTo(a)] = true;
            } else {
                bufOfArc[a] = bufs.size();
                bufs.add(a);
            }
        }
        bufArc = bufs.stream().mapToInt(Integer::intValue).toArray();
        for (Flow f : flows) {
            if (!topology.isHost(f.src()) || !topology.isHost(f.dst()) || topology.degree(f.src()) == 0) {
                throw new InputException("flow " + f + ": expected two hosts attached to a switch of " + topology.name());
            }
        }
        List<Integer> fl = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            if (!topology.isHost(v) && !tor[v]) {
                fl.add(v);
            }
        }
        failable = fl.stream().mapToInt(Integer::intValue).toArray();
        List<int[]> sets = new ArrayList<>();
        List<Integer> links = new ArrayList<>();
        sets.add(new int[0]);
        links.add(-1);
        if (switchesOnly) {
            switchSets(new ArrayList<>(), 0, failures, sets, links);
        } else if (failures > 0) {
            for (int v : failable) {
                sets.add(new int[] {v});
                links.add(-1);
            }
            for (int l = 0; l < topology.linkCount(); l++) {
                if (!topology.isHost(topology.linkA(l)) && !topology.isHost(topology.linkB(l))) {
                    sets.add(new int[0]);
                    links.add(l);
                }
            }
        }
        elemNodes = sets.toArray(new int[0][]);
        elemLink = links.stream().mapToInt(Integer::intValue).toArray();
        for (int e = 0; e < elemNodes.length; e++) {
            if (elemLink[e] < 0) {
                elemOf.put(Arrays.stream(elemNodes[e]).boxed().toList(), e);
            }
        }
        List<int[]> elems = sets;
        ecmp = new int[elems.size()][][];
        escape = new int[elems.size()][][];
        for (int e = 0; e < elems.size(); e++) {
            ecmp[e] = new int[n][flows.size()];
            escape[e] = new int[n][flows.size()];
            // seed 000 §IV-B: the escape VL is the lane "guaranteed to avoid cyclic buffer
            // dependencies", by up*/down* routing [43] in one total order of the nodes: the static
            // deadlock checker's, TIER (its default) taken on the links that work, as the checker
            // takes it for the same failed link. On a Clos fabric a link's direction is its tiers',
            // whatever failed, and the shortest legal routes are the valley-free ones (ROOT would
            // orient a fat-tree's links by distance from one core and route otherwise). Ties within
            // a tier (rings, tori) go by breadth-first level from the root, then by node id, so
            // every link is up one way only; the model's earlier own rule, down by tier and up
            // otherwise, called such links up both ways. A failure drops every packet in flight,
            // so no packet mixes the routes of two elements.
            final int elem = e;
            UpDown order = new UpDown(topology, Orientation.TIER, arc -> !dead(elem, arc));
            for (int f = 0; f < flows.size(); f++) {
                routes(e, f, order);
            }
        }
    }


    /**
     * The network of the escape-vl preset (seed 000 §IV-B's dynamic escape-lane model): messages run
     * between switches (a packet enters at its source switch and leaves at its destination switch),
     * some links have failed from the start, nothing fails later, and routing is tree routing: both
     * lanes' route ({@link #ecmpArc}, {@link #escapeArc}) is the next arc on the breadth-first
     * spanning tree from the first switch of the highest tier over live switch-to-switch links
     * (up*&#47;down* restricted to the tree, deadlock-free by itself), and {@link #shortestArcs} gives
     * every arc that starts a shortest live path (minimal adaptive routing).
     *
     * @param topology    the network
     * @param flows       the messages, from a source switch to a destination switch
     * @param failedLinks names of the links failed from the start ({@code A-B})
     * @throws InputException if a failed link cuts a switch off
     */
    public FabricNet(Topology topology, List<Flow> flows, List<String> failedLinks) {
        this.topology = topology;
        this.switchesOnly = false;
        this.flows = List.copyOf(flows);
        int n = topology.nodeCount();
        this.deadLink = new boolean[topology.linkCount()];
        for (String l : failedLinks) {
            deadLink[topology.linkByName(l)] = true;
        }
        tor = new boolean[n];
        bufOfArc = new int[topology.arcCount()];
        Arrays.fill(bufOfArc, -1);
        List<Integer> bufs = new ArrayList<>();
        for (int a = 0; a < topology.arcCount(); a++) {
            if (!topology.isHost(topology.arcFrom(a))) {
                bufOfArc[a] = bufs.size();
                bufs.add(a);
            }
        }
        bufArc = bufs.stream().mapToInt(Integer::intValue).toArray();
        for (Flow f : flows) {
            if (topology.isHost(f.src()) || topology.isHost(f.dst()) || f.src() == f.dst()) {
                throw new InputException("message " + f + ": expected two different switches of " + topology.name());
            }
        }
        failable = new int[0];
        elemNodes = new int[][] {new int[0]};
        elemLink = new int[] {-1};
        elemOf.put(List.of(), NONE);
        String name = topology.name() + (failedLinks.isEmpty() ? "" : " fail " + String.join(",", failedLinks));
        SpanningTree tree = topology.spanningTree((arc, m) -> !topology.isHost(m) && !deadLink[Topology.linkOf(arc)]);
        // the tree's routes are up*/down* in the ROOT order (distance from the root): the static
        // checker's tree-* routings, which need --orientation root, route the same
        UpDown order = new UpDown(topology, Orientation.ROOT, tree);
        for (int v = 0; v < n; v++) {
            if (!topology.isHost(v) && !tree.reaches(v)) {
                throw new InputException("escape-vl network " + name + ": switch " + topology.nodeName(v)
                        + " is cut off");
            }
        }
        treeNext = new int[n][n];
        for (int d = 0; d < n; d++) {
            for (int v = 0; v < n; v++) {
                treeNext[v][d] = topology.isHost(v) || topology.isHost(d) ? -1 : order.treeArc(v, d);
            }
        }
        ecmp = new int[1][n][flows.size()];
        escape = ecmp;
        shortest = new int[n][flows.size()][];
        for (int f = 0; f < flows.size(); f++) {
            int d = flows.get(f).dst();
            NextHops hops = new NextHops(topology, d, (arc, to) -> !topology.isHost(to) && !dead(NONE, arc));
            for (int v = 0; v < n; v++) {
                ecmp[0][v][f] = treeNext[v][d];
                shortest[v][f] = topology.isHost(v) ? new int[0] : hops.arcs(v);
            }
        }
    }

    /**
     * @param node a switch
     * @param dst  another switch
     * @return the next arc of the spanning tree's route from {@code node} to {@code dst}, -1 if
     *         {@code node} is {@code dst} (tree routing only: the escape-vl preset)
     */
    public int treeArc(int node, int dst) {
        return treeNext[node][dst];
    }

    /**
     * @param node a switch, not the flow's destination
     * @param flow a flow
     * @return every arc that starts a shortest live path to the flow's destination switch, in port
     *         order (tree routing only: the escape-vl preset)
     */
    public int[] shortestArcs(int node, int flow) {
        return shortest[node][flow];
    }

    /**
     * @return the live switch-to-switch arcs, switch by switch (node order), each in port order: the
     *         numbering of arcs in the escape-vl preset's traces and its TLA+ twin
     */
    public int[] switchArcs() {
        List<Integer> l = new ArrayList<>();
        for (int v = 0; v < topology.nodeCount(); v++) {
            for (int p = 0; !topology.isHost(v) && p < topology.degree(v); p++) {
                int a = topology.arcAt(v, p);
                if (!topology.isHost(topology.arcTo(a)) && !dead(NONE, a)) {
                    l.add(a);
                }
            }
        }
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /** @return the switches in node order: the numbering of switches in the escape-vl preset's traces */
    public int[] switches() {
        return java.util.stream.IntStream.range(0, topology.nodeCount()).filter(v -> !topology.isHost(v)).toArray();
    }

    /** @return whether routes are the spanning tree's between switches (the escape-vl preset) */
    public boolean treeRouting() {
        return shortest != null;
    }

    /** The sets of up to {@code max} failable switches extending {@code chosen}, ascending, depth first. */
    private void switchSets(List<Integer> chosen, int from, int max, List<int[]> sets, List<Integer> links) {
        if (chosen.size() == max) {
            return;
        }
        for (int i = from; i < failable.length; i++) {
            chosen.add(failable[i]);
            sets.add(chosen.stream().mapToInt(Integer::intValue).toArray());
            links.add(-1);
            switchSets(chosen, i + 1, max, sets, links);
            chosen.remove(chosen.size() - 1);
        }
    }

    private void routes(int e, int f, UpDown order) {
        int dst = flows.get(f).dst();
        // a link or a switch fails as a whole, so an arc is dead exactly when its reverse is
        NextHops hops = new NextHops(topology, dst, (arc, to) -> !topology.isHost(to) && !dead(e, arc));
        UpDown.Routes legal = order.toward(dst, arc -> !dead(e, arc));
        for (int v = 0; v < topology.nodeCount(); v++) {
            ecmp[e][v][f] = topology.isHost(v) ? -1 : hashed(v, f, hops.arcs(v));
            escape[e][v][f] = topology.isHost(v) || legal.upDown(v) < 0 ? -1 : hashed(v, f, legal.nextArcs(v));
        }
        int src = topology.neighbor(flows.get(f).src(), 0);
        if (ecmp[e][src][f] < 0 || escape[e][src][f] < 0 && !switchesOnly) {
            throw new InputException("failures = " + (elemLink[e] >= 0 ? 1 : elemNodes[e].length) + ": failing "
                    + elementName(e) + " disconnects flow " + flows.get(f) + " in " + topology.name()
                    + "; lower failures or use a topology with more spines");
        }
    }

    /** ECMP: among the shortest routes' arcs, the one of least {@link #ecmpHash} (rendezvous hashing); -1 if none. */
    private int hashed(int v, int f, int[] candidates) {
        java.util.Set<Integer> ok = new java.util.HashSet<>();
        for (int a : candidates) {
            ok.add(a);
        }
        return hashed(v, f, ok::contains);
    }

    private int hashed(int v, int f, java.util.function.IntPredicate ok) {
        int best = -1;
        long bestKey = Long.MAX_VALUE;
        for (int p = 0; p < topology.degree(v); p++) {
            int a = topology.arcAt(v, p);
            if (ok.test(a)) {
                int m = topology.arcTo(a);
                long key = ecmpHash(f, v, m) * 100_000L + m;
                if (key < bestKey) {
                    bestKey = key;
                    best = a;
                }
            }
        }
        return best;
    }

    /**
     * The ECMP hash; the TLA+ twins use the same formula.
     *
     * @param flow flow index
     * @param sw   switch node id
     * @param next candidate next-hop node id
     * @return a value in [0, 97)
     */
    public static int ecmpHash(int flow, int sw, int next) {
        return (flow * 37 + sw * 11 + next * 53) % 97;
    }

    /**
     * @param e   failure element
     * @param arc an arc
     * @return whether the element's failure kills the arc
     */
    public boolean dead(int e, int arc) {
        return elemLink[e] >= 0 && Topology.linkOf(arc) == elemLink[e] || deadLink[Topology.linkOf(arc)]
                || failedNode(e, topology.arcFrom(arc)) || failedNode(e, topology.arcTo(arc));
    }

    /**
     * @param e    failure element
     * @param node a node
     * @return whether the element is that node
     */
    public boolean failedNode(int e, int node) {
        for (int v : elemNodes[e]) {
            if (v == node) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param e failure element
     * @return the failed switches, ascending (none for a failed link)
     */
    public int[] failedSwitches(int e) {
        return elemNodes[e].clone();
    }

    /**
     * @param e failure element
     * @return how many switches it fails (none for a failed link)
     */
    public int failedCount(int e) {
        return elemNodes[e].length;
    }

    /**
     * @param e failure element
     * @return the failed link, -1 for an element that fails switches (or nothing)
     */
    public int failedLink(int e) {
        return elemLink[e];
    }

    /**
     * @param switches failed switches (any order)
     * @param link     a failed link, or -1
     * @return the failure element that fails exactly these, -1 if the network has none
     */
    public int element(int[] switches, int link) {
        if (link >= 0) {
            for (int e = 0; e < elemLink.length; e++) {
                if (elemLink[e] == link && elemNodes[e].length == 0 && switches.length == 0) {
                    return e;
                }
            }
            return -1;
        }
        return elemOf.getOrDefault(Arrays.stream(switches).sorted().boxed().toList(), -1);
    }

    /** @return the switches that may fail (every switch but the ToRs), ascending */
    public int[] failable() {
        return failable.clone();
    }

    /**
     * @param e    a failure element that is a set of switches
     * @param node a failable switch not in it
     * @return the element of the set with {@code node} added, -1 if the model allows no such set
     */
    public int withFailed(int e, int node) {
        List<Integer> set = new ArrayList<>(Arrays.stream(elemNodes[e]).boxed().toList());
        set.add(node);
        set.sort(null);
        return elemOf.getOrDefault(set, -1);
    }

    /** @return number of failure elements, including {@link #NONE} */
    public int elementCount() {
        return elemNodes.length;
    }

    /**
     * @param e failure element
     * @return its name: a switch, a link {@code A-B}, or {@code none}
     */
    public String elementName(int e) {
        if (elemLink[e] >= 0) {
            return topology.linkName(elemLink[e]);
        }
        if (elemNodes[e].length == 0) {
            return "none";
        }
        return String.join("+", Arrays.stream(elemNodes[e]).mapToObj(topology::nodeName).toList());
    }

    /** @return the topology */
    public Topology topology() {
        return topology;
    }

    /** @return number of buffered arcs (each has one buffer per lane) */
    public int bufferedArcs() {
        return bufArc.length;
    }

    /**
     * @param i buffered-arc index
     * @return the arc
     */
    public int bufArc(int i) {
        return bufArc[i];
    }

    /**
     * @param arc an arc
     * @return its buffered-arc index, -1 if it leaves a host
     */
    public int bufOfArc(int arc) {
        return bufOfArc[arc];
    }

    /**
     * @param node a node
     * @return whether it is a ToR
     */
    public boolean isTor(int node) {
        return tor[node];
    }

    /**
     * @param e    failure element
     * @param node a live switch
     * @param flow flow index
     * @return the ECMP arc, -1 if none
     */
    public int ecmpArc(int e, int node, int flow) {
        return ecmp[e][node][flow];
    }

    /**
     * @param e    failure element
     * @param node a live switch
     * @param flow flow index
     * @return the up*&#47;down* escape arc, -1 if none
     */
    public int escapeArc(int e, int node, int flow) {
        return escape[e][node][flow];
    }

    /**
     * @param flow flow index
     * @return the ToR of its source
     */
    public int sourceTor(int flow) {
        return shortest != null ? flows.get(flow).src() : topology.neighbor(flows.get(flow).src(), 0);
    }
}
