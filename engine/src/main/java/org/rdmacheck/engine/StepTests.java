package org.rdmacheck.engine;

import org.rdmacheck.model.PackedModel;

/**
 * The packed action properties of a run, each at a call site of its own: slot {@code i} is called
 * only from its own line of {@link #failing}, so the JIT sees one class of predicate there (in a
 * run of one model) and inlines it, where one call site shared by every property sees several and
 * dispatches through the interface each time. Properties past {@link #SLOTS} share one call site.
 */
final class StepTests {

    /**
     * the properties with a call site of their own: sixteen, for the fabric has eleven, and a property
     * past them costs a call through the interface on every step (about 6 ns each at the gate
     * configuration, a trivially true test as much as any)
     */
    static final int SLOTS = 16;

    private final PackedModel.StepTest t0;
    private final PackedModel.StepTest t1;
    private final PackedModel.StepTest t2;
    private final PackedModel.StepTest t3;
    private final PackedModel.StepTest t4;
    private final PackedModel.StepTest t5;
    private final PackedModel.StepTest t6;
    private final PackedModel.StepTest t7;
    private final PackedModel.StepTest t8;
    private final PackedModel.StepTest t9;
    private final PackedModel.StepTest t10;
    private final PackedModel.StepTest t11;
    private final PackedModel.StepTest t12;
    private final PackedModel.StepTest t13;
    private final PackedModel.StepTest t14;
    private final PackedModel.StepTest t15;
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
        t8 = t[8];
        t9 = t[9];
        t10 = t[10];
        t11 = t[11];
        t12 = t[12];
        t13 = t[13];
        t14 = t[14];
        t15 = t[15];
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
        if ((open & ~0xFFL) != 0) {
            failed |= upper8(open, from, fromOffset, code, to);
        }
        return failed;
    }

    /** {@link #failing} for slots 8 and above, four to a method (each small enough to be inlined whole). */
    private long upper8(long open, int[] from, int fromOffset, long code, int[] to) {
        long failed = 0;
        if ((open & 0x100L) != 0 && !t8.test(from, fromOffset, code, to)) {
            failed |= 0x100L;
        }
        if ((open & 0x200L) != 0 && !t9.test(from, fromOffset, code, to)) {
            failed |= 0x200L;
        }
        if ((open & 0x400L) != 0 && !t10.test(from, fromOffset, code, to)) {
            failed |= 0x400L;
        }
        if ((open & 0x800L) != 0 && !t11.test(from, fromOffset, code, to)) {
            failed |= 0x800L;
        }
        if ((open & ~0xFFFL) != 0) {
            failed |= upper12(open, from, fromOffset, code, to);
        }
        return failed;
    }

    /** {@link #failing} for slots 12 and above; past {@link #SLOTS}, one call site for all. */
    private long upper12(long open, int[] from, int fromOffset, long code, int[] to) {
        long failed = 0;
        if ((open & 0x1000L) != 0 && !t12.test(from, fromOffset, code, to)) {
            failed |= 0x1000L;
        }
        if ((open & 0x2000L) != 0 && !t13.test(from, fromOffset, code, to)) {
            failed |= 0x2000L;
        }
        if ((open & 0x4000L) != 0 && !t14.test(from, fromOffset, code, to)) {
            failed |= 0x4000L;
        }
        if ((open & 0x8000L) != 0 && !t15.test(from, fromOffset, code, to)) {
            failed |= 0x8000L;
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
