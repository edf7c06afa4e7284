package org.rdmacheck.engine;

import java.util.Arrays;

/**
 * One worker's successors that were not in the visited store, kept for matching after the level
 * is expanded: one append-only buffer per {@link LevelTable} stripe, each record the fingerprint,
 * the link and the packed values. Appends are sequential and need no lock; the matching then
 * takes one stripe at a time, whose table is small enough to stay in the cache (cf. delayed
 * duplicate detection). The buffers are reused from level to level.
 */
final class Candidates {

    /** ints before the values of a record: fingerprint (2), link (2), length (1) */
    static final int HEADER = 5;

    private final int[][] buffers = new int[LevelTable.STRIPES][];
    private final int[] used = new int[LevelTable.STRIPES];
    /** ints used over all buffers */
    private long total;
    /** whether records keep the packed values (else their length is 0: a compact level) */
    private boolean values = true;

    /** Empties every buffer, keeping its array. */
    void clear() {
        Arrays.fill(used, 0);
        total = 0;
    }

    /**
     * Empties every buffer, keeping its array, for a level whose table keeps the packed values or
     * not ({@link LevelTable#keepsValues}).
     */
    void clear(boolean keepValues) {
        clear();
        values = keepValues;
    }

    /** @return bytes of the records kept */
    long usedBytes() {
        return 4L * total;
    }

    /**
     * Matches the records kept so far into the level table while other workers may insert too
     * (the table's locked insert), then empties the buffers: what bounds a worker's buffers when a
     * level has more candidates than the heap can keep. The table keeps the least link whatever
     * the order of inserts, so the level's numbering does not change.
     *
     * @return how many records were new in the table
     */
    long flushInto(LevelTable<?> next) {
        long added = 0;
        for (int s = 0; s < LevelTable.STRIPES; s++) {
            int[] b = buffers[s];
            for (int at = 0, end = used[s]; at < end; at += HEADER + length(b, at)) {
                if (next.insertPacked(fp(b, at), link(b, at), b, at + HEADER, length(b, at)) >= 0) {
                    added++;
                }
            }
        }
        clear();
        return added;
    }

    /** Appends a successor to the buffer of its stripe. */
    void add(long fp, long link, int[] values, int offset, int length) {
        if (!this.values) {
            length = 0;
        }
        int s = LevelTable.stripeOfFingerprint(fp);
        int[] b = buffers[s];
        int at = used[s];
        int end = at + HEADER + length;
        if (b == null || end > b.length) {
            b = buffers[s] = b == null ? new int[Math.max(256, end * 2)]
                    : Arrays.copyOf(b, IntList.grownLength(Math.max(b.length, end)));
        }
        b[at] = (int) fp;
        b[at + 1] = (int) (fp >>> 32);
        b[at + 2] = (int) link;
        b[at + 3] = (int) (link >>> 32);
        b[at + 4] = length;
        System.arraycopy(values, offset, b, at + HEADER, length);
        used[s] = end;
        total += HEADER + length;
    }

    /** @return the records of a stripe (valid up to {@link #used}) */
    int[] buffer(int stripe) {
        return buffers[stripe];
    }

    /** @return how many ints of a stripe's buffer hold records */
    int used(int stripe) {
        return used[stripe];
    }

    static long fp(int[] b, int at) {
        return b[at] & 0xFFFFFFFFL | (long) b[at + 1] << 32;
    }

    static long link(int[] b, int at) {
        return b[at + 2] & 0xFFFFFFFFL | (long) b[at + 3] << 32;
    }

    static int length(int[] b, int at) {
        return b[at + 4];
    }

    /** @return ints held by the buffers */
    long bytes() {
        long n = 0;
        for (int[] b : buffers) {
            n += b == null ? 0 : 4L * b.length;
        }
        return n;
    }
}
