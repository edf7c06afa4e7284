package org.rdmacheck.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Words;

/**
 * A symmetric set of three elements, each owning two fields and a FIFO, beside a field and a FIFO
 * outside the blocks: on random states, every renaming has the same canonical values, the
 * canonical values are those of a renaming, and a renaming moves exactly the blocks.
 */
class SymmetricSetTest {

    private final StateLayout.Builder b = StateLayout.builder();
    private final Field shared = b.integer("shared", -1, 5);
    private final Field[] count = b.integers("count", 3, 0, 3);
    private final Field[] busy = b.booleans("busy", 3);
    private final Fifo[] queue = new Fifo[3];
    private final Fifo outside;
    private final SymmetricSet set;
    private final StateLayout layout;

    SymmetricSetTest() {
        for (int i = 0; i < 3; i++) {
            queue[i] = b.fifo("queue" + i, 3, StateLayout.Builder.component("chunk", 0, 6),
                    StateLayout.Builder.component("landed", 0, 1));
        }
        outside = b.fifo("outside", 4, StateLayout.Builder.component("x", 0, 9));
        set = b.symmetric("qps", new Slot[] {count[0], busy[0], queue[0]}, new Slot[] {count[1], busy[1], queue[1]},
                new Slot[] {count[2], busy[2], queue[2]});
        layout = b.build();
    }

    private LayoutState random(SplittableRandom r) {
        java.util.Map<String, Object> named = new java.util.LinkedHashMap<>();
        named.put("shared", r.nextInt(-1, 6));
        List<Integer> c = new ArrayList<>();
        List<Boolean> bz = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            c.add(r.nextInt(2));
            bz.add(r.nextInt(3) == 0);
        }
        named.put("count", c);
        named.put("busy", bz);
        for (int i = 0; i < 3; i++) {
            List<Object> q = new ArrayList<>();
            for (int k = r.nextInt(3); k > 0; k--) {
                q.add(java.util.Map.of("chunk", r.nextInt(3), "landed", r.nextInt(2)));
            }
            named.put("queue" + i, q);
        }
        List<Object> o = new ArrayList<>();
        for (int k = r.nextInt(5); k > 0; k--) {
            o.add(r.nextInt(10));
        }
        named.put("outside", o);
        int[] v = layout.encode(named);
        return new LayoutState(layout, v, 0, v.length);
    }

    private List<Integer> canonical(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        Words w = new Words();
        set.canonical(v, v.length, w);
        int[] c = new int[w.length()];
        w.copyTo(c, 0);
        List<Integer> out = new ArrayList<>();
        for (int x : c) {
            out.add(x);
        }
        return out;
    }

    private static List<Integer> values(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        List<Integer> out = new ArrayList<>();
        for (int x : v) {
            out.add(x);
        }
        return out;
    }

    @Test
    void everyRenamingHasTheSameCanonicalValuesAndTheyAreThoseOfARenaming() {
        int[][] perms = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        SplittableRandom r = new SplittableRandom(20261126L);
        for (int n = 0; n < 500; n++) {
            LayoutState s = random(r);
            List<Integer> c = canonical(s);
            Set<List<Integer>> renamings = new HashSet<>();
            for (int[] p : perms) {
                LayoutState t = set.permute(s, p);
                assertEquals(c, canonical(t), () -> s + " renamed");
                assertEquals(s.get(shared), t.get(shared));
                assertEquals(s.named().get("outside"), t.named().get("outside"));
                for (int i = 0; i < 3; i++) {
                    assertEquals(s.get(count[i]), t.get(count[p[i]]));
                    assertEquals(s.named().get("queue" + i), t.named().get("queue" + p[i]));
                }
                renamings.add(values(t));
            }
            assertTrue(renamings.contains(c), () -> "the canonical values of " + s + " are a renaming's");
        }
    }

    @Test
    void blocksMustBeAlike() {
        StateLayout.Builder x = StateLayout.builder();
        Field a = x.integer("a", 0, 3);
        Field bb = x.integer("b", 0, 4);
        assertThrows(IllegalArgumentException.class, () -> x.symmetric("two", new Slot[] {a}, new Slot[] {bb}));
        Fifo p = x.fifo("p", 2, StateLayout.Builder.component("v", 0, 3));
        assertThrows(IllegalArgumentException.class, () -> x.symmetric("mixed", new Slot[] {a}, new Slot[] {p}));
    }
}
