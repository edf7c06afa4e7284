package org.rdmacheck.engine.liveness;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The strongly connected components of one region, stored flat: the states of each component
 * sorted in a slice of one int array (no object per component or per state), filled by several
 * threads at once, then listed in the order of their least state.
 */
final class Components {

    private final int[] states;
    private final int[] start;
    private final int[] size;
    private final AtomicInteger nextState = new AtomicInteger();
    private final AtomicInteger nextComponent = new AtomicInteger();
    private int[] order;

    private final SccDecomposition.Listener listener;
    private int reported;
    private int reportedStates;

    /** @param capacity the number of states of the region */
    Components(int capacity) {
        this(capacity, null);
    }

    /** @param listener told of complete components by {@link #report} (null: none) */
    Components(int capacity, SccDecomposition.Listener listener) {
        states = new int[capacity];
        start = new int[capacity];
        size = new int[capacity];
        this.listener = listener;
    }

    /** Tells the listener of the components added since the last report; only when no add is under way. */
    void report() {
        int now = nextComponent.get();
        if (listener != null && now > reported) {
            listener.found(this, reported, now);
        }
        reported = now;
        reportedStates = nextState.get();
    }

    /** Reports once {@code grain} states were added since the last report (for a single adding thread). */
    void reportEvery(int grain) {
        if (listener != null && nextState.get() - reportedStates >= grain) {
            report();
        }
    }

    /** Adds one component, states {@code from..to-1} of {@code vs} (any order). */
    void add(int[] vs, int from, int to) {
        int len = to - from;
        int c = nextComponent.getAndIncrement();
        int at = nextState.getAndAdd(len);
        System.arraycopy(vs, from, states, at, len);
        Arrays.sort(states, at, at + len);
        start[c] = at;
        size[c] = len;
    }

    /** Adds states {@code from..to-1} of {@code vs}, each a component of its own. */
    void addSingletons(int[] vs, int from, int to) {
        int len = to - from;
        int c = nextComponent.getAndAdd(len);
        int at = nextState.getAndAdd(len);
        System.arraycopy(vs, from, states, at, len);
        for (int i = 0; i < len; i++) {
            start[c + i] = at + i;
            size[c + i] = 1;
        }
    }

    /**
     * Puts the components in the order of their least state; called once, after the last add.
     *
     * @param members the region's states, ascending
     * @param firstOf a per-state array this call may overwrite at the members
     */
    void sort(int[] members, int[] firstOf) {
        int count = nextComponent.get();
        if (nextState.get() != members.length) {
            throw new IllegalStateException("liveness: components hold " + nextState.get() + " of "
                    + members.length + " states");
        }
        for (int v : members) {
            firstOf[v] = -1;
        }
        for (int c = 0; c < count; c++) {
            firstOf[states[start[c]]] = c;
        }
        order = new int[count];
        int k = 0;
        for (int v : members) {
            if (firstOf[v] >= 0) {
                order[k++] = firstOf[v];
            }
        }
    }

    /** @return the number of components added so far (the emission indices {@code 0..added()-1}) */
    int added() {
        return nextComponent.get();
    }

    /** @return the states of the component of emission index {@code c}: {@code start(c)..end(c)-1} */
    int start(int c) {
        return start[c];
    }

    int end(int c) {
        return start[c] + size[c];
    }

    /** @return the emission index of the i-th component in order */
    int emitted(int i) {
        return order[i];
    }

    /** @return the number of components */
    int count() {
        return order.length;
    }

    /** @return the states, the i-th component (in order) being {@code from(i)..to(i)-1} */
    int[] states() {
        return states;
    }

    int from(int i) {
        return start[order[i]];
    }

    int to(int i) {
        return start[order[i]] + size[order[i]];
    }

    /** @return bytes of a collection for {@code states} states (its order included) */
    static long bytes(long states) {
        return 16L * states;
    }
}
