package org.rdmacheck.engine;

import org.rdmacheck.model.PackedModel;

/**
 * The packed action properties of a run, each at a call site of its own: slot {@code i} is called
 * only from its own line of {@link #failing}, so the JIT sees one class of predicate there (in a
 * run of one model) and inlines it, where one call site shared by every property sees several and
 * dispatches through the interface each time. Properties past {@link #SLOTS} share one call site.
 */
final class StepTests {

    /** the properties with a call site of their own */
    static final int SLOTS = 8;

    private final PackedModel.StepTest t0;
    private final PackedModel.StepTest t1;
    private final PackedModel.StepTest t2;
    private final PackedModel.StepTest t3;
    private final PackedModel.StepTest t4;
    private final PackedModel.StepTest t5;
    private final PackedModel.StepTest t6;
    private final PackedModel.StepTest t7;
    private final PackedModel.StepTest[] all;

    /** @param tests the packed form of each action property, in the order of their slots (at most 64, none null) */
    StepTests(PackedModel.StepTest[] tests) {
        if (tests.length > Long.SIZE) {
            throw new IllegalArgumentException("at most " + Long.SIZE + " action properties, not " + tests.length);
        }
        this.all = tests.clone();
        PackedModel.StepTest[] t = java.util.Arrays.copyOf(tests, Math.max(SLOTS, tests.length));
        t0 = t[0];
        t1 = t[1];
        t2 = t[2];
        t3 = t[3];
        t4 = t[4];
        t5 = t[5];
        t6 = t[6];
        t7 = t[7];
    }

    /** @return how many slots */
    int size() {
        return all.length;
    }

    /**
     * Judges one step by the properties of the slots in {@code open}.
     *
     * @param open the slots to judge, bit i for slot i
     * @return the slots of {@code open} whose property the step violates
     */
    long failing(long open, int[] from, int fromOffset, long code, int[] to) {
        long failed = 0;
        if ((open & 1L) != 0 && !t0.test(from, fromOffset, code, to)) {
            failed |= 1L;
        }
        if ((open & 2L) != 0 && !t1.test(from, fromOffset, code, to)) {
            failed |= 2L;
        }
        if ((open & 4L) != 0 && !t2.test(from, fromOffset, code, to)) {
            failed |= 4L;
        }
        if ((open & 8L) != 0 && !t3.test(from, fromOffset, code, to)) {
            failed |= 8L;
        }
        if ((open & ~0xFL) != 0) {
            failed |= upper(open, from, fromOffset, code, to);
        }
        return failed;
    }

    /** {@link #failing} for slots 4 and above: a method of its own keeps the common case small. */
    private long upper(long open, int[] from, int fromOffset, long code, int[] to) {
        long failed = 0;
        if ((open & 0x10L) != 0 && !t4.test(from, fromOffset, code, to)) {
            failed |= 0x10L;
        }
        if ((open & 0x20L) != 0 && !t5.test(from, fromOffset, code, to)) {
            failed |= 0x20L;
        }
        if ((open & 0x40L) != 0 && !t6.test(from, fromOffset, code, to)) {
            failed |= 0x40L;
        }
        if ((open & 0x80L) != 0 && !t7.test(from, fromOffset, code, to)) {
            failed |= 0x80L;
        }
        for (long rest = open >>> SLOTS << SLOTS; rest != 0; rest &= rest - 1) {
            int i = Long.numberOfTrailingZeros(rest);
            if (!all[i].test(from, fromOffset, code, to)) {
                failed |= 1L << i;
            }
        }
        return failed;
    }
}
