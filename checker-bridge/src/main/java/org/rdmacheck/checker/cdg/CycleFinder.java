package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Extracts a realizable dependency cycle from a cyclic component: breadth-first search for the
 * shortest cycle through an offending channel, then a route for every edge
 * ({@link DependencyWitness}); an edge with no route is excluded and the search repeats.
 */
public final class CycleFinder {

    private static final int MAX_REJECTIONS = 200;
    private static final int MAX_STARTS = 16;

    private final DependencyGraph g;
    private final DependencyWitness witness;
    private final Set<Long> rejected = new HashSet<>();

    /**
     * @param g the graph
     */
    public CycleFinder(DependencyGraph g) {
        this.g = g;
        this.witness = new DependencyWitness(g.fabric(), g.routing());
    }

    /**
     * @param component the cyclic component's vertices
     * @param offending which channels the cycle must contain
     * @return a cycle whose every dependency has a route, if one is found
     */
    public Optional<List<Dependency>> find(int[] component, IntPredicate offending) {
        boolean[] member = new boolean[g.vertexCount()];
        for (int v : component) {
            member[v] = true;
        }
        int starts = 0;
        for (int v : component) {
            if (!g.isChannel(v) || !offending.test(v) || starts++ >= MAX_STARTS) {
                continue;
            }
            while (rejected.size() < MAX_REJECTIONS) {
                Cancellation.check();
                Optional<int[]> cycle = shortestCycle(v, member);
                if (cycle.isEmpty()) {
                    break;
                }
                Optional<List<Dependency>> deps = confirm(cycle.get());
                if (deps.isPresent()) {
                    return deps;
                }
            }
        }
        return Optional.empty();
    }

    private Optional<List<Dependency>> confirm(int[] cycle) {
        List<Dependency> deps = new ArrayList<>();
        for (int i = 0; i < cycle.length; i++) {
            int a = cycle[i];
            int b = cycle[(i + 1) % cycle.length];
            Optional<Dependency> d = witness.find(g.arcOf(a), g.laneOf(a), g.arcOf(b), g.laneOf(b));
            if (d.isEmpty()) {
                rejected.add(((long) a << 32) | b);
                return Optional.empty();
            }
            deps.add(d.get());
        }
        return Optional.of(deps);
    }

    /** Shortest cycle through channel {@code s} inside the component, over channel-to-channel edges; none if no cycle remains. */
    private Optional<int[]> shortestCycle(int s, boolean[] member) {
        int[] parent = new int[g.channelCount()];
        Arrays.fill(parent, -1);
        int[] queue = new int[g.channelCount()];
        int head = 0;
        int tail = 0;
        queue[tail++] = s;
        parent[s] = s;
        IntBuffer succ = new IntBuffer();
        while (head < tail) {
            int c = queue[head++];
            succ.clear();
            channelSuccessors(c, member, succ);
            for (int i = 0; i < succ.size(); i++) {
                int d = succ.get(i);
                if (rejected.contains(((long) c << 32) | d)) {
                    continue;
                }
                if (d == s) {
                    return Optional.of(unwind(c, s, parent));
                }
                if (parent[d] < 0) {
                    parent[d] = c;
                    queue[tail++] = d;
                }
            }
        }
        return Optional.empty();
    }

    private static int[] unwind(int last, int s, int[] parent) {
        List<Integer> path = new ArrayList<>();
        for (int c = last; c != s; c = parent[c]) {
            path.add(c);
        }
        path.add(s);
        int[] cycle = new int[path.size()];
        for (int i = 0; i < cycle.length; i++) {
            cycle[i] = path.get(cycle.length - 1 - i);
        }
        return cycle;
    }

    private void channelSuccessors(int c, boolean[] member, IntBuffer out) {
        for (long nx = g.next(c, 0); nx >= 0; nx = g.next(c, (int) (nx >>> 32))) {
            int w = (int) nx;
            if (!member[w]) {
                continue;
            }
            if (g.isChannel(w)) {
                out.add(w);
                continue;
            }
            for (long hx = g.next(w, 0); hx >= 0; hx = g.next(w, (int) (hx >>> 32))) {
                int d = (int) hx;
                if (member[d]) {
                    out.add(d);
                }
            }
        }
    }
}
