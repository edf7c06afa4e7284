package org.rdmacheck.checker.explorer.liveness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.properties.liveness.Fairness;

/**
 * Finds a fair strongly connected component inside a region of the labelled graph: the emptiness
 * check of a Streett automaton (Emerson and Lei; Latvala and Heljanko). SCCs are computed by
 * Tarjan's algorithm without recursion. A component is checked against every fairness assumption,
 * the graph's implicit stutter steps included (every state may repeat, as in TLA+):
 * <ul>
 *   <li>WF(A): A is taken on an edge inside the component, or A is disabled in one of its states;
 *       otherwise no cycle inside it is fair and it is dropped;</li>
 *   <li>SF(A): A is taken inside, or disabled in all its states; otherwise the states where A is
 *       enabled are removed and the rest is split into SCCs again;</li>
 *   <li>an acceptance set (for {@code <>[]P}: the not-P states), when given, must meet it.</li>
 * </ul>
 * For per-action fairness ({@link Fairness.Scope#EACH}) the same holds for every action value of
 * the family enabled in the component. Components are explored in a fixed order (state numbers),
 * so the answer does not depend on how the graph was explored.
 */
final class FairCycleSearch {

    /** A step a fair cycle must contain: take the edge, or visit the state. */
    record Witness(boolean edge, int value) {
    }

    /** An accepted component and what a cycle through it must contain to be fair. */
    record Accepted(int[] members, List<Witness> witnesses) {
    }

    private final LabelledGraph<?> g;
    private final List<Fairness> fairness;
    private final boolean[][] covers;
    private final int[] idx;
    private final int[] low;
    private final int[] scope;
    private final int[] comp;
    private final int[] sccStack;
    private final int[] callV;
    private final int[] callE;
    private final BitSet onStack;
    private int scopeIds;
    private int compIds;
    /** components examined, for the report */
    long components;

    FairCycleSearch(LabelledGraph<?> g, List<Fairness> fairness) {
        this.g = g;
        this.fairness = fairness;
        covers = new boolean[fairness.size()][g.actions.size()];
        for (int f = 0; f < fairness.size(); f++) {
            for (int a = 0; a < g.actions.size(); a++) {
                covers[f][a] = fairness.get(f).covers(g.actions.get(a));
            }
        }
        int n = g.n;
        idx = new int[n];
        low = new int[n];
        scope = new int[n];
        comp = new int[n];
        sccStack = new int[n];
        callV = new int[n];
        callE = new int[n];
        onStack = new BitSet(n);
    }

    /** @return bytes of the search's arrays */
    long bytes() {
        return 4L * 7 * g.n + (long) g.n / 8;
    }

    /**
     * @param region the states a cycle may use
     * @param accept states a cycle must visit (null: no such condition)
     * @return the first fair component found, none when the region has none
     */
    java.util.Optional<Accepted> find(BitSet region, BitSet accept) {
        Deque<int[]> work = new ArrayDeque<>();
        int[] all = region.stream().toArray();
        if (all.length > 0) {
            work.push(all);
        }
        while (!work.isEmpty()) {
            int[] members = work.pop();
            List<int[]> sccs = tarjan(members);
            List<int[]> refined = new ArrayList<>();
            for (int[] c : sccs) {
                components++;
                java.util.Optional<Accepted> a = check(c, accept, refined);
                if (a.isPresent()) {
                    return a;
                }
            }
            for (int i = refined.size() - 1; i >= 0; i--) {
                work.push(refined.get(i));
            }
        }
        return java.util.Optional.empty();
    }

    /** SCCs of the subgraph induced by {@code members}, each sorted, in order of their least state. */
    private List<int[]> tarjan(int[] members) {
        int sid = ++scopeIds;
        for (int v : members) {
            scope[v] = sid;
            idx[v] = -1;
        }
        List<int[]> out = new ArrayList<>();
        int counter = 0;
        int sp = 0;
        for (int root : members) {
            if (idx[root] >= 0) {
                continue;
            }
            int top = 0;
            idx[root] = low[root] = counter++;
            sccStack[sp++] = root;
            onStack.set(root);
            callV[0] = root;
            callE[0] = g.off[root];
            while (top >= 0) {
                int v = callV[top];
                int e = callE[top];
                if (e < g.off[v + 1]) {
                    callE[top]++;
                    int w = g.dst[e];
                    if (scope[w] != sid) {
                        continue;
                    }
                    if (idx[w] < 0) {
                        idx[w] = low[w] = counter++;
                        sccStack[sp++] = w;
                        onStack.set(w);
                        top++;
                        callV[top] = w;
                        callE[top] = g.off[w];
                    } else if (onStack.get(w)) {
                        low[v] = Math.min(low[v], idx[w]);
                    }
                } else {
                    top--;
                    if (low[v] == idx[v]) {
                        int k = sp;
                        do {
                            k--;
                        } while (sccStack[k] != v);
                        int[] c = java.util.Arrays.copyOfRange(sccStack, k, sp);
                        for (int x : c) {
                            onStack.clear(x);
                        }
                        sp = k;
                        java.util.Arrays.sort(c);
                        out.add(c);
                    }
                    if (top >= 0) {
                        int u = callV[top];
                        low[u] = Math.min(low[u], low[v]);
                    }
                }
            }
        }
        out.sort((a, b) -> Integer.compare(a[0], b[0]));
        return out;
    }

    /** Per action value of a family: in how many states it is enabled, and an edge taking it inside. */
    private static final class Inst {
        int enabled;
        int taken = -1;
    }

    /** @return the component if it is fair; none if it is not (its fair part, if any, goes to {@code refined}) */
    private java.util.Optional<Accepted> check(int[] c, BitSet accept, List<int[]> refined) {
        int cid = ++compIds;
        for (int v : c) {
            comp[v] = cid;
        }
        List<Witness> ws = new ArrayList<>();
        if (accept != null) {
            int hit = -1;
            for (int v : c) {
                if (accept.get(v)) {
                    hit = v;
                    break;
                }
            }
            if (hit < 0) {
                return java.util.Optional.empty();
            }
            ws.add(new Witness(false, hit));
        }
        BitSet remove = null;
        for (int f = 0; f < fairness.size(); f++) {
            Fairness fa = fairness.get(f);
            boolean[] cov = covers[f];
            boolean weak = fa.strength() == Fairness.Strength.WEAK;
            if (fa.scope() == Fairness.Scope.FAMILY) {
                int taken = -1;
                int disabled = -1;
                for (int v : c) {
                    boolean en = false;
                    for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                        if (cov[g.act[e]]) {
                            en = true;
                            if (taken < 0 && comp[g.dst[e]] == cid) {
                                taken = e;
                            }
                        }
                    }
                    if (!en && disabled < 0) {
                        disabled = v;
                    }
                }
                if (taken >= 0) {
                    ws.add(new Witness(true, taken));
                } else if (weak) {
                    if (disabled < 0) {
                        return java.util.Optional.empty();
                    }
                    ws.add(new Witness(false, disabled));
                } else if (anyEnabled(c, cov)) {
                    remove = removeEnabled(c, cov, null, remove);
                }
            } else {
                Map<Integer, Inst> inst = new LinkedHashMap<>();
                for (int v : c) {
                    for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                        int a = g.act[e];
                        if (!cov[a]) {
                            continue;
                        }
                        Inst in = inst.computeIfAbsent(a, k -> new Inst());
                        if (in.taken < 0 && comp[g.dst[e]] == cid) {
                            in.taken = e;
                        }
                    }
                    // count each action value once per state
                    BitSet counted = new BitSet();
                    for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                        int a = g.act[e];
                        if (cov[a] && !counted.get(a)) {
                            counted.set(a);
                            inst.get(a).enabled++;
                        }
                    }
                }
                BitSet bad = new BitSet();
                for (Map.Entry<Integer, Inst> en : inst.entrySet()) {
                    Inst in = en.getValue();
                    if (in.taken >= 0) {
                        ws.add(new Witness(true, in.taken));
                    } else if (weak) {
                        if (in.enabled == c.length) {
                            return java.util.Optional.empty();
                        }
                        ws.add(new Witness(false, firstWithout(c, en.getKey())));
                    } else {
                        bad.set(en.getKey());
                    }
                }
                if (!bad.isEmpty()) {
                    remove = removeEnabled(c, null, bad, remove);
                }
            }
        }
        if (remove != null) {
            BitSet gone = remove;
            int[] rest = java.util.Arrays.stream(c).filter(v -> !gone.get(v)).toArray();
            if (rest.length > 0) {
                refined.add(rest);
            }
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Accepted(c, ws));
    }

    private boolean anyEnabled(int[] c, boolean[] cov) {
        for (int v : c) {
            for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                if (cov[g.act[e]]) {
                    return true;
                }
            }
        }
        return false;
    }

    private BitSet removeEnabled(int[] c, boolean[] cov, BitSet bad, BitSet into) {
        BitSet r = into == null ? new BitSet() : into;
        for (int v : c) {
            for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                int a = g.act[e];
                if (cov != null ? cov[a] : bad.get(a)) {
                    r.set(v);
                    break;
                }
            }
        }
        return r;
    }

    private int firstWithout(int[] c, int action) {
        for (int v : c) {
            boolean has = false;
            for (int e = g.off[v]; e < g.off[v + 1] && !has; e++) {
                has = g.act[e] == action;
            }
            if (!has) {
                return v;
            }
        }
        throw new IllegalStateException("action enabled everywhere");
    }
}
