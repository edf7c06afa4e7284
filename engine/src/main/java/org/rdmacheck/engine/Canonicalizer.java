package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedSymmetry;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Words;

/**
 * What the explorer matches states by: their fingerprint (of the packed words when the model has a
 * codec, else the model's own) and, in full-state mode, the state itself. Under symmetry
 * reduction both are those of the representative of the state's class. When the symmetry has a
 * packed form and the model a codec, the representative is the canonical member computed on the
 * packed values ({@link PackedSymmetry}: e.g. sorted per-element blocks); otherwise it is the
 * renaming with the least fingerprint, as TLC picks it, trying every permutation (so keep such
 * symmetric sets small). Either way two states get the same representative exactly when one is a
 * renaming of the other, so the reduced count is the number of classes.
 *
 * <p>Only the matching key is canonical: the explorer expands the concrete state it reached, so
 * every trace it rebuilds is a concrete execution of the model.
 *
 * @param <S> state type
 */
final class Canonicalizer<S> {

    /** Largest symmetric set: 8! = 40,320 renamings per state is already slow without a packed form. */
    static final int MAX_SYMMETRIC = 8;

    private final Model<S> model;
    private final StateCodec<S> codec;
    private final Symmetry<S> symmetry;
    private final PackedSymmetry packedSymmetry;
    private final int[][] permutations;
    /** per thread: a copy of a state's values and the canonical values (canonicalisation is per thread) */
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

    Canonicalizer(Model<S> model, Symmetry<S> symmetry) {
        this.model = model;
        this.codec = model.codec().orElse(null);
        this.symmetry = symmetry;
        this.packedSymmetry = symmetry == null || codec == null ? null : symmetry.packed().orElse(null);
        if (symmetry != null && packedSymmetry == null
                && (symmetry.size() < 1 || symmetry.size() > MAX_SYMMETRIC)) {
            throw new IllegalArgumentException("symmetric set " + symmetry.elements() + " of " + symmetry.size()
                    + " elements: expected 1.." + MAX_SYMMETRIC + " (the model has no packed canonical form)");
        }
        this.permutations = symmetry == null || packedSymmetry != null ? null : permutations(symmetry.size());
    }

    /** Largest group (identity included) whose renamings are applied to each reached state's properties. */
    static final int MAX_GUARDED_GROUP = 120;

    /** @return the symmetry states are matched by, or null */
    Symmetry<S> symmetry() {
        return symmetry;
    }

    /**
     * @return every renaming but the identity when the group has at most {@link #MAX_GUARDED_GROUP}
     *         elements (to check that properties are symmetric), else null
     */
    int[][] guardRenamings() {
        if (symmetry == null || symmetry.size() > 5) {
            return null;
        }
        int[][] all = permutations(symmetry.size());
        List<int[]> out = new ArrayList<>();
        for (int[] p : all) {
            boolean identity = true;
            for (int i = 0; i < p.length; i++) {
                identity &= p[i] == i;
            }
            if (!identity) {
                out.add(p);
            }
        }
        return out.toArray(new int[0][]);
    }

    /** @return whether states are matched up to renaming */
    boolean reduces() {
        return symmetry != null;
    }

    /** @return the fingerprint the store keeps for {@code s} (of its class under symmetry) */
    long fingerprint(S s, Words buffer) {
        if (symmetry == null) {
            return plain(s, buffer);
        }
        if (packedSymmetry != null) {
            return canonical(s, buffer).fingerprint();
        }
        long min = Long.MAX_VALUE;
        for (int[] p : permutations) {
            min = Math.min(min, plain(symmetry.permute(s, p), buffer));
        }
        return min;
    }

    /** @return the state the full-state store keeps for {@code s}: itself, or its class's representative */
    S representative(S s, Words buffer) {
        if (symmetry == null) {
            return s;
        }
        if (packedSymmetry != null) {
            return codec.decode(canonical(s, buffer).reader());
        }
        S best = s;
        long min = Long.MAX_VALUE;
        for (int[] p : permutations) {
            S image = symmetry.permute(s, p);
            long fp = plain(image, buffer);
            if (fp < min) {
                min = fp;
                best = image;
            }
        }
        return best;
    }

    /** @return the canonical member's packed values, in this thread's scratch buffer */
    private Words canonical(S s, Words buffer) {
        buffer.clear();
        codec.encode(s, buffer);
        Scratch sc = scratch.get();
        int n = buffer.length();
        if (sc.values.length < n) {
            sc.values = new int[Math.max(n, 2 * sc.values.length)];
        }
        buffer.copyTo(sc.values, 0);
        sc.out.clear();
        packedSymmetry.canonical(sc.values, n, sc.out);
        return sc.out;
    }

    /** @return the fingerprint of {@code s} itself, not of its class (packed values, else the model's) */
    long plainFingerprint(S s, Words buffer) {
        return plain(s, buffer);
    }

    private long plain(S s, Words buffer) {
        if (codec == null) {
            return model.fingerprint(s);
        }
        buffer.clear();
        codec.encode(s, buffer);
        return buffer.fingerprint();
    }

    /** One thread's buffers. */
    private static final class Scratch {
        int[] values = new int[64];
        final Words out = new Words();
    }

    /** @return every permutation of 0..n-1, the identity first */
    static int[][] permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out.toArray(new int[0][]);
    }

    private static void permute(int[] p, boolean[] used, int i, List<int[]> out) {
        if (i == p.length) {
            out.add(p.clone());
            return;
        }
        for (int v = 0; v < p.length; v++) {
            if (!used[v]) {
                used[v] = true;
                p[i] = v;
                permute(p, used, i + 1, out);
                used[v] = false;
            }
        }
    }
}
