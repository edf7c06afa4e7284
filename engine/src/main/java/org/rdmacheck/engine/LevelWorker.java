package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Words;

/**
 * One worker's findings in a level (violations, goal states, counts) and its buffers: the
 * successors of the chunk being expanded on the packed path, their fingerprints and store lookups.
 *
 * @param <S> state type
 */
final class LevelWorker<S> {

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
    /** the sum of the slots read ahead of inserts, kept so that the reads stay */
    long touched;
    /** where new successors go when they are matched after the level, else null */
    Candidates candidates;
    /** per property: the state whose first violating step was recorded already */
    final int[] failedAt;
    /** the worker's view of the partial-order reduction, null without one */
    PartialOrder.Chooser chooser;

    @SuppressWarnings("unchecked")
    LevelWorker(int props) {
        best = new Violation[props];
        goals = new IntList[props];
        failedAt = new int[props];
        Arrays.fill(failedAt, -1);
    }

    long[] fps(int n) {
        return fps.length >= n ? fps : (fps = new long[n * 2]);
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

    /** Starts the expansion of a packed state; its successors follow those of the chunk so far. */
    void begin(int[] values, int offset, int index) {
        fromValues = values;
        fromOffset = offset;
        fromIndex = index;
        fromFirst = count;
        from = null;
    }

    int[] firsts(int n) {
        return firsts.length >= n ? firsts : (firsts = new int[n]);
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
