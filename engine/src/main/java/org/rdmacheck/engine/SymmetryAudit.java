package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.rdmacheck.engine.SymmetryAuditSummary.Renamings;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.Property;

/**
 * The run-time check that a declared symmetry is one of the model's: a model only declares its
 * symmetric set, as TLC's {@code SYMMETRY} assumes it unchecked, and the reduced search keeps one
 * state per class of renamings, expanding the concrete state it reached first (the class's
 * representative r).
 *
 * <p>The condition checked, at every state r the reduced search expands (all of them, or a sample:
 * {@link AuditScope}) and for every renaming p of the group (groups of up to {@link #MAX_EVERY_RENAMING}
 * elements; larger ones: the generators only): the successors of p r fall in the same classes as
 * r's, canon(succ(p r)) = canon(succ(r)), compared as sorted sets of class fingerprints (those the
 * search computes for r's successors anyway); and every action property holds on every step of p r
 * (one that fails there is not proven by the run, as an asymmetric property: {@link #stepFailed}).
 * It expands one state per other member of r's class, not one per renaming: a renaming that maps r
 * to itself or to a member already expanded has nothing new to show.
 *
 * <p>Why that is enough, when it holds at every expanded state: every reachable state x is a member
 * p r of the class of an expanded representative r (by induction along a path: the initial states'
 * classes are expanded; a successor y of x = p r has a class in canon(succ(p r)) = canon(succ(r)),
 * which the search inserted, so y's class has an expanded representative), so the search reaches
 * every reachable class. Members of a class have the same classes of successors, so "same class"
 * is a bisimulation and the quotient the search explores has the edges of the full graph: deadlock
 * (no successor) and AG EF goal agree on a class's members, given symmetric properties (which
 * {@link PropertyChecks} checks on every renaming of each reached state). A member's steps need
 * not be renamings of the representative's, so the action properties are evaluated on the steps of
 * every member expanded here: every reachable step is then checked. Ip and Dill's condition,
 * succ(p r) = p succ(r), implies this one; it is stronger than the search needs.
 *
 * <p>With the generators only, or on a sample, the audit finds asymmetries where it looks and
 * proves nothing more ({@link SymmetryAuditSummary#sound}). A difference makes every proof of the
 * run inconclusive ({@link RunReport}), naming the state and the renaming.
 *
 * @param <S> state type
 */
final class SymmetryAudit<S> {

    /** Largest symmetric set whose every renaming is audited (5! - 1 = 119 renamings besides the identity). */
    static final int MAX_EVERY_RENAMING = 5;

    private final Model<S> model;
    private final Canonicalizer<S> canon;
    private final Symmetry<S> symmetry;
    private final AuditScope scope;
    private final List<Property<S>> properties;
    /** the indices of the action properties among them */
    private final int[] actionIndices;
    /** per property: 1 once a renamed member's step violates it (it is then not symmetric) */
    private final AtomicIntegerArray stepFailed;
    private final Renamings renamings;
    /** the renamings checked (identity excluded) */
    private final int[][] checked;
    private final LongAdder audited = new LongAdder();
    private final LongAdder leftOut = new LongAdder();
    private final LongAdder expanded = new LongAdder();
    /** the least numbered state found asymmetric, and why; null while none */
    private Finding finding;

    /** An asymmetry: the state (its number in traces), the renaming, what differs. */
    record Finding(int state, String detail) { }

    /**
     * @param properties the run's properties: the action properties among them are evaluated on the
     *                   steps of the renamed members the audit expands
     */
    SymmetryAudit(Model<S> model, Canonicalizer<S> canon, AuditScope scope, List<Property<S>> properties) {
        this.model = model;
        this.properties = List.copyOf(properties);
        this.actionIndices = java.util.stream.IntStream.range(0, properties.size())
                .filter(i -> properties.get(i) instanceof ActionProperty).toArray();
        this.stepFailed = new AtomicIntegerArray(properties.size());
        this.scope = scope;
        this.canon = canon;
        this.symmetry = canon.symmetry();
        int n = symmetry.size();
        this.renamings = n <= MAX_EVERY_RENAMING ? Renamings.EVERY : Renamings.GENERATORS;
        int[][] all = renamings == Renamings.EVERY ? Canonicalizer.permutations(n) : generators(n);
        // the identity comes first among every permutation; generators never include it
        this.checked = renamings == Renamings.EVERY ? Arrays.copyOfRange(all, Math.min(1, all.length), all.length) : all;
    }

    /** @return whether every renaming is audited (else generators only) */
    boolean everyRenaming() {
        return renamings == Renamings.EVERY;
    }

    /** @return what this run's audit checked, so far */
    SymmetryAuditSummary summary() {
        return new SymmetryAuditSummary(scope, renamings, symmetry.size(), checked.length, audited.sum(),
                leftOut.sum(), expanded.sum());
    }

    /**
     * @param n elements
     * @return generators of the symmetric group on {@code 0..n-1}: the transposition (0 1) and,
     *         from 3 elements, the cycle 0 -> 1 -> ... -> n-1 -> 0; none for one element
     */
    static int[][] generators(int n) {
        List<int[]> out = new ArrayList<>();
        if (n >= 2) {
            int[] swap = new int[n];
            for (int i = 0; i < n; i++) {
                swap[i] = i;
            }
            swap[0] = 1;
            swap[1] = 0;
            out.add(swap);
        }
        if (n >= 3) {
            int[] cycle = new int[n];
            for (int i = 0; i < n; i++) {
                cycle[i] = (i + 1) % n;
            }
            out.add(cycle);
        }
        return out.toArray(new int[0][]);
    }

    /** @return whether an asymmetry was found (checked once more states are no use) */
    synchronized boolean found() {
        return finding != null;
    }

    /** @return the asymmetry of least state number found, or null */
    synchronized Finding finding() {
        return finding;
    }

    /**
     * Checks state {@code s} (number {@code idx}) against the renamings.
     *
     * @param ts      its successors
     * @param classes the class fingerprints of its successors, as the store keeps them (at least
     *                {@code ts.size()} of them)
     * @param buffer  the worker's scratch buffer
     */
    void check(S s, int idx, List<Transition<S>> ts, long[] classes, Words buffer) {
        if (!scope.audits(idx)) {
            leftOut.increment();
            return;
        }
        Finding f = finding();
        if (f != null && f.state() <= idx) {
            return;
        }
        audited.increment();
        long[] members = new long[checked.length + 1];
        members[0] = canon.plainFingerprint(s, buffer);
        int distinct = 1;
        long[] own = null;
        List<Transition<S>> its = new ArrayList<>(ts.size() + 4);
        for (int[] p : checked) {
            S image = symmetry.permute(s, p);
            long fp = canon.plainFingerprint(image, buffer);
            if (renamings == Renamings.EVERY && contains(members, distinct, fp)) {
                continue; // r itself, or a member already expanded: same successors
            }
            members[distinct++] = fp;
            its.clear();
            model.successors(image, its::add);
            expanded.increment();
            long[] theirs = new long[its.size()];
            for (int k = 0; k < theirs.length; k++) {
                theirs[k] = canon.fingerprint(its.get(k).next(), buffer);
            }
            own = own == null ? distinct(Arrays.copyOf(classes, ts.size())) : own;
            long[] b = distinct(theirs);
            if (!Arrays.equals(own, b)) {
                record(new Finding(idx, "state " + idx + " (" + shortView(s) + ") renamed by " + name(p)
                        + " has successors in " + b.length + " classes, and its own are in " + own.length
                        + (own.length == b.length ? ", other ones" : "")));
                return;
            }
            testSteps(image, its);
        }
    }

    /**
     * The action properties on a renamed member's steps, which need not be renamings of the
     * representative's: a violation marks the property, which the reduced search then does not prove.
     */
    @SuppressWarnings("unchecked")
    private void testSteps(S image, List<Transition<S>> its) {
        for (int i : actionIndices) {
            if (stepFailed.get(i) != 0) {
                continue;
            }
            ActionProperty<S> ap = (ActionProperty<S>) properties.get(i);
            for (Transition<S> t : its) {
                if (!ap.test(image, t.action(), t.next())) {
                    stepFailed.set(i, 1);
                    break;
                }
            }
        }
    }

    /**
     * @param p a property's index in the run's list
     * @return whether a step of a renamed member the audit expanded violates it (while no step the
     *         reduced search checked need do: the property is then not proven on the reduced space)
     */
    boolean stepFailed(int p) {
        return stepFailed.get(p) != 0;
    }

    private static boolean contains(long[] a, int n, long v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    private synchronized void record(Finding f) {
        if (finding == null || f.state() < finding.state()) {
            finding = f;
        }
    }

    /** @return the renaming of the symmetric set's elements, e.g. {@code 0 -> 1, 1 -> 0} */
    private String name(int[] g) {
        StringBuilder sb = new StringBuilder("the renaming");
        for (int i = 0; i < g.length; i++) {
            sb.append(i == 0 ? " " : ", ").append(i).append(" -> ").append(g[i]);
        }
        return sb.append(" of the symmetric set ").append(symmetry.elements()).append(" (element i is its i-th)")
                .toString();
    }

    private String shortView(S s) {
        String v = String.valueOf(model.view(s));
        return v.length() <= 240 ? v : v.substring(0, 240) + "...";
    }

    private static long[] distinct(long[] fps) {
        long[] a = fps.clone();
        Arrays.sort(a);
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            if (i == 0 || a[i] != a[i - 1]) {
                a[n++] = a[i];
            }
        }
        return Arrays.copyOf(a, n);
    }
}
