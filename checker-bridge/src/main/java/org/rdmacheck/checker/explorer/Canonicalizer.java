package org.rdmacheck.checker.explorer;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Words;

/**
 * What the explorer matches states by: their fingerprint (of the packed words when the model has a
 * codec, else the model's own) and, in full-state mode, the state itself. Under symmetry
 * reduction both are those of the representative of the state's class: the renaming with the
 * least fingerprint, as TLC picks it (all permutations are tried, so keep symmetric sets small).
 *
 * @param <S> state type
 */
final class Canonicalizer<S> {

    /** Largest symmetric set: 8! = 40,320 renamings per state is already slow. */
    static final int MAX_SYMMETRIC = 8;

    private final Model<S> model;
    private final StateCodec<S> codec;
    private final Symmetry<S> symmetry;
    private final int[][] permutations;

    Canonicalizer(Model<S> model, Symmetry<S> symmetry) {
        this.model = model;
        this.codec = model.codec().orElse(null);
        this.symmetry = symmetry;
        if (symmetry != null && (symmetry.size() < 1 || symmetry.size() > MAX_SYMMETRIC)) {
            throw new IllegalArgumentException("symmetric set " + symmetry.elements() + " of " + symmetry.size()
                    + " elements: expected 1.." + MAX_SYMMETRIC);
        }
        this.permutations = symmetry == null ? null : permutations(symmetry.size());
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

    private long plain(S s, Words buffer) {
        if (codec == null) {
            return model.fingerprint(s);
        }
        buffer.clear();
        codec.encode(s, buffer);
        return buffer.fingerprint();
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
