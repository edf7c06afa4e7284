package org.rdmacheck.model;

import java.util.Arrays;

/**
 * A reusable buffer of 64-bit words that {@link StateCodec}s write states into: values are packed
 * two 32-bit halves to a word. Not thread-safe: one buffer per thread.
 */
public final class Words {

    /** the fingerprint's starting value for each length up to 63, mixed once here rather than per state */
    private static final long[] SEEDS = new long[64];

    static {
        for (int n = 0; n < SEEDS.length; n++) {
            SEEDS[n] = seed(n);
        }
    }

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final long LOW = 0xFFFFFFFFL;
    /** the second chain's start, apart from the first's */
    private static final long SECOND_CHAIN = 0xD1B54A32D192ED03L;
    /** an odd multiplier (a bijection of 64-bit values) applied to the second chain's result */
    private static final long ODD = 0xC2B2AE3D27D4EB4FL;

    /** the values put, one int each; paired into words only when fingerprinted or copied */
    private int[] values = new int[32];
    private int halves;

    /** Empties the buffer. */
    public void clear() {
        halves = 0;
    }

    /**
     * Appends a 32-bit value.
     *
     * @param v the value
     * @return this buffer
     */
    public Words put(int v) {
        if (halves == values.length) {
            values = Arrays.copyOf(values, halves * 2);
        }
        values[halves++] = v;
        return this;
    }

    /**
     * Appends values held elsewhere.
     *
     * @param src  the values
     * @param from the first
     * @param to   one past the last
     * @return this buffer
     */
    public Words put(int[] src, int from, int to) {
        int n = to - from;
        if (halves + n > values.length) {
            values = Arrays.copyOf(values, Math.max(values.length * 2, halves + n));
        }
        System.arraycopy(src, from, values, halves, n);
        halves += n;
        return this;
    }

    /**
     * Appends a boolean as 0 or 1.
     *
     * @param b the value
     * @return this buffer
     */
    public Words put(boolean b) {
        return put(b ? 1 : 0);
    }

    /**
     * Appends a list of integers: its length, then its elements.
     *
     * @param values the list
     * @return this buffer
     */
    public Words putInts(java.util.List<Integer> values) {
        put(values.size());
        for (int v : values) {
            put(v);
        }
        return this;
    }

    /**
     * Appends a list of booleans: its length, then its elements.
     *
     * @param values the list
     * @return this buffer
     */
    public Words putBooleans(java.util.List<Boolean> values) {
        put(values.size());
        for (boolean v : values) {
            put(v);
        }
        return this;
    }

    /** @return the number of words used */
    public int size() {
        return (halves + 1) >>> 1;
    }

    /** @return a copy of the words used */
    public long[] toArray() {
        long[] out = new long[size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = word(i);
        }
        return out;
    }

    /** The i-th word: values 2i (low half) and 2i+1 (high half, 0 past the end). */
    private long word(int i) {
        long lo = values[2 * i] & 0xFFFFFFFFL;
        return 2 * i + 1 < halves ? lo | (long) values[2 * i + 1] << 32 : lo;
    }

    /**
     * The fingerprint of the words (with their number of halves), SplitMix64-mixed word by word.
     *
     * @return a 64-bit fingerprint
     */
    public long fingerprint() {
        return fingerprint(values, 0, halves);
    }

    /**
     * The fingerprint of packed values held elsewhere: equal to {@link #fingerprint()} of a buffer
     * into which the same values were put. Up to three values are mixed pair by pair into one
     * SplitMix64 chain; from four on, the pairs go alternately to two chains started apart, whose
     * results are combined at the end: each chain's mixing waits for its last step only, so the
     * two advance side by side and a state of n values costs about n/4 mixing steps of latency
     * instead of n/2. Every value still passes a full SplitMix64 step, as before.
     *
     * @param v      the values
     * @param offset the first
     * @param n      how many
     * @return a 64-bit fingerprint
     */
    public static long fingerprint(int[] v, int offset, int n) {
        if (n < 4) {
            return chainHash(v, offset, n);
        }
        long h = n < SEEDS.length ? SEEDS[n] : seed(n);
        long g = h ^ SECOND_CHAIN;
        int i = offset;
        for (int end = offset + (n & ~3); i < end; i += 4) {
            h = Fingerprints.mix(h + GOLDEN + (v[i] & LOW | (long) v[i + 1] << 32));
            g = Fingerprints.mix(g + GOLDEN + (v[i + 2] & LOW | (long) v[i + 3] << 32));
        }
        if ((n & 2) != 0) {
            h = Fingerprints.mix(h + GOLDEN + (v[i] & LOW | (long) v[i + 1] << 32));
            i += 2;
        }
        if ((n & 1) != 0) {
            g = Fingerprints.mix(g + GOLDEN + (v[i] & LOW));
        }
        // two well-mixed 64-bit values combined: one rotated, so that equal chains do not cancel
        return h ^ Long.rotateLeft(g, 32) * ODD;
    }

    /**
     * A 64-bit hash of packed values mixed pair by pair into one SplitMix64 chain: the fingerprint
     * of up to three values, and the seed a search draws from a state where its choices must not
     * depend on how the visited store fingerprints (the directed search's order of equal scores).
     *
     * @param v      the values
     * @param offset the first
     * @param n      how many
     * @return the hash
     */
    public static long chainHash(int[] v, int offset, int n) {
        long h = n < SEEDS.length ? SEEDS[n] : seed(n);
        int end = offset + (n & ~1);
        for (int i = offset; i < end; i += 2) {
            h = Fingerprints.mix(h + GOLDEN + (v[i] & LOW | (long) v[i + 1] << 32));
        }
        if ((n & 1) != 0) {
            h = Fingerprints.mix(h + GOLDEN + (v[end] & LOW));
        }
        return h;
    }

    /** @return the starting value of the fingerprint of {@code n} values */
    private static long seed(int n) {
        return Fingerprints.mix(0x6A09E667F3BCC909L + n);
    }

    /** @return the number of 32-bit values put */
    public int length() {
        return halves;
    }

    /**
     * Copies the values put.
     *
     * @param dst    destination
     * @param offset where the first goes
     */
    public void copyTo(int[] dst, int offset) {
        System.arraycopy(values, 0, dst, offset, halves);
    }

    /** @return a reader over the values put (valid until the buffer is next written) */
    public Reader reader() {
        return new Reader(values, 0);
    }

    /**
     * @param packed words from {@link #toArray}
     * @return a reader over them
     */
    public static Reader reader(long[] packed) {
        int[] v = new int[packed.length * 2];
        for (int i = 0; i < packed.length; i++) {
            v[2 * i] = (int) packed[i];
            v[2 * i + 1] = (int) (packed[i] >>> 32);
        }
        return new Reader(v, 0);
    }

    /**
     * @param values packed values, as {@link #copyTo} writes them
     * @param offset the first value of the state
     * @return a reader over them
     */
    public static Reader reader(int[] values, int offset) {
        return new Reader(values, offset);
    }

    /** Reads values back in the order they were put. */
    public static final class Reader {
        private final int[] values;
        private int at;

        private Reader(int[] values, int offset) {
            this.values = values;
            this.at = offset;
        }

        /** @return the next 32-bit value */
        public int next() {
            return values[at++];
        }

        /** @return the next value as a boolean */
        public boolean nextBoolean() {
            return next() != 0;
        }

        /** @return a list written by {@link Words#putInts} */
        public java.util.List<Integer> nextInts() {
            int n = next();
            java.util.List<Integer> l = new java.util.ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                l.add(next());
            }
            return l;
        }

        /** @return a list written by {@link Words#putBooleans} */
        public java.util.List<Boolean> nextBooleans() {
            int n = next();
            java.util.List<Boolean> l = new java.util.ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                l.add(nextBoolean());
            }
            return l;
        }
    }
}
