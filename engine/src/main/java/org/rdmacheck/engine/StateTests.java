package org.rdmacheck.engine;

import org.rdmacheck.model.PackedModel;

/**
 * The packed state predicates of a run (invariants and progress goals), each at a call site of its
 * own, as {@link StepTests} has them for the action properties: slot {@code i} is called only from
 * its own line of {@link #failing}, so the JIT sees one class of predicate there in a run of one
 * model and inlines it. Predicates past {@link #SLOTS} share one call site.
 */
final class StateTests {

    /** the predicates with a call site of their own */
    static final int SLOTS = 8;

    private final PackedModel.StateTest t0;
    private final PackedModel.StateTest t1;
    private final PackedModel.StateTest t2;
    private final PackedModel.StateTest t3;
    private final PackedModel.StateTest t4;
    private final PackedModel.StateTest t5;
    private final PackedModel.StateTest t6;
    private final PackedModel.StateTest t7;
    private final PackedModel.StateTest[] all;

    /** @param tests the predicates, in the order of their slots (at most 64, none null) */
    StateTests(PackedModel.StateTest[] tests) {
        if (tests.length > Long.SIZE) {
            throw new IllegalArgumentException("at most " + Long.SIZE + " state predicates, not " + tests.length);
        }
        this.all = tests.clone();
        PackedModel.StateTest[] t = java.util.Arrays.copyOf(tests, Math.max(SLOTS, tests.length));
        t0 = t[0];
        t1 = t[1];
        t2 = t[2];
        t3 = t[3];
        t4 = t[4];
        t5 = t[5];
        t6 = t[6];
        t7 = t[7];
    }

    /**
     * Evaluates the predicates of the slots in {@code open} on a state.
     *
     * @param open  the slots to evaluate, bit i for slot i
     * @param state the values
     * @param o     the state's first value
     * @return the slots of {@code open} whose predicate is false there
     */
    long failing(long open, int[] state, int o) {
        long failed = 0;
        if ((open & 1L) != 0 && !t0.test(state, o)) {
            failed |= 1L;
        }
        if ((open & 2L) != 0 && !t1.test(state, o)) {
            failed |= 2L;
        }
        if ((open & 4L) != 0 && !t2.test(state, o)) {
            failed |= 4L;
        }
        if ((open & 8L) != 0 && !t3.test(state, o)) {
            failed |= 8L;
        }
        if ((open & ~0xFL) != 0) {
            failed |= upper(open, state, o);
        }
        return failed;
    }

    /** {@link #failing} for slots 4 and above: a method of its own keeps the common case small. */
    private long upper(long open, int[] state, int o) {
        long failed = 0;
        if ((open & 0x10L) != 0 && !t4.test(state, o)) {
            failed |= 0x10L;
        }
        if ((open & 0x20L) != 0 && !t5.test(state, o)) {
            failed |= 0x20L;
        }
        if ((open & 0x40L) != 0 && !t6.test(state, o)) {
            failed |= 0x40L;
        }
        if ((open & 0x80L) != 0 && !t7.test(state, o)) {
            failed |= 0x80L;
        }
        for (long rest = open >>> SLOTS << SLOTS; rest != 0; rest &= rest - 1) {
            int i = Long.numberOfTrailingZeros(rest);
            if (!all[i].test(state, o)) {
                failed |= 1L << i;
            }
        }
        return failed;
    }
}
