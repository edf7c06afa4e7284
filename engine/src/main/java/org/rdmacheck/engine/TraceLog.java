package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The predecessor index in about two bytes per state. States are numbered level by level, and
 * within a level by least predecessor number then ordinal, so the states reached first from a
 * state form one run of consecutive numbers and these runs come in predecessor order. Hence it is
 * enough to keep, per state, how many states it reached first (its child count) and the ordinal of
 * the step that reached it (its position among its predecessor's successors, or among the initial
 * states); a predecessor is found from running sums of child counts, kept every 64 states.
 *
 * <p>A trace is rebuilt by re-executing the model from an initial state and taking, at each step,
 * the successor at the recorded ordinal: no fingerprint and no state is needed. Counts and
 * ordinals of 255 or more are kept in side maps (rare). Chunks of 64 Ki entries: growing never
 * copies.
 */
final class TraceLog {

    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int LARGE = 255;
    private static final int SUM_EVERY_BITS = 6;

    private final ByteArray ordinals = new ByteArray();
    private final ByteArray childCounts = new ByteArray();
    private final Map<Integer, Integer> largeOrdinals = new HashMap<>();
    private final Map<Integer, Integer> largeCounts = new HashMap<>();
    /** sums.get(j): total child count of the states numbered below {@code j << SUM_EVERY_BITS} */
    private final LongList sums = new LongList();
    private long childTotal;
    private int roots;

    /**
     * Records a new initial state (all of them come before any other state).
     *
     * @param ordinal its position among the model's initial states
     */
    void addRoot(int ordinal) {
        roots++;
        addOrdinal(ordinal);
    }

    /**
     * Records a state reached first from a state; states must be added in number order, and
     * their predecessors' child counts must all have been given by {@link #childCount}.
     *
     * @param ordinal position of the step among the predecessor's successors
     */
    void addChild(int ordinal) {
        addOrdinal(ordinal);
    }

    private void addOrdinal(int ordinal) {
        int i = ordinals.size();
        if (i == Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("explorer state numbers exhausted");
        }
        if (ordinal >= LARGE) {
            largeOrdinals.put(i, ordinal);
        }
        ordinals.add((byte) Math.min(ordinal, LARGE));
    }

    /**
     * Records the child count of the next state in number order.
     *
     * @param count how many states it reached first
     */
    void childCount(int count) {
        int p = childCounts.size();
        if ((p & ((1 << SUM_EVERY_BITS) - 1)) == 0) {
            sums.add(childTotal);
        }
        if (count >= LARGE) {
            largeCounts.put(p, count);
        }
        childCounts.add((byte) Math.min(count, LARGE));
        childTotal += count;
    }

    /**
     * Records a whole level at once, its passes split by {@code ranges} (possibly over several
     * threads): the child counts of the level's {@code parents} states, in number order, and the
     * ordinals of the first {@code keep} of their children, in number order. Equivalent to
     * {@link #childCount} for each parent then {@link #addChild} for each kept child.
     *
     * @param parents  the states of the level, numbered last
     * @param start    {@code start[i]}: the children of the parents before parent {@code i}
     *                 ({@code start[0] == 0}, non-decreasing, {@code parents + 1} entries)
     * @param keep     how many children are kept (the first ones; the others are dropped)
     * @param ordinals the ordinal of each kept child
     * @param ranges   runs the passes
     */
    void addLevel(int parents, int[] start, int keep, java.util.function.IntUnaryOperator ordinals,
                  Ranges ranges) {
        int o0 = this.ordinals.size();
        if ((long) o0 + keep > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("explorer state numbers exhausted");
        }
        int p0 = childCounts.size();
        // the running sums every 64 states: the children before a parent are start[i], clipped
        for (int p = (p0 + (1 << SUM_EVERY_BITS) - 1) & -(1 << SUM_EVERY_BITS); p < p0 + parents;
             p += 1 << SUM_EVERY_BITS) {
            sums.add(childTotal + Math.min(start[p - p0], keep));
        }
        childCounts.grow(parents);
        this.ordinals.grow(keep);
        ranges.run(parents, (from, to) -> {
            for (int i = from; i < to; i++) {
                int c = Math.max(0, Math.min(start[i + 1], keep) - start[i]);
                if (c >= LARGE) {
                    synchronized (largeCounts) {
                        largeCounts.put(p0 + i, c);
                    }
                }
                childCounts.set(p0 + i, (byte) Math.min(c, LARGE));
            }
        });
        ranges.run(keep, (from, to) -> {
            for (int i = from; i < to; i++) {
                int o = ordinals.applyAsInt(i);
                if (o >= LARGE) {
                    synchronized (largeOrdinals) {
                        largeOrdinals.put(o0 + i, o);
                    }
                }
                this.ordinals.set(o0 + i, (byte) Math.min(o, LARGE));
            }
        });
        childTotal += Math.min(start[parents], keep);
    }

    private int count(int p) {
        int c = childCounts.get(p) & 0xFF;
        return c < LARGE ? c : largeCounts.get(p);
    }

    /** @return the number of the state {@code state} was first reached from, -1 for an initial state */
    int parent(int state) {
        if (state < roots) {
            return -1;
        }
        long rank = state - roots;
        int lo = 0;
        int hi = sums.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (sums.get(mid) <= rank) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int p = lo << SUM_EVERY_BITS;
        long before = sums.get(lo);
        while (before + count(p) <= rank) {
            before += count(p);
            p++;
        }
        return p;
    }

    /** @return the position of the step that first reached {@code state} */
    int ordinal(int state) {
        int o = ordinals.get(state) & 0xFF;
        return o < LARGE ? o : largeOrdinals.get(state);
    }

    int size() {
        return ordinals.size();
    }

    long bytes() {
        return ordinals.bytes() + childCounts.bytes() + sums.bytes()
                + 48L * (largeOrdinals.size() + largeCounts.size());
    }

    /** Bytes in chunks. */
    private static final class ByteArray {
        private final List<byte[]> chunks = new ArrayList<>();
        private int size;

        void add(byte b) {
            if ((size & (CHUNK - 1)) == 0) {
                chunks.add(new byte[CHUNK]);
            }
            chunks.get(size >>> CHUNK_BITS)[size & (CHUNK - 1)] = b;
            size++;
        }

        /** Appends {@code n} zero bytes (their chunks allocated now, so that {@link #set} may run in parallel). */
        void grow(int n) {
            long end = (long) size + n;
            while ((long) chunks.size() << CHUNK_BITS < end) {
                chunks.add(new byte[CHUNK]);
            }
            size = (int) end;
        }

        /** Sets a byte below {@link #size}; threads may set different bytes at once. */
        void set(int i, byte b) {
            chunks.get(i >>> CHUNK_BITS)[i & (CHUNK - 1)] = b;
        }

        byte get(int i) {
            return chunks.get(i >>> CHUNK_BITS)[i & (CHUNK - 1)];
        }

        int size() {
            return size;
        }

        long bytes() {
            return (long) chunks.size() * CHUNK;
        }
    }
}
