package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.PackedSymmetry;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Words;

/**
 * The packed canonical form of the QP symmetry (sorted QP blocks) against its reference, renaming
 * state objects: on every reachable state of small configurations, every renaming of a state has
 * the same canonical values, and they decode to one of those renamings.
 */
class QpSymmetryTest {

    @ParameterizedTest
    @CsvSource({
        "paper, 2, 1, 3, 2, 1, 0",
        "paper, 2, 1, 4, 1, 1, 1",
        "error-after-landing, 3, 2, 2, 2, 1, 1",
        "repost-before-consume, 3, 2, 2, 2, 2, 0",
    })
    void canonicalValuesNameTheClassAndDecodeToAMember(String variant, int size, int chunk, int qps, int transfers,
                                                        int receiveWrs, int errors) {
        DataPartition model = new DataPartition(new PartitionConfig(size, chunk, qps, transfers, 2, receiveWrs, errors),
                PartitionVariant.of(variant));
        Symmetry<PartitionState> sym = model.symmetry().orElseThrow();
        PackedSymmetry packed = sym.packed().orElseThrow();
        PartitionCodec codec = new PartitionCodec();
        List<int[]> perms = permutations(qps);
        Set<List<Integer>> classes = new HashSet<>();
        Set<Set<PartitionState>> orbits = new HashSet<>();
        for (PartitionState s : reachable(model)) {
            List<Integer> c = canonical(codec, packed, s);
            Set<PartitionState> orbit = new HashSet<>();
            for (int[] p : perms) {
                PartitionState image = sym.permute(s, p);
                orbit.add(image);
                assertEquals(c, canonical(codec, packed, image), "a renaming changes the canonical values of " + s);
            }
            PartitionState representative = codec.decode(reader(c));
            assertTrue(orbit.contains(representative), "the canonical values decode to a renaming of " + s);
            classes.add(c);
            orbits.add(orbit);
        }
        assertEquals(orbits.size(), classes.size(), "one canonical form per class");
    }

    private static List<Integer> canonical(PartitionCodec codec, PackedSymmetry packed, PartitionState s) {
        Words w = new Words();
        codec.encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        Words out = new Words();
        packed.canonical(v, v.length, out);
        int[] c = new int[out.length()];
        out.copyTo(c, 0);
        return java.util.Arrays.stream(c).boxed().toList();
    }

    private static Words.Reader reader(List<Integer> values) {
        return Words.reader(values.stream().mapToInt(Integer::intValue).toArray(), 0);
    }

    private static Set<PartitionState> reachable(DataPartition model) {
        Set<PartitionState> seen = new HashSet<>(model.initialStates());
        ArrayDeque<PartitionState> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            model.successors(queue.poll(), t -> {
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        return seen;
    }

    private static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
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
