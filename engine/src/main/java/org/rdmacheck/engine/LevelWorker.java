package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Words;

/**
 * One worker's findings in a level (violations, goal states, counts) and its buffers: the
 * successors of the chunk being expanded on the packed path, their fingerprints and store lookups.
 * It is the packed expander's sink: a successor is copied into the chunk's buffer ({@link #accept}),
 * or written there in place by an expansion that asks for room first ({@link #room}, {@link #written}).
 *
 * @param <S> state type
 */
final class LevelWorker<S> implements PackedModel.BufferSink {

    /** What the workers found in one level. */
    static final class Level<S> {
        final List<LevelWorker<S>> workers = new ArrayList<>();

        synchronized void add(LevelWorker<S> w) {
            workers.add(w);
        }
    }

    /** states of at most this many values are copied by a plain loop */
    private static final int SHORT = 8;

    final Words words = new Words();
    final Violation<S>[] best;
    final IntList[] goals;
    long found;
    long transitions;
    /** states expanded with a reduced set of successors */
    long reduced;
    private long[] fps = new long[16];
    private int[] known = new int[16];
    private int[] ids = new int[16];
    // the packed path: successors of the state being expanded, and what it is
    PackedModel.Expander expander;
    PackedModel.Sink sink;
    long[] codes = new long[16];
    int[] arena = new int[256];
    int[] starts = new int[17];
    int count;
    int[] fromValues;
    int fromOffset;
    int fromIndex;
    /** position of the state's first successor among those of the chunk */
    int fromFirst;
    S from;
    private int[] firsts = new int[LevelExpansion.CHUNK + 1];
    private int[] successor = new int[16];
    /** the sum of the slots read ahead of inserts, kept so that the reads stay */
    long touched;
    /** where new successors go when they are matched after the level, else null */
    Candidates candidates;
    /** per property: the state whose first violating step was recorded already */
    final int[] failedAt;
    /** the numbers of the action codes it met, when the graph records labels ({@link GraphLabels}), else null */
    ActionCodes.Cache actionCodes;
    /** the worker's view of the partial-order reduction, null without one */
    PartialOrder.Chooser chooser;

    @SuppressWarnings("unchecked")
    LevelWorker(int props) {
        best = new Violation[props];
        goals = new IntList[props];
        failedAt = new int[props];
        Arrays.fill(failedAt, -1);
    }

    /**
     * The chunk's successors told apart by fingerprint (open addressing, a power of two of slots; a
     * slot whose stamp is not the chunk's is empty, so nothing is cleared between chunks).
     */
    private long[] chunkFps = new long[1024];
    private int[] chunkFirst = new int[1024];
    private int[] chunkStamps = new int[1024];
    private int stamp;
    private int[] firstSame = new int[16];
    private int[] distinct = new int[16];
    private int distinctCount;

    long[] fps(int n) {
        return fps.length >= n ? fps : (fps = new long[n * 2]);
    }

    /** @return a buffer of at least n level-table entry ids, one per successor of the chunk */
    int[] ids(int n) {
        return ids.length >= n ? ids : (ids = new int[n * 2]);
    }

    int[] known(int n) {
        return known.length >= n ? known : (known = new int[n * 2]);
    }

    void record(int p, Violation<S> v) {
        if (best[p] == null || v.key() < best[p].key()) {
            best[p] = v;
        }
    }

    boolean beats(int p, long key) {
        return best[p] == null || key < best[p].key();
    }

    /** Records that the state numbered {@code idx} is a goal of progress property {@code p}. */
    void goal(int p, int idx) {
        IntList g = goals[p] == null ? (goals[p] = new IntList()) : goals[p];
        g.add(idx);
    }

    /** @return a buffer of at least n values: one successor, from index 0 */
    int[] successor(int n) {
        return successor.length >= n ? successor : (successor = new int[n * 2]);
    }

    /** Starts the expansion of a packed state; its successors follow those of the chunk so far. */
    void begin(int[] values, int offset, int index) {
        fromValues = values;
        fromOffset = offset;
        fromIndex = index;
        fromFirst = count;
        from = null;
    }

    /**
     * Finds, for each of the chunk's {@code total} successors, the first one of equal fingerprint:
     * a state reached again within the chunk (a diamond closed by two nearby states, or one state's
     * two orders of independent steps) is looked up and matched once.
     *
     * @return per successor k the position of the first of its fingerprint, k itself when it is the first
     */
    int[] firstSame(int total) {
        if (firstSame.length < total) {
            firstSame = new int[total * 2];
            distinct = new int[total * 2];
        }
        if (chunkFps.length < 2 * total) {
            int cap = Integer.highestOneBit(2 * total - 1) << 1;
            chunkFps = new long[cap];
            chunkFirst = new int[cap];
            chunkStamps = new int[cap];
            stamp = 0;
        }
        if (++stamp == 0) {
            Arrays.fill(chunkStamps, 0);
            stamp = 1;
        }
        long[] keys = chunkFps;
        int[] at = chunkFirst;
        int[] stamps = chunkStamps;
        int mask = keys.length - 1;
        int st = stamp;
        int d = 0;
        for (int k = 0; k < total; k++) {
            long fp = fps[k];
            int i = (int) (fp >>> 40) & mask;
            while (true) {
                if (stamps[i] != st) {
                    stamps[i] = st;
                    keys[i] = fp;
                    at[i] = k;
                    firstSame[k] = k;
                    distinct[d++] = k;
                    break;
                }
                if (keys[i] == fp) {
                    firstSame[k] = at[i];
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        distinctCount = d;
        return firstSame;
    }

    /** @return the positions of the chunk's first successors of each fingerprint, ascending ({@link #firstSame}) */
    int[] distinct() {
        return distinct;
    }

    /** @return how many of {@link #distinct()} are set */
    int distinctCount() {
        return distinctCount;
    }

    int[] firsts(int n) {
        return firsts.length >= n ? firsts : (firsts = new int[n]);
    }

    @Override
    public void accept(long action, int[] next, int length) {
        keep(action, next, length);
    }

    @Override
    public int[] room(int maxLength) {
        int k = count;
        if (k + 1 == starts.length) {
            codes = Arrays.copyOf(codes, 2 * k);
            starts = Arrays.copyOf(starts, 2 * k + 1);
        }
        int at = starts[k];
        if (at + maxLength > arena.length) {
            arena = Arrays.copyOf(arena, 2 * (at + maxLength));
        }
        return arena;
    }

    @Override
    public int offset() {
        return starts[count];
    }

    @Override
    public void written(long code, int length) {
        int k = count;
        int at = starts[k];
        starts[k + 1] = at + length;
        codes[k] = code;
        if (k == fps.length) {
            fps = Arrays.copyOf(fps, 2 * k);
        }
        fps[k] = Words.fingerprint(arena, at, length);
        count = k + 1;
    }

    /** Keeps a packed successor; returns its position. */
    int keep(long code, int[] next, int length) {
        int k = count;
        if (k + 1 == starts.length) {
            codes = Arrays.copyOf(codes, 2 * k);
            starts = Arrays.copyOf(starts, 2 * k + 1);
        }
        int at = starts[k];
        if (at + length > arena.length) {
            arena = Arrays.copyOf(arena, 2 * (at + length));
        }
        if (length <= SHORT) {
            // a few values: a plain loop is cheaper than a call to arraycopy
            int[] a = arena;
            for (int i = 0; i < length; i++) {
                a[at + i] = next[i];
            }
        } else {
            System.arraycopy(next, 0, arena, at, length);
        }
        starts[k + 1] = at + length;
        codes[k] = code;
        if (k == fps.length) {
            fps = Arrays.copyOf(fps, 2 * k);
        }
        fps[k] = Words.fingerprint(next, 0, length);
        count = k + 1;
        return k;
    }
}
