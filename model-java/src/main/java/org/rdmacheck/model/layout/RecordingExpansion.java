package org.rdmacheck.model.layout;

/**
 * An expansion that records, in order, every read of the parent's values its user makes: a field's
 * value, a FIFO's length, a FIFO's elements (a successor's values so far count as the parent's, which
 * they are until edited). A model that reads its states only through its expansion thereby tells
 * which slots a computation depended on: a check that enumerates the values of some slots can then
 * enumerate only those a computation reads, in the order it reads them, and learn that it reads no
 * other slot (see the fabric's local routing lemma). Writes and the packing of successors are not
 * reads.
 *
 * <p>A read is logged as an int code: {@link #lengthRead}, {@link #elementRead}, {@link #fieldRead},
 * {@link #keyRead} and {@link #countRead} (a read by key, {@link Expansion#find}: the first element
 * that matches the key logged with it, {@link #keyMask} and {@link #keyValue}, or {@link
 * Expansion#count}: how many match; nothing else of the others is read), or {@link
 * #WHOLE} for what depends on every FIFO (the non-empty FIFOs, the parent's length). The edits by key
 * ({@link Expansion#removeMatching}, {@link Expansion#removeElement}, {@link Expansion#insertOrdered})
 * are writes: each element is kept or removed by its own bits, and nothing of them is returned.
 */
public final class RecordingExpansion extends Expansion {
    /** The code of a read that depends on the whole parent (which FIFOs are non-empty, its length). */
    public static final int WHOLE = Integer.MIN_VALUE;

    /** The first code of a read by key ({@link #keyRead}): above every FIFO's and below no field's. */
    public static final int KEYS = 1 << 30;

    private int[] log = new int[64];
    /** per read by key: its mask and key (other reads: 0) */
    private int[] masks = new int[64];
    private int[] keys = new int[64];
    private int logged;
    private boolean suspended;

    /** @param layout the layout of the states expanded */
    public RecordingExpansion(StateLayout layout) {
        super(layout, fitsPackedValues(layout));
    }

    /** @param q a FIFO  @return the code of a read of its length */
    public static int lengthRead(Fifo q) {
        return 2 * q.index;
    }

    /** @param q a FIFO  @return the code of a read of (some of) its elements */
    public static int elementRead(Fifo q) {
        return 2 * q.index + 1;
    }

    /** @param q a FIFO  @return the code of a read by key of its first matching element ({@link Expansion#find}) */
    public static int keyRead(Fifo q) {
        return KEYS + 2 * q.index;
    }

    /** @param q a FIFO  @return the code of a read by key of how many elements match ({@link Expansion#count}) */
    public static int countRead(Fifo q) {
        return KEYS + 2 * q.index + 1;
    }

    /** @param code a read's code  @return whether it is a read by key ({@link #keyRead} or {@link #countRead}) */
    public static boolean isKeyRead(int code) {
        return code >= KEYS;
    }

    /** @param f a field of the header  @return the code of a read of its value */
    public static int fieldRead(Field f) {
        return -1 - (f.position() * 32 + f.shift());
    }

    /** Forgets the reads logged so far. */
    public void clearLog() {
        logged = 0;
    }

    /** @return the reads logged since the last {@link #clearLog} */
    public int logged() {
        return logged;
    }

    /** @param i an index below {@link #logged}  @return the i-th read's code */
    public int read(int i) {
        return log[i];
    }

    /** @param i the index of a read by key  @return the bits it compared */
    public int keyMask(int i) {
        return masks[i];
    }

    /** @param i the index of a read by key  @return their value it asked for */
    public int keyValue(int i) {
        return keys[i];
    }

    /**
     * Stops logging reads until {@link #resume}: for a computation of the model whose result its user
     * does not read (the fabric's update of the successor's pause bits, which a per-flow projection
     * forgets), so that its reads do not count as the step's.
     */
    public void suspend() {
        suspended = true;
    }

    /** Logs reads again (see {@link #suspend}). */
    public void resume() {
        suspended = false;
    }

    private void note(int code) {
        note(code, 0, 0);
    }

    private void note(int code, int mask, int key) {
        if (suspended) {
            return;
        }
        if (logged == log.length) {
            log = java.util.Arrays.copyOf(log, 2 * logged);
            masks = java.util.Arrays.copyOf(masks, 2 * logged);
            keys = java.util.Arrays.copyOf(keys, 2 * logged);
        }
        masks[logged] = mask;
        keys[logged] = key;
        log[logged++] = code;
    }

    @Override
    public int find(Fifo q, int mask, int key) {
        note(keyRead(q), mask, key);
        return super.find(q, mask, key);
    }

    @Override
    public int count(Fifo q, int mask, int key) {
        note(countRead(q), mask, key);
        return super.count(q, mask, key);
    }

    @Override
    public int nonEmptyCount() {
        note(WHOLE);
        return super.nonEmptyCount();
    }

    @Override
    public int nonEmpty(int i) {
        note(WHOLE);
        return super.nonEmpty(i);
    }

    @Override
    public int parentLength() {
        note(WHOLE);
        return super.parentLength();
    }

    @Override
    public int get(Field f) {
        note(fieldRead(f));
        return super.get(f);
    }

    @Override
    public boolean is(Field f) {
        note(fieldRead(f));
        return super.is(f);
    }

    @Override
    public int length(Fifo q) {
        note(lengthRead(q));
        return super.length(q);
    }

    @Override
    public int element(Fifo q, int i) {
        note(elementRead(q));
        return super.element(q, i);
    }

    @Override
    public int now(Field f) {
        note(fieldRead(f));
        return super.now(f);
    }

    @Override
    public int lengthNow(Fifo q) {
        note(lengthRead(q));
        return super.lengthNow(q);
    }

    @Override
    public int elementNow(Fifo q, int i) {
        note(elementRead(q));
        return super.elementNow(q, i);
    }

    @Override
    public int get(Fifo q, int i, Field c) {
        note(elementRead(q));
        return super.get(q, i, c);
    }

    @Override
    public int getNow(Fifo q, int i, Field c) {
        note(elementRead(q));
        return super.getNow(q, i, c);
    }

    @Override
    public boolean insertSorted(Fifo q, int[] e) {
        note(elementRead(q));
        return super.insertSorted(q, e);
    }
}
