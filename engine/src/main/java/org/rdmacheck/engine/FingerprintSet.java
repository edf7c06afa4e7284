package org.rdmacheck.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The visited set of fingerprint mode: 64-bit fingerprints in one {@code long[]} with open
 * addressing and linear probing, 8 bytes per slot and nothing else. Lookups are lock-free and may
 * run in any number of threads; inserts claim an empty slot with a compare-and-set, so several
 * threads may insert at once too. Growing is not concurrent: the explorer grows the set between
 * phases, when it knows how many states the next phase adds ({@link #reserve}).
 *
 * <p>The capacity is not a power of two: a fingerprint's slot is its high bits scaled to the
 * capacity, so the set can grow by a third and stay between 60% and 80% full: 10 to 13.3 bytes per
 * state, where doubling would swing between 8 and 21. With {@code withIndex} it also keeps, per slot, the state's number
 * (4 more bytes per slot), which only the state-graph mode needs.
 */
final class FingerprintSet {

    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Fingerprint 0 marks an empty slot; a state whose fingerprint is 0 is stored as this value. */
    private static final long ZERO_STANDIN = 0x5DEECE66DL;
    static final double MAX_LOAD = 0.8;
    static final double TARGET_LOAD = 0.6;

    private long[] slots;
    private int[] index;
    private final boolean withIndex;
    /**
     * whether several threads may insert at once: only then does an insert claim its slot with a
     * compare-and-set. A locked instruction waits for its cache line and lets no later load pass it,
     * so one writer stores plainly and its inserts' cache misses overlap.
     */
    private final boolean shared;
    private long size;
    /**
     * fingerprints inserted during a level by {@link #addIfAbsent}, not yet counted by {@link #settle}
     * (they occupy slots; a level cut short by the state limit leaves some for good)
     */
    private long ahead;
    /** arrays allocated ahead of a growth by {@link #prepare}, or null */
    private long[] pendingSlots;
    private int[] pendingIndex;

    FingerprintSet(boolean withIndex) {
        this(withIndex, true);
    }

    /**
     * @param withIndex whether a state's number is kept with its fingerprint
     * @param shared    whether several threads may insert or grow the set at once
     */
    FingerprintSet(boolean withIndex, boolean shared) {
        this.withIndex = withIndex;
        this.shared = shared;
        allocate(1 << 12);
    }

    private void allocate(int capacity) {
        slots = new long[capacity];
        index = withIndex ? new int[capacity] : null;
    }

    static long key(long fp) {
        return fp == 0 ? ZERO_STANDIN : fp;
    }

    private static int home(long k, int capacity) {
        // the high 32 bits of a well-mixed fingerprint, scaled to [0, capacity)
        return (int) (((k >>> 32) * capacity) >>> 32);
    }

    /** @return whether the fingerprint is in the set (lock-free) */
    boolean contains(long fp) {
        return find(key(fp)) >= 0;
    }

    /** @return the number stored with the fingerprint, -1 when absent (index mode only) */
    int indexOf(long fp) {
        int s = find(key(fp));
        return s < 0 ? -1 : index[s];
    }

    private int find(long k) {
        long[] t = slots;
        int cap = t.length;
        int i = home(k, cap);
        while (true) {
            long v = t[i];
            if (v == k) {
                return i;
            }
            if (v == 0) {
                return -1;
            }
            if (++i == cap) {
                i = 0;
            }
        }
    }

    /**
     * Makes room for {@code more} further fingerprints without passing the maximum load, in one
     * thread. Not thread-safe: call it while nobody reads or inserts.
     *
     * @param more fingerprints about to be inserted
     */
    void reserve(long more) {
        reserve(more, Ranges.SERIAL);
    }

    /**
     * Makes room for {@code more} further fingerprints without passing the maximum load. When the
     * set grows, its fingerprints move to the larger table in ranges of the old one, which
     * {@code ranges} may run in several threads (each claims slots with a compare-and-set, as
     * inserts do). Not thread-safe otherwise: call it while nobody reads or inserts.
     *
     * @param more   fingerprints about to be inserted
     * @param ranges runs the moving of the old table's slot ranges
     */
    void reserve(long more, Ranges ranges) {
        int cap = capacityFor(more);
        if (cap < 0) {
            return;
        }
        long[] oldSlots = slots;
        int[] oldIndex = index;
        long[] ready = pendingSlots;
        int[] readyIndex = pendingIndex;
        pendingSlots = null;
        pendingIndex = null;
        if (ready != null && ready.length == cap) {
            slots = ready;
            index = readyIndex;
        } else {
            allocate(cap);
        }
        long[] t = slots;
        int[] ix = index;
        // a slot's home grows with the fingerprint's high bits: a range of the old table lands in
        // one region of the new one, so threads moving different ranges rarely meet
        ranges.run(oldSlots.length, (from, to) -> {
            for (int j = from; j < to; j++) {
                long k = oldSlots[j];
                if (k != 0) {
                    int i = shared ? claim(t, k) : place(t, k);
                    if (ix != null) {
                        ix[i] = oldIndex[j];
                    }
                }
            }
        });
    }

    /** @return the capacity to grow to before {@code more} inserts, -1 when there is room */
    private int capacityFor(long more) {
        long need = size + ahead + more;
        if (need <= (long) (slots.length * MAX_LOAD)) {
            return -1;
        }
        long cap = Math.max((long) (need / TARGET_LOAD) + 1, slots.length + slots.length / 3 + 1);
        if (cap > Integer.MAX_VALUE - 8) {
            if (need < (long) ((Integer.MAX_VALUE - 8) * MAX_LOAD)) {
                cap = Integer.MAX_VALUE - 8;
            } else {
                throw new OutOfMemoryError("fingerprint set capacity exhausted at " + size + " states");
            }
        }
        return (int) cap;
    }

    /**
     * Allocates the arrays that {@link #reserve reserve(more)} will grow to, without touching the
     * set: one thread may call it while others read or insert, so that the zeroing of a large
     * array overlaps other work. Does nothing when no growth is due.
     *
     * @param more fingerprints that the next {@link #reserve} will make room for
     */
    void prepare(long more) {
        int cap = capacityFor(more);
        if (cap < 0 || pendingSlots != null && pendingSlots.length == cap) {
            return;
        }
        pendingSlots = new long[cap];
        pendingIndex = withIndex ? new int[cap] : null;
    }

    /** @return the slot of {@code t} claimed for {@code k}, which is absent from {@code t} */
    private static int claim(long[] t, long k) {
        int cap = t.length;
        int i = home(k, cap);
        while (t[i] != 0 || !SLOTS.compareAndSet(t, i, 0L, k)) {
            if (++i == cap) {
                i = 0;
            }
        }
        return i;
    }

    /** @return the slot of {@code t} where {@code k}, absent from it, is stored by the only writer */
    private static int place(long[] t, long k) {
        int cap = t.length;
        int i = home(k, cap);
        while (t[i] != 0) {
            if (++i == cap) {
                i = 0;
            }
        }
        t[i] = k;
        return i;
    }

    /**
     * Inserts a fingerprint known to be absent from the set before this phase (thread-safe among
     * inserters; {@link #reserve} must have made room). Counted by {@link #added}.
     *
     * @param fp the fingerprint
     * @param number the state's number (kept in index mode)
     * @return whether it was absent
     */
    boolean insert(long fp, int number) {
        long k = key(fp);
        long[] t = slots;
        int cap = t.length;
        int i = home(k, cap);
        while (true) {
            long v = t[i];
            if (v == 0) {
                if (!shared) {
                    t[i] = k;
                    if (withIndex) {
                        index[i] = number;
                    }
                    return true;
                }
                if (SLOTS.compareAndSet(t, i, 0L, k)) {
                    if (withIndex) {
                        index[i] = number;
                    }
                    return true;
                }
                v = (long) SLOTS.getVolatile(t, i);
            }
            if (v == k) {
                return false;
            }
            if (++i == cap) {
                i = 0;
            }
        }
    }

    /**
     * Looks a fingerprint up and inserts it when absent, in one probe sequence: for the one-thread
     * search, which reads and writes the set alone while it expands a level, so that a new state's
     * slot is found once (not by a lookup during the level and again by its insert after it). The
     * fingerprint is counted by {@link #settle} once its level is numbered; {@link #ensureRoom}
     * must have made room. Not in index mode, not with several writers.
     *
     * @param fp the fingerprint
     * @return whether it was absent (and is now in the set)
     */
    boolean addIfAbsent(long fp) {
        assert !shared && !withIndex;
        long k = key(fp);
        long[] t = slots;
        int cap = t.length;
        int i = home(k, cap);
        while (true) {
            long v = t[i];
            if (v == k) {
                return false;
            }
            if (v == 0) {
                t[i] = k;
                ahead++;
                return true;
            }
            if (++i == cap) {
                i = 0;
            }
        }
    }

    /**
     * {@link #addIfAbsent} of the state-graph mode: looks a fingerprint up and, when absent, inserts
     * it with the number its state will have, in one probe sequence. The one-thread search numbers a
     * level's new states in the order it meets them, so a new state's number is known when it is
     * first met, and an edge to it needs no entry id resolved after the level. Counted by {@link
     * #settle}; {@link #ensureRoom} must have made room. Index mode, one writer.
     *
     * <p>Its probe loop repeats {@link #addIfAbsent}'s on purpose: one loop shared by both (returning
     * the slot, or its complement when it inserted) measured 1.05x the thread CPU time of the fabric's
     * one-thread exploration (FabricSpeedComparison, 6 pairs, slower in all 6, load average 35-44).
     *
     * @param fp     the fingerprint
     * @param number the number of the state if it is new
     * @return the number stored with the fingerprint when it was present, else -1 (it is now in the
     *         set with {@code number})
     */
    int indexOrAdd(long fp, int number) {
        assert !shared && withIndex;
        long k = key(fp);
        long[] t = slots;
        int cap = t.length;
        int i = home(k, cap);
        while (true) {
            long v = t[i];
            if (v == k) {
                return index[i];
            }
            if (v == 0) {
                t[i] = k;
                index[i] = number;
                ahead++;
                return -1;
            }
            if (++i == cap) {
                i = 0;
            }
        }
    }

    /**
     * Grows the set, in this thread, when {@code more} further fingerprints would pass the maximum
     * load: before a block of {@link #addIfAbsent} or {@link #indexOrAdd} calls. Not thread-safe.
     *
     * @param more fingerprints that may be inserted
     */
    void ensureRoom(long more) {
        if (capacityFor(more) >= 0) {
            reserve(more, Ranges.SERIAL);
        }
    }

    /**
     * Counts {@code n} fingerprints that {@link #addIfAbsent} or {@link #indexOrAdd} inserted ahead of their level's
     * numbering (a level cut short by the state limit counts fewer than it inserted).
     *
     * @param n the states of the level numbered
     */
    void settle(long n) {
        size += n;
        ahead -= n;
    }

    /**
     * Reads the slot where {@code fp}'s search starts (see {@code LevelTable.touch}): a loop of these
     * before a loop of inserts lets the inserts' cache misses overlap.
     *
     * @return the slot's content, to be summed up and kept
     */
    long touch(long fp) {
        long[] t = slots;
        return t[home(key(fp), t.length)];
    }

    /** @param n fingerprints inserted by {@link #insert} in the phase just finished */
    void added(long n) {
        size += n;
    }

    long size() {
        return size;
    }

    long bytes() {
        return (long) slots.length * Long.BYTES + (withIndex ? (long) index.length * Integer.BYTES : 0);
    }
}
