package org.rdmacheck.engine;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The states first reached in the level being expanded, matched among themselves: several workers
 * may reach the same new state, and it is kept once, with the least link
 * ({@code predecessor number << ORDINAL_BITS | ordinal}) over all the ways it was reached. That
 * choice is what a one-thread search would make, so numbers and traces do not depend on threads.
 *
 * <p>Lock striping: the fingerprint picks one of {@value #STRIPES} stripes, each a small table
 * with its own lock, so workers rarely wait for each other. Entries keep their position when a
 * stripe grows, so an entry id ({@code stripe << LOCAL_BITS | position}) stays valid for the whole
 * level.
 *
 * <p>A table holds either state objects or packed states (the values of a
 * {@link org.rdmacheck.model.PackedModel}), each stripe's in one {@code int[]}, or, for a compact
 * level, only the fingerprints and links of packed states: the numbering then re-generates the
 * states from their predecessors ({@link LevelNumbering}).
 *
 * @param <S> state type
 */
final class LevelTable<S> {

    static final int ORDINAL_BITS = 20;
    static final int STRIPES = 256;
    private static final int STRIPE_BITS = 8;
    static final int LOCAL_BITS = 31 - STRIPE_BITS;
    /** states of at most this many values are copied by a plain loop */
    private static final int SHORT = 8;

    private final Stripe<S>[] stripes;
    /** whether several threads insert: one thread takes no locks */
    private final boolean shared;
    /** whether the packed values of the entries are kept (else a compact level: fingerprints and links) */
    private boolean values = true;
    /** the stripe {@link #appendPacked} fills */
    private int fill;
    /** whether the level's entries were appended ({@link #appendPacked}) */
    private boolean appended;
    /** the entries appended to a stripe before the next (a stripe's capacity, but in tests) */
    private int fillLimit = EngineTuning.stripeFill();

    @SuppressWarnings("unchecked")
    LevelTable(boolean exact, boolean packed, boolean shared) {
        this.shared = shared;
        stripes = new Stripe[STRIPES];
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe<>(exact, packed);
        }
    }

    /** @return the link of a step: predecessor number and ordinal, ordered as a one-thread search meets them */
    static long link(int parent, int ordinal) {
        if (ordinal >= 1 << ORDINAL_BITS) {
            throw new IllegalStateException("a state has more than " + (1 << ORDINAL_BITS) + " successors");
        }
        return (long) parent << ORDINAL_BITS | ordinal;
    }

    static int parentOf(long link) {
        return (int) (link >>> ORDINAL_BITS);
    }

    static int ordinalOf(long link) {
        return (int) (link & ((1 << ORDINAL_BITS) - 1));
    }

    /**
     * Adds a state reached by {@code link}, or lowers the link of the entry it matches: by
     * {@code key} in exact mode (the state or its symmetry representative), else by fingerprint.
     *
     * @return the entry id of a new entry, or the complement ({@code ~id}) of the entry it matched
     */
    int insert(S key, S state, long fp, long link) {
        int s = stripeOfFingerprint(fp);
        Stripe<S> st = stripes[s];
        if (!shared) {
            return id(s, st.insert(key, state, fp, link));
        }
        synchronized (st) {
            return id(s, st.insert(key, state, fp, link));
        }
    }

    /**
     * Adds a packed state reached by {@code link}, or lowers the link of the entry of the same
     * fingerprint.
     *
     * @return the entry id of a new entry, or the complement ({@code ~id}) of the entry it matched
     */
    int insertPacked(long fp, long link, int[] values, int offset, int length) {
        int s = stripeOfFingerprint(fp);
        Stripe<S> st = stripes[s];
        if (!shared) {
            return id(s, st.insertPacked(fp, link, values, offset, length));
        }
        synchronized (st) {
            return id(s, st.insertPacked(fp, link, values, offset, length));
        }
    }

    /**
     * Adds a packed state known to be absent from the table, without looking it up: for the
     * one-thread search, whose visited store tells new states apart during the level
     * ({@link FingerprintSet#addIfAbsent}) and which meets each state's least link first. The
     * entries fill stripe 0, then 1, ..., in the order they come, which is their number order
     * ({@link #inLinkOrder}). A table filled this way has no hash index for the level: nothing may
     * look its entries up.
     *
     * @return the entry id
     */
    int appendPacked(long fp, long link, int[] values, int offset, int length) {
        assert !shared;
        appended = true;
        if (stripes[fill].count == fillLimit) {
            fill++;
        }
        return id(fill, stripes[fill].append(fp, link, values, offset, length));
    }

    /**
     * @return whether the entries are in number order: appended ({@link #appendPacked}), so by
     * ascending link, in stripe 0, then 1, ...
     */
    boolean inLinkOrder() {
        return appended;
    }

    /**
     * Takes the packed values of stripe 0 (all the entries of a level of appended entries that fit
     * one stripe) and gives the stripe other arrays to fill next: the values of a level become the
     * next frontier without a copy, and the frontier's arrays, once expanded, the next level's.
     *
     * @param values arrays for the stripe's values and their starts, contents not kept (empty ones are replaced)
     * @return the stripe's values and their starts ({@code starts[count(0)]} the number of values)
     */
    int[][] swapValues(int[] values, int[] starts) {
        Stripe<S> st = stripes[0];
        int[][] taken = {st.arena, st.starts};
        st.arena = values.length > 0 ? values : new int[128];
        st.starts = starts.length >= st.fps.length + 1 ? starts : new int[st.fps.length + 1];
        st.starts[0] = 0;
        return taken;
    }

    /**
     * Reads the slot where {@code fp}'s search starts, so that a loop of such reads, whose cache
     * misses overlap, brings the slots into the cache before a loop of inserts (Java has no
     * prefetch instruction). Not synchronized: a stale value does no harm.
     *
     * @return the slot's content, to be summed up and kept so that the read is not optimised away
     */
    long touch(long fp) {
        Stripe<S> st = stripes[stripeOfFingerprint(fp)];
        long[] keys = st.keys;
        return keys[Stripe.mix(fp) & (keys.length - 1)];
    }

    /**
     * Adds a packed state of stripe {@code stripe} (see {@link #stripeOfFingerprint}) without a lock:
     * the caller is the only thread that touches this stripe now.
     *
     * @return as {@link #insertPacked}, the local position within the stripe
     */
    int insertPackedOwned(int stripe, long fp, long link, int[] values, int offset, int length) {
        return stripes[stripe].insertPacked(fp, link, values, offset, length);
    }

    /** @return the stripe of a fingerprint */
    static int stripeOfFingerprint(long fp) {
        return (int) (fp & (STRIPES - 1));
    }

    /** @return the entry id of a stripe's entry, complemented as the stripe's answer is */
    private static int id(int stripe, int local) {
        return local >= 0 ? stripe << LOCAL_BITS | local : ~(stripe << LOCAL_BITS | ~local);
    }

    /** @return the values of a stripe's packed states */
    int[] arena(int stripe) {
        return stripes[stripe].arena;
    }

    /** @return where a packed entry's values start in its stripe's {@link #arena} */
    int start(int stripe, int local) {
        return stripes[stripe].starts[local];
    }

    /** @return how many values a packed entry has */
    int length(int stripe, int local) {
        Stripe<S> st = stripes[stripe];
        return st.starts[local + 1] - st.starts[local];
    }

    /** Empties the table for the next level, keeping its arrays. */
    void clear(Ranges ranges) {
        fill = 0;
        fillLimit = EngineTuning.stripeFill();
        appended = false;
        ranges.run(STRIPES, (from, to) -> {
            for (int s = from; s < to; s++) {
                stripes[s].clear();
            }
        });
    }

    /**
     * Stops keeping the packed values of new entries, from now on (call on an empty table): the
     * level's states are then re-generated from their predecessors when it is numbered.
     */
    void dropValues() {
        if (values) {
            values = false;
            for (Stripe<S> st : stripes) {
                st.dropValues();
            }
        }
    }

    /**
     * Empties the table and gives its arrays back to the heap (a compact level's numbering, once it
     * has read the entries: the next frontier is then re-generated without the table beside it).
     */
    void release() {
        fill = 0;
        appended = false;
        for (Stripe<S> st : stripes) {
            st.release();
        }
    }

    /** @return whether the packed values of the entries are kept */
    boolean keepsValues() {
        return values;
    }

    /** @return entries in the table (call between phases) */
    long size() {
        long n = 0;
        for (Stripe<S> s : stripes) {
            n += s.count;
        }
        return n;
    }

    int stripeCount() {
        return STRIPES;
    }

    int count(int stripe) {
        return stripes[stripe].count;
    }

    long fp(int stripe, int local) {
        return stripes[stripe].fps[local];
    }

    long linkOf(int stripe, int local) {
        return stripes[stripe].links[local];
    }

    @SuppressWarnings("unchecked")
    S state(int stripe, int local) {
        return (S) stripes[stripe].states[local];
    }

    static int stripeOf(int id) {
        return id >>> LOCAL_BITS;
    }

    static int localOf(int id) {
        return id & ((1 << LOCAL_BITS) - 1);
    }

    /** @return bytes held by the table's arrays: {hash index, fingerprints and links, packed values and starts} */
    long[] bytes() {
        long[] b = new long[3];
        for (Stripe<S> st : stripes) {
            b[0] += 8L * st.keys.length + 4L * st.ids.length;
            b[1] += 8L * st.fps.length + 8L * st.links.length;
            b[2] += st.arena == null ? 0 : 4L * st.arena.length + 4L * st.starts.length;
        }
        return b;
    }

    /** One stripe: entries in insertion order plus a hash index over them. */
    private static final class Stripe<S> {
        private final Map<S, Integer> exactIndex;
        /** open addressing over the entries: their fingerprints (0: empty slot) and positions */
        private long[] keys = new long[64];
        private int[] ids = new int[64];
        private long[] fps = new long[32];
        private long[] links = new long[32];
        private Object[] states;
        private int[] arena;
        private int[] starts;
        private int count;

        Stripe(boolean exact, boolean packed) {
            exactIndex = exact ? new HashMap<>() : null;
            states = packed ? null : new Object[32];
            arena = packed ? new int[128] : null;
            starts = packed ? new int[33] : null;
        }

        void release() {
            clear();
            keys = new long[64];
            ids = new int[64];
            fps = new long[32];
            links = new long[32];
            states = states == null ? null : new Object[32];
            if (arena != null && arena.length > 0) {
                arena = new int[128];
                starts = new int[33];
            }
        }

        void dropValues() {
            if (arena != null) {
                arena = new int[0];
                starts = new int[1];
            }
        }

        void clear() {
            if (exactIndex != null) {
                exactIndex.clear();
            } else {
                Arrays.fill(keys, 0L);
            }
            if (states != null) {
                Arrays.fill(states, 0, count, null);
            }
            count = 0;
        }

        int insertPacked(long fp, long link, int[] values, int offset, int length) {
            int found = find(fp);
            if (found >= 0) {
                if (link < links[found]) {
                    links[found] = link;
                }
                return ~found;
            }
            int local = append(fp, link, values, offset, length);
            if (count * 2 > keys.length) {
                rehash();
            }
            place(local);
            return local;
        }

        /** Adds an entry without its hash index slot ({@link LevelTable#appendPacked}); returns its position. */
        int append(long fp, long link, int[] values, int offset, int length) {
            if (count == 1 << LOCAL_BITS) {
                throw new OutOfMemoryError("level table stripe full (" + count + " states)");
            }
            boolean keep = arena.length > 0;
            if (count == fps.length) {
                int n = fps.length * 2;
                fps = Arrays.copyOf(fps, n);
                links = Arrays.copyOf(links, n);
                starts = keep ? Arrays.copyOf(starts, n + 1) : starts;
            }
            int local = count++;
            fps[local] = fp;
            links[local] = link;
            if (keep) {
                int at = starts[local];
                if (at + length > arena.length) {
                    arena = Arrays.copyOf(arena, IntList.grownLength(Math.max(arena.length, at + length)));
                }
                if (length <= SHORT) {
                    // a few values: a plain loop is cheaper than a call to arraycopy
                    int[] a = arena;
                    for (int j = 0; j < length; j++) {
                        a[at + j] = values[offset + j];
                    }
                } else {
                    System.arraycopy(values, offset, arena, at, length);
                }
                starts[count] = at + length;
            }
            return local;
        }

        int insert(S key, S state, long fp, long link) {
            int found = exactIndex != null ? exactIndex.getOrDefault(key, -1) : find(fp);
            if (found >= 0) {
                if (link < links[found]) {
                    // keep the state the least link reaches: under symmetry reduction it may be
                    // another member of the same class, and traces re-execute from it
                    links[found] = link;
                    states[found] = state;
                }
                return ~found;
            }
            if (count == 1 << LOCAL_BITS) {
                throw new OutOfMemoryError("level table stripe full (" + count + " states)");
            }
            if (count == fps.length) {
                int n = fps.length * 2;
                fps = Arrays.copyOf(fps, n);
                links = Arrays.copyOf(links, n);
                states = Arrays.copyOf(states, n);
            }
            int local = count++;
            fps[local] = fp;
            links[local] = link;
            states[local] = state;
            if (exactIndex != null) {
                exactIndex.put(key, local);
            } else {
                if (count * 2 > keys.length) {
                    rehash();
                }
                place(local);
            }
            return local;
        }

        private int find(long fp) {
            long k = FingerprintSet.key(fp);
            int mask = keys.length - 1;
            for (int i = mix(fp) & mask; ; i = (i + 1) & mask) {
                long v = keys[i];
                if (v == 0) {
                    return -1;
                }
                // the key is the fingerprint itself (one memory access per probe), except for 0
                if (v == k && (fp != 0 && fp != FingerprintSet.key(0) || fps[ids[i]] == fp)) {
                    return ids[i];
                }
            }
        }

        private void place(int local) {
            int mask = keys.length - 1;
            int i = mix(fps[local]) & mask;
            while (keys[i] != 0) {
                i = (i + 1) & mask;
            }
            keys[i] = FingerprintSet.key(fps[local]);
            ids[i] = local;
        }

        private void rehash() {
            keys = new long[keys.length * 2];
            ids = new int[keys.length];
            for (int l = 0; l < count - 1; l++) {
                place(l);
            }
        }

        private static int mix(long fp) {
            return (int) (fp >>> STRIPE_BITS ^ fp >>> 37);
        }
    }
}
