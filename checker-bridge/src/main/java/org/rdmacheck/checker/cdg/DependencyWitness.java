package org.rdmacheck.checker.cdg;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.model.topology.Topology;

/**
 * Finds a concrete packet route that creates a given channel dependency, by breadth-first search
 * over exact packet states ({@link PacketMoves}) toward candidate destinations. The turn rules of
 * {@link ChannelGraph} only over-approximate the routes, so every reported cycle edge is confirmed
 * here. Also used by the replayer to re-derive a stored cycle.
 */
public final class DependencyWitness {

    private static final int CANDIDATES = 24;
    /** Source rings searched in turn, in hops from the held channel's switch. */
    private static final int[] SOURCE_RADII = {1, 3};
    private static final int MAX_RADIUS = 3;
    private static final int CACHED_TABLES = 32;
    /** Up to this many hosts, every witness search starts from all of them (shortest routes). */
    private static final int ALL_SOURCES_HOSTS = 1024;

    /** Routing tables of recent destinations: the edges of one cycle mostly share them. */
    private final Map<Integer, DestinationTables> tables = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, DestinationTables> eldest) {
            return size() > CACHED_TABLES;
        }
    };
    private int hopsOrigin = -1;
    private int[] hops;

    private final Fabric fabric;
    private final Topology topo;
    private final PacketMoves pm;

    /**
     * @param fabric  the fabric
     * @param routing the routing function
     */
    public DependencyWitness(Fabric fabric, RoutingFunction routing) {
        this.fabric = fabric;
        this.topo = fabric.topology();
        this.pm = new PacketMoves(fabric, routing);
    }

    /**
     * @param fromArc  arc of the held channel
     * @param fromLane its lane
     * @param toArc    arc of the requested channel
     * @param toLane   its lane
     * @return a route creating the dependency, if a packet to one of the candidate destinations can
     */
    public Optional<Dependency> find(int fromArc, int fromLane, int toArc, int toLane) {
        for (int host : candidates(topo.arcTo(fromArc))) {
            Optional<Dependency> d = find(fromArc, fromLane, toArc, toLane, host);
            if (d.isPresent()) {
                return d;
            }
        }
        return Optional.empty();
    }

    /**
     * @param fromArc  arc of the held channel
     * @param fromLane its lane
     * @param toArc    arc of the requested channel
     * @param toLane   its lane
     * @param dest     the packet's destination host
     * @return a route to {@code dest} creating the dependency, if any
     */
    public Optional<Dependency> find(int fromArc, int fromLane, int toArc, int toLane, int dest) {
        DestinationTables tables = tables(dest);
        if (topo.hostCount() <= ALL_SOURCES_HOSTS) {
            // small fabric: one search from every host gives the shortest route
            return search(fromArc, fromLane, toArc, toLane, tables, h -> true);
        }
        // Large fabric: sources near the held channel first. A route creating the dependency
        // usually starts there, and a search from every host costs hosts x route length states
        // per try (k=128 fat-tree: minutes). Only if none of them has a route are all searched.
        int[] hops = hopsFrom(topo.arcFrom(fromArc));
        for (int radius : SOURCE_RADII) {
            Optional<Dependency> d = search(fromArc, fromLane, toArc, toLane, tables,
                    h -> hops[h] >= 0 && hops[h] <= radius);
            if (d.isPresent()) {
                return d;
            }
        }
        return search(fromArc, fromLane, toArc, toLane, tables, h -> hops[h] < 0 || hops[h] > MAX_RADIUS);
    }

    private Optional<Dependency> search(int fromArc, int fromLane, int toArc, int toLane, DestinationTables tables,
                                        java.util.function.IntPredicate sources) {
        Map<Long, Long> parent = new HashMap<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        pm.injections(tables, sources, s -> {
            if (parent.putIfAbsent(s, -1L - PacketMoves.INJECT) == null) {
                queue.add(s);
            }
        });
        List<long[]> moves = new ArrayList<>();
        long polls = 0;
        while (!queue.isEmpty()) {
            if ((++polls & 4095) == 0) {
                Cancellation.check();
            }
            long s = queue.poll();
            moves.clear();
            pm.moves(s, tables, moves);
            for (long[] m : moves) {
                if (pm.arcOf(s) == fromArc && pm.laneOf(s) == fromLane && pm.arcOf(m[0]) == toArc
                        && pm.laneOf(m[0]) == toLane) {
                    return Optional.of(build(s, m, parent, tables));
                }
                if (parent.putIfAbsent(m[0], s * 8 + m[1]) == null) {
                    queue.add(m[0]);
                }
            }
        }
        return Optional.empty();
    }

    private DestinationTables tables(int dest) {
        return tables.computeIfAbsent(dest, d -> new DestinationTables(fabric, d));
    }

    /** Hop distances from a node up to {@link #MAX_RADIUS} (-1 beyond), kept for the last origin. */
    private int[] hopsFrom(int origin) {
        if (origin == hopsOrigin) {
            return hops;
        }
        int[] dist = topo.distancesTo(origin, Topology.ArcFilter.ALL, MAX_RADIUS);
        hopsOrigin = origin;
        hops = dist;
        return dist;
    }

    private Dependency build(long at, long[] move, Map<Long, Long> parent, DestinationTables tables) {
        List<Hop> route = new ArrayList<>();
        long s = at;
        while (true) {
            long p = parent.get(s);
            if (p < 0) {
                route.add(hop(s, (int) (-1 - p)));
                break;
            }
            route.add(hop(s, (int) (p & 7)));
            s = p >> 3;
        }
        Collections.reverse(route);
        int index = route.size() - 1;
        route.add(hop(move[0], (int) move[1]));
        long cur = move[0];
        List<long[]> moves = new ArrayList<>();
        for (int guard = 0; guard < 4 * topo.nodeCount() && topo.arcTo(pm.arcOf(cur)) != tables.target(); guard++) {
            moves.clear();
            pm.moves(cur, tables, moves);
            long[] pick = null;
            for (long[] m : moves) {
                if (m[1] != PacketMoves.DEFLECT && (pick == null || m[1] < pick[1])) {
                    pick = m;
                }
            }
            if (pick == null) {
                break;
            }
            route.add(hop(pick[0], (int) pick[1]));
            cur = pick[0];
        }
        Hop from = route.get(index);
        Hop to = route.get(index + 1);
        return new Dependency(from.arc() + "@VL" + from.lane(), to.arc() + "@VL" + to.lane(), to.move(),
                topo.nodeName(tables.target()), route, index);
    }

    private Hop hop(long s, int move) {
        return new Hop(topo.arcName(pm.arcOf(s)), pm.laneOf(s), PacketMoves.MOVES[move]);
    }

    private Set<Integer> candidates(int node) {
        // the nearest hosts first (by hops, then by number), within four hops
        int[] dist = topo.distancesTo(node, Topology.ArcFilter.ALL, 4);
        Set<Integer> hosts = new LinkedHashSet<>();
        java.util.stream.IntStream.range(0, dist.length).filter(v -> dist[v] > 0 && topo.isHost(v)).boxed()
                .sorted(java.util.Comparator.comparingInt((Integer v) -> dist[v]).thenComparingInt(v -> v))
                .limit(CANDIDATES / 2).forEach(hosts::add);
        int stride = Math.max(1, topo.nodeCount() / CANDIDATES);
        for (int h = 0; h < topo.nodeCount() && hosts.size() < CANDIDATES; h += stride) {
            if (topo.isHost(h)) {
                hosts.add(h);
            }
        }
        return hosts;
    }
}
