package org.rdmacheck.model.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The compact encoding ({@link StateLayout.Builder#compactFifos}) must hold the same states as the
 * plain one: the same layout declared twice, random edit sequences applied to both expansions, and
 * every successor compared by its named values, its length, its FIFOs read from the packed values
 * ({@link Fifo#length}, {@link StateLayout#start}, {@link Fifo#element}) and its encoding back from
 * the named values. The FIFOs fill a compact value to its last bit (40 FIFOs: a 6-bit tag, a 2-bit
 * length, 3 elements of 8 bits).
 */
class CompactLayoutTest {

    /** One declaration of the layout, plain or compact. */
    private static final class Decl {
        final StateLayout.Builder b = StateLayout.builder();
        final Field count = b.integer("count", 0, 9);
        final Field[] background = b.integers("background", 5, 0, 3);
        final Field hi = StateLayout.Builder.component("hi", 0, 15);
        final Field lo = StateLayout.Builder.component("lo", 0, 15);
        final Fifo[] fifos = new Fifo[40];
        final StateLayout layout;

        Decl(boolean compact) {
            for (int i = 0; i < fifos.length; i++) {
                fifos[i] = b.fifo("q" + i, 3, hi, lo);
            }
            if (compact) {
                b.compactFifos();
            }
            layout = b.build();
        }
    }

    private final Decl plain = new Decl(false);
    private final Decl compact = new Decl(true);

    @Test
    void theCompactLayoutDropsTheLengthsFromTheHeader() {
        assertFalse(plain.layout.compact());
        assertTrue(compact.layout.compact());
        assertTrue(compact.layout.header() < plain.layout.header(),
                compact.layout.header() + " values against " + plain.layout.header());
        StateLayout.Builder other = StateLayout.builder();
        other.fifo("long", 4, StateLayout.Builder.component("v", 0, 255)); // 32 bits of elements: no room for a tag
        assertFalse(other.compactFifos().build().compact(), "a FIFO that fills its value keeps the plain encoding");
    }

    @Test
    void randomEditsGiveTheSameStatesInBothEncodings() {
        Random rnd = new Random(20261127L);
        Expansion xp = Expansion.onPackedValues(plain.layout);
        Expansion xc = Expansion.onPackedValues(compact.layout);
        int[] p = new int[plain.layout.header()];
        int[] c = new int[compact.layout.header()];
        for (int trial = 0; trial < 1500; trial++) {
            xp.load(p, 0);
            xc.load(c, 0);
            assertEquals(xp.nonEmptyCount(), xc.nonEmptyCount(), "trial " + trial);
            assertEquals(compact.layout.header() + xc.nonEmptyCount(), xc.parentLength());
            int[][] next = new int[2][];
            int succ = 1 + rnd.nextInt(3);
            for (int s = 0; s < succ; s++) {
                xp.begin();
                xc.begin();
                int edits = 1 + rnd.nextInt(5);
                for (int e = 0; e < edits; e++) {
                    edit(rnd.nextLong(), xp, xc, trial);
                }
                xp.emit(s, (code, v, n) -> next[0] = Arrays.copyOf(v, n));
                xc.emit(s, (code, v, n) -> next[1] = Arrays.copyOf(v, n));
                same(next[0], next[1], trial);
            }
            p = next[0]; // the last successor is the next parent
            c = next[1];
        }
    }

    @Test
    void aFifoOverItsCapacityIsRefusedWhenEncoded() {
        java.util.Map<String, Object> named = new java.util.LinkedHashMap<String, Object>(
                compact.layout.named(new int[compact.layout.header()], 0));
        named.put("q7", java.util.List.of(java.util.Map.of("hi", 1, "lo", 2), java.util.Map.of("hi", 1, "lo", 2),
                java.util.Map.of("hi", 1, "lo", 2), java.util.Map.of("hi", 1, "lo", 2)));
        assertThrows(IllegalArgumentException.class, () -> compact.layout.encode(named));
    }

    /**
     * Inserting into a full FIFO is refused as appending is, in both encodings (in the compact one the
     * extra element's bits would otherwise spill into the length and tag bits), and the parent is kept.
     */
    @Test
    void anInsertIntoAFullFifoIsRefusedAsAnAppendIs() {
        for (Decl d : new Decl[] {plain, compact}) {
            Expansion x = Expansion.onPackedValues(d.layout);
            int[] s = new int[d.layout.header()];
            x.load(s, 0);
            Fifo q = d.fifos[7];
            int e = d.hi.bits(1) | d.lo.bits(2);
            x.begin();
            for (int i = 0; i < q.capacity(); i++) {
                x.append(q, e);
            }
            org.rdmacheck.model.BoundExceeded b = assertThrows(org.rdmacheck.model.BoundExceeded.class,
                    () -> x.insertAt(q, 0, e));
            assertEquals("FIFO q7 is over its declared capacity 3", b.getMessage());
            assertThrows(org.rdmacheck.model.BoundExceeded.class, () -> x.append(q, e));
            assertEquals(q.capacity(), x.lengthNow(q), "the refused insert changed nothing");
        }
    }

    /** The two encodings of one state: the same named values, FIFOs and round trip. */
    private void same(int[] a, int[] b, int trial) {
        assertEquals(plain.layout.named(a, 0), compact.layout.named(b, 0), "trial " + trial);
        assertEquals(b.length, compact.layout.length(b, 0), "trial " + trial);
        assertArrayEquals(b, compact.layout.encode(compact.layout.named(b, 0)), "trial " + trial);
        assertArrayEquals(a, plain.layout.encode(plain.layout.named(a, 0)), "trial " + trial);
        for (int k = 0; k < plain.fifos.length; k++) {
            Fifo qp = plain.fifos[k];
            Fifo qc = compact.fifos[k];
            int n = qp.length(a, 0);
            assertEquals(n, qc.length(b, 0), "trial " + trial + " q" + k);
            int at = compact.layout.start(b, 0, qc);
            int ap = plain.layout.start(a, 0, qp);
            for (int i = 0; i < n; i++) {
                assertEquals(qp.element(a, ap, i), qc.element(b, at, i), "trial " + trial + " q" + k);
            }
        }
    }

    /** One random edit applied to both, reading the FIFO first (both must agree on every read). */
    private void edit(long seed, Expansion xp, Expansion xc, int trial) {
        Random r = new Random(seed);
        int k = r.nextInt(plain.fifos.length);
        Fifo qp = plain.fifos[k];
        Fifo qc = compact.fifos[k];
        int n = xp.lengthNow(qp);
        assertEquals(n, xc.lengthNow(qc), "trial " + trial);
        assertEquals(xp.length(qp), xc.length(qc), "trial " + trial);
        for (int i = 0; i < n; i++) {
            assertEquals(xp.elementNow(qp, i), xc.elementNow(qc, i), "trial " + trial);
        }
        int e = plain.hi.bits(r.nextInt(16)) | plain.lo.bits(r.nextInt(16));
        switch (r.nextInt(6)) {
            case 0, 1 -> {
                if (n < qp.capacity()) {
                    xp.append(qp, e);
                    xc.append(qc, e);
                }
            }
            case 2 -> {
                if (n > 0) {
                    int i = r.nextInt(n);
                    xp.removeAt(qp, i);
                    xc.removeAt(qc, i);
                }
            }
            case 3 -> {
                if (n < qp.capacity()) {
                    int i = r.nextInt(n + 1);
                    xp.insertAt(qp, i, e);
                    xc.insertAt(qc, i, e);
                }
            }
            case 4 -> {
                xp.clear(qp);
                xc.clear(qc);
            }
            default -> {
                int v = r.nextInt(4);
                int i = r.nextInt(plain.background.length);
                xp.set(plain.background[i], v);
                xc.set(compact.background[i], v);
                xp.set(plain.count, v);
                xc.set(compact.count, v);
            }
        }
    }
}
