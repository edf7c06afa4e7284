package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.checker.cdg.Digraph;
import org.rdmacheck.checker.cdg.SccSearch;

/**
 * Credit loops of a routing state: the strongly connected components of its channel dependency
 * graph ({@link RouteDependencies}) that hold a cycle, and for each the shortest cycle through one
 * of its channels, every dependency with the (source, destination) pair whose route creates it.
 */
public final class CreditLoops {

    /**
     * One dependency of a loop.
     *
     * @param from        the channel held
     * @param to          the channel requested
     * @param source      index of the source port of a route creating it
     * @param destination that route's destination LID
     * @param sl          that route's SL
     */
    public record Step(int from, int to, int source, int destination, int sl) {
    }

    /**
     * The outcome.
     *
     * @param loops      one cycle per cyclic component, at most the limit asked for
     * @param components cyclic components (every one counted)
     */
    public record Result(List<List<Step>> loops, int components) {
        /** Copies the loops. */
        public Result {
            loops = List.copyOf(loops);
        }

        /** @return whether the dependency graph is acyclic */
        public boolean acyclic() {
            return components == 0;
        }
    }

    private CreditLoops() {
    }

    /**
     * @param deps  the dependencies
     * @param limit the most loops to extract
     * @return the loops
     */
    public static Result find(RouteDependencies deps, int limit) {
        int m = deps.count();
        int[] from = new int[m];
        int[] to = new int[m];
        for (int i = 0; i < m; i++) {
            from[i] = deps.from(i);
            to[i] = deps.to(i);
        }
        Csr g = new Csr(deps.fabric().channelCount(), from, to);
        List<List<Step>> loops = new ArrayList<>();
        int[] components = new int[1];
        SccSearch.search(g, c -> true, comp -> {
            components[0]++;
            if (loops.size() < limit) {
                loops.add(cycle(g, comp, deps));
            }
            return true;
        });
        return new Result(loops, components[0]);
    }

    /**
     * @param channels number of channels
     * @param from     dependency tails
     * @param to       dependency heads
     * @return whether the graph is acyclic
     */
    public static boolean acyclic(int channels, int[] from, int[] to) {
        return !SccSearch.run(new Csr(channels, from, to), c -> true).cyclic();
    }

    /**
     * A shortest cycle through the lowest channel of the first cyclic component.
     *
     * @param channels number of channels
     * @param from     dependency tails
     * @param to       dependency heads
     * @return the indices of the dependencies on the cycle, in order; empty if the graph is acyclic
     */
    public static int[] firstCycle(int channels, int[] from, int[] to) {
        Csr g = new Csr(channels, from, to);
        int[][] found = new int[1][];
        SccSearch.search(g, c -> true, comp -> {
            found[0] = cycleEdges(g, comp);
            return false;
        });
        return found[0] == null ? new int[0] : found[0];
    }

    private static List<Step> cycle(Csr g, int[] comp, RouteDependencies deps) {
        List<Step> steps = new ArrayList<>();
        for (int i : cycleEdges(g, comp)) {
            steps.add(new Step(deps.from(i), deps.to(i), deps.witnessSource(i), deps.witnessDestination(i),
                    deps.witnessSl(i)));
        }
        return steps;
    }

    /** Dependency indices of a shortest cycle through the component's lowest channel. */
    private static int[] cycleEdges(Csr g, int[] comp) {
        boolean[] member = new boolean[g.n];
        for (int v : comp) {
            member[v] = true;
        }
        int s = Arrays.stream(comp).min().orElseThrow();
        int[] parentEdge = new int[g.n];
        Arrays.fill(parentEdge, -1);
        int[] queue = new int[comp.length];
        int head = 0;
        int tail = 0;
        queue[tail++] = s;
        int closing = -1;
        while (head < tail && closing < 0) {
            int v = queue[head++];
            for (int e = g.start[v]; e < g.start[v + 1]; e++) {
                int w = g.to[e];
                if (!member[w]) {
                    continue;
                }
                if (w == s) {
                    closing = e;
                    break;
                }
                if (parentEdge[w] < 0) {
                    parentEdge[w] = e;
                    queue[tail++] = w;
                }
            }
        }
        List<Integer> edges = new ArrayList<>();
        for (int e = closing; ; e = parentEdge[g.from[e]]) {
            edges.add(e);
            if (g.from[e] == s) {
                break;
            }
        }
        java.util.Collections.reverse(edges);
        return edges.stream().mapToInt(e -> g.id[e]).toArray();
    }

    /** Dependencies in compressed sparse rows over channel numbers. */
    static final class Csr implements Digraph {
        final int n;
        final int[] start;
        final int[] to;
        final int[] from;
        final int[] id;

        Csr(int n, int[] tails, int[] heads) {
            this.n = n;
            this.start = new int[n + 1];
            for (int t : tails) {
                start[t + 1]++;
            }
            for (int i = 0; i < n; i++) {
                start[i + 1] += start[i];
            }
            int[] fill = Arrays.copyOf(start, n);
            this.to = new int[tails.length];
            this.from = new int[tails.length];
            this.id = new int[tails.length];
            for (int i = 0; i < tails.length; i++) {
                int k = fill[tails[i]]++;
                to[k] = heads[i];
                from[k] = tails[i];
                id[k] = i;
            }
        }

        @Override
        public int channelCount() {
            return n;
        }

        @Override
        public int vertexCount() {
            return n;
        }

        @Override
        public long next(int v, int i) {
            int k = start[v] + i;
            return k < start[v + 1] ? ((long) (i + 1) << 32) | to[k] : -1;
        }

        @Override
        public boolean isLive(int channel) {
            return start[channel] < start[channel + 1];
        }
    }
}
