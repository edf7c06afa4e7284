package org.rdmacheck.engine;

import java.util.BitSet;

/**
 * AG EF goal over the explored graph: backward reachability from the goal states; a reachable
 * state outside the backward closure is a progress violation (its trace is built by
 * {@link TraceBuilder#buildProgress}). Only the backward adjacency is built, 4 bytes per edge and
 * per state, from the recorded graph.
 */
final class ProgressAnalysis {

    private final int n;
    private final int[] bwdOff;
    private final int[] bwd;

    ProgressAnalysis(StateGraph graph) {
        this.n = graph.states();
        if (graph.edges() > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("state graph has " + graph.edges() + " edges, more than one array holds");
        }
        bwdOff = new int[n + 1];
        graph.forEachEdge((s, d) -> bwdOff[d + 1]++);
        for (int i = 0; i < n; i++) {
            bwdOff[i + 1] += bwdOff[i];
        }
        bwd = new int[(int) graph.edges()];
        int[] pos = bwdOff.clone();
        graph.forEachEdge((s, d) -> bwd[pos[d]++] = s);
    }

    /** @return bytes of the backward adjacency */
    long bytes() {
        return 4L * (bwdOff.length + bwd.length);
    }

    /** @return the least-numbered (so shallowest) state that cannot reach a goal, or -1 */
    int firstWithoutGoal(BitSet goal) {
        BitSet reach = (BitSet) goal.clone();
        int[] stack = new int[Math.max(1, n)];
        int top = 0;
        for (int g = goal.nextSetBit(0); g >= 0; g = goal.nextSetBit(g + 1)) {
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
        int bad = reach.nextClearBit(0);
        return bad < n ? bad : -1;
    }
}
