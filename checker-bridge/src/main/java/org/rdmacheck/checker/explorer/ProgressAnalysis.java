package org.rdmacheck.checker.explorer;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * AG EF goal over the explored graph: backward reachability from the goal states; a reachable
 * state outside the backward closure is a progress violation. The counterexample continues from
 * that state along first successors until a state repeats (a lasso: livelock) or none is left
 * (a dead end).
 */
final class ProgressAnalysis {

    private final int n;
    private final int[] fwdOff;
    private final int[] fwd;
    private final int[] bwdOff;
    private final int[] bwd;

    /** The continuation of a progress counterexample from the bad state. */
    record Lasso(List<Integer> path, int loopStart) {
    }

    ProgressAnalysis(int n, IntList src, IntList dst) {
        this.n = n;
        int m = src.size();
        fwdOff = new int[n + 1];
        bwdOff = new int[n + 1];
        for (int e = 0; e < m; e++) {
            fwdOff[src.get(e) + 1]++;
            bwdOff[dst.get(e) + 1]++;
        }
        for (int i = 0; i < n; i++) {
            fwdOff[i + 1] += fwdOff[i];
            bwdOff[i + 1] += bwdOff[i];
        }
        fwd = new int[m];
        bwd = new int[m];
        int[] fpos = fwdOff.clone();
        int[] bpos = bwdOff.clone();
        for (int e = 0; e < m; e++) {
            fwd[fpos[src.get(e)]++] = dst.get(e);
            bwd[bpos[dst.get(e)]++] = src.get(e);
        }
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

    Lasso lassoFrom(int bad) {
        List<Integer> path = new ArrayList<>();
        Map<Integer, Integer> pos = new HashMap<>();
        int cur = bad;
        while (true) {
            pos.put(cur, path.size());
            path.add(cur);
            if (fwdOff[cur] == fwdOff[cur + 1]) {
                return new Lasso(path, -1);
            }
            int nxt = fwd[fwdOff[cur]];
            Integer seen = pos.get(nxt);
            if (seen != null) {
                return new Lasso(path, seen);
            }
            cur = nxt;
        }
    }
}
