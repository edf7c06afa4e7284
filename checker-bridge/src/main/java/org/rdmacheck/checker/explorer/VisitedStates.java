package org.rdmacheck.checker.explorer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The visited-state store, indexed in discovery order. {@link #insert} returns the new index of a
 * new state, or {@code -(index + 1)} of a state seen before.
 *
 * @param <S> state type
 */
abstract sealed class VisitedStates<S> permits VisitedStates.Full, VisitedStates.Fingerprinted {

    /** @return new index, or {@code -(existing index + 1)} */
    abstract int insert(S state, long fp);

    abstract int size();

    /**
     * Read-only lookup, safe from several threads while nobody inserts.
     *
     * @return the index of the state, or -1 if it has not been seen
     */
    abstract int lookup(S state, long fp);

    /** @return whether the state at {@code index} is {@code candidate} (exactly, or by fingerprint) */
    abstract boolean matches(int index, S candidate, long candidateFp);

    abstract long bytes();

    /** Keeps every state: exact matching, traces without re-execution. */
    static final class Full<S> extends VisitedStates<S> {
        private final Map<S, Integer> index = new HashMap<>();
        private final List<S> states = new ArrayList<>();

        @Override
        int insert(S state, long fp) {
            Integer old = index.putIfAbsent(state, states.size());
            if (old != null) {
                return -(old + 1);
            }
            states.add(state);
            return states.size() - 1;
        }

        @Override
        int size() {
            return states.size();
        }

        @Override
        int lookup(S state, long fp) {
            Integer i = index.get(state);
            return i == null ? -1 : i;
        }

        @Override
        boolean matches(int i, S candidate, long candidateFp) {
            return states.get(i).equals(candidate);
        }

        @Override
        long bytes() {
            return -1;
        }
    }

    /**
     * Keeps a 64-bit fingerprint per state: open addressing with linear probing, fingerprint and
     * index interleaved in one array so that a probe touches one cache line.
     */
    static final class Fingerprinted<S> extends VisitedStates<S> {
        private static final long ZERO_STANDIN = 0x5DEECE66DL;
        /** slot i holds the fingerprint at 2i and the state index at 2i+1; fingerprint 0 marks empty */
        private long[] table;
        private int mask;
        private final LongList fps = new LongList();

        Fingerprinted() {
            table = new long[2 << 12];
            mask = (1 << 12) - 1;
        }

        private static long key(long fp) {
            return fp == 0 ? ZERO_STANDIN : fp;
        }

        private int slot(long k) {
            return (int) (k ^ (k >>> 29)) & mask;
        }

        @Override
        int insert(S state, long fp) {
            long k = key(fp);
            if ((fps.size() + 1) * 4L > table.length) {
                grow();
            }
            int i = slot(k);
            while (table[2 * i] != 0) {
                if (table[2 * i] == k) {
                    return -((int) table[2 * i + 1] + 1);
                }
                i = (i + 1) & mask;
            }
            int idx = fps.size();
            table[2 * i] = k;
            table[2 * i + 1] = idx;
            fps.add(k);
            return idx;
        }

        @Override
        int lookup(S state, long fp) {
            long k = key(fp);
            int i = slot(k);
            while (table[2 * i] != 0) {
                if (table[2 * i] == k) {
                    return (int) table[2 * i + 1];
                }
                i = (i + 1) & mask;
            }
            return -1;
        }

        private void grow() {
            long[] old = table;
            if (old.length > (Integer.MAX_VALUE - 8) / 2) {
                throw new OutOfMemoryError("fingerprint table capacity exhausted at " + fps.size() + " states");
            }
            table = new long[old.length * 2];
            mask = table.length / 2 - 1;
            for (int j = 0; j < old.length; j += 2) {
                if (old[j] != 0) {
                    int i = slot(old[j]);
                    while (table[2 * i] != 0) {
                        i = (i + 1) & mask;
                    }
                    table[2 * i] = old[j];
                    table[2 * i + 1] = old[j + 1];
                }
            }
        }

        @Override
        int size() {
            return fps.size();
        }

        @Override
        boolean matches(int i, S candidate, long candidateFp) {
            return fps.get(i) == key(candidateFp);
        }

        @Override
        long bytes() {
            return (long) table.length * Long.BYTES + fps.bytes();
        }
    }
}
