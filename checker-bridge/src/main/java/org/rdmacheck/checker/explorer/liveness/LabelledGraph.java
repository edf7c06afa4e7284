package org.rdmacheck.checker.explorer.liveness;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.rdmacheck.checker.explorer.StateGraph;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * The explored state graph with an action on every edge and the predicates of the liveness
 * properties evaluated on every state: forward adjacency in compressed rows (4 bytes per state, 8
 * per edge: target and interned action), one bit per state and predicate.
 *
 * <p>The explorer's graph has no actions; they are recovered by re-executing the model in state
 * number order, as traces are rebuilt: a state's successors are emitted in the order its edges were
 * recorded, and every state's concrete value comes from its least-numbered predecessor, so only
 * the states between the current one and the breadth-first frontier are held at once.
 */
final class LabelledGraph<S> {

    final int n;
    final int[] off;
    final int[] dst;
    final int[] act;
    final List<Action> actions = new ArrayList<>();
    final List<S> roots;
    final BitSet[] preds;

    LabelledGraph(Model<S> model, StateGraph graph, List<Predicate<S>> predicates) {
        n = graph.states();
        if (graph.edges() > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("state graph has " + graph.edges() + " edges, more than one array holds");
        }
        off = new int[n + 1];
        graph.forEachEdge((s, d) -> off[s + 1]++);
        for (int i = 0; i < n; i++) {
            off[i + 1] += off[i];
        }
        dst = new int[(int) graph.edges()];
        act = new int[dst.length];
        int[] pos = java.util.Arrays.copyOf(off, n);
        graph.forEachEdge((s, d) -> dst[pos[s]++] = d);
        preds = new BitSet[predicates.size()];
        for (int i = 0; i < preds.length; i++) {
            preds[i] = new BitSet(n);
        }
        roots = List.copyOf(new LinkedHashSet<>(model.initialStates()));
        Map<Action, Integer> ids = new HashMap<>();
        Map<Integer, S> pending = new HashMap<>();
        for (int r = 0; r < roots.size() && r < n; r++) {
            pending.put(r, roots.get(r));
        }
        List<Transition<S>> ts = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            S state = pending.remove(s);
            if (state == null) {
                throw new IllegalStateException("liveness: state " + s + " has no recorded predecessor");
            }
            for (int i = 0; i < preds.length; i++) {
                if (predicates.get(i).test(state)) {
                    preds[i].set(s);
                }
            }
            ts.clear();
            model.successors(state, ts::add);
            if (ts.size() != off[s + 1] - off[s]) {
                throw new IllegalStateException("liveness: state " + s + " has " + ts.size() + " successors now and "
                        + (off[s + 1] - off[s]) + " when explored; the model's successor function is not deterministic");
            }
            for (int e = off[s]; e < off[s + 1]; e++) {
                Transition<S> t = ts.get(e - off[s]);
                Integer id = ids.get(t.action());
                if (id == null) {
                    id = actions.size();
                    ids.put(t.action(), id);
                    actions.add(t.action());
                }
                act[e] = id;
                int d = dst[e];
                if (d > s) {
                    pending.putIfAbsent(d, t.next());
                }
            }
        }
    }

    /** @return bytes held by the adjacency and the predicate bits */
    long bytes() {
        return 4L * (off.length + dst.length + act.length) + (long) preds.length * ((n + 63) / 64) * 8;
    }
}
