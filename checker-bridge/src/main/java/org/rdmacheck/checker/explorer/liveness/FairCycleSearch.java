package org.rdmacheck.checker.explorer.liveness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import org.rdmacheck.model.Action;
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
 * An assumption is checked for each of its fair actions ({@link Fairness#groupOf}: the family as
 * one, each action value, or each group of values) enabled in the component. Components are explored in a fixed order (state numbers),
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
    private final Groups[] groups;
    private final Deadline deadline;
    private long ticks = 0xFFFF;
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
        this(g, fairness, Deadline.NONE);
    }

    /** @param deadline checked every few thousand components and edges */
    FairCycleSearch(LabelledGraph<?> g, List<Fairness> fairness, Deadline deadline) {
        this.g = g;
        this.deadline = deadline;
        this.fairness = fairness;
        groups = new Groups[fairness.size()];
        for (int f = 0; f < fairness.size(); f++) {
            groups[f] = new Groups(fairness.get(f));
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
        long b = 4L * 7 * g.n + (long) g.n / 8;
        for (Groups gr : groups) {
            b += gr.bytes();
        }
        return b;
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
                tick(c.length);
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

    /** Counts work and checks the deadline every 2^16 units. */
    private void tick(int work) {
        long before = ticks;
        ticks += work;
        if ((before >>> 16) != (ticks >>> 16)) {
            deadline.check();
        }
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
                tick(1);
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

    /**
     * Checks one component against the acceptance set and every assumption.
     *
     * @param refined receives what is left of the component when strong fairness removes states
     * @return the component and its witnesses when it is fair; none if it is not (its fair part, if
     *         any, goes to {@code refined})
     */
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
            Groups gr = groups[f];
            gr.scan(c, cid);
            boolean weak = fairness.get(f).strength() == Fairness.Strength.WEAK;
            for (int k = 0; k < gr.touchedCount; k++) {
                int grp = gr.touched[k];
                if (gr.taken[grp] >= 0) {
                    ws.add(new Witness(true, gr.taken[grp]));
                } else if (weak) {
                    if (gr.enabled[grp] == c.length) {
                        return java.util.Optional.empty(); // enabled throughout and never taken: no fair cycle in here
                    }
                    ws.add(new Witness(false, firstWithout(c, f, grp)));
                } else {
                    remove = remove == null ? new BitSet() : remove;
                    removeEnabled(c, f, grp, remove);
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

    /**
     * The fair actions of one assumption (groups of action ids) and, for the component being
     * checked, in how many of its states each is enabled and an edge inside that takes it. The
     * arrays are reused from component to component; only the groups met are reset.
     */
    private final class Groups {
        final int[] of;
        final int[] enabled;
        final int[] taken;
        final int[] lastState;
        final int[] touched;
        final boolean[] met;
        int touchedCount;

        Groups(Fairness fa) {
            of = new int[g.actions.size()];
            java.util.Map<Object, Integer> ids = new java.util.HashMap<>();
            for (int a = 0; a < of.length; a++) {
                Action act = g.actions.get(a);
                of[a] = fa.covers(act) ? ids.computeIfAbsent(fa.groupOf(act), k -> ids.size()) : -1;
            }
            int n = ids.size();
            enabled = new int[n];
            taken = new int[n];
            lastState = new int[n];
            touched = new int[n];
            met = new boolean[n];
        }

        /** Counts, per group, the states of {@code c} enabling it and finds an edge taking it inside. */
        void scan(int[] c, int cid) {
            for (int k = 0; k < touchedCount; k++) {
                met[touched[k]] = false;
            }
            touchedCount = 0;
            for (int v : c) {
                for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                    int grp = of[g.act[e]];
                    if (grp < 0) {
                        continue;
                    }
                    if (!met[grp]) {
                        met[grp] = true;
                        touched[touchedCount++] = grp;
                        enabled[grp] = 0;
                        taken[grp] = -1;
                        lastState[grp] = -1;
                    }
                    if (lastState[grp] != v) {
                        lastState[grp] = v;
                        enabled[grp]++;
                    }
                    if (taken[grp] < 0 && comp[g.dst[e]] == cid) {
                        taken[grp] = e;
                    }
                }
            }
        }

        /** @return bytes of the group arrays */
        long bytes() {
            return 4L * of.length + 17L * enabled.length;
        }
    }

    /** Adds to {@code into} the states of {@code c} where group {@code grp} of assumption {@code f} is enabled. */
    private void removeEnabled(int[] c, int f, int grp, BitSet into) {
        int[] of = groups[f].of;
        for (int v : c) {
            for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                if (of[g.act[e]] == grp) {
                    into.set(v);
                    break;
                }
            }
        }
    }

    /** @return the first state of {@code c} where group {@code grp} of assumption {@code f} is disabled */
    private int firstWithout(int[] c, int f, int grp) {
        int[] of = groups[f].of;
        for (int v : c) {
            boolean has = false;
            for (int e = g.off[v]; e < g.off[v + 1] && !has; e++) {
                has = of[g.act[e]] == grp;
            }
            if (!has) {
                return v;
            }
        }
        throw new IllegalStateException("fair action enabled everywhere");
    }
}
