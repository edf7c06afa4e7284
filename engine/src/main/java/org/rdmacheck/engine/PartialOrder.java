package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.Reads;

/**
 * Partial-order reduction by stubborn sets over the model's transition groups, computed from the
 * groups' declared read and write footprints ({@link Footprint}), as LTSmin computes them from the
 * PINS dependency matrix. Independence is static: two groups are independent when neither writes
 * a slot the other reads or writes (then neither enables nor disables the other, and they commute).
 *
 * <p>In a state, a stubborn set is grown from one enabled key group (Valmari, "Stubborn sets for
 * reduced state space generation", 1990; Godefroid's thesis, LNCS 1032, ch. 4): an enabled group
 * in the set brings every group dependent on it (D1), a disabled one brings a necessary enabling
 * set, every group that writes a slot it reads (its guard reads only such slots), except a group
 * declared a last resort ({@link Footprint#lastResort()}: enabled only where no other group is),
 * which cannot become enabled while the key, whose dependent groups are all in the set, stays
 * enabled. Every key is
 * tried and the set with the fewest enabled transitions is taken (ties: the least key), so the
 * choice depends on the state alone. The enabled transitions of the set are explored.
 *
 * <ul>
 *   <li>{@link Reduction#DEADLOCK}: D1 and D2 alone preserve every reachable deadlock (Valmari;
 *       Godefroid, Thm 4.3): no visibility condition, no cycle proviso.</li>
 *   <li>{@link Reduction#SAFETY}: in addition, a set whose enabled transitions include a visible
 *       one (a group that writes a slot a checked property reads, or an action a checked action
 *       property judges) is rejected — Peled's condition C2 — and a reduced state whose explored
 *       successors include one already in the store when the level began is expanded in full.
 *       That is the cycle proviso for breadth-first search (Bošnački, Leue, Lluch Lafuente,
 *       "Partial-order reduction for general state exploring algorithms", STTT 2009): along an
 *       edge out of a reduced state the BFS depth grows by one, so every cycle of the reduced graph
 *       holds a fully expanded state (Peled's C3). The store at the start of a level does not
 *       depend on the threads, nor then do the choices.</li>
 * </ul>
 * Progress (AG EF), liveness under fairness and conformance runs are never reduced.
 */
final class PartialOrder {

    private PartialOrder() {
    }

    /**
     * The reduction a run applies.
     *
     * @param requested what the settings ask for
     * @param applied   what is applied
     * @param reason    why less is applied than asked (empty when not)
     * @param groups    the transition groups and their relations, null without a reduction
     */
    record Plan(Reduction requested, Reduction applied, String reason, Groups groups) {

        /** @return the summary for the report */
        ReductionSummary summary(long reducedStates) {
            return new ReductionSummary(requested, applied, reason, reducedStates);
        }

        /** @return a chooser for one worker, null without a reduction */
        Chooser chooser(PackedModel packed) {
            return applied == Reduction.NONE ? null : new Chooser(groups, applied == Reduction.SAFETY, packed);
        }
    }

    /**
     * Decides the reduction of a run.
     *
     * Progress properties do not prevent a reduction: they are then reported unchecked.
     *
     * @param symmetry whether symmetry reduction is on
     */
    static <S> Plan plan(CheckSpec<S> spec, ExplorerSettings settings, boolean symmetry) {
        Reduction req = settings.reduction();
        if (req == Reduction.NONE) {
            return new Plan(req, Reduction.NONE, "", null);
        }
        if (symmetry) {
            return none(req, "not combined with symmetry reduction");
        }
        if (settings.recordGraph()) {
            return none(req, "the state graph is kept");
        }
        if (!(spec.model() instanceof LayoutModel lm)) {
            return none(req, "the model declares no footprints");
        }
        List<Footprint> fps = lm.footprints();
        if (fps.isEmpty() || fps.size() > 64) {
            return none(req, fps.size() + " transition groups (1 to 64 supported)");
        }
        Set<String> slots = new TreeSet<>();
        Set<String> actions = new TreeSet<>();
        for (Property<S> p : spec.properties()) {
            java.util.Optional<Reads> reads = p instanceof Invariant<S> in ? in.reads()
                    : p instanceof ActionProperty<S> ap ? ap.reads() : java.util.Optional.of(new Reads(Set.of(), Set.of()));
            if (reads.isEmpty()) {
                if (req == Reduction.SAFETY) {
                    return none(req, p.name() + " does not declare what it reads");
                }
                continue;
            }
            slots.addAll(reads.get().slots());
            actions.addAll(reads.get().actions());
        }
        return new Plan(req, req, "", Groups.of(fps, slots, actions));
    }

    private static Plan none(Reduction req, String reason) {
        return new Plan(req, Reduction.NONE, reason, null);
    }

    /**
     * The transition groups: per group (bit {@code g} of a mask) the groups dependent on it, its
     * necessary enabling set, and whether it is visible to the checked properties.
     */
    record Groups(Map<String, Integer> index, long[] dependent, long[] enabling, long visible, long lastResort) {

        static Groups of(List<Footprint> footprints, Set<String> propertySlots, Set<String> propertyActions) {
            Map<String, Integer> index = new LinkedHashMap<>();
            List<Set<String>> reads = new ArrayList<>();
            List<Set<String>> writes = new ArrayList<>();
            long lastResort = 0;
            for (Footprint f : footprints) {
                // a name declared twice: one group with the union of the footprints
                int g = index.computeIfAbsent(f.action(), k -> {
                    reads.add(new TreeSet<>());
                    writes.add(new TreeSet<>());
                    return index.size();
                });
                f.reads().forEach(s -> reads.get(g).add(s.name()));
                f.writes().forEach(s -> writes.get(g).add(s.name()));
                if (f.lastResort()) {
                    lastResort |= 1L << g;
                }
            }
            int n = index.size();
            long[] dependent = new long[n];
            long[] enabling = new long[n];
            long visible = 0;
            for (int g = 0; g < n; g++) {
                for (int h = 0; h < n; h++) {
                    boolean hWritesGReads = meets(writes.get(h), reads.get(g));
                    if (hWritesGReads || meets(writes.get(g), reads.get(h)) || meets(writes.get(g), writes.get(h))) {
                        dependent[g] |= 1L << h;
                    }
                    if (hWritesGReads) {
                        enabling[g] |= 1L << h;
                    }
                }
            }
            for (Map.Entry<String, Integer> e : index.entrySet()) {
                int g = e.getValue();
                if (meets(writes.get(g), propertySlots) || propertyActions.contains(e.getKey())) {
                    visible |= 1L << g;
                }
            }
            return new Groups(Map.copyOf(index), dependent, enabling, visible, lastResort);
        }

        private static boolean meets(Set<String> a, Set<String> b) {
            for (String s : a) {
                if (b.contains(s)) {
                    return true;
                }
            }
            return false;
        }

        /** @return the group of an action name, -1 for a name without a footprint */
        int of(String action) {
            Integer g = index.get(action);
            return g == null ? -1 : g;
        }

        /** @return the least stubborn set grown from {@code key}, as a mask of groups */
        long closure(int key, long enabled) {
            long set = 1L << key;
            long work = set;
            while (work != 0 && (set & enabled) != enabled) {
                int g = Long.numberOfTrailingZeros(work);
                work &= work - 1;
                // a disabled last resort stays disabled while the enabled key does not change: no enabling set
                long add = (enabled >>> g & 1) != 0 ? dependent[g] : (lastResort >>> g & 1) != 0 ? 0 : enabling[g];
                long fresh = add & ~set;
                set |= fresh;
                work |= fresh;
            }
            return set;
        }
    }

    /** One worker's choices: not thread-safe, and deterministic (a function of the state and the store). */
    static final class Chooser {

        private final Groups groups;
        private final boolean safety;
        private final PackedModel packed;
        private final int[] perGroup = new int[64];
        private int[] group = new int[64];
        private boolean[] skip = new boolean[64];
        private final Map<Long, Integer> codeGroups = new HashMap<>();
        private long reducedStates;
        private long skipped;

        Chooser(Groups groups, boolean safety, PackedModel packed) {
            this.groups = groups;
            this.safety = safety;
            this.packed = packed;
        }

        /**
         * Chooses among the transitions of one state.
         *
         * @param known per successor: at least 0 when it was in the store when the level began
         * @return per transition whether it is left out, null when all are explored
         */
        <S> boolean[] chooseObjects(List<Transition<S>> ts, int[] known) {
            int n = ts.size();
            int[] grp = group(n);
            for (int k = 0; k < n; k++) {
                grp[k] = groups.of(ts.get(k).action().name());
            }
            boolean[] out = skip(n);
            return choose(grp, 0, n, known, out) ? out : null;
        }

        /**
         * Chooses among the packed successors of the states of a chunk ({@code firsts[i]} is the
         * position of state i's first successor); {@link #reducedStates()} and {@link #skipped()}
         * then count the chunk's reduced states and left-out successors.
         *
         * @return per successor whether it is left out, null when all are explored
         */
        boolean[] choosePacked(long[] codes, int[] firsts, int states, int[] known) {
            int total = firsts[states];
            int[] grp = group(total);
            for (int k = 0; k < total; k++) {
                grp[k] = groupOf(codes[k]);
            }
            boolean[] out = skip(total);
            reducedStates = 0;
            skipped = 0;
            for (int i = 0; i < states; i++) {
                if (choose(grp, firsts[i], firsts[i + 1], known, out)) {
                    reducedStates++;
                } else {
                    java.util.Arrays.fill(out, firsts[i], firsts[i + 1], false);
                }
            }
            return reducedStates == 0 ? null : out;
        }

        /** @return the reduced states of the last chunk */
        long reducedStates() {
            return reducedStates;
        }

        /** @return the successors left out in the last chunk */
        long skipped() {
            return skipped;
        }

        private int groupOf(long code) {
            Integer g = codeGroups.get(code);
            if (g == null) {
                g = groups.of(packed.action(code).name());
                codeGroups.put(code, g);
            }
            return g;
        }

        private int[] group(int n) {
            return group.length >= n ? group : (group = new int[2 * n]);
        }

        private boolean[] skip(int n) {
            return skip.length >= n ? skip : (skip = new boolean[2 * n]);
        }

        /** Chooses among transitions {@code from..to-1}; marks those left out; returns whether any is. */
        private boolean choose(int[] grp, int from, int to, int[] known, boolean[] out) {
            long enabled = 0;
            for (int k = from; k < to; k++) {
                if (grp[k] < 0) {
                    return false;
                }
                enabled |= 1L << grp[k];
            }
            if (Long.bitCount(enabled) < 2) {
                return false;
            }
            for (int k = from; k < to; k++) {
                perGroup[grp[k]]++;
            }
            long best = enabled;
            int bestCost = to - from;
            for (long keys = enabled; keys != 0; keys &= keys - 1) {
                long set = groups.closure(Long.numberOfTrailingZeros(keys), enabled) & enabled;
                if (set == enabled || safety && (set & groups.visible()) != 0) {
                    continue;
                }
                int cost = 0;
                for (long m = set; m != 0; m &= m - 1) {
                    cost += perGroup[Long.numberOfTrailingZeros(m)];
                }
                if (cost < bestCost) {
                    best = set;
                    bestCost = cost;
                }
            }
            for (int k = from; k < to; k++) {
                perGroup[grp[k]] = 0;
            }
            if (best == enabled) {
                return false;
            }
            for (int k = from; safety && k < to; k++) {
                if ((best >>> grp[k] & 1) != 0 && known[k] >= 0) {
                    // the cycle proviso: a successor explored is already known, so expand in full
                    return false;
                }
            }
            for (int k = from; k < to; k++) {
                out[k] = (best >>> grp[k] & 1) == 0;
                if (out[k]) {
                    skipped++;
                }
            }
            return true;
        }
    }
}
