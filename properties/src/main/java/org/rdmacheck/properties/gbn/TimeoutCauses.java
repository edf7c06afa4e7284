package org.rdmacheck.properties.gbn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GbnModel;
import org.rdmacheck.model.gbn.GbnState;
import org.rdmacheck.model.gbn.LossEvent;
import org.rdmacheck.model.gbn.TimeoutCause;

/**
 * Enumerates every loss pattern after which the ACK timeout fires first, by breadth-first search
 * over the model's states paired with the losses taken so far, and classifies each into the four
 * causes of seed 002, III-A (or names it as a new cause). Each pattern comes with a shortest trace.
 */
public final class TimeoutCauses {

    private TimeoutCauses() {
    }

    private record Node(GbnState state, List<LossEvent> losses) {
    }

    private record Parent(Node node, Transition<GbnState> step) {
    }

    /**
     * @param model the configured model (its loss budget bounds the patterns)
     * @return every pattern that ends in a first timeout, sorted by losses
     */
    public static List<TimeoutPattern> analyse(GbnModel model) {
        Map<Node, Parent> parents = new HashMap<>();
        ArrayDeque<Node> queue = new ArrayDeque<>();
        Map<String, TimeoutPattern> found = new TreeMap<>();
        for (GbnState init : model.initialStates()) {
            Node n = new Node(init, List.of());
            parents.put(n, new Parent(null, null));
            queue.add(n);
        }
        while (!queue.isEmpty()) {
            Node node = queue.poll();
            List<Transition<GbnState>> ts = new ArrayList<>();
            model.successors(node.state(), ts::add);
            for (Transition<GbnState> t : ts) {
                if (t.action().name().equals(GbnModel.TIMEOUT)) {
                    found.computeIfAbsent(node.losses().toString(), k -> pattern(model.config(), node, t, parents));
                    continue;
                }
                Node next = new Node(t.next(), withLoss(node.losses(), LossEvent.of(t.action())));
                if (!parents.containsKey(next)) {
                    parents.put(next, new Parent(node, t));
                    queue.add(next);
                }
            }
        }
        return List.copyOf(found.values());
    }

    private static List<LossEvent> withLoss(List<LossEvent> losses, LossEvent e) {
        if (e == null) {
            return losses;
        }
        List<LossEvent> l = new ArrayList<>(losses);
        l.add(e);
        Collections.sort(l);
        return List.copyOf(l);
    }

    private static TimeoutPattern pattern(GbnConfig config, Node end, Transition<GbnState> timeout,
                                          Map<Node, Parent> parents) {
        List<Transition<GbnState>> trace = new ArrayList<>();
        trace.add(timeout);
        Node n = end;
        while (parents.get(n).node() != null) {
            Parent p = parents.get(n);
            trace.add(p.step());
            n = p.node();
        }
        Collections.reverse(trace);
        List<TimeoutCause> causes = TimeoutCause.classify(end.losses(), config);
        String name = causes.isEmpty() ? newCauseName(end.losses(), config) : "";
        return new TimeoutPattern(end.losses(), causes, name, n.state(), trace);
    }

    /**
     * Names a pattern no seed cause fits.
     *
     * @param losses the losses
     * @param config the configuration
     * @return a short name
     */
    static String newCauseName(List<LossEvent> losses, GbnConfig config) {
        boolean allData = losses.stream().allMatch(e -> e.channel().equals("DATA"));
        if (allData && losses.size() >= 2) {
            return TimeoutCause.NEW_CAUSE_WORDS + " " + losses;
        }
        return "new: " + losses;
    }
}
