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

    /** Keeps a 64-bit fingerprint per state (open addressing, fingerprint and index side by side). */
    static final class Fingerprinted<S> extends VisitedStates<S> {
        private long[] keys;
        private int[] values;
        private int mask;
        private final LongList fps = new LongList();

        Fingerprinted() {
            keys = new long[1 << 12];
            values = new int[1 << 12];
            mask = keys.length - 1;
        }

        @Override
        int insert(S state, long fp) {
            long k = fp == 0 ? 0x5DEECE66DL : fp;
            if ((fps.size() + 1) * 2L > keys.length) {
                grow();
            }
            int i = slot(k);
            while (keys[i] != 0) {
                if (keys[i] == k) {
                    return -(values[i] + 1);
                }
                i = (i + 1) & mask;
            }
            int idx = fps.size();
            keys[i] = k;
            values[i] = idx;
            fps.add(k);
            return idx;
        }

        @Override
        int lookup(S state, long fp) {
            long k = fp == 0 ? 0x5DEECE66DL : fp;
            int i = slot(k);
            while (keys[i] != 0) {
                if (keys[i] == k) {
                    return values[i];
                }
                i = (i + 1) & mask;
            }
            return -1;
        }

        private int slot(long k) {
            return (int) (k ^ (k >>> 29)) & mask;
        }

        private void grow() {
            long[] ok = keys;
            int[] ov = values;
            keys = new long[ok.length * 2];
            values = new int[ok.length * 2];
            mask = keys.length - 1;
            for (int j = 0; j < ok.length; j++) {
                if (ok[j] != 0) {
                    int i = slot(ok[j]);
                    while (keys[i] != 0) {
                        i = (i + 1) & mask;
                    }
                    keys[i] = ok[j];
                    values[i] = ov[j];
                }
            }
        }

        @Override
        int size() {
            return fps.size();
        }

        @Override
        boolean matches(int i, S candidate, long candidateFp) {
            long k = candidateFp == 0 ? 0x5DEECE66DL : candidateFp;
            return fps.get(i) == k;
        }

        @Override
        long bytes() {
            return (long) keys.length * (Long.BYTES + Integer.BYTES) + fps.bytes();
        }
    }
}
