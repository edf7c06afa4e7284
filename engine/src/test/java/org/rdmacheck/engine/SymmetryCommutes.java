package org.rdmacheck.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * The test that a model's declared symmetry is one of its transitions and of its properties: over
 * the whole reachable graph (unreduced), for every state s and every generator p of the symmetric
 * group ({@link SymmetryAudit#generators}), succ(p s) = p succ(s) as sets of (action name, state)
 * pairs, s and p s agree on being final, and every invariant, progress goal and action property
 * (the action as taken: the renaming does not name actions) gives the same verdict on s and p s.
 * Action parameters that name elements (dasr's set of marked senders) are not renamed, so labels
 * are compared by action name.
 */
final class SymmetryCommutes {

    private SymmetryCommutes() {
    }

    /** What the walk found: reachable states, and the first few differences. */
    record Outcome(long states, List<String> differences, boolean complete) { }

    static <S> Outcome check(CheckSpec<S> spec, long maxStates) {
        Model<S> m = spec.model();
        Symmetry<S> sym = m.symmetry().orElseThrow();
        int[][] gens = SymmetryAudit.generators(sym.size());
        Set<S> seen = new HashSet<>(m.initialStates());
        ArrayDeque<S> queue = new ArrayDeque<>(m.initialStates());
        List<String> diffs = new ArrayList<>();
        for (S s0 : m.initialStates()) {
            for (int[] g : gens) {
                if (!seen.contains(sym.permute(s0, g))) {
                    diffs.add("initial state " + m.view(s0) + " renamed by " + Arrays.toString(g) + " is not initial");
                }
            }
        }
        while (!queue.isEmpty() && diffs.size() < 5) {
            if (seen.size() > maxStates) {
                return new Outcome(seen.size(), diffs, false);
            }
            S s = queue.poll();
            List<Transition<S>> ts = successors(m, s);
            for (int[] g : gens) {
                S ps = sym.permute(s, g);
                Set<Map.Entry<String, S>> renamed = new HashSet<>();
                ts.forEach(t -> renamed.add(Map.entry(t.action().name(), sym.permute(t.next(), g))));
                List<Transition<S>> pts = successors(m, ps);
                Set<Map.Entry<String, S>> direct = new HashSet<>();
                pts.forEach(t -> direct.add(Map.entry(t.action().name(), t.next())));
                if (!renamed.equals(direct)) {
                    diffs.add("succ(p s) != p succ(s) for p = " + Arrays.toString(g) + " at " + m.view(s));
                }
                if (m.isFinal(s) != m.isFinal(ps)) {
                    diffs.add("final differs under " + Arrays.toString(g) + " at " + m.view(s));
                }
                for (Property<S> prop : spec.properties()) {
                    String d = verdictDiffers(prop, s, ps, ts, sym, g);
                    if (d != null) {
                        diffs.add(prop.name() + " " + d + " under " + Arrays.toString(g) + " at " + m.view(s));
                    }
                }
            }
            for (Transition<S> t : ts) {
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            }
        }
        return new Outcome(seen.size(), diffs, queue.isEmpty() || !diffs.isEmpty());
    }

    private static <S> String verdictDiffers(Property<S> prop, S s, S ps, List<Transition<S>> ts, Symmetry<S> sym,
                                             int[] g) {
        if (prop instanceof Invariant<S> in && in.test(s) != in.test(ps)) {
            return "holds on one of s, p s only";
        }
        if (prop instanceof Progress<S> pg && pg.isGoal(s) != pg.isGoal(ps)) {
            return "goal on one of s, p s only";
        }
        if (prop instanceof ActionProperty<S> ap) {
            for (Transition<S> t : ts) {
                if (ap.test(s, t.action(), t.next()) != ap.test(ps, t.action(), sym.permute(t.next(), g))) {
                    return "judges the step " + t.action() + " and its renaming apart";
                }
            }
        }
        return null;
    }

    private static <S> List<Transition<S>> successors(Model<S> m, S s) {
        List<Transition<S>> out = new ArrayList<>();
        m.successors(s, out::add);
        return out;
    }
}
