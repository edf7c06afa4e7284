package org.rdmacheck.checker.cdg;

import java.util.function.IntPredicate;

/**
 * Tarjan's strongly connected components on the implicit {@link DependencyGraph}, iterative (no
 * recursion, so deep graphs do not overflow the stack), stopping at the first component that has
 * more than one vertex and contains an <em>offending</em> channel (any channel for the plain
 * Dally-Seitz check; an escape channel for Duato's extended dependency graph). Memory: five int
 * arrays over the vertices.
 */
public final class SccSearch {

    /**
     * The outcome.
     *
     * @param cyclicComponent vertices of the first offending component, or an empty array
     * @param verticesVisited vertices visited
     * @param edgesVisited    edges traversed
     */
    public record Result(int[] cyclicComponent, long verticesVisited, long edgesVisited) {
        /** @return whether an offending cycle exists */
        public boolean cyclic() {
            return cyclicComponent.length > 0;
        }
    }

    private SccSearch() {
    }

    /**
     * @param g         the graph
     * @param offending which channels a reportable cycle must contain
     * @return the first offending component, if any
     */
    public static Result run(Digraph g, IntPredicate offending) {
        int[][] first = new int[1][];
        long[] counts = search(g, offending, comp -> {
            first[0] = comp;
            return false;
        });
        return new Result(first[0] == null ? new int[0] : first[0], counts[0], counts[1]);
    }

    /**
     * Every strongly connected component with more than one vertex that contains an offending
     * channel, in the order Tarjan's algorithm closes them.
     *
     * @param g           the graph
     * @param offending   which channels a reportable component must contain
     * @param onComponent receives each component's vertices; returns whether to go on
     * @return {vertices visited, edges traversed}
     */
    public static long[] search(Digraph g, IntPredicate offending, java.util.function.Predicate<int[]> onComponent) {
        int vCount = g.vertexCount();
        int[] index = new int[vCount];
        int[] low = new int[vCount];
        int[] stack = new int[vCount];
        int[] callV = new int[vCount];
        int[] callI = new int[vCount];
        boolean[] onStack = new boolean[vCount];
        int counter = 0;
        int sp = 0;
        long edges = 0;
        for (int root = 0; root < g.channelCount(); root++) {
            if (index[root] != 0 || !g.isLive(root)) {
                continue;
            }
            if ((root & 1023) == 0) {
                Cancellation.check();
            }
            int depth = 0;
            callV[0] = root;
            callI[0] = 0;
            index[root] = low[root] = ++counter;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                int v = callV[depth];
                long nx = g.next(v, callI[depth]);
                if (nx >= 0) {
                    edges++;
                    callI[depth] = (int) (nx >>> 32);
                    int w = (int) nx;
                    if (index[w] == 0) {
                        index[w] = low[w] = ++counter;
                        stack[sp++] = w;
                        onStack[w] = true;
                        depth++;
                        callV[depth] = w;
                        callI[depth] = 0;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                if (low[v] == index[v]) {
                    int start = sp;
                    boolean bad = false;
                    do {
                        start--;
                        int w = stack[start];
                        onStack[w] = false;
                        bad |= g.isChannel(w) && offending.test(w);
                    } while (stack[start] != v);
                    if (bad && sp - start > 1) {
                        int[] comp = new int[sp - start];
                        System.arraycopy(stack, start, comp, 0, comp.length);
                        if (!onComponent.test(comp)) {
                            return new long[] {counter, edges};
                        }
                    }
                    sp = start;
                }
                depth--;
                if (depth >= 0) {
                    int parent = callV[depth];
                    low[parent] = Math.min(low[parent], low[v]);
                }
            }
        }
        return new long[] {counter, edges};
    }
}
