package org.rdmacheck.model.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An expansion on packed values ({@link Expansion#onPackedValues}) must read and emit exactly what
 * the plain expansion does: random edit sequences on random states, every read compared and every
 * successor's values compared, on a layout whose FIFOs each fill one value to the last bit
 * (shifts of 32 included).
 */
class ExpansionOnPackedValuesTest {

    private final StateLayout.Builder b = StateLayout.builder();
    private final Field count = b.integer("count", 0, 9);
    private final Field small = StateLayout.Builder.component("v", 0, 31);       // 5 bits, 6 per value
    private final Fifo fives = b.fifo("fives", 6, small);
    private final Field hi = StateLayout.Builder.component("hi", 0, 15);
    private final Field lo = StateLayout.Builder.component("lo", 0, 15);
    private final Fifo bytes = b.fifo("bytes", 4, hi, lo);                      // 8 bits, 4 per value: 32 bits
    private final Field half = StateLayout.Builder.component("h", 0, 65535);
    private final Fifo halves = b.fifo("halves", 2, half);                       // 16 bits, 2 per value
    private final Field bit = StateLayout.Builder.component("b", 0, 1);
    private final Fifo flags = b.fifo("flags", 32, bit);                         // 1 bit, 32 per value
    private final Fifo spare = b.fifo("spare", 3, small);
    private final StateLayout layout = b.build();
    private final Fifo[] all = {fives, bytes, halves, flags, spare};

    @Test
    void theLayoutQualifiesAndAWideOrLongFifoDoesNot() {
        assertTrue(isOnPackedValues(Expansion.onPackedValues(layout)));
        StateLayout.Builder other = StateLayout.builder();
        other.fifo("long", 7, StateLayout.Builder.component("v", 0, 31)); // 7 elements of 5 bits: two values
        assertFalse(isOnPackedValues(Expansion.onPackedValues(other.build())));
    }

    @Test
    void randomEditsGiveTheSameReadsAndSuccessors() {
        Random rnd = new Random(20261126L);
        // one pair of expansions for every state, as a worker expands them: each load forgets the last
        Expansion plain = new Expansion(layout);
        Expansion packed = Expansion.onPackedValues(layout);
        for (int trial = 0; trial < 3000; trial++) {
            int[] parent = randomState(rnd);
            plain.load(parent, 0);
            packed.load(parent, 0);
            assertEquals(plain.parentLength(), packed.parentLength());
            assertEquals(plain.nonEmptyCount(), packed.nonEmptyCount());
            for (Fifo q : all) {
                assertEquals(plain.length(q), packed.length(q));
                for (int i = 0; i < plain.length(q); i++) {
                    assertEquals(plain.element(q, i), packed.element(q, i), "seed trial " + trial);
                }
            }
            for (int succ = 0; succ < 3; succ++) {
                List<int[]> a = new ArrayList<>();
                List<int[]> c = new ArrayList<>();
                plain.begin();
                packed.begin();
                int edits = 1 + rnd.nextInt(6);
                for (int e = 0; e < edits; e++) {
                    edit(rnd.nextLong(), plain, packed, trial);
                }
                plain.emit(succ, (code, v, n) -> a.add(Arrays.copyOf(v, n)));
                packed.emit(succ, (code, v, n) -> c.add(Arrays.copyOf(v, n)));
                assertArrayEquals(a.get(0), c.get(0), "trial " + trial + " successor " + succ);
                assertEquals(layout.named(a.get(0), 0), layout.named(c.get(0), 0));
            }
        }
    }

    @Test
    void anAppendPastTheCapacityIsRefusedByName() {
        Expansion x = Expansion.onPackedValues(layout);
        x.load(new int[layout.maxLength()], 0);
        x.begin();
        x.append(halves, 1);
        x.append(halves, 2);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> x.append(halves, 3));
        assertTrue(e.getMessage().contains("halves"), e.getMessage());
    }

    /** One random edit applied to both, reading each FIFO before (both must agree on every read). */
    private void edit(long seed, Expansion plain, Expansion packed, int trial) {
        Random r = new Random(seed);
        Fifo q = all[r.nextInt(all.length)];
        int n = plain.lengthNow(q);
        assertEquals(n, packed.lengthNow(q));
        assertEquals(plain.touched(q), packed.touched(q));
        for (int i = 0; i < n; i++) {
            assertEquals(plain.elementNow(q, i), packed.elementNow(q, i), "trial " + trial);
        }
        if (q == bytes && n > 0) {
            int i = r.nextInt(n);
            assertEquals(plain.getNow(q, i, lo), packed.getNow(q, i, lo));
            if (plain.length(q) > 0) {
                assertEquals(plain.get(q, 0, hi), packed.get(q, 0, hi));
            }
        }
        int e = randomElement(q, r);
        switch (r.nextInt(7)) {
            case 0 -> {
                if (n < q.capacity()) {
                    plain.append(q, e);
                    packed.append(q, e);
                }
            }
            case 1 -> {
                if (n > 0) {
                    int i = r.nextInt(n);
                    plain.removeAt(q, i);
                    packed.removeAt(q, i);
                }
            }
            case 2 -> {
                if (n < q.capacity()) {
                    int i = r.nextInt(n + 1);
                    plain.insertAt(q, i, e);
                    packed.insertAt(q, i, e);
                }
            }
            case 3 -> {
                if (n > 0) {
                    int i = r.nextInt(n);
                    plain.setElement(q, i, e);
                    packed.setElement(q, i, e);
                }
            }
            case 4 -> {
                plain.sort(q);
                packed.sort(q);
            }
            case 5 -> {
                if (n < q.capacity()) {
                    plain.sort(q);
                    packed.sort(q);
                    assertEquals(plain.insertSorted(q, new int[] {e}), packed.insertSorted(q, new int[] {e}));
                }
            }
            default -> {
                if (r.nextInt(4) == 0) {
                    plain.clear(q);
                    packed.clear(q);
                } else {
                    int v = r.nextInt(10);
                    plain.set(count, v);
                    packed.set(count, v);
                    assertEquals(plain.now(count), packed.now(count));
                }
            }
        }
    }

    private int[] randomState(Random r) {
        Expansion x = new Expansion(layout);
        x.load(new int[layout.maxLength()], 0);
        x.begin();
        x.set(count, r.nextInt(10));
        for (Fifo q : all) {
            int n = r.nextInt(3) == 0 ? 0 : r.nextInt(q.capacity() + 1);
            for (int i = 0; i < n; i++) {
                x.append(q, randomElement(q, r));
            }
        }
        int[][] out = new int[1][];
        x.emit(0, (code, v, n) -> out[0] = Arrays.copyOf(v, n));
        return out[0];
    }

    private int randomElement(Fifo q, Random r) {
        if (q == bytes) {
            return hi.bits(r.nextInt(16)) | lo.bits(r.nextInt(16));
        }
        if (q == halves) {
            return half.bits(r.nextInt(65536));
        }
        if (q == flags) {
            return bit.bits(r.nextInt(2));
        }
        return small.bits(r.nextInt(32));
    }

    private static boolean isOnPackedValues(Expansion x) {
        return x.holdsPackedValues();
    }
}
