package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The explored state graph, kept only when a check needs it (progress properties, or a caller that
 * asks for the graph): forward adjacency recorded by the workers in runs of consecutive source
 * states, 4 bytes per edge plus 4 per state, with no copy into one array. In a graph handed out
 * ({@link ExplorerSettings#recordGraph()}) the successors of a state are in the model's emission
 * order, so a state's first edge is its first successor; a graph kept only for the progress
 * properties leaves out self-loops and repeated edges, which backward reachability does not read.
 */
public final class StateGraph {

    /**
     * Edges of the consecutive states {@code first .. first + degrees.length - 1}; with {@link
     * GraphLabels}, the number of each edge's action code ({@link ActionCodes}) and each state's
     * predicate bits, else null.
     */
    record Run(int first, int[] degrees, int[] targets, int[] actions, long[] marks) {
        Run(int first, int[] degrees, int[] targets) {
            this(first, degrees, targets, null, null);
        }
    }

    private final List<Run> runs = new ArrayList<>();
    /** the labels recorded with the edges, or null */
    private final GraphLabels<?> labels;
    /** the action codes of the recorded edges, with {@link #labels} */
    final ActionCodes actionCodes;

    /** A graph of edges only. */
    StateGraph() {
        this(null);
    }

    /** @param labels what each run records besides its edges, or null for nothing */
    StateGraph(GraphLabels<?> labels) {
        this.labels = labels;
        this.actionCodes = labels == null ? null : new ActionCodes();
    }

    /**
     * @return the labels the exploration recorded with the edges ({@link #copyRows}, {@link #marks}),
     *         if it recorded any
     */
    public java.util.Optional<GraphLabels<?>> labels() {
        return java.util.Optional.ofNullable(labels);
    }
    private int[] firsts;
    private int[] offsets;
    private int states;
    private long edges;

    private int resolved;

    synchronized void add(Run r) {
        runs.add(r);
    }

    /** @return the runs added since the last call (their new-state targets still to be numbered) */
    synchronized List<Run> pendingRuns() {
        List<Run> p = new ArrayList<>(runs.subList(resolved, runs.size()));
        resolved = runs.size();
        return p;
    }

    /** Sorts the runs by first state; call once when exploration is complete. */
    void seal(int stateCount) {
        runs.sort(Comparator.comparingInt(Run::first));
        firsts = new int[runs.size()];
        offsets = new int[runs.size()];
        int next = 0;
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            if (r.first() != next) {
                throw new IllegalStateException("state graph: states " + next + ".." + (r.first() - 1) + " have no record");
            }
            firsts[i] = r.first();
            next += r.degrees().length;
            edges += r.targets().length;
        }
        if (next != stateCount) {
            throw new IllegalStateException("state graph covers " + next + " of " + stateCount + " states");
        }
        states = stateCount;
    }

    /** @return the number of states */
    public int states() {
        return states;
    }

    /** @return the number of edges */
    public long edges() {
        return edges;
    }

    /**
     * Calls {@code sink} for every edge, sources in increasing order.
     *
     * @param sink receives (source, target)
     */
    public void forEachEdge(EdgeSink sink) {
        for (Run r : runs) {
            int e = 0;
            for (int i = 0; i < r.degrees().length; i++) {
                for (int d = 0; d < r.degrees()[i]; d++) {
                    sink.edge(r.first() + i, r.targets()[e++]);
                }
            }
        }
    }

    /**
     * One pass of backward reachability over the forward edges: a state outside {@code reach} with a
     * successor in it joins it, at once, so that the states after it in the pass see it. A sealed
     * graph only.
     *
     * @param reach      the states known to reach the goal; grows
     * @param descending the pass goes from the last state to the first (edges to later states, the
     *                   breadth-first search's new states, carry in one pass), else from the first
     *                   (edges back to earlier states carry)
     * @return whether a state joined
     */
    boolean reachPass(java.util.BitSet reach, boolean descending) {
        boolean grew = false;
        for (int ri = 0; ri < runs.size(); ri++) {
            Run r = runs.get(descending ? runs.size() - 1 - ri : ri);
            int[] deg = r.degrees();
            int[] t = r.targets();
            int end = t.length;
            int start = 0;
            for (int j = 0; j < deg.length; j++) {
                int i = descending ? deg.length - 1 - j : j;
                int from = descending ? end - deg[i] : start;
                int to = from + deg[i];
                if (descending) {
                    end = from;
                } else {
                    start = to;
                }
                int state = r.first() + i;
                if (deg[i] == 0 || reach.get(state)) {
                    continue;
                }
                for (int e = from; e < to; e++) {
                    if (reach.get(t[e])) {
                        reach.set(state);
                        grew = true;
                        break;
                    }
                }
            }
        }
        return grew;
    }

    /**
     * Copies the graph into compressed rows: {@code off[s]..off[s+1]-1} are the positions of state
     * s's edges in {@code dst}, in emission order; with {@code actions}, the number of each edge's
     * action code in {@link #actionCodes()} (only on a graph recorded with {@link #labels}).
     *
     * @param off     {@code states() + 1} entries
     * @param dst     {@code edges()} entries
     * @param actions {@code edges()} entries, or null
     */
    public void copyRows(int[] off, int[] dst, int[] actions) {
        if (actions != null) {
            requireLabels();
        }
        int e = 0;
        for (Run r : runs) {
            int[] deg = r.degrees();
            for (int i = 0; i < deg.length; i++) {
                off[r.first() + i + 1] = off[r.first() + i] + deg[i];
            }
            System.arraycopy(r.targets(), 0, dst, e, r.targets().length);
            if (actions != null) {
                System.arraycopy(r.actions(), 0, actions, e, r.actions().length);
            }
            e += r.targets().length;
        }
    }

    /** @return the action codes by number, as {@link #copyRows} gives them (a graph recorded with labels) */
    public long[] actionCodes() {
        return requireLabels().codes();
    }

    /**
     * Writes each state's predicate bits (bit i: predicate i of {@link #labels} holds there): only
     * on a graph recorded with labels.
     *
     * @param bits one array per predicate, one bit per state, as {@link java.util.BitSet#valueOf(long[])} reads them
     */
    public void marks(long[][] bits) {
        requireLabels();
        for (Run r : runs) {
            for (int i = 0; i < r.marks().length; i++) {
                long m = r.marks()[i];
                int s = r.first() + i;
                while (m != 0) {
                    int p = Long.numberOfTrailingZeros(m);
                    bits[p][s >>> 6] |= 1L << (s & 63);
                    m &= m - 1;
                }
            }
        }
    }

    private ActionCodes requireLabels() {
        if (labels == null) {
            throw new IllegalStateException("the state graph was recorded without labels");
        }
        return actionCodes;
    }

    /**
     * @param state a state number
     * @return its successors' numbers, in emission order
     */
    public int[] successors(int state) {
        int k = java.util.Arrays.binarySearch(firsts, state);
        int ri = k >= 0 ? k : -k - 2;
        Run r = runs.get(ri);
        int local = state - r.first();
        int e = 0;
        for (int i = 0; i < local; i++) {
            e += r.degrees()[i];
        }
        return java.util.Arrays.copyOfRange(r.targets(), e, e + r.degrees()[local]);
    }

    /** @return bytes held by the graph */
    public long bytes() {
        long b = 0;
        for (Run r : runs) {
            b += 4L * (r.degrees().length + r.targets().length) + 48;
            if (r.actions() != null) {
                b += 4L * r.actions().length + 8L * r.marks().length;
            }
        }
        return b;
    }

    /** Receives one edge. */
    @FunctionalInterface
    public interface EdgeSink {
        /**
         * @param source source state number
         * @param target target state number
         */
        void edge(int source, int target);
    }
}
