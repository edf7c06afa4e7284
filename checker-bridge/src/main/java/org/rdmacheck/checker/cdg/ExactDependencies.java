package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.model.topology.Topology;

/**
 * The exact channel dependency graph: for every destination host, every packet state reachable
 * from injection is enumerated ({@link PacketMoves}) and every move between two switch-to-switch
 * channels becomes a dependency. Cost: hosts x (arcs x lanes x (tokens+1) x 3) states, so it is
 * built only for small fabrics, when the turn-rule graph of {@link ChannelGraph} is cyclic but no
 * cycle of it has concrete routes.
 */
public final class ExactDependencies implements DependencyGraph {

    /** Largest number of (destination, packet state) pairs enumerated. */
    public static final long BUDGET = 30_000_000L;

    private final Fabric fabric;
    private final RoutingFunction routing;
    private final int channels;
    private final int[] start;
    private final int[] to;

    private ExactDependencies(Fabric fabric, RoutingFunction routing, Set<Long> edges) {
        this.fabric = fabric;
        this.routing = routing;
        this.channels = fabric.topology().arcCount() * routing.laneCount();
        long[] sorted = edges.stream().mapToLong(Long::longValue).sorted().toArray();
        this.start = new int[channels + 1];
        this.to = new int[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            start[(int) (sorted[i] >>> 32) + 1]++;
            to[i] = (int) sorted[i];
        }
        for (int c = 0; c < channels; c++) {
            start[c + 1] += start[c];
        }
    }

    /**
     * @param fabric  the fabric
     * @param routing the routing function
     * @return the exact graph, or empty if it exceeds {@link #BUDGET}
     */
    public static Optional<ExactDependencies> build(Fabric fabric, RoutingFunction routing) {
        Topology topo = fabric.topology();
        PacketMoves pm = new PacketMoves(fabric, routing);
        if (pm.stateCount() * topo.hostCount() > BUDGET) {
            return Optional.empty();
        }
        Set<Long> edges = new HashSet<>();
        int lanes = routing.laneCount();
        for (int dest = 0; dest < topo.nodeCount(); dest++) {
            if (!topo.isHost(dest)) {
                continue;
            }
            Cancellation.check();
            pm.reachable(new DestinationTables(fabric, dest), (s, moves) -> {
                for (long[] m : moves) {
                    int a1 = pm.arcOf(s);
                    int a2 = pm.arcOf(m[0]);
                    if (fabric.isSwitchArc(a1) && fabric.isSwitchArc(a2)) {
                        edges.add(((long) (a1 * lanes + pm.laneOf(s)) << 32) | (a2 * lanes + pm.laneOf(m[0])));
                    }
                }
                return true;
            });
        }
        return Optional.of(new ExactDependencies(fabric, routing, edges));
    }

    @Override
    public Fabric fabric() {
        return fabric;
    }

    @Override
    public RoutingFunction routing() {
        return routing;
    }

    @Override
    public int channelCount() {
        return channels;
    }

    @Override
    public int vertexCount() {
        return channels;
    }

    /** @return number of dependencies */
    public int edgeCount() {
        return to.length;
    }

    @Override
    public long next(int v, int i) {
        int k = start[v] + i;
        return k < start[v + 1] ? ((long) (i + 1) << 32) | to[k] : -1;
    }
}
