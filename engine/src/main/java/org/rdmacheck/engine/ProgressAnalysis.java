package org.rdmacheck.engine;

import java.util.BitSet;

/**
 * AG EF goal over the explored graph: backward reachability from the goal states; a reachable
 * state outside the backward closure is a progress violation (its trace is built by
 * {@link TraceBuilder#buildProgress}).
 *
 * <p>The closure is first computed on the forward edges alone, in passes that alternate their
 * direction ({@link StateGraph#reachPass}) until one adds no state: no memory beyond one bit a
 * state, where a backward adjacency costs 4 bytes per edge and per state more, as much as the graph
 * itself (at {@code dasr senders=4} the graph is most of the heap: int arrays held 1.75 GB of the 2.34 GB live
 * at 39.0 M states, a class histogram at -Xmx3g).
 * A graph whose closure is not reached within {@link #PASSES} passes (long paths to the goal that
 * turn back and forth between earlier and later states) falls back to the backward adjacency, built
 * once, and a search from the goal states. Both compute the least fixed point of {@code goal ∪
 * pre(reach)}, so the verdict and the state named are the same.
 */
final class ProgressAnalysis {

    /** Passes over the forward edges before the backward adjacency is built. */
    static final int PASSES = 12;

    private final StateGraph graph;
    private final int n;
    private int[] bwdOff;
    private int[] bwd;

    ProgressAnalysis(StateGraph graph) {
        this.graph = graph;
        this.n = graph.states();
    }

    private void buildBackward() {
        if (graph.edges() > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("state graph has " + graph.edges() + " edges, more than one array holds");
        }
        int[] off = new int[n + 1];
        graph.forEachEdge((s, d) -> off[d + 1]++);
        for (int i = 0; i < n; i++) {
            off[i + 1] += off[i];
        }
        int[] b = new int[(int) graph.edges()];
        int[] pos = off.clone();
        graph.forEachEdge((s, d) -> b[pos[d]++] = s);
        bwdOff = off;
        bwd = b;
    }

    /** @return bytes of the backward adjacency, 0 while it is not built */
    long bytes() {
        return bwd == null ? 0 : 4L * (bwdOff.length + bwd.length);
    }

    /** @return the least-numbered (so shallowest) state that cannot reach a goal, or -1 */
    int firstWithoutGoal(BitSet goal) {
        return firstWithoutGoal(goal, PASSES);
    }

    /** As {@link #firstWithoutGoal(BitSet)}, with at most {@code passes} passes before the backward adjacency. */
    int firstWithoutGoal(BitSet goal, int passes) {
        BitSet reach = (BitSet) goal.clone();
        boolean settled = false;
        for (int pass = 0; pass < passes && !settled; pass++) {
            // a pass that adds no state leaves no state outside with a successor inside: the fixed point
            settled = !graph.reachPass(reach, pass % 2 == 0);
        }
        if (!settled) {
            closeBackward(reach);
        }
        int bad = reach.nextClearBit(0);
        return bad < n ? bad : -1;
    }

    /** Adds to {@code reach} every state with a path into it, on the backward adjacency. */
    private void closeBackward(BitSet reach) {
        if (bwd == null) {
            buildBackward();
        }
        int[] stack = new int[Math.max(1, n)];
        int top = 0;
        for (int g = reach.nextSetBit(0); g >= 0; g = reach.nextSetBit(g + 1)) {
            stack[top++] = g;
        }
        while (top > 0) {
            int v = stack[--top];
            for (int e = bwdOff[v]; e < bwdOff[v + 1]; e++) {
                int u = bwd[e];
                if (!reach.get(u)) {
                    reach.set(u);
                    stack[top++] = u;
                }
            }
        }
    }
}
