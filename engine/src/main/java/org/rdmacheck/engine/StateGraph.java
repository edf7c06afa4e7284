package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The explored state graph, kept only when a check needs it (progress properties, or a caller that
 * asks for the graph): forward adjacency recorded by the workers in runs of consecutive source
 * states, 4 bytes per edge plus 4 per state, with no copy into one array. Successors of a state are
 * in the model's emission order, so a state's first edge is its first successor.
 */
public final class StateGraph {

    /** Edges of the consecutive states {@code first .. first + degrees.length - 1}. */
    record Run(int first, int[] degrees, int[] targets) {
    }

    private final List<Run> runs = new ArrayList<>();
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
