package org.rdmacheck.engine;

import java.util.Arrays;

/**
 * Orders the states new in a level as a one-thread search meets them: by least predecessor
 * number, then ordinal (counting sort by predecessor, then a sort of each predecessor's few
 * children). An entry of the order holds the ordinal, then the stripe and position in the level
 * table. The result does not depend on the threads.
 */
final class SuccessorOrder {

    private final Sections sections;
    private final int threads;
    private int[] posBuf = new int[0];
    private int[] idBuf = new int[0];

    /** Gives the buffers kept from level to level back to the heap. */
    void release() {
        posBuf = new int[0];
        idBuf = new int[0];
    }

    /** @return bytes of the buffers kept from level to level */
    long bytes() {
        return 4L * posBuf.length + 4L * idBuf.length;
    }

    SuccessorOrder(Sections sections, int threads) {
        this.sections = sections;
        this.threads = threads;
    }

    /**
     * Orders the {@code n} entries of {@code next} into {@code order}; {@code start[i]} receives the
     * number of new states reached first from frontier states before {@code i}.
     */
    <S> void order(LevelTable<S> next, int frontierSize, int base, int n, int[] start, long[] order) {
        if (next.inLinkOrder()) {
            if (n < 4 * LevelExpansion.CHUNK) {
                inSequence(next, frontierSize, base, start, order);
            } else {
                sections.runSerial("number: order", t -> inSequence(next, frontierSize, base, start, order));
            }
        } else if (n < 4 * LevelExpansion.CHUNK) {
            inOneThread(next, frontierSize, base, start, order);
        } else if (!sections.parallel()) {
            // booked as a parallel section: with several threads it runs on all of them
            sections.runSerial("number: order", t -> inOneThread(next, frontierSize, base, start, order));
        } else {
            inBuckets(next, frontierSize, base, n, start, order);
        }
    }

    /** The order of a table whose entries are in number order already ({@link LevelTable#inLinkOrder}): one pass. */
    private static <S> void inSequence(LevelTable<S> next, int frontierSize, int base, int[] start, long[] order) {
        Arrays.fill(start, 0, frontierSize + 1, 0);
        int stripes = next.stripeCount();
        int i = 0;
        long prev = -1;
        for (int s = 0; s < stripes && next.count(s) > 0; s++) {
            for (int l = 0, c = next.count(s); l < c; l++) {
                long link = next.linkOf(s, l);
                assert link > prev : "entries out of link order";
                prev = link;
                start[LevelTable.parentOf(link) - base + 1]++;
                order[i++] = entry(link, s, l);
            }
        }
        for (int p = 0; p < frontierSize; p++) {
            start[p + 1] += start[p];
        }
    }

    private static <S> void inOneThread(LevelTable<S> next, int frontierSize, int base, int[] start, long[] order) {
        Arrays.fill(start, 0, frontierSize + 1, 0);
        int stripes = next.stripeCount();
        for (int s = 0; s < stripes; s++) {
            for (int l = 0; l < next.count(s); l++) {
                start[LevelTable.parentOf(next.linkOf(s, l)) - base + 1]++;
            }
        }
        for (int i = 0; i < frontierSize; i++) {
            start[i + 1] += start[i];
        }
        int[] pos = Arrays.copyOf(start, frontierSize);
        for (int s = 0; s < stripes; s++) {
            for (int l = 0; l < next.count(s); l++) {
                long link = next.linkOf(s, l);
                order[pos[LevelTable.parentOf(link) - base]++] = entry(link, s, l);
            }
        }
        for (int i = 0; i < frontierSize; i++) {
            if (start[i + 1] - start[i] > 1) {
                Arrays.sort(order, start[i], start[i + 1]);
            }
        }
    }

    /**
     * Orders as {@link #inOneThread} on all threads, with no shared counter: the frontier is cut
     * into buckets of consecutive predecessors; each piece of the level table counts its entries
     * per bucket and moves them to their bucket's region (at offsets computed from all pieces'
     * counts), then each bucket is sorted by one thread, predecessors and ordinals of its own.
     */
    private <S> void inBuckets(LevelTable<S> next, int frontierSize, int base, int n, int[] start, long[] order) {
        int stripes = next.stripeCount();
        int pieces = Math.min(stripes, threads * Sections.PIECES_PER_THREAD);
        int buckets = Math.min(frontierSize, threads * Sections.PIECES_PER_THREAD);
        int[][] counts = new int[pieces][buckets];
        sections.inPieces("number: count", pieces, k -> {
            int[] c = counts[k];
            for (int s = stripes * k / pieces; s < stripes * (k + 1) / pieces; s++) {
                for (int l = 0; l < next.count(s); l++) {
                    c[bucketOf(LevelTable.parentOf(next.linkOf(s, l)) - base, buckets, frontierSize)]++;
                }
            }
        });
        // where each bucket starts, and where each piece writes in it
        int[] bucketStart = new int[buckets + 1];
        int[][] offsets = new int[pieces][buckets];
        int at = 0;
        for (int b = 0; b < buckets; b++) {
            bucketStart[b] = at;
            for (int k = 0; k < pieces; k++) {
                offsets[k][b] = at;
                at += counts[k][b];
            }
        }
        bucketStart[buckets] = at;
        int[] ids = idBuf = LevelNumbering.atLeast(idBuf, n);
        sections.inPieces("number: scatter", pieces, k -> {
            int[] o = offsets[k];
            for (int s = stripes * k / pieces; s < stripes * (k + 1) / pieces; s++) {
                for (int l = 0; l < next.count(s); l++) {
                    int b = bucketOf(LevelTable.parentOf(next.linkOf(s, l)) - base, buckets, frontierSize);
                    ids[o[b]++] = s << LevelTable.LOCAL_BITS | l;
                }
            }
        });
        int[] pos = posBuf = LevelNumbering.atLeast(posBuf, frontierSize + 1);
        start[0] = 0;
        sections.inPieces("number: sort", buckets, b -> sortBucket(next, frontierSize, base, start, order,
                buckets, bucketStart, ids, pos, b));
    }

    private static <S> void sortBucket(LevelTable<S> next, int frontierSize, int base, int[] start, long[] order,
                                       int buckets, int[] bucketStart, int[] ids, int[] pos, int b) {
        // predecessors lo..hi-1: start[lo + 1 .. hi] and pos[lo .. hi - 1] are this bucket's alone
        int lo = firstOfBucket(b, buckets, frontierSize);
        int hi = firstOfBucket(b + 1, buckets, frontierSize);
        int from = bucketStart[b];
        int to = bucketStart[b + 1];
        Arrays.fill(start, lo + 1, hi + 1, 0);
        for (int j = from; j < to; j++) {
            int id = ids[j];
            start[LevelTable.parentOf(next.linkOf(LevelTable.stripeOf(id), LevelTable.localOf(id))) - base + 1]++;
        }
        int sum = from;
        pos[lo] = from;
        for (int p = lo; p < hi; p++) {
            sum += start[p + 1];
            start[p + 1] = sum;
            if (p + 1 < hi) {
                pos[p + 1] = sum;
            }
        }
        for (int j = from; j < to; j++) {
            int id = ids[j];
            int s = LevelTable.stripeOf(id);
            int l = LevelTable.localOf(id);
            long link = next.linkOf(s, l);
            order[pos[LevelTable.parentOf(link) - base]++] = entry(link, s, l);
        }
        for (int p = lo; p < hi; p++) {
            int a = p == lo ? from : start[p];
            if (start[p + 1] - a > 1) {
                Arrays.sort(order, a, start[p + 1]);
            }
        }
    }

    /** @return an entry of the order: ordinal, then stripe and position in the level table */
    private static long entry(long link, int stripe, int local) {
        return (long) LevelTable.ordinalOf(link) << 32 | (long) stripe << LevelTable.LOCAL_BITS | local;
    }

    /** @return the bucket of frontier position {@code q} (0 ≤ q < size) */
    private static int bucketOf(int q, int buckets, int size) {
        return (int) ((long) q * buckets / size);
    }

    /** @return the least frontier position in bucket {@code b} (size for b = buckets) */
    private static int firstOfBucket(int b, int buckets, int size) {
        return (int) (((long) b * size + buckets - 1) / buckets);
    }

    /** @return the stripe of an entry */
    static int stripe(long entry) {
        return (int) (entry >>> LevelTable.LOCAL_BITS) & (LevelTable.STRIPES - 1);
    }

    /** @return the position in its stripe of an entry */
    static int local(long entry) {
        return (int) (entry & ((1 << LevelTable.LOCAL_BITS) - 1));
    }
}
