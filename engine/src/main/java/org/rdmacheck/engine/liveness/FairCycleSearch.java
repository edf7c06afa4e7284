package org.rdmacheck.engine.liveness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.rdmacheck.model.Action;
import org.rdmacheck.properties.liveness.Fairness;

/**
 * Finds a fair strongly connected component inside a region of the labelled graph: the emptiness
 * check of a Streett automaton (Emerson and Lei; Latvala and Heljanko). The region is split into
 * components ({@link SccDecomposition}: Tarjan on one thread, forward-backward with trimming on a
 * pool), and each component is checked against every fairness assumption, the graph's implicit
 * stutter steps included (every state may repeat, as in TLA+):
 * <ul>
 *   <li>WF(A): A is taken on an edge inside the component, or A is disabled in one of its states;
 *       otherwise no cycle inside it is fair and it is dropped;</li>
 *   <li>SF(A): A is taken inside, or disabled in all its states; otherwise the states where A is
 *       enabled are removed and the rest is split into components again;</li>
 *   <li>an acceptance set (for {@code <>[]P}: the not-P states), when given, must meet it.</li>
 * </ul>
 * Edges may be cut (for {@code []<>A}: the A steps): the components are then those of the graph
 * without them, and a cut edge does not count as taking its action, though its action is enabled.
 * An assumption is checked for each of its fair actions ({@link Fairness#groupOf}: the family as
 * one, each action value, or each group of values) enabled in the component.
 *
 * <p>The answer is fixed by the graph alone: a region's first fair component in the order of least
 * states, else the answer of the first of its refined components (in the same order) that has one,
 * depth first. On a pool, the components of a region are checked in chunks side by side and the
 * refined components searched side by side, and the answer is still that one: a chunk that finds a
 * fair component makes the chunks after it stop, never those before it. Only the number of
 * components examined may then be larger than on one thread (chunks after the answer may have
 * started).
 */
final class FairCycleSearch {

    /** Regions of fewer states are split by Tarjan's algorithm on one thread. */
    static final int PARALLEL_MIN = 1 << 15;
    /** States per task of a parallel round or chunk of components. */
    static final int GRAIN = 1 << 12;
    /** Refinement depth beyond which the refined components are searched one after the other. */
    private static final int MAX_PARALLEL_DEPTH = 32;

    /** A step a fair cycle must contain: take the edge, or visit the state. */
    record Witness(boolean edge, int value) {
    }

    /** An accepted component and what a cycle through it must contain to be fair. */
    record Accepted(int[] members, List<Witness> witnesses) {
    }

    /** What checking one component gave: fair, or its part left by strong fairness to split again. */
    private record Outcome(Accepted accepted, int[] rest) {
    }

    /** What checking a region's components gave: the first fair one, else the refined parts in order. */
    private record Checked(Accepted accepted, List<int[]> refined) {
    }

    private final LabelledGraph<?> g;
    /** edges no cycle takes, or null */
    private final BitSet cut;
    /** the bytes of the graph without the cut edges, when there are some */
    private final long cutBytes;
    private final List<Fairness> fairness;
    private final int[][] groupOf;
    private final int[] groupCount;
    private final Deadline deadline;
    private final ForkJoinPool pool;
    private final int grain;
    private final int parallelMin;
    private final AtomicInteger stamps = new AtomicInteger();
    private final LongAdder examined = new LongAdder();
    private final SccDecomposition sccs;
    /** per state: the stamp of the component being checked that holds it (negated: removed from it) */
    private final int[] mark;
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

    FairCycleSearch(LabelledGraph<?> g, List<Fairness> fairness) {
        this(g, fairness, Deadline.NONE);
    }

    /** @param deadline checked every few thousand components and edges */
    FairCycleSearch(LabelledGraph<?> g, List<Fairness> fairness, Deadline deadline) {
        this(g, fairness, deadline, null, PARALLEL_MIN, GRAIN);
    }

    /**
     * @param pool        the threads to search on, null for the calling thread only
     * @param parallelMin regions of fewer states are split by Tarjan's algorithm (tests use small values)
     * @param grain       states per parallel task
     */
    FairCycleSearch(LabelledGraph<?> g, List<Fairness> fairness, Deadline deadline, ForkJoinPool pool,
                    int parallelMin, int grain) {
        this(g, fairness, deadline, pool, parallelMin, grain, null);
    }

    /**
     * @param cut edges a fair cycle may not take (for {@code []<>A}: the A steps), null for none: the
     *            components are those of the graph without them, and only the other edges inside a
     *            component count as taking a fair action; enabledness is the whole graph's (a cut
     *            edge's action is still enabled in its state)
     */
    FairCycleSearch(LabelledGraph<?> g, List<Fairness> fairness, Deadline deadline, ForkJoinPool pool,
                    int parallelMin, int grain, BitSet cut) {
        this.g = g;
        this.cut = cut;
        this.deadline = deadline;
        this.fairness = fairness;
        this.pool = pool;
        this.grain = Math.max(1, grain);
        this.parallelMin = parallelMin;
        groupOf = new int[fairness.size()][];
        groupCount = new int[fairness.size()];
        for (int f = 0; f < fairness.size(); f++) {
            Fairness fa = fairness.get(f);
            int[] of = new int[g.actions.size()];
            java.util.Map<Object, Integer> ids = new java.util.HashMap<>();
            for (int a = 0; a < of.length; a++) {
                Action act = g.actions.get(a);
                of[a] = fa.covers(act) ? ids.computeIfAbsent(fa.groupOf(act), k -> ids.size()) : -1;
            }
            groupOf[f] = of;
            groupCount[f] = ids.size();
        }
        LabelledGraph<?> cycles = cut == null ? g : g.without(cut);
        cutBytes = cut == null ? 0 : 4L * (cycles.off.length + cycles.dst.length + cycles.act.length) + cut.size() / 8;
        sccs = new SccDecomposition(cycles, pool, parallelMin, this.grain, deadline, stamps);
        mark = new int[g.n];
    }

    /** @return components examined so far, refinements included */
    long components() {
        return examined.sum();
    }

    /**
     * @return bytes of the search's arrays: the per-state marks and the decomposition's arrays, the
     *         largest region's components and Tarjan arrays, and the fairness groups' counters
     */
    long bytes() {
        // per state: marks, components, Tarjan's arrays, and on a pool the components' outcomes
        long b = cutBytes + 4L * g.n + sccs.bytes() + Components.bytes(g.n) + 21L * g.n + (pool == null ? 0 : 4L * g.n);
        for (int f = 0; f < groupOf.length; f++) {
            b += 4L * groupOf[f].length + 17L * groupCount[f];
        }
        return b;
    }

    /**
     * @param region the states a cycle may use
     * @param accept states a cycle must visit (null: no such condition)
     * @return the fair component described in the class comment, none when the region has none
     */
    Optional<Accepted> find(BitSet region, BitSet accept) {
        int[] all = region.stream().toArray();
        if (all.length == 0) {
            return Optional.empty();
        }
        if (pool == null || ForkJoinTask.getPool() == pool) {
            return solve(all, accept, 0);
        }
        return pool.invoke(ForkJoinTask.adapt(() -> solve(all, accept, 0)));
    }

    /** The answer for a region (ascending states), its refined parts searched side by side. */
    private Optional<Accepted> solve(int[] members, BitSet accept, int depth) {
        if (pool == null || depth > MAX_PARALLEL_DEPTH) {
            return solveInOrder(members, accept);
        }
        Checked c = members.length < parallelMin ? checkAll(sccs.of(members), accept) : splitAndCheck(members, accept);
        if (c.accepted() != null) {
            return Optional.of(c.accepted());
        }
        List<int[]> kids = c.refined();
        if (kids.isEmpty()) {
            return Optional.empty();
        }
        // batches of refined parts of about a grain's states each; the first batch with an answer wins
        List<int[]> bounds = new ArrayList<>();
        int start = 0;
        long size = 0;
        for (int i = 0; i < kids.size(); i++) {
            size += kids.get(i).length;
            if (size >= grain || i == kids.size() - 1) {
                bounds.add(new int[] {start, i + 1});
                start = i + 1;
                size = 0;
            }
        }
        if (bounds.size() == 1) {
            for (int[] k : kids) {
                Optional<Accepted> a = solve(k, accept, depth + 1);
                if (a.isPresent()) {
                    return a;
                }
            }
            return Optional.empty();
        }
        AtomicInteger first = new AtomicInteger(Integer.MAX_VALUE);
        @SuppressWarnings("unchecked")
        Optional<Accepted>[] found = new Optional[bounds.size()];
        List<ForkJoinTask<?>> tasks = new ArrayList<>();
        for (int b = 0; b < bounds.size(); b++) {
            int batch = b;
            tasks.add(ForkJoinTask.adapt(() -> {
                for (int i = bounds.get(batch)[0]; i < bounds.get(batch)[1] && first.get() > batch; i++) {
                    Optional<Accepted> a = solve(kids.get(i), accept, depth + 1);
                    if (a.isPresent()) {
                        found[batch] = a;
                        first.accumulateAndGet(batch, Math::min);
                        return;
                    }
                }
            }));
        }
        ForkJoinTask.invokeAll(tasks);
        return first.get() == Integer.MAX_VALUE ? Optional.empty() : found[first.get()];
    }

    /**
     * Splits a large region into components and checks them on the pool's other threads as they
     * are found (all of them, so that the first in order is known).
     */
    private Checked splitAndCheck(int[] members, BitSet accept) {
        Outcome[] outcomes = new Outcome[members.length];
        List<ForkJoinTask<?>> checks = new ArrayList<>();
        Components cs = sccs.of(members, (found, from, to) -> {
            int c = from;
            while (c < to) {
                int first = c;
                int states = 0;
                while (c < to && states < grain) {
                    states += found.end(c) - found.start(c);
                    c++;
                }
                int last = c;
                checks.add(ForkJoinTask.adapt(() -> {
                    deadline.check();
                    Scratch sc = scratch.get();
                    for (int k = first; k < last; k++) {
                        outcomes[k] = check(found.states(), found.start(k), found.end(k), accept, sc);
                    }
                }).fork());
            }
        });
        for (ForkJoinTask<?> t : checks) {
            t.join();
        }
        List<int[]> refined = new ArrayList<>();
        for (int i = 0; i < cs.count(); i++) {
            Outcome o = outcomes[cs.emitted(i)];
            if (o != null && o.accepted() != null) {
                return new Checked(o.accepted(), List.of());
            }
            if (o != null) {
                refined.add(o.rest());
            }
        }
        return new Checked(null, refined);
    }

    /** The same answer, the refined parts searched one after the other, depth first, with no recursion. */
    private Optional<Accepted> solveInOrder(int[] members, BitSet accept) {
        Deque<int[]> work = new ArrayDeque<>();
        work.push(members);
        while (!work.isEmpty()) {
            Checked c = checkAll(sccs.of(work.pop()), accept);
            if (c.accepted() != null) {
                return Optional.of(c.accepted());
            }
            for (int i = c.refined().size() - 1; i >= 0; i--) {
                work.push(c.refined().get(i));
            }
        }
        return Optional.empty();
    }

    /** Checks a region's components in order (on a pool: in chunks side by side). */
    private Checked checkAll(Components cs, BitSet accept) {
        int count = cs.count();
        List<int[]> chunks = new ArrayList<>();
        int start = 0;
        int size = 0;
        for (int i = 0; i < count; i++) {
            size += cs.to(i) - cs.from(i);
            if (size >= grain || i == count - 1) {
                chunks.add(new int[] {start, i + 1});
                start = i + 1;
                size = 0;
            }
        }
        AtomicInteger first = new AtomicInteger(Integer.MAX_VALUE);
        Accepted[] accepted = new Accepted[chunks.size()];
        @SuppressWarnings("unchecked")
        List<int[]>[] refined = new List[chunks.size()];
        List<ForkJoinTask<?>> tasks = new ArrayList<>();
        for (int k = 0; k < chunks.size(); k++) {
            int chunk = k;
            Runnable body = () -> {
                deadline.check();
                refined[chunk] = new ArrayList<>();
                Scratch sc = scratch.get();
                for (int i = chunks.get(chunk)[0]; i < chunks.get(chunk)[1] && first.get() > i; i++) {
                    Outcome o = check(cs.states(), cs.from(i), cs.to(i), accept, sc);
                    if (o == null) {
                        continue;
                    }
                    if (o.accepted() != null) {
                        accepted[chunk] = o.accepted();
                        first.accumulateAndGet(i, Math::min);
                        return;
                    }
                    refined[chunk].add(o.rest());
                }
            };
            if (pool == null || chunks.size() == 1) {
                body.run();
                if (accepted[chunk] != null) {
                    break;
                }
            } else {
                tasks.add(ForkJoinTask.adapt(body));
            }
        }
        ForkJoinTask.invokeAll(tasks);
        List<int[]> parts = new ArrayList<>();
        for (int k = 0; k < chunks.size(); k++) {
            if (accepted[k] != null) {
                return new Checked(accepted[k], List.of());
            }
            if (refined[k] != null) {
                parts.addAll(refined[k]);
            }
        }
        return new Checked(null, parts);
    }

    /**
     * Checks one component, states {@code s[from..to-1]} (ascending), against the acceptance set and
     * every assumption.
     *
     * @return the component and its witnesses when it is fair, what is left of it when strong
     *         fairness removes states, or null when no fair cycle lies in it
     */
    private Outcome check(int[] s, int from, int to, BitSet accept, Scratch sc) {
        examined.increment();
        int cid = stamps.incrementAndGet();
        for (int i = from; i < to; i++) {
            mark[s[i]] = cid;
        }
        List<Witness> ws = new ArrayList<>();
        if (accept != null) {
            int hit = -1;
            for (int i = from; i < to && hit < 0; i++) {
                hit = accept.get(s[i]) ? s[i] : -1;
            }
            if (hit < 0) {
                return null;
            }
            ws.add(new Witness(false, hit));
        }
        SccDecomposition.Ints remove = null;
        for (int f = 0; f < fairness.size(); f++) {
            sc.scan(f, s, from, to, cid);
            boolean weak = fairness.get(f).strength() == Fairness.Strength.WEAK;
            for (int k = 0; k < sc.touchedCount[f]; k++) {
                int grp = sc.touched[f][k];
                if (sc.taken[f][grp] >= 0) {
                    ws.add(new Witness(true, sc.taken[f][grp]));
                } else if (weak) {
                    if (sc.enabled[f][grp] == to - from) {
                        return null; // enabled throughout and never taken: no fair cycle in here
                    }
                    ws.add(new Witness(false, firstWithout(s, from, to, f, grp)));
                } else {
                    remove = remove == null ? new SccDecomposition.Ints() : remove;
                    remove.add(f);
                    remove.add(grp);
                }
            }
        }
        if (remove == null) {
            return new Outcome(new Accepted(java.util.Arrays.copyOfRange(s, from, to), ws), null);
        }
        // the states enabling a strongly fair action never taken inside leave (marked after all scans)
        for (int p = 0; p < remove.n; p += 2) {
            int[] of = groupOf[remove.a[p]];
            int grp = remove.a[p + 1];
            for (int i = from; i < to; i++) {
                int v = s[i];
                for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                    if (of[g.act[e]] == grp) {
                        mark[v] = -cid;
                        break;
                    }
                }
            }
        }
        SccDecomposition.Ints rest = new SccDecomposition.Ints();
        for (int i = from; i < to; i++) {
            if (mark[s[i]] != -cid) {
                rest.add(s[i]);
            }
        }
        return rest.n == 0 ? null : new Outcome(null, rest.toArray());
    }

    /** @return the first state of the component where group {@code grp} of assumption {@code f} is disabled */
    private int firstWithout(int[] s, int from, int to, int f, int grp) {
        int[] of = groupOf[f];
        for (int i = from; i < to; i++) {
            int v = s[i];
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

    /**
     * Per thread, for the component being checked and each assumption: in how many of its states
     * each fair action is enabled and an edge inside that takes it. Reused from component to
     * component; only the groups met are reset.
     */
    private final class Scratch {
        final int[][] enabled = new int[groupOf.length][];
        final int[][] taken = new int[groupOf.length][];
        final int[][] lastState = new int[groupOf.length][];
        final int[][] touched = new int[groupOf.length][];
        final boolean[][] met = new boolean[groupOf.length][];
        final int[] touchedCount = new int[groupOf.length];

        Scratch() {
            for (int f = 0; f < groupOf.length; f++) {
                int n = groupCount[f];
                enabled[f] = new int[n];
                taken[f] = new int[n];
                lastState[f] = new int[n];
                touched[f] = new int[n];
                met[f] = new boolean[n];
            }
        }

        /** Counts, per group of assumption {@code f}, the states enabling it and finds an edge taking it inside. */
        void scan(int f, int[] s, int from, int to, int cid) {
            int[] of = groupOf[f];
            for (int k = 0; k < touchedCount[f]; k++) {
                met[f][touched[f][k]] = false;
            }
            touchedCount[f] = 0;
            for (int i = from; i < to; i++) {
                int v = s[i];
                for (int e = g.off[v]; e < g.off[v + 1]; e++) {
                    int grp = of[g.act[e]];
                    if (grp < 0) {
                        continue;
                    }
                    if (!met[f][grp]) {
                        met[f][grp] = true;
                        touched[f][touchedCount[f]++] = grp;
                        enabled[f][grp] = 0;
                        taken[f][grp] = -1;
                        lastState[f][grp] = -1;
                    }
                    if (lastState[f][grp] != v) {
                        lastState[f][grp] = v;
                        enabled[f][grp]++;
                    }
                    if (taken[f][grp] < 0 && mark[g.dst[e]] == cid && (cut == null || !cut.get(e))) {
                        taken[f][grp] = e;
                    }
                }
            }
        }
    }
}
