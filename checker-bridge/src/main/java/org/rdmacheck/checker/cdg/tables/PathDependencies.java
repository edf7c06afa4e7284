package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.cdg.Cancellation;
import org.rdmacheck.checker.cdg.IntBuffer;
import org.rdmacheck.model.topology.Topology;

/**
 * The routes' dependencies path by path, on one lane, reduced to those that can lie on a cycle:
 * the dependencies inside a cyclic strongly connected component of the lane-free dependency graph.
 * A dependency outside every such component is on no cycle of any subset of the paths, so it never
 * constrains a lane assignment. Paths with the same reduced set are one group (they can always
 * share a lane); paths with an empty set are free.
 */
public final class PathDependencies {

    /**
     * Paths whose reduced dependency sets are equal.
     *
     * @param deps    the dependencies (indices into {@link #from}/{@link #to}), ascending
     * @param sources source port of each path
     * @param lids    destination LID of each path
     */
    public record Group(int[] deps, int[] sources, int[] lids) {
    }

    private final int[] from;
    private final int[] to;
    private final List<Group> groups;
    private final long paths;
    private final long looping;

    private PathDependencies(int[] from, int[] to, List<Group> groups, long paths, long looping) {
        this.looping = looping;
        this.from = from;
        this.to = to;
        this.groups = List.copyOf(groups);
        this.paths = paths;
    }

    /** @return tails of the cycle-relevant dependencies (lane-free channels: arcs) */
    public int[] from() {
        return from.clone();
    }

    /** @return heads of the cycle-relevant dependencies */
    public int[] to() {
        return to.clone();
    }

    /** @return number of cycle-relevant dependencies */
    public int count() {
        return from.length;
    }

    /** @return the groups with a non-empty set, largest set first */
    public List<Group> groups() {
        return groups;
    }

    /** @return paths left out because their own route loops */
    public long loopingPaths() {
        return looping;
    }

    /** @return paths considered */
    public long paths() {
        return paths;
    }

    /**
     * @param routes   the routing state (its lanes and SLs are ignored: every path on one lane)
     * @param maxPaths the most paths to trace
     * @return the reduced dependencies, or empty if there are more paths than that
     */
    public static Optional<PathDependencies> of(RoutedFabric routes, long maxPaths) {
        return of(routes, maxPaths, null);
    }

    /**
     * As {@link #of(RoutedFabric, long)}, reusing the routes' dependencies on their own lanes when
     * every lane pauses and no packet is dropped on VL15: the one-lane graph is then their
     * projection onto links, and need not be built again.
     *
     * @param routes   the routing state
     * @param maxPaths the most paths to trace
     * @param built    the dependencies of {@code routes} already built, or null
     * @return the reduced dependencies, or empty if there are more paths than that
     */
    public static Optional<PathDependencies> of(RoutedFabric routes, long maxPaths, RouteDependencies built) {
        Subnet s = routes.subnet();
        RoutedFabric oneLane = new RoutedFabric(s, routes.forwarding(), LaneMap.IDENTITY, PathSl.parse("0"));
        boolean projectable = built != null && !(routes.lanes() instanceof RoceLanes)
                && built.problems().stream().noneMatch(p -> p.cause() == RouteProblem.Cause.VL15);
        RouteDependencies all = projectable ? built : RouteDependencies.build(oneLane);
        int[] comp = cyclicComponentOf(all);
        if (Arrays.stream(comp).allMatch(c -> c < 0)) {
            // acyclic on one lane: no path constrains any other, nothing to trace
            return Optional.of(new PathDependencies(new int[0], new int[0], List.of(), all.paths(), 0));
        }
        long total = 0;
        for (Subnet.Endpoint e : s.endpoints()) {
            total += e.lidCount();
        }
        total *= s.endpoints().size();
        if (total > maxPaths) {
            return Optional.empty();
        }
        Map<Long, Integer> relevant = new HashMap<>();
        IntBuffer rf = new IntBuffer();
        IntBuffer rt = new IntBuffer();
        for (int i = 0; i < all.count(); i++) {
            int a = RoutedFabric.arcOf(all.from(i));
            int b = RoutedFabric.arcOf(all.to(i));
            if (comp[a] >= 0 && comp[a] == comp[b] && !relevant.containsKey(((long) a << 32) | b)) {
                relevant.put(((long) a << 32) | b, rf.size());
                rf.add(a);
                rt.add(b);
            }
        }
        Map<String, List<int[]>> bySet = new LinkedHashMap<>();
        Map<String, int[]> sets = new HashMap<>();
        long paths = 0;
        long looping = 0;
        IntBuffer deps = new IntBuffer();
        for (int d = 0; d < s.endpoints().size(); d++) {
            Subnet.Endpoint dst = s.endpoints().get(d);
            for (int lid = dst.baseLid(); lid < dst.baseLid() + dst.lidCount(); lid++) {
                Cancellation.check();
                for (int src = 0; src < s.endpoints().size(); src++) {
                    if (s.endpoints().get(src).node() == dst.node()) {
                        continue;
                    }
                    paths++;
                    deps.clear();
                    collect(oneLane, src, lid, relevant, deps);
                    if (deps.size() == 0) {
                        continue;
                    }
                    int[] set = Arrays.stream(deps.toArray()).distinct().sorted().toArray();
                    if (selfCyclic(set, rf, rt)) {
                        // a routing loop: no lane helps, and it is reported apart
                        looping++;
                        continue;
                    }
                    String key = Arrays.toString(set);
                    sets.putIfAbsent(key, set);
                    bySet.computeIfAbsent(key, k -> new ArrayList<>()).add(new int[] {src, lid});
                }
            }
        }
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<String, List<int[]>> e : bySet.entrySet()) {
            List<int[]> ps = e.getValue();
            groups.add(new Group(sets.get(e.getKey()), ps.stream().mapToInt(p -> p[0]).toArray(),
                    ps.stream().mapToInt(p -> p[1]).toArray()));
        }
        groups.sort((x, y) -> Integer.compare(y.deps().length, x.deps().length));
        return Optional.of(new PathDependencies(rf.toArray(), rt.toArray(), groups, paths, looping));
    }

    /** Whether one path's own dependencies close a cycle (its route loops), by Kahn's algorithm. */
    private static boolean selfCyclic(int[] set, IntBuffer from, IntBuffer to) {
        Map<Integer, Integer> indegree = new HashMap<>();
        for (int d : set) {
            indegree.merge(to.get(d), 1, Integer::sum);
            indegree.putIfAbsent(from.get(d), 0);
        }
        java.util.ArrayDeque<Integer> ready = new java.util.ArrayDeque<>();
        indegree.forEach((c, n) -> {
            if (n == 0) {
                ready.add(c);
            }
        });
        int removed = 0;
        while (!ready.isEmpty()) {
            int c = ready.poll();
            removed++;
            for (int d : set) {
                if (from.get(d) == c && indegree.merge(to.get(d), -1, Integer::sum) == 0) {
                    ready.add(to.get(d));
                }
            }
        }
        return removed < indegree.size();
    }

    /** Component id of every arc in a cyclic component of the lane-free graph, -1 elsewhere. */
    private static int[] cyclicComponentOf(RouteDependencies all) {
        int arcs = all.fabric().subnet().topology().arcCount();
        int[] comp = new int[arcs];
        Arrays.fill(comp, -1);
        int m = all.count();
        int[] f = new int[m];
        int[] t = new int[m];
        for (int i = 0; i < m; i++) {
            f[i] = RoutedFabric.arcOf(all.from(i));
            t[i] = RoutedFabric.arcOf(all.to(i));
        }
        int[] id = {0};
        org.rdmacheck.checker.cdg.SccSearch.search(new CreditLoops.Csr(arcs, f, t), c -> true, members -> {
            for (int v : members) {
                comp[v] = id[0];
            }
            id[0]++;
            return true;
        });
        return comp;
    }

    /** The relevant dependencies of every route from {@code src} to {@code lid} (all ECMP branches). */
    private static void collect(RoutedFabric f, int src, int lid, Map<Long, Integer> relevant, IntBuffer out) {
        Subnet s = f.subnet();
        Topology topo = s.topology();
        Subnet.Endpoint e = s.endpoints().get(src);
        int arc0 = s.arc(e.node(), e.port());
        if (arc0 < 0) {
            return;
        }
        IntBuffer stack = new IntBuffer();
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        stack.add(arc0);
        seen.add(arc0);
        IntBuffer next = new IntBuffer();
        while (stack.size() > 0) {
            int arc = stack.get(stack.size() - 1);
            stack.truncate(stack.size() - 1);
            int u = topo.arcTo(arc);
            if (!s.isSwitch(u)) {
                continue;
            }
            next.clear();
            if (f.forwarding().route(u, lid, next) != Forwarding.FORWARD) {
                continue;
            }
            for (int i = 0; i < next.size(); i++) {
                int hop = next.get(i);
                Integer dep = relevant.get(((long) arc << 32) | hop);
                if (dep != null) {
                    out.add(dep);
                }
                if (seen.add(hop)) {
                    stack.add(hop);
                }
            }
        }
    }
}
