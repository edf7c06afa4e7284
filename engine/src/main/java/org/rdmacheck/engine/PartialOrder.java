package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.layout.WriteAudit;
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
    record Plan(Reduction requested, Reduction applied, String reason, Groups groups, Writes writes) {

        Plan(Reduction requested, Reduction applied, String reason, Groups groups) {
            this(requested, applied, reason, groups, groups == null ? null : new Writes(groups.model));
        }

        /** @return the summary for the report */
        ReductionSummary summary(long reducedStates) {
            return new ReductionSummary(requested, applied, reason, reducedStates);
        }

        /** @return a chooser for one worker, null without a reduction */
        Chooser chooser(PackedModel packed) {
            return applied == Reduction.NONE ? null : new Chooser(groups, applied == Reduction.SAFETY, packed, writes);
        }
    }

    /**
     * The audit of the footprints a reduction relies on ({@link WriteAudit}): every step of every
     * state expanded under the reduction (the steps left out too) is checked to change only slots
     * its group declares written; and the reads, on a sample of the expanded states
     * ({@link org.rdmacheck.model.layout.ReadAudit}: every state numbered below {@link #READ_PREFIX} and
     * every {@link #READ_STRIDE}-th after, one header field each, in turn): the groups that do not
     * declare the field read must behave the same when it changes. The first undeclared write or
     * read (least state number) is kept, and makes the run's proofs inconclusive ({@link RunReport}).
     */
    static final class Writes {
        final WriteAudit audit;
        private Finding finding;

        /** An undeclared write or read: the state (its number in traces) and what the step changed or read. */
        record Finding(int state, String detail) { }

        /** the states numbered below this have their reads audited (one header field each, in turn) */
        static final int READ_PREFIX = 256;
        /** after them, one state in this many */
        static final int READ_STRIDE = 1_024;

        Writes(LayoutModel model) {
            this.audit = new WriteAudit(model);
        }

        synchronized Finding finding() {
            return finding;
        }

        synchronized void record(int state, String detail) {
            if (finding == null || state < finding.state()) {
                finding = new Finding(state, detail);
            }
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
        if (fps.isEmpty()) {
            return none(req, "the model declares no transition groups");
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
        return new Plan(req, req, "", Groups.of(lm, fps, slots, actions));
    }

    private static Plan none(Reduction req, String reason) {
        return new Plan(req, Reduction.NONE, reason, null);
    }

    /**
     * The transition groups: per group (bit {@code g} of a set of groups, as {@code long} words) the
     * groups dependent on it, its necessary enabling set, and whether it is visible to the checked
     * properties or a last resort.
     */
    static final class Groups {

        private final LayoutModel model;
        private final Map<String, Integer> index;
        private final int words;
        private final long[][] dependent;
        private final long[][] enabling;
        private final long[] visible;
        private final long[] lastResort;
        /** per group its footprint's index, -1 when the group unites several footprints */
        private final int[] footprint;
        /** per slot the groups that write it */
        private final Map<Slot, long[]> writers;

        private Groups(LayoutModel model, Map<String, Integer> index, long[][] dependent, long[][] enabling,
                       long[] visible, long[] lastResort, int[] footprint, Map<Slot, long[]> writers) {
            this.model = model;
            this.index = index;
            this.words = visible.length;
            this.dependent = dependent;
            this.enabling = enabling;
            this.visible = visible;
            this.lastResort = lastResort;
            this.footprint = footprint;
            this.writers = writers;
        }

        static Groups of(LayoutModel model, List<Footprint> footprints, Set<String> propertySlots,
                         Set<String> propertyActions) {
            Map<String, Integer> index = new LinkedHashMap<>();
            List<Set<String>> reads = new ArrayList<>();
            List<Set<String>> writes = new ArrayList<>();
            Set<Integer> last = new TreeSet<>();
            List<Integer> footprintOf = new ArrayList<>();
            for (int i = 0; i < footprints.size(); i++) {
                Footprint f = footprints.get(i);
                int at = i;
                // a group declared twice: one group with the union of the footprints (and no footprint index)
                boolean fresh = !index.containsKey(f.action());
                int g = index.computeIfAbsent(f.action(), k -> {
                    reads.add(new TreeSet<>());
                    writes.add(new TreeSet<>());
                    footprintOf.add(at);
                    return index.size();
                });
                if (!fresh) {
                    footprintOf.set(g, -1);
                }
                f.reads().forEach(s -> reads.get(g).add(s.name()));
                f.writes().forEach(s -> writes.get(g).add(s.name()));
                if (f.lastResort()) {
                    last.add(g);
                }
            }
            int n = index.size();
            int words = (n + 63) >>> 6;
            int[] footprint = new int[n];
            Map<Slot, long[]> writers = new java.util.IdentityHashMap<>();
            for (Slot slot : model.layout().slots()) {
                long[] w = new long[words];
                for (int g = 0; g < n; g++) {
                    if (writes.get(g).contains(slot.name())) {
                        Bits.set(w, g);
                    }
                }
                writers.put(slot, w);
            }
            for (int g = 0; g < n; g++) {
                footprint[g] = footprintOf.get(g);
            }
            long[][] dependent = new long[n][words];
            long[][] enabling = new long[n][words];
            long[] visible = new long[words];
            long[] lastResort = new long[words];
            for (int g = 0; g < n; g++) {
                for (int h = 0; h < n; h++) {
                    boolean hWritesGReads = meets(writes.get(h), reads.get(g));
                    if (hWritesGReads || meets(writes.get(g), reads.get(h)) || meets(writes.get(g), writes.get(h))) {
                        Bits.set(dependent[g], h);
                    }
                    if (hWritesGReads) {
                        Bits.set(enabling[g], h);
                    }
                }
            }
            for (Map.Entry<String, Integer> e : index.entrySet()) {
                int g = e.getValue();
                // an action property's action is visible whatever the group it falls in
                if (meets(writes.get(g), propertySlots) || propertyActions.contains(e.getKey())
                        || propertyActions.contains(groupName(e.getKey()))) {
                    Bits.set(visible, g);
                }
            }
            last.forEach(g -> Bits.set(lastResort, g));
            return new Groups(model, Map.copyOf(index), dependent, enabling, visible, lastResort, footprint, writers);
        }

        /** @return the action name part of a group name ({@code Forward} of {@code Forward[arc=3]}) */
        private static String groupName(String group) {
            int at = group.indexOf('[');
            return at < 0 ? group : group.substring(0, at);
        }

        private static boolean meets(Set<String> a, Set<String> b) {
            for (String s : a) {
                if (b.contains(s)) {
                    return true;
                }
            }
            return false;
        }

        /** @return the group of an action, -1 for an action without a footprint */
        int of(Action action) {
            Integer g = index.get(model.group(action));
            return g == null ? -1 : g;
        }

        int size() {
            return dependent.length;
        }

        int words() {
            return words;
        }

        /**
         * Grows the least stubborn set from {@code key} into {@code set} ({@code work} is scratch);
         * stops early once it holds every enabled group.
         */
        void closure(int key, long[] enabled, long[] set, long[] work, StateEnabling nes) {
            java.util.Arrays.fill(set, 0);
            java.util.Arrays.fill(work, 0);
            Bits.set(set, key);
            Bits.set(work, key);
            for (int g = Bits.next(work, 0); g >= 0 && !Bits.containsAll(set, enabled); g = Bits.next(work, 0)) {
                Bits.clear(work, g);
                // a disabled last resort stays disabled while the enabled key does not change: no enabling set
                long[] add = Bits.get(enabled, g) ? dependent[g] : Bits.get(lastResort, g) ? null : nes.of(g);
                if (add != null) {
                    for (int i = 0; i < set.length; i++) {
                        long fresh = add[i] & ~set[i];
                        set[i] |= fresh;
                        work[i] |= fresh;
                    }
                }
            }
        }

        boolean visible(long[] set) {
            return Bits.intersects(set, visible);
        }
    }

    /**
     * The necessary enabling sets of the groups disabled in one state: the writers of the slots
     * the model names for it ({@link LayoutModel#enablingSlots}), else the static set (every
     * writer of a slot the group reads). Computed once per group and state; not thread-safe.
     */
    static final class StateEnabling {

        private final Groups groups;
        private final long[][] sets;
        private final int[] stamp;
        private final java.util.function.Consumer<Slot> collect;
        private int now = 1;
        private int[] values;
        private int offset;
        private long[] into;

        StateEnabling(Groups groups) {
            this.groups = groups;
            this.sets = new long[groups.size()][groups.words()];
            this.stamp = new int[groups.size()];
            this.collect = slot -> {
                long[] w = groups.writers.get(slot);
                for (int i = 0; i < into.length; i++) {
                    into[i] |= w[i];
                }
            };
        }

        /** Starts a state: its values, or null when only the static sets apply. */
        void state(int[] values, int offset) {
            this.values = values;
            this.offset = offset;
            now++;
        }

        /** @return the necessary enabling set of group g, disabled in the current state */
        long[] of(int g) {
            int fp = groups.footprint[g];
            if (values == null || fp < 0) {
                return groups.enabling[g];
            }
            if (stamp[g] == now) {
                return sets[g];
            }
            stamp[g] = now;
            into = sets[g];
            java.util.Arrays.fill(into, 0);
            if (!groups.model.enablingSlots(values, offset, fp, collect)) {
                System.arraycopy(groups.enabling[g], 0, into, 0, into.length);
            }
            return into;
        }
    }

    /** Sets of groups as {@code long} words. */
    private static final class Bits {

        private Bits() {
        }

        static void set(long[] b, int i) {
            b[i >>> 6] |= 1L << i;
        }

        static void clear(long[] b, int i) {
            b[i >>> 6] &= ~(1L << i);
        }

        static boolean get(long[] b, int i) {
            return (b[i >>> 6] >>> i & 1) != 0;
        }

        /** @return the least member at or after {@code from}, -1 when none */
        static int next(long[] b, int from) {
            int w = from >>> 6;
            if (w >= b.length) {
                return -1;
            }
            long word = b[w] & (-1L << from);
            while (true) {
                if (word != 0) {
                    return (w << 6) + Long.numberOfTrailingZeros(word);
                }
                if (++w == b.length) {
                    return -1;
                }
                word = b[w];
            }
        }

        static boolean containsAll(long[] a, long[] b) {
            for (int i = 0; i < a.length; i++) {
                if ((b[i] & ~a[i]) != 0) {
                    return false;
                }
            }
            return true;
        }

        static boolean intersects(long[] a, long[] b) {
            for (int i = 0; i < a.length; i++) {
                if ((a[i] & b[i]) != 0) {
                    return true;
                }
            }
            return false;
        }

        static int count(long[] b) {
            int n = 0;
            for (long w : b) {
                n += Long.bitCount(w);
            }
            return n;
        }
    }

    /** One worker's choices: not thread-safe, and deterministic (a function of the state and the store). */
    static final class Chooser {

        private final Groups groups;
        private final boolean safety;
        private final PackedModel packed;
        private final int[] perGroup;
        private final long[] enabled;
        private final long[] set;
        private final long[] work;
        private final long[] best;
        private int[] group = new int[64];
        private boolean[] skip = new boolean[64];
        private final Map<Long, Integer> codeGroups = new HashMap<>();
        private final StateEnabling nes;
        private final Writes writes;
        private final Map<Long, Integer> codeAudit = new HashMap<>();
        /** this worker's read audit (its counter of skipped states is its own) */
        private final org.rdmacheck.model.layout.ReadAudit reads;
        private final List<org.rdmacheck.model.layout.Field> readFields;
        private long reducedStates;
        private long skipped;

        Chooser(Groups groups, boolean safety, PackedModel packed, Writes writes) {
            this.groups = groups;
            this.writes = writes;
            this.safety = safety;
            this.packed = packed;
            this.perGroup = new int[groups.size()];
            this.enabled = new long[groups.words()];
            this.set = new long[groups.words()];
            this.work = new long[groups.words()];
            this.best = new long[groups.words()];
            this.nes = new StateEnabling(groups);
            this.reads = writes == null ? null : new org.rdmacheck.model.layout.ReadAudit(groups.model);
            this.readFields = reads == null ? List.of() : reads.fields();
        }

        /**
         * Audits the reads of one expanded state's groups ({@link org.rdmacheck.model.layout.ReadAudit}) when
         * it is sampled ({@link Writes#READ_PREFIX}, {@link Writes#READ_STRIDE}): one header field, by
         * state number in turn, changed to its other values.
         *
         * @param v   packed values
         * @param off the state's first value
         * @param idx its number
         */
        void auditReads(int[] v, int off, int idx) {
            if (readFields.isEmpty() || idx >= Writes.READ_PREFIX && idx % Writes.READ_STRIDE != 0) {
                return;
            }
            Writes.Finding f = writes.finding();
            if (f != null && f.state() <= idx) {
                return;
            }
            int[] a = java.util.Arrays.copyOfRange(v, off, off + groups.model.layout().length(v, off));
            org.rdmacheck.model.layout.Field x = readFields.get((idx / (idx < Writes.READ_PREFIX ? 1 : Writes.READ_STRIDE))
                    % readFields.size());
            reads.check(a, List.of(x)).ifPresent(r -> writes.record(idx, "in state " + idx + ", " + r.detail()));
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
                grp[k] = groups.of(ts.get(k).action());
            }
            boolean[] out = skip(n);
            nes.state(null, 0);
            return choose(grp, 0, n, known, out) ? out : null;
        }

        /**
         * Chooses among the packed successors of the states of a chunk ({@code firsts[i]} is the
         * position of state i's first successor); {@link #reducedStates()} and {@link #skipped()}
         * then count the chunk's reduced states and left-out successors.
         *
         * @return per successor whether it is left out, null when all are explored
         */
        boolean[] choosePacked(long[] codes, int[] firsts, int states, int[] known, PackedStates parents, int from) {
            int total = firsts[states];
            int[] grp = group(total);
            for (int k = 0; k < total; k++) {
                grp[k] = groupOf(codes[k]);
            }
            boolean[] out = skip(total);
            reducedStates = 0;
            skipped = 0;
            for (int i = 0; i < states; i++) {
                nes.state(parents.values(from + i), parents.start(from + i));
                if (choose(grp, firsts[i], firsts[i + 1], known, out)) {
                    reducedStates++;
                } else {
                    java.util.Arrays.fill(out, firsts[i], firsts[i + 1], false);
                }
            }
            return reducedStates == 0 ? null : out;
        }

        /**
         * Audits the writes of the packed steps of a chunk's states ({@code firsts[i]} is the
         * position of state i's first successor, whose values are in {@code arena} from
         * {@code starts[k]}): each must change only the slots its group declares written.
         *
         * @param base the number of the chunk's first state
         */
        void auditWrites(long[] codes, int[] firsts, int states, PackedStates parents, int from, int[] arena,
                         int[] starts, int base) {
            Writes.Finding f = writes.finding();
            for (int i = 0; i < states && (f == null || f.state() > base + i); i++) {
                int[] pv = parents.values(from + i);
                int po = parents.start(from + i);
                auditReads(pv, po, base + i);
                for (int k = firsts[i]; k < firsts[i + 1]; k++) {
                    long code = codes[k];
                    Integer g = codeAudit.get(code);
                    if (g == null) {
                        g = writes.audit.group(groups.model.group(packed.action(code)));
                        codeAudit.put(code, g);
                    }
                    java.util.Optional<Slot> slot = g < 0 ? java.util.Optional.empty()
                            : writes.audit.undeclared(g, pv, po, arena, starts[k]);
                    if (slot.isPresent()) {
                        Action a = packed.action(code);
                        writes.record(base + i, "the step " + a + " from state " + (base + i) + " changes "
                                + slot.get().name() + ", which its group " + groups.model.group(a)
                                + " does not declare written");
                        return;
                    }
                }
            }
        }

        /** Audits the writes of a state object's steps (the object path: a layout model's states wrap packed values). */
        <S> void auditWrites(S state, List<Transition<S>> ts, int idx) {
            Writes.Finding f = writes.finding();
            if (!(state instanceof org.rdmacheck.model.layout.LayoutState from) || f != null && f.state() <= idx) {
                return;
            }
            int[] a = new int[from.length()];
            from.copyTo(a, 0);
            auditReads(a, 0, idx);
            for (Transition<S> t : ts) {
                int g = writes.audit.group(groups.model.group(t.action()));
                org.rdmacheck.model.layout.LayoutState to = (org.rdmacheck.model.layout.LayoutState) t.next();
                int[] b = new int[to.length()];
                to.copyTo(b, 0);
                java.util.Optional<Slot> slot = g < 0 ? java.util.Optional.empty() : writes.audit.undeclared(g, a, 0, b, 0);
                if (slot.isPresent()) {
                    writes.record(idx, "the step " + t.action() + " from state " + idx + " changes " + slot.get().name()
                            + ", which its group " + groups.model.group(t.action()) + " does not declare written");
                    return;
                }
            }
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
                g = groups.of(packed.action(code));
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
            java.util.Arrays.fill(enabled, 0);
            for (int k = from; k < to; k++) {
                if (grp[k] < 0) {
                    return false;
                }
                Bits.set(enabled, grp[k]);
            }
            if (Bits.count(enabled) < 2) {
                return false;
            }
            for (int k = from; k < to; k++) {
                perGroup[grp[k]]++;
            }
            int bestCost = to - from;
            boolean found = false;
            for (int key = Bits.next(enabled, 0); key >= 0; key = Bits.next(enabled, key + 1)) {
                groups.closure(key, enabled, set, work, nes);
                int cost = 0;
                for (int i = 0; i < set.length; i++) {
                    set[i] &= enabled[i];
                }
                if (Bits.containsAll(set, enabled) || safety && groups.visible(set)) {
                    continue;
                }
                for (int g = Bits.next(set, 0); g >= 0; g = Bits.next(set, g + 1)) {
                    cost += perGroup[g];
                }
                if (cost < bestCost) {
                    System.arraycopy(set, 0, best, 0, set.length);
                    bestCost = cost;
                    found = true;
                }
            }
            for (int k = from; k < to; k++) {
                perGroup[grp[k]] = 0;
            }
            if (!found) {
                return false;
            }
            for (int k = from; safety && k < to; k++) {
                if (Bits.get(best, grp[k]) && known[k] >= 0) {
                    // the cycle proviso: a successor explored is already known, so expand in full
                    return false;
                }
            }
            for (int k = from; k < to; k++) {
                out[k] = !Bits.get(best, grp[k]);
                if (out[k]) {
                    skipped++;
                }
            }
            return true;
        }
    }
}
