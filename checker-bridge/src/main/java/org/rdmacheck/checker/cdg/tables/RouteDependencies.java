package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.rdmacheck.checker.cdg.Cancellation;
import org.rdmacheck.checker.cdg.IntBuffer;
import org.rdmacheck.model.topology.Topology;

/**
 * The VL-aware channel dependency graph of the actual routes, built per destination: for each
 * destination LID (and each SL its paths use), the forwarding tables form a tree (a DAG with
 * ECMP) toward it, walked once from every source with each channel expanded once, so the work
 * is about (destinations x channels) rather than (pairs x hops). A dependency (c1 -> c2) means a
 * packet holding channel c1 at a switch requests c2; it is kept with the first (source,
 * destination, SL) whose route creates it. Channels out of channel adapters and into them lie on
 * no cycle (adapters inject and consume) and make no dependencies; nor do lossy channels
 * ({@link LaneMap#pauses}). Routes that loop or end in a black hole are collected apart.
 */
public final class RouteDependencies {

    /** Problems kept as examples; all are counted. */
    public static final int MAX_EXAMPLES = 100;

    private final RoutedFabric fabric;
    private final IntBuffer from = new IntBuffer();
    private final IntBuffer to = new IntBuffer();
    private final IntBuffer witnessSource = new IntBuffer();
    private final IntBuffer witnessDst = new IntBuffer();
    private final IntBuffer witnessSl = new IntBuffer();
    private final List<RouteProblem> problems = new ArrayList<>();
    private final Set<Long> problemKeys = new HashSet<>();
    private long routingLoops;
    private long blackHoles;
    private long paths;
    private long destinations;

    private RouteDependencies(RoutedFabric fabric) {
        this.fabric = fabric;
    }

    /**
     * @param fabric the routing state
     * @return the dependencies of its routes
     */
    public static RouteDependencies build(RoutedFabric fabric) {
        RouteDependencies d = new RouteDependencies(fabric);
        new Walk(d).run();
        return d;
    }

    /** @return the routing state */
    public RoutedFabric fabric() {
        return fabric;
    }

    /** @return number of dependencies */
    public int count() {
        return from.size();
    }

    /** @param i a dependency  @return the channel held */
    public int from(int i) {
        return from.get(i);
    }

    /** @param i a dependency  @return the channel requested */
    public int to(int i) {
        return to.get(i);
    }

    /** @param i a dependency  @return index of the source port of a route creating it */
    public int witnessSource(int i) {
        return witnessSource.get(i);
    }

    /** @param i a dependency  @return the destination LID of that route */
    public int witnessDestination(int i) {
        return witnessDst.get(i);
    }

    /** @param i a dependency  @return the SL of that route */
    public int witnessSl(int i) {
        return witnessSl.get(i);
    }

    /** @return the first {@value #MAX_EXAMPLES} distinct problems (kind, node, destination) */
    public List<RouteProblem> problems() {
        return List.copyOf(problems);
    }

    /** @return distinct (switch, destination) routing loops */
    public long routingLoops() {
        return routingLoops;
    }

    /** @return distinct (node, destination) black holes */
    public long blackHoles() {
        return blackHoles;
    }

    /** @return (source, destination LID) paths walked */
    public long paths() {
        return paths;
    }

    /** @return destination LIDs */
    public long destinations() {
        return destinations;
    }

    private void problem(RouteProblem.Kind kind, int node, int dst, int source, int sl, RouteProblem.Cause cause) {
        long key = ((long) node << 20 | dst) << 1 | kind.ordinal();
        if (!problemKeys.add(key)) {
            return;
        }
        if (kind == RouteProblem.Kind.ROUTING_LOOP) {
            routingLoops++;
        } else {
            blackHoles++;
        }
        if (problems.size() < MAX_EXAMPLES) {
            problems.add(new RouteProblem(kind, node, dst, source, sl, cause));
        }
    }

    /** One pass over every destination; arrays stamped per (destination, SL) instead of cleared. */
    private static final class Walk {
        private final RouteDependencies d;
        private final RoutedFabric f;
        private final Subnet subnet;
        private final Topology topo;
        private final int[] visit;
        private final int[] done;
        private final long[][] seen;
        private final IntBuffer stack = new IntBuffer();
        private final IntBuffer cursor = new IntBuffer();
        private final IntBuffer succStart = new IntBuffer();
        private final IntBuffer succ = new IntBuffer();
        private final IntBuffer hops = new IntBuffer();
        private final IntBuffer next = new IntBuffer();
        private final IntBuffer firstHops = new IntBuffer();
        private int stamp;

        Walk(RouteDependencies d) {
            this.d = d;
            this.f = d.fabric;
            this.subnet = f.subnet();
            this.topo = subnet.topology();
            this.visit = new int[f.channelCount()];
            this.done = new int[f.channelCount()];
            this.seen = new long[f.channelCount()][];
        }

        void run() {
            List<Subnet.Endpoint> eps = subnet.endpoints();
            int[][] bucket = new int[LaneMap.LANES][eps.size()];
            int[] size = new int[LaneMap.LANES];
            int constant = f.sls().constant() ? f.sls().sl(0, 0) : -1;
            for (Subnet.Endpoint dst : eps) {
                for (int lid = dst.baseLid(); lid < dst.baseLid() + dst.lidCount(); lid++) {
                    Cancellation.check();
                    d.destinations++;
                    java.util.Arrays.fill(size, 0);
                    for (int s = 0; s < eps.size(); s++) {
                        Subnet.Endpoint src = eps.get(s);
                        if (src.node() == dst.node()) {
                            continue;
                        }
                        if (constant >= 0) {
                            bucket[constant][size[constant]++] = s;
                            continue;
                        }
                        // every source LID of the port (LMC > 0 gives it 2^LMC) has its own path
                        // record and SL; forwarding goes by DLID alone, so the source joins the walk of
                        // each SL its LIDs use, once
                        for (int slid = src.baseLid(); slid < src.baseLid() + src.lidCount(); slid++) {
                            int l = f.sls().sl(slid, lid);
                            if (size[l] == 0 || bucket[l][size[l] - 1] != s) {
                                bucket[l][size[l]++] = s;
                            }
                        }
                    }
                    for (int l = 0; l < LaneMap.LANES; l++) {
                        if (size[l] > 0) {
                            walk(dst.node(), lid, l, bucket[l], size[l]);
                        }
                    }
                }
            }
        }

        private void walk(int owner, int lid, int sl, int[] sources, int count) {
            stamp++;
            for (int i = 0; i < count; i++) {
                int s = sources[i];
                Subnet.Endpoint src = subnet.endpoints().get(s);
                int arc0 = subnet.arc(src.node(), src.port());
                if (arc0 < 0) {
                    continue;
                }
                d.paths++;
                int lane0 = f.lanes().sourceLane(s, sl);
                if (lane0 == LaneMap.VL15) {
                    d.problem(RouteProblem.Kind.BLACK_HOLE, src.node(), lid, s, sl, RouteProblem.Cause.VL15);
                    continue;
                }
                int u = topo.arcTo(arc0);
                if (!subnet.isSwitch(u)) {
                    int c0 = RoutedFabric.channel(arc0, lane0);
                    if (visit[c0] != stamp) {
                        dfs(c0, owner, lid, sl, s);
                    }
                    continue;
                }
                // the first hop leaves a channel adapter: it makes no dependency, so its channel is
                // not expanded on the stack; only where the packet goes from the first switch
                firstHops.clear();
                if (!forward(u, arc0, lid, sl, s, firstHops)) {
                    continue;
                }
                for (int h = 0; h < firstHops.size(); h++) {
                    int c2 = firstHops.get(h);
                    if (visit[c2] != stamp) {
                        dfs(c2, owner, lid, sl, s);
                    }
                }
            }
        }

        /**
         * The channels a packet that arrived at switch u over {@code arc} takes next; false (and a
         * black hole recorded) if the switch cannot forward it.
         */
        private boolean forward(int u, int arc, int lid, int sl, int s, IntBuffer out) {
            hops.clear();
            int status = f.forwarding().route(u, lid, hops);
            if (status != Forwarding.FORWARD) {
                d.problem(RouteProblem.Kind.BLACK_HOLE, u, lid, s, sl, status == Forwarding.NO_ENTRY
                        ? RouteProblem.Cause.NO_ENTRY : status == Forwarding.LOCAL ? RouteProblem.Cause.WRONG_LOCAL
                        : RouteProblem.Cause.DEAD_PORT);
                return false;
            }
            int inPort = subnet.port(Topology.reverse(arc));
            for (int h = 0; h < hops.size(); h++) {
                int o = hops.get(h);
                int lane = f.lanes().lane(u, inPort, subnet.port(o), sl);
                if (lane == LaneMap.VL15) {
                    d.problem(RouteProblem.Kind.BLACK_HOLE, u, lid, s, sl, RouteProblem.Cause.VL15);
                    continue;
                }
                out.add(RoutedFabric.channel(o, lane));
            }
            return true;
        }

        private void dfs(int c0, int owner, int lid, int sl, int s) {
            push(c0, owner, lid, sl, s);
            while (stack.size() > 0) {
                int top = stack.size() - 1;
                int k = cursor.get(top);
                int end = top + 1 < succStart.size() ? succStart.get(top + 1) : succ.size();
                if (succStart.get(top) + k < end) {
                    cursor.set(top, k + 1);
                    int c2 = succ.get(succStart.get(top) + k);
                    if (visit[c2] != stamp) {
                        push(c2, owner, lid, sl, s);
                    } else if (done[c2] != stamp) {
                        d.problem(RouteProblem.Kind.ROUTING_LOOP, topo.arcFrom(RoutedFabric.arcOf(c2)), lid, s, sl,
                                RouteProblem.Cause.LOOP);
                    }
                    continue;
                }
                done[stack.get(top)] = stamp;
                succ.truncate(succStart.get(top));
                stack.truncate(top);
                cursor.truncate(top);
                succStart.truncate(top);
            }
        }

        /** Visits channel c: finds where the packet goes next and records the dependencies. */
        private void push(int c, int owner, int lid, int sl, int s) {
            visit[c] = stamp;
            stack.add(c);
            cursor.add(0);
            succStart.add(succ.size());
            int arc = RoutedFabric.arcOf(c);
            int u = topo.arcTo(arc);
            if (!subnet.isSwitch(u)) {
                if (u != owner) {
                    d.problem(RouteProblem.Kind.BLACK_HOLE, u, lid, s, sl, RouteProblem.Cause.WRONG_NODE);
                }
                return;
            }
            next.clear();
            if (!forward(u, arc, lid, sl, s, next)) {
                return;
            }
            boolean fromSwitch = subnet.isSwitch(topo.arcFrom(arc)) && f.lanes().pauses(arc, RoutedFabric.laneOf(c));
            for (int h = 0; h < next.size(); h++) {
                int c2 = next.get(h);
                int out = RoutedFabric.arcOf(c2);
                int lane = RoutedFabric.laneOf(c2);
                succ.add(c2);
                if (fromSwitch && subnet.isSwitch(topo.arcTo(out)) && f.lanes().pauses(out, lane)) {
                    record(c, c2, subnet.port(out) * LaneMap.LANES + lane, u, lid, sl, s);
                }
            }
        }

        private void record(int c1, int c2, int key, int u, int lid, int sl, int s) {
            long[] bits = seen[c1];
            if (bits == null) {
                bits = new long[((subnet.portCount(u) + 1) * LaneMap.LANES + 63) >> 6];
                seen[c1] = bits;
            }
            long mask = 1L << (key & 63);
            if ((bits[key >> 6] & mask) != 0) {
                return;
            }
            bits[key >> 6] |= mask;
            d.from.add(c1);
            d.to.add(c2);
            d.witnessSource.add(s);
            d.witnessDst.add(lid);
            d.witnessSl.add(sl);
        }
    }
}
