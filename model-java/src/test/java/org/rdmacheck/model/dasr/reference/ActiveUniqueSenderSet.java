package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Dart's Active Unique Sender Set (seed 000, III-B, Figure 4): the unique senders of active
 * messages, each with its count of in-flight messages. A message start adds the sender with count
 * 1 or increments its count; an end decrements it and removes the sender at zero; n = |AUSS|.
 * Immutable: every operation returns a new set.
 *
 * @param inFlight sender id to its in-flight message count (only positive counts are kept)
 */
public record ActiveUniqueSenderSet(SortedMap<Integer, Integer> inFlight) {

    private static final ActiveUniqueSenderSet EMPTY = new ActiveUniqueSenderSet(new TreeMap<>());

    /** Copies the map and rejects non-positive counts. */
    public ActiveUniqueSenderSet {
        for (int c : inFlight.values()) {
            if (c <= 0) {
                throw new IllegalArgumentException("in-flight count " + c + ": expected a positive count");
            }
        }
        inFlight = Collections.unmodifiableSortedMap(new TreeMap<>(inFlight));
    }

    /** @return the empty set */
    public static ActiveUniqueSenderSet empty() {
        return EMPTY;
    }

    /**
     * A message of {@code sender} starts (or is announced by a look-ahead, seed 000, III-D).
     *
     * @param sender the sender
     * @return the set with the sender added or its count incremented
     */
    public ActiveUniqueSenderSet start(int sender) {
        TreeMap<Integer, Integer> m = new TreeMap<>(inFlight);
        m.merge(sender, 1, Integer::sum);
        return new ActiveUniqueSenderSet(m);
    }

    /**
     * A message of {@code sender} ends: decrement, and remove the sender at zero. An end of a
     * sender not in the set (already timed out) changes nothing.
     *
     * @param sender the sender
     * @return the updated set
     */
    public ActiveUniqueSenderSet end(int sender) {
        Integer c = inFlight.get(sender);
        if (c == null) {
            return this;
        }
        TreeMap<Integer, Integer> m = new TreeMap<>(inFlight);
        if (c == 1) {
            m.remove(sender);
        } else {
            m.put(sender, c - 1);
        }
        return new ActiveUniqueSenderSet(m);
    }

    /**
     * Removes the sender whatever its count (soft-state timeout, seed 000, III-B).
     *
     * @param sender the sender
     * @return the updated set
     */
    public ActiveUniqueSenderSet remove(int sender) {
        if (!inFlight.containsKey(sender)) {
            return this;
        }
        TreeMap<Integer, Integer> m = new TreeMap<>(inFlight);
        m.remove(sender);
        return new ActiveUniqueSenderSet(m);
    }

    /**
     * @param sender a sender
     * @return its in-flight count, 0 if absent
     */
    public int count(int sender) {
        return inFlight.getOrDefault(sender, 0);
    }

    /**
     * @param sender a sender
     * @return whether it is in the set
     */
    public boolean contains(int sender) {
        return inFlight.containsKey(sender);
    }

    /** @return n = |AUSS|, the number of unique active senders */
    public int size() {
        return inFlight.size();
    }

    /** @return the total of the in-flight counts (what counting messages would give) */
    public int messages() {
        int t = 0;
        for (int c : inFlight.values()) {
            t += c;
        }
        return t;
    }
}
