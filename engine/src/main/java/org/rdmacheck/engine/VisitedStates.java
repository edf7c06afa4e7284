package org.rdmacheck.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * The states of the levels already numbered. During a level it is only read, from any number of
 * threads; between levels the explorer adds the next level's states with their numbers.
 *
 * @param <S> state type
 */
abstract sealed class VisitedStates<S> permits VisitedStates.Full, VisitedStates.Fingerprinted {

    /** @return whether the state is in the store (thread-safe while nobody adds) */
    abstract boolean contains(S state, long fp);

    /** @return the state's number, or -1 (state-graph mode only for fingerprints) */
    abstract int indexOf(S state, long fp);

    /** Makes room for {@code more} states (between levels), growing in {@code ranges}' threads. */
    abstract void reserve(long more, Ranges ranges);

    /**
     * Allocates now what a later {@link #reserve} of {@code more} will need, so that a thread can
     * do it while others work (the allocation of a large array, zeroing included, runs in one
     * thread). Safe while others read the store; does nothing when no growth is due.
     */
    void prepare(long more) {
    }

    /** Adds a state known to be absent; thread-safe for fingerprints, single-threaded for full states. */
    abstract void add(S state, long fp, int number);

    /** @param n states added by {@link #add} since the last call */
    abstract void added(long n);

    /** @return whether {@link #add} may be called from several threads at once */
    abstract boolean concurrentAdd();

    abstract long size();

    /** @return bytes held, -1 when not measured (full states) */
    abstract long bytes();

    /** Keeps every state: exact matching. */
    static final class Full<S> extends VisitedStates<S> {
        private final Map<S, Integer> index = new HashMap<>();

        @Override
        boolean contains(S state, long fp) {
            return index.containsKey(state);
        }

        @Override
        int indexOf(S state, long fp) {
            Integer i = index.get(state);
            return i == null ? -1 : i;
        }

        @Override
        void reserve(long more, Ranges ranges) {
        }

        @Override
        void add(S state, long fp, int number) {
            index.put(state, number);
        }

        @Override
        void added(long n) {
        }

        @Override
        boolean concurrentAdd() {
            return false;
        }

        @Override
        long size() {
            return index.size();
        }

        @Override
        long bytes() {
            return -1;
        }
    }

    /** Keeps a 64-bit fingerprint per state, as TLC does. */
    static final class Fingerprinted<S> extends VisitedStates<S> {
        private final FingerprintSet set;

        Fingerprinted(boolean withIndex) {
            this(withIndex, true);
        }

        /**
         * @param withIndex whether state numbers are kept (the state graph needs them)
         * @param shared    whether several threads insert at once
         */
        Fingerprinted(boolean withIndex, boolean shared) {
            set = new FingerprintSet(withIndex, shared);
        }

        @Override
        boolean contains(S state, long fp) {
            return set.contains(fp);
        }

        @Override
        int indexOf(S state, long fp) {
            return set.indexOf(fp);
        }

        @Override
        void reserve(long more, Ranges ranges) {
            set.reserve(more, ranges);
        }

        @Override
        void prepare(long more) {
            set.prepare(more);
        }

        @Override
        void add(S state, long fp, int number) {
            set.insert(fp, number);
        }

        @Override
        void added(long n) {
            set.added(n);
        }

        /** @return see {@link FingerprintSet#addIfAbsent} */
        boolean addIfAbsent(long fp) {
            return set.addIfAbsent(fp);
        }

        /** @return see {@link FingerprintSet#indexOrAdd} */
        int indexOrAdd(long fp, int number) {
            return set.indexOrAdd(fp, number);
        }

        /** @param more see {@link FingerprintSet#ensureRoom} */
        void ensureRoom(long more) {
            set.ensureRoom(more);
        }

        /** @param n see {@link FingerprintSet#settle} */
        void settle(long n) {
            set.settle(n);
        }

        /** @return see {@link FingerprintSet#touch} */
        long touch(long fp) {
            return set.touch(fp);
        }

        @Override
        boolean concurrentAdd() {
            return true;
        }

        @Override
        long size() {
            return set.size();
        }

        @Override
        long bytes() {
            return set.bytes();
        }
    }
}
