package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;

/**
 * The run-time check that a declared symmetry is one of the model's transitions: symmetry
 * reduction is sound only when renaming commutes with the successor relation, succ(p s) =
 * p succ(s) for every renaming p (Ip and Dill's condition), and a model only declares it, as
 * TLC's {@code SYMMETRY} assumes it unchecked. For every state s the reduced search expands
 * (all of them, or a sample: {@link AuditScope}) and every renaming p of the symmetric set other than
 * the identity (sets of up to {@link #EVERY_RENAMING} elements), or every generator (larger sets:
 * the transposition of elements 0 and 1 and the cycle of all elements), the audit expands p s as
 * well and compares its successors with the renamed successors of s, as sets of states (by their
 * packed fingerprints, or the model's). When every renaming passes on every expanded state, each
 * reachable state's class is reached (by induction along a path: a state is a renaming of an
 * expanded representative, so its successors are renamings of the representative's); with
 * generators only, or a sample, the audit can find an asymmetry but a pass proves nothing more. A
 * difference makes every proof of the run inconclusive ({@link RunReport}), naming the state and
 * the renaming.
 *
 * @param <S> state type
 */
final class SymmetryAudit<S> {

    private final Model<S> model;
    private final Canonicalizer<S> canon;
    private final Symmetry<S> symmetry;
    private final int[][] generators;
    private final AuditScope scope;
    /** the least numbered state found asymmetric, and why; null while none */
    private Finding finding;

    /** An asymmetry: the state (its number in traces), the generator, what differs. */
    record Finding(int state, String detail) { }

    /** Largest symmetric set whose every renaming is audited (5 renamings besides the identity). */
    static final int EVERY_RENAMING = 3;

    SymmetryAudit(Model<S> model, Canonicalizer<S> canon, AuditScope scope) {
        this.model = model;
        this.scope = scope;
        this.canon = canon;
        this.symmetry = canon.symmetry();
        int n = symmetry.size();
        this.generators = n <= EVERY_RENAMING ? java.util.Arrays.copyOfRange(Canonicalizer.permutations(n), 1,
                Math.max(1, factorial(n))) : generators(n);
    }

    /** @return whether every renaming is audited (else generators only) */
    boolean everyRenaming() {
        return symmetry.size() <= EVERY_RENAMING;
    }

    private static int factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1);
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
     * Checks state {@code s} (number {@code idx}) with its successors {@code ts} against every generator.
     *
     * @param buffer the worker's scratch buffer
     */
    void check(S s, int idx, List<Transition<S>> ts, Words buffer) {
        if (!scope.audits(idx)) {
            return;
        }
        Finding f = finding();
        if (f != null && f.state() <= idx) {
            return;
        }
        for (int[] g : generators) {
            long[] renamed = new long[ts.size()];
            for (int k = 0; k < renamed.length; k++) {
                renamed[k] = canon.plainFingerprint(symmetry.permute(ts.get(k).next(), g), buffer);
            }
            S image = symmetry.permute(s, g);
            List<Transition<S>> its = new ArrayList<>(ts.size());
            model.successors(image, its::add);
            long[] direct = new long[its.size()];
            for (int k = 0; k < direct.length; k++) {
                direct[k] = canon.plainFingerprint(its.get(k).next(), buffer);
            }
            long[] a = distinct(renamed);
            long[] b = distinct(direct);
            if (!Arrays.equals(a, b)) {
                record(new Finding(idx, "state " + idx + " (" + shortView(s) + ") renamed by " + name(g)
                        + " has " + b.length + " distinct successors, and its own " + a.length + " renamed the same "
                        + "way are " + (a.length == b.length ? "other states" : "not as many")));
                return;
            }
        }
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
