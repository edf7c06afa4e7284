package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The passes over the forward edges find the same closure as the backward adjacency. */
class ProgressAnalysisTest {

    @Test
    void passesAndBackwardAdjacencyNameTheSameFirstStateWithoutGoal() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int g = 0; g < 300; g++) {
            int n = 1 + rnd.nextInt(60);
            StateGraph graph = new StateGraph();
            int first = 0;
            while (first < n) {
                int len = Math.min(n - first, 1 + rnd.nextInt(7));
                int[] deg = new int[len];
                int edges = 0;
                for (int i = 0; i < len; i++) {
                    deg[i] = rnd.nextInt(3);
                    edges += deg[i];
                }
                int[] targets = new int[edges];
                for (int e = 0; e < edges; e++) {
                    targets[e] = rnd.nextInt(n);
                }
                graph.add(new StateGraph.Run(first, deg, targets));
                first += len;
            }
            graph.seal(n);
            BitSet goal = new BitSet(n);
            for (int i = 0; i < n; i++) {
                if (rnd.nextInt(8) == 0) {
                    goal.set(i);
                }
            }
            ProgressAnalysis a = new ProgressAnalysis(graph);
            int backward = a.firstWithoutGoal(goal, 0);
            assertEquals(backward, a.firstWithoutGoal(goal, Integer.MAX_VALUE), "graph " + g);
            assertEquals(backward, a.firstWithoutGoal(goal), "graph " + g);
        }
    }

    @Test
    void aPathThatTurnsBackAndForthNeedsAPassPerTurn() {
        // 0 -> 5 -> 1 -> 4 -> 2 -> 3 (goal): each edge turns the direction
        int[] next = {5, 4, 3, -1, 2, 1};
        StateGraph graph = new StateGraph();
        for (int s = 0; s < next.length; s++) {
            graph.add(next[s] < 0 ? new StateGraph.Run(s, new int[] {0}, new int[0])
                    : new StateGraph.Run(s, new int[] {1}, new int[] {next[s]}));
        }
        graph.seal(next.length);
        BitSet goal = new BitSet();
        goal.set(3);
        ProgressAnalysis a = new ProgressAnalysis(graph);
        assertEquals(-1, a.firstWithoutGoal(goal, Integer.MAX_VALUE));
        assertEquals(-1, a.firstWithoutGoal(goal, 2), "two passes, then the backward adjacency");
        BitSet reach = (BitSet) goal.clone();
        int passes = 0;
        while (graph.reachPass(reach, passes % 2 == 0)) {
            passes++;
        }
        assertEquals(next.length, reach.cardinality());
        assertEquals(5, passes, "one pass for each of the five edges but none that goes on in the pass's direction");
    }
}
