package org.rdmacheck.model.layout;

import java.util.Arrays;
import org.rdmacheck.model.PackedModel;

/**
 * The working view of one thread expanding packed states on a {@link StateLayout}: it reads the
 * state being expanded (the parent) and writes each successor into one reused buffer, or, for a
 * sink that lends its own ({@link #into}: the explorer's chunk of successors), where the sink keeps
 * it, so that a successor is written once. A successor starts as a copy of the parent's header
 * ({@link #begin}); actions change the fields and FIFOs they touch; {@link #emit} packs the FIFOs
 * (an untouched FIFO's packed values are copied from the parent as they are) and hands the values
 * to the sink. Nothing is allocated per state or per successor.
 *
 * <p>A layout whose every FIFO fits in one packed value (narrow elements, capacity at most
 * {@link Fifo#perValue}: the network model's buffers and tables) may be expanded on those values
 * themselves ({@link #onPackedValues}): a FIFO is then read and edited as its one packed value
 * (shifts and masks), with nothing unpacked as a state is loaded and nothing packed as a successor
 * is emitted. The successors are the same values either way.
 *
 * <p>Not thread-safe: one per thread.
 */
public class Expansion {

    private final StateLayout layout;
    private final Fifo[] fifos;
    private final int header;
    /** the parent: its values, where its FIFOs start (absolute), its FIFOs' elements and lengths */
    private int[] ps;
    private int poff;
    private final int[] pstart;
    /** where each non-empty FIFO of the parent ends (absolute) */
    private final int[] pstop;
    private final int[][] pelems;
    private final int[] plen;
    /** where the parent's FIFO values end (absolute) */
    private int pend;
    /** the parent's non-empty FIFOs, ascending: only they are unpacked and only their values are walked */
    private final int[] nonEmpty;
    private int nonEmptyCount;
    /** per header value: the bits of FIFO lengths in it; per bit of the header, the FIFO whose length holds it */
    private final int[] lengthBits;
    private final int[] fifoAtBit;
    /** per FIFO: the header value, shift and mask of its length */
    private final int[] lengthValue;
    private final int[] lengthShift;
    private final int[] lengthMask;
    /** the successor: header and packed FIFOs in {@code out}; edited FIFOs in {@code elems} */
    private final int[] out;
    /**
     * where the successor is written: {@code out} from 0, or the buffer of a sink that lends its
     * own ({@link #into}), from its offset
     */
    private int[] o;
    private int ob;
    /** the sink that lends its buffer ({@link #into}), else null */
    private PackedModel.BufferSink direct;
    private final int[][] elems;
    private final int[] len;
    /** FIFO k changed in the successor so far: {@code edited[k]}; the changed ones listed in {@code editedList} */
    private final boolean[] edited;
    private final int[] editedList;
    private int editedCount;
    /** whether FIFOs are held as their one packed value each ({@link #onPackedValues}) */
    private final boolean words;
    /**
     * on packed values: per FIFO the parent's value and the successor's so far (equal unless edited;
     * 0 when empty), bits per element and their mask
     */
    private final int[] pword;
    private final int[] word;
    private final int[] bits;
    private final int[] elementMask;
    /** per FIFO: its capacity */
    private final int[] capacity;
    /** on packed values: the FIFOs not empty in the parent and in the successor (equal but for the edited), 64 a long */
    private final long[] pmask;
    private final long[] smask;
    /**
     * the compact encoding ({@link StateLayout#compact}): the header field counting the non-empty
     * FIFOs (else null), the shifts of a FIFO value's tag and length, the masks of its length and
     * elements; per FIFO its tag bits
     */
    private final Field countField;
    private final int tagShift;
    private final int cLengthShift;
    private final int cLengthMask;
    private final int cElementsMask;
    private final int[] tag;
    /** the compact encoding's count of non-empty FIFOs: its header value and shift, and the bits it clears there */
    private final int countValue;
    private final int countShift;
    private final int countClear;

    /**
     * @param layout the layout of the states expanded
     */
    public Expansion(StateLayout layout) {
        this(layout, false);
    }

    /**
     * An expansion that holds each FIFO as its one packed value while it reads and edits it, when
     * every FIFO of the layout fits in one value (narrow elements, capacity at most {@link
     * Fifo#perValue}); otherwise the plain expansion. The successors are the same values.
     *
     * @param layout the layout of the states expanded
     * @return the expansion
     */
    public static Expansion onPackedValues(StateLayout layout) {
        return new Expansion(layout, fitsPackedValues(layout));
    }

    /** Whether every FIFO of the layout fits in one value: narrow elements, capacity at most {@link Fifo#perValue}. */
    static boolean fitsPackedValues(StateLayout layout) {
        boolean fit = true;
        for (Fifo q : layout.fifos()) {
            fit &= !q.wide() && q.capacity() <= q.perValue();
        }
        return fit;
    }

    Expansion(StateLayout layout, boolean words) {
        this.layout = layout;
        // a compact layout's FIFOs fit one value each: they are always held as that value
        this.words = words || layout.compact();
        this.fifos = layout.fifos().toArray(new Fifo[0]);
        this.header = layout.header();
        int n = fifos.length;
        pstart = new int[n];
        pstop = new int[n];
        pelems = new int[n][];
        plen = new int[n];
        elems = new int[n][];
        len = new int[n];
        edited = new boolean[n];
        editedList = new int[n];
        for (int i = 0; i < n; i++) {
            pelems[i] = new int[fifos[i].capacity() * fifos[i].words()];
            elems[i] = new int[fifos[i].capacity() * fifos[i].words()];
        }
        // one value more than a state can have: emitCompact's merge writes a value it may then write over
        out = new int[layout.maxLength() + 1];
        o = out;
        pword = new int[n];
        word = new int[n];
        pmask = new long[(n + 63) >>> 6];
        smask = new long[(n + 63) >>> 6];
        bits = new int[n];
        elementMask = new int[n];
        capacity = new int[n];
        for (int i = 0; i < n; i++) {
            bits[i] = fifos[i].width();
            capacity[i] = fifos[i].capacity();
            elementMask[i] = fifos[i].width() == 32 ? -1 : (1 << fifos[i].width()) - 1;
        }
        nonEmpty = new int[n];
        lengthBits = new int[header];
        fifoAtBit = new int[header * 32];
        lengthValue = new int[n];
        lengthShift = new int[n];
        lengthMask = new int[n];
        countField = layout.nonEmptyCountField();
        tagShift = layout.tagShift();
        cLengthShift = layout.lengthShift();
        cLengthMask = layout.lengthMask();
        cElementsMask = layout.elementsMask();
        tag = new int[n];
        for (int i = 0; i < n && countField != null; i++) {
            tag[i] = i << tagShift;
        }
        if (countField != null && countField.min() != 0) {
            throw new IllegalStateException("the count of non-empty FIFOs must count from 0");
        }
        countValue = countField == null ? 0 : countField.value;
        countShift = countField == null ? 0 : countField.shift;
        countClear = countField == null ? ~0 : ~(countField.mask << countField.shift);
        for (int i = 0; i < n && countField == null; i++) {
            Field l = fifos[i].lengthField();
            lengthValue[i] = l.value;
            lengthShift[i] = l.shift;
            lengthMask[i] = l.mask;
            lengthBits[l.value] |= l.mask << l.shift;
            for (int b = 0; b < l.width(); b++) {
                fifoAtBit[l.value * 32 + l.shift + b] = i;
            }
        }
    }

    /**
     * Where the successors of the states that follow go: into the buffer of a sink that lends its
     * own ({@link PackedModel.BufferSink}, the explorer's), so that each is written once, where it is
     * kept; else into this expansion's scratch buffer, handed to the sink at {@link #emit}. With a
     * lending sink, every successor must start with {@link #begin} and end with one {@link #emit}
     * to that sink.
     *
     * @param sink the sink of the successors that follow, or null
     */
    public void into(PackedModel.Sink sink) {
        direct = sink instanceof PackedModel.BufferSink b ? b : null;
        if (direct == null) {
            o = out;
            ob = 0;
        }
    }

    /** @return the layout */
    public StateLayout layout() {
        return layout;
    }

    /** @return whether FIFOs are held as their packed values ({@link #onPackedValues}) */
    boolean holdsPackedValues() {
        return words;
    }

    /**
     * Makes a state the parent of the successors that follow.
     *
     * @param s   packed values
     * @param off the state's first value
     */
    public void load(int[] s, int off) {
        if (words) {
            loadWords(s, off);
            return;
        }
        ps = s;
        poff = off;
        for (int i = 0; i < nonEmptyCount; i++) {
            plen[nonEmpty[i]] = 0;
        }
        // the non-empty FIFOs from the set bits of the header's length fields: most FIFOs of a large
        // layout are empty, and their lengths are not read one by one
        int count = 0;
        for (int w = 0; w < header; w++) {
            int bits = s[off + w] & lengthBits[w];
            while (bits != 0) {
                int k = fifoAtBit[w * 32 + Integer.numberOfTrailingZeros(bits)];
                int shift = lengthShift[k];
                int mask = lengthMask[k];
                bits &= ~(mask << shift);
                plen[k] = s[off + w] >>> shift & mask;
                int at = count++;
                while (at > 0 && nonEmpty[at - 1] > k) {
                    nonEmpty[at] = nonEmpty[at - 1];
                    at--;
                }
                nonEmpty[at] = k;
            }
        }
        nonEmptyCount = count;
        int at = off + header;
        for (int i = 0; i < count; i++) {
            int k = nonEmpty[i];
            pstart[k] = at;
            at = fifos[k].unpack(s, at, plen[k], pelems[k]);
            pstop[k] = at;
        }
        pend = at;
    }

    /**
     * {@link #load} on packed values: the non-empty FIFOs as bits (from the header's length bits),
     * then their values in FIFO order, one each; nothing unpacked.
     */
    private void loadWords(int[] s, int off) {
        ps = s;
        poff = off;
        for (int i = 0; i < nonEmptyCount; i++) {
            int k = nonEmpty[i];
            plen[k] = 0;
            pword[k] = 0;
            word[k] = 0;
            len[k] = 0;
        }
        for (int i = 0; i < editedCount; i++) {
            // the last successor's edits: its FIFOs are the new parent's (set below) or empty
            word[editedList[i]] = 0;
            len[editedList[i]] = 0;
        }
        if (countField != null) {
            loadCompact(s, off);
            return;
        }
        long[] mask = pmask;
        Arrays.fill(mask, 0L);
        for (int w = 0; w < header; w++) {
            int v = s[off + w];
            int b = v & lengthBits[w];
            while (b != 0) {
                int k = fifoAtBit[w * 32 + Integer.numberOfTrailingZeros(b)];
                int shift = lengthShift[k];
                b &= ~(lengthMask[k] << shift);
                plen[k] = v >>> shift & lengthMask[k];
                len[k] = plen[k]; // (an unedited FIFO's len is the parent's: editWord need not set it)
                mask[k >>> 6] |= 1L << k;
            }
        }
        int at = off + header;
        int count = 0;
        for (int m = 0; m < mask.length; m++) {
            long b = mask[m];
            smask[m] = b;
            while (b != 0) {
                int k = m << 6 | Long.numberOfTrailingZeros(b);
                b &= b - 1;
                nonEmpty[count++] = k;
                int v = s[at++];
                pword[k] = v;
                word[k] = v;
            }
        }
        nonEmptyCount = count;
        pend = at;
    }

    /**
     * {@link #loadWords} of a compact state: its non-empty FIFOs are the values after the header,
     * each with its tag and length, in FIFO order ({@link #emitCompact} merges the edited FIFOs into
     * them, so no bit mask of the non-empty FIFOs is kept).
     */
    private void loadCompact(int[] s, int off) {
        int at = off + header;
        int count = countField.get(s, off);
        for (int i = 0; i < count; i++) {
            int v = s[at++];
            int k = v >>> tagShift;
            int n = v >>> cLengthShift & cLengthMask;
            plen[k] = n;
            len[k] = n; // (compact: an unedited FIFO's len and word are the parent's, for emitCompact)
            int e = v & cElementsMask;
            pword[k] = e;
            word[k] = e;
            nonEmpty[i] = k;
        }
        nonEmptyCount = count;
        pend = at;
    }

    // ---- the parent ----

    /** @return the number of values of the parent (its length, found while loading it) */
    public int parentLength() {
        return pend - poff;
    }

    /** @return the number of FIFOs not empty in the parent */
    public int nonEmptyCount() {
        return nonEmptyCount;
    }

    /**
     * @param i an index below {@link #nonEmptyCount}
     * @return the position (in {@link StateLayout#fifos}) of the parent's i-th non-empty FIFO, ascending
     */
    public int nonEmpty(int i) {
        return nonEmpty[i];
    }

    /** @param f a field  @return its value in the parent */
    public int get(Field f) {
        return f.get(ps, poff);
    }

    /** @param f a boolean field  @return its value in the parent */
    public boolean is(Field f) {
        return f.is(ps, poff);
    }

    /** @param q a FIFO  @return its length in the parent */
    public int length(Fifo q) {
        return plen[q.index];
    }

    /**
     * {@link #length} by the FIFO's position, for a model that keeps positions in tables of its own;
     * not logged by a recording expansion (such a model reads through {@link #length} when recording).
     *
     * @param k a position in {@link StateLayout#fifos}
     * @return that FIFO's length in the parent
     */
    public final int lengthAt(int k) {
        return plen[k];
    }

    /**
     * {@link #element} by the FIFO's position; not logged by a recording expansion.
     *
     * @param k a position in {@link StateLayout#fifos}
     * @param i an index below its length in the parent
     * @return the parent's element i (its bits)
     */
    public final int elementAt(int k, int i) {
        return words ? pword[k] >>> i * bits[k] & elementMask[k] : pelems[k][i];
    }

    /** @param q a FIFO  @param i an index below its length  @return the parent's element i (its bits) */
    public int element(Fifo q, int i) {
        int k = q.index;
        return words ? pword[k] >>> i * bits[k] & elementMask[k] : pelems[k][i];
    }

    // ---- the successor ----

    /** Starts a successor as a copy of the parent. */
    public void begin() {
        if (countField != null) {
            beginCompact(); // small, so that it inlines into the model's actions
        } else {
            beginOther();
        }
    }

    /** {@link #begin} of a compact layout: the header copied, the last successor's edits undone. */
    private void beginCompact() {
        int[] d = out;
        int b = 0;
        if (direct != null) {
            d = direct.room(out.length);
            b = direct.offset();
        }
        o = d;
        ob = b;
        int[] p = ps;
        int from = poff;
        for (int i = 0; i < header; i++) { // a handful of values: a plain loop is cheaper than arraycopy
            d[b + i] = p[from + i];
        }
        int[] es = editedList;
        for (int i = 0, m = editedCount; i < m; i++) {
            int k = es[i];
            edited[k] = false;
            word[k] = pword[k]; // the FIFO's value and length back to the parent's
            len[k] = plen[k];
        }
        editedCount = 0;
    }

    private void beginOther() {
        int[] d = out;
        int b = 0;
        if (direct != null) {
            d = direct.room(out.length);
            b = direct.offset();
        }
        o = d;
        ob = b;
        // a handful of values: a plain loop is cheaper than a call to arraycopy
        for (int i = 0; i < header; i++) {
            d[b + i] = ps[poff + i];
        }
        if (words) {
            // the last successor's edits undone: its FIFOs' values and bits back to the parent's
            for (int i = 0; i < editedCount; i++) {
                int k = editedList[i];
                edited[k] = false;
                word[k] = pword[k];
                len[k] = plen[k];
                smask[k >>> 6] = smask[k >>> 6] & ~(1L << k) | pmask[k >>> 6] & 1L << k;
            }
            editedCount = 0;
            return;
        }
        for (int i = 0; i < editedCount; i++) {
            edited[editedList[i]] = false;
        }
        editedCount = 0;
    }

    /** @param f a field  @param v its value in the successor */
    public void set(Field f, int v) {
        f.set(o, ob, v);
    }

    /** @param f a boolean field  @param b its value in the successor */
    public void set(Field f, boolean b) {
        f.set(o, ob, b);
    }

    /** @param f a field  @return its value in the successor so far */
    public int now(Field f) {
        return f.get(o, ob);
    }

    /** @param q a FIFO  @return its length in the successor so far */
    public int lengthNow(Fifo q) {
        return edited[q.index] ? len[q.index] : plen[q.index];
    }

    /** @param q a FIFO  @param i an index  @return the successor's element i so far */
    public int elementNow(Fifo q, int i) {
        int k = q.index;
        if (words) {
            return word[k] >>> i * bits[k] & elementMask[k]; // the parent's unless edited
        }
        return edited[k] ? elems[k][i] : pelems[k][i];
    }

    /** @param q a FIFO  @return whether the successor so far changed it */
    public boolean touched(Fifo q) {
        return edited[q.index];
    }

    /**
     * On packed values: FIFO k marked edited (its value, word[k], and its length, len[k], are the parent's
     * until changed: set so as the state is loaded and restored as each successor begins).
     */
    private void editWord(int k) {
        edited[k] = true;
        editedList[editedCount++] = k;
    }

    private int[] edit(Fifo q) {
        int k = q.index;
        int[] a = elems[k];
        if (!edited[k]) {
            edited[k] = true;
            editedList[editedCount++] = k;
            int n = plen[k];
            len[k] = n;
            if (words) {
                return a; // word[k] holds the parent's value already
            }
            int[] p = pelems[k];
            for (int i = 0, end = n * q.words(); i < end; i++) {
                a[i] = p[i];
            }
        }
        return a;
    }

    /** @param q a FIFO  @param e an element's bits, appended at its tail (there must be room) */
    public void append(Fifo q, int e) {
        if (words) { // a small path of its own, so that it inlines into the model's actions
            int k = q.index;
            if (!edited[k]) {
                editWord(k);
            }
            int n = len[k];
            if (n >= q.capacity()) {
                throw full(q);
            }
            word[k] |= e << n * bits[k];
            len[k] = n + 1;
            return;
        }
        int[] a = edit(q);
        int k = q.index;
        int n = len[k];
        if (n >= a.length || n >= q.capacity()) {
            throw full(q);
        }
        a[n] = e;
        len[k] = n + 1;
    }

    /**
     * {@link #append} by the FIFO's position (for a model that keeps positions in tables of its own).
     *
     * @param k a position in {@link StateLayout#fifos}
     * @param e an element's bits, appended at its tail (there must be room)
     */
    public final void appendAt(int k, int e) {
        if (!words) {
            append(fifos[k], e);
            return;
        }
        if (!edited[k]) {
            editWord(k);
        }
        int n = len[k];
        if (n >= capacity[k]) {
            throw full(fifos[k]);
        }
        word[k] |= e << n * bits[k];
        len[k] = n + 1;
    }

    /** A model that appends to a full FIFO is wrong (its guard should have waited): says which one. */
    private static org.rdmacheck.model.BoundExceeded full(Fifo q) {
        return new org.rdmacheck.model.BoundExceeded("FIFO " + q.name(), q.capacity());
    }

    /** @param q a FIFO emptied in the successor */
    public void clear(Fifo q) {
        edit(q);
        len[q.index] = 0;
        word[q.index] = 0;
    }

    /** @param q a FIFO  @param i the index of the element removed */
    public void removeAt(Fifo q, int i) {
        if (words) {
            int k = q.index;
            if (!edited[k]) {
                editWord(k);
            }
            len[k]--;
            // the elements above i move down one place (unsigned, in 64 bits: a shift may be of 32)
            long v = word[k] & 0xFFFFFFFFL;
            int below = i * bits[k];
            word[k] = (int) (v & (1L << below) - 1 | v >>> below + bits[k] << below);
            return;
        }
        int[] a = edit(q);
        int k = q.index;
        int n = --len[k];
        for (int j = i; j < n; j++) {
            a[j] = a[j + 1];
        }
    }

    /**
     * {@link #removeAt} of the head (index 0) by the FIFO's position, for a model that keeps positions
     * in tables of its own: on packed values the FIFO's value shifted down one element.
     *
     * @param k a position in {@link StateLayout#fifos}, of a FIFO not empty in the successor so far
     */
    public final void removeHeadAt(int k) {
        if (!words) {
            removeAt(fifos[k], 0);
            return;
        }
        if (!edited[k]) {
            editWord(k);
        }
        len[k]--;
        word[k] = (int) ((word[k] & 0xFFFFFFFFL) >>> bits[k]); // (in 64 bits: a shift may be of 32)
    }

    /** @param q a FIFO  @param i where the element goes  @param e its bits (there must be room) */
    public void insertAt(Fifo q, int i, int e) {
        int[] a = edit(q);
        int k = q.index;
        int n = len[k];
        if (n >= a.length || n >= q.capacity()) {
            // as append: in the compact encoding the extra element's bits would spill into the next field's
            throw new org.rdmacheck.model.BoundExceeded("FIFO " + q.name(), q.capacity());
        }
        len[k] = n + 1;
        if (words) {
            long v = word[k] & 0xFFFFFFFFL;
            int below = i * bits[k];
            word[k] = (int) (v & (1L << below) - 1 | (e & 0xFFFFFFFFL) << below | v >>> below << below + bits[k]);
            return;
        }
        System.arraycopy(a, i, a, i + 1, n - i);
        a[i] = e;
    }

    /** @param q a FIFO  @param i an index  @param e the element's new bits */
    public void setElement(Fifo q, int i, int e) {
        int[] a = edit(q);
        int k = q.index;
        if (words) {
            int at = i * bits[k];
            word[k] = word[k] & ~(elementMask[k] << at) | e << at;
            return;
        }
        a[i] = e;
    }

    /** Orders a FIFO's elements by their components in turn (a multiset kept in canonical order). */
    public void sort(Fifo q) {
        int[] a = edit(q);
        int k = q.index;
        if (words) {
            unpackWord(k, a);
            Arrays.sort(a, 0, len[k]);
            word[k] = packWord(k, a, len[k]);
            return;
        }
        Arrays.sort(a, 0, len[k]);
    }

    /** On packed values: the successor's FIFO k as elements in {@code a}. */
    private void unpackWord(int k, int[] a) {
        int v = word[k];
        for (int i = 0, n = len[k]; i < n; i++, v >>>= bits[k]) {
            a[i] = v & elementMask[k];
        }
    }

    private int packWord(int k, int[] a, int n) {
        int v = 0;
        for (int i = 0; i < n; i++) {
            v |= a[i] << i * bits[k];
        }
        return v;
    }

    // ---- FIFOs kept as sets of one-value elements, read by key (the fabric's DFTs) ----

    /**
     * A read by key: the parent's first element of a FIFO (of one-value elements) whose bits under
     * {@code mask} are {@code key}. Only whether an element matches is read of the others, so a model
     * that looks its tables up this way tells a recording expansion which contents it asks about
     * ({@link RecordingExpansion}).
     *
     * @param q    a FIFO of one-value elements, below 2^31
     * @param mask the bits compared
     * @param key  their value
     * @return the first matching element's bits, -1 when none matches
     */
    public int find(Fifo q, int mask, int key) {
        int k = q.index;
        for (int i = 0, n = plen[k]; i < n; i++) {
            int e = words ? pword[k] >>> i * bits[k] & elementMask[k] : pelems[k][i];
            if ((e & mask) == key) {
                return e;
            }
        }
        return -1;
    }

    /**
     * A read by key: how many of the parent's elements of a FIFO (of one-value elements) have
     * {@code key} under {@code mask}.
     *
     * @param q    a FIFO of one-value elements
     * @param mask the bits compared
     * @param key  their value
     * @return the number of matching elements
     */
    public int count(Fifo q, int mask, int key) {
        int k = q.index;
        int c = 0;
        for (int i = 0, n = plen[k]; i < n; i++) {
            int e = words ? pword[k] >>> i * bits[k] & elementMask[k] : pelems[k][i];
            if ((e & mask) == key) {
                c++;
            }
        }
        return c;
    }

    /** The successor's element i so far of FIFO k (one-value elements), read by the edits below (not a read). */
    private int elementOf(int k, int i) {
        if (words) {
            return word[k] >>> i * bits[k] & elementMask[k];
        }
        return edited[k] ? elems[k][i] : pelems[k][i];
    }

    private int lengthOf(int k) {
        return edited[k] ? len[k] : plen[k];
    }

    /**
     * An edit of the successor: removes every element whose bits under {@code mask} are {@code key}
     * (each element kept or removed by its own bits: the model learns nothing of the others).
     *
     * @param q    a FIFO of one-value elements
     * @param mask the bits compared
     * @param key  their value
     */
    public void removeMatching(Fifo q, int mask, int key) {
        int k = q.index;
        for (int i = lengthOf(k) - 1; i >= 0; i--) {
            if ((elementOf(k, i) & mask) == key) {
                removeAt(q, i);
            }
        }
    }

    /**
     * An edit of the successor: removes the first element equal to {@code e}, if there is one.
     *
     * @param q a FIFO of one-value elements
     * @param e the element's bits
     */
    public void removeElement(Fifo q, int e) {
        int k = q.index;
        for (int i = 0, n = lengthOf(k); i < n; i++) {
            if (elementOf(k, i) == e) {
                removeAt(q, i);
                return;
            }
        }
    }

    /**
     * An edit of the successor: inserts an element into a FIFO kept in ascending order, after the
     * elements equal to it (a multiset; the model learns nothing of the others).
     *
     * @param q a FIFO of one-value elements, below 2^31, in ascending order
     * @param e the element's bits (there must be room)
     */
    public void insertOrdered(Fifo q, int e) {
        int k = q.index;
        int at = lengthOf(k);
        while (at > 0 && elementOf(k, at - 1) > e) {
            at--;
        }
        insertAt(q, at, e);
    }

    // ---- wide elements (more than 32 bits: Fifo#words values each) ----

    /**
     * @param q a FIFO with wide elements
     * @param i an index below its length in the parent
     * @param c a component of its elements
     * @return the component's value in the parent's element i
     */
    public int get(Fifo q, int i, Field c) {
        return words ? c.of(element(q, i)) : c.get(pelems[q.index], i * q.words());
    }

    /**
     * @param q a FIFO with wide elements
     * @param i an index below its length in the successor so far
     * @param c a component of its elements
     * @return the component's value in the successor's element i so far
     */
    public int getNow(Fifo q, int i, Field c) {
        if (words) {
            return c.of(elementNow(q, i));
        }
        return c.get(edited[q.index] ? elems[q.index] : pelems[q.index], i * q.words());
    }

    /**
     * Inserts a wide element into a FIFO kept as a set in ascending order (its values compared in
     * turn, unsigned: by its components in turn), unless an equal element is there already.
     *
     * @param q a FIFO with wide elements
     * @param e the element's {@link Fifo#words} values, as {@link Field#set} wrote its components at 0
     * @return whether it was inserted (false: an equal element was there)
     */
    public boolean insertSorted(Fifo q, int[] e) {
        int w = q.words();
        int[] a = edit(q);
        int n = len[q.index];
        if (words) {
            unpackWord(q.index, a);
        }
        int i = 0;
        int c = 1;
        while (i < n && (c = compare(a, i * w, e, w)) < 0) {
            i++;
        }
        if (i < n && c == 0) {
            return false;
        }
        if (n >= q.capacity()) {
            throw new org.rdmacheck.model.BoundExceeded("FIFO " + q.name(), q.capacity());
        }
        System.arraycopy(a, i * w, a, (i + 1) * w, (n - i) * w);
        System.arraycopy(e, 0, a, i * w, w);
        len[q.index] = n + 1;
        if (words) {
            word[q.index] = packWord(q.index, a, n + 1);
        }
        return true;
    }

    private static int compare(int[] a, int at, int[] e, int w) {
        for (int k = 0; k < w; k++) {
            int c = Integer.compareUnsigned(a[at + k], e[k]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Packs the successor and hands it to the sink: the edited FIFOs are packed, and the parent's
     * values between them (the FIFOs left untouched) are copied as blocks, so the work is in the
     * edited FIFOs and the values, not in the number of FIFOs the layout declares.
     *
     * @param code the action's code
     * @param sink receives the successor's values
     */
    public void emit(long code, PackedModel.Sink sink) {
        // a small method that inlines into the model's actions; each way of packing is a method of its own
        if (fifos.length == 0) {
            done(code, sink, header); // a layout without FIFOs: a state is its header
        } else if (words) {
            emitWords(code, sink);
        } else {
            emitFifos(code, sink);
        }
    }

    /** Sorts the first {@code m} edited FIFO tags ascending: an insertion sort, as they are a handful. */
    private static void sortEdited(int[] es, int m) {
        for (int i = 1; i < m; i++) {
            int k = es[i];
            int j = i;
            while (j > 0 && es[j - 1] > k) {
                es[j] = es[j - 1];
                j--;
            }
            es[j] = k;
        }
    }

    /** {@link #emit} of a successor whose edited FIFOs are held as elements. */
    private void emitFifos(long code, PackedModel.Sink sink) {
        int m = editedCount;
        sortEdited(editedList, m);
        int[] out = o;
        int base = ob;
        int at = base + header;
        int from = poff + header;
        int j = 0;
        for (int i = 0; i < m; i++) {
            int k = editedList[i];
            while (j < nonEmptyCount && nonEmpty[j] < k) {
                j++;
            }
            // the parent's values up to FIFO k's place: those of the untouched FIFOs before it
            int to = j < nonEmptyCount ? pstart[nonEmpty[j]] : pend;
            for (int v = from; v < to; v++) {
                out[at++] = ps[v];
            }
            from = to;
            if (j < nonEmptyCount && nonEmpty[j] == k) {
                from = pstop[k];
                j++;
            }
            int w = base + lengthValue[k];
            out[w] = out[w] & ~(lengthMask[k] << lengthShift[k]) | len[k] << lengthShift[k];
            at = fifos[k].pack(elems[k], len[k], out, at);
        }
        for (int v = from; v < pend; v++) {
            out[at++] = ps[v];
        }
        done(code, sink, at - base);
    }

    /** Hands the successor written to the sink: in the sink's own buffer, or from the scratch buffer. */
    private void done(long code, PackedModel.Sink sink, int length) {
        if (direct != null) {
            direct.written(code, length);
        } else {
            sink.accept(code, out, length);
        }
    }

    /**
     * {@link #emit} on packed values: the successor's non-empty FIFOs are the parent's with the
     * edited ones' bits set by their lengths; their values follow the header in FIFO order.
     */
    private void emitWords(long code, PackedModel.Sink sink) {
        if (countField != null) {
            emitCompact(code, sink);
            return;
        }
        int[] d = o;
        int base = ob;
        for (int i = 0, m = editedCount; i < m; i++) {
            int k = editedList[i];
            int n = len[k];
            int w = base + lengthValue[k];
            d[w] = d[w] & ~(lengthMask[k] << lengthShift[k]) | n << lengthShift[k];
            markNonEmpty(k, n);
        }
        done(code, sink, writeNonEmpty(word, d, base + header) - base);
    }

    /**
     * {@link #emit} of a compact successor: its non-empty FIFOs, in order, each as its value, and
     * their number in the header. The parent's values are in FIFO order (their tags ascending), so
     * the successor's are the parent's with the edited FIFOs' in their places: an untouched FIFO's value
     * is the parent's, an edited one's replaces the parent's (or is left out when emptied, or put in
     * its place when the parent's was empty). With at most one FIFO put in (a move's append to an empty
     * buffer), each of the parent's FIFOs is written from its length and value, which for an untouched
     * one are the parent's ({@link #loadCompact}, {@link #beginCompact}), with no branch on where the
     * edits lie; with more, {@link #emitCompactMerged}. The successor is the same values either way.
     */
    private void emitCompact(long code, PackedModel.Sink sink) {
        // the FIFOs edited that the parent had empty and the successor has not empty: their number and the last
        int[] es = editedList;
        int[] ln = len;
        int fresh = 0;
        int kNew = 0;
        for (int i = 0, m = editedCount; i < m; i++) {
            int k = es[i];
            boolean added = plen[k] == 0 && ln[k] > 0;
            fresh += added ? 1 : 0;
            kNew = added ? k : kNew;
        }
        if (fresh > 1) {
            emitCompactMerged(code, sink);
            return;
        }
        // Each FIFO of the parent's, in order, as the successor has it (an unedited FIFO's len and word are
        // the parent's, so its value is the parent's), left out when emptied, and the one added (if any) in
        // its place: without a branch that depends on where the edited FIFOs lie, so that the loop's only
        // branch is its count, the parent's, the same for every successor of a state. Each step writes a
        // value that the next may write over (out and the sink's room hold one value more than a state).
        int[] d = o;
        int base = ob;
        int[] s = ps;
        int[] w = word;
        int shift = tagShift;
        int ls = cLengthShift;
        int added = kNew << shift | ln[kNew] << ls | w[kNew]; // (none added: FIFO 0's, never counted)
        int at = base + header;
        int pending = fresh; // 1 until the added FIFO is written
        for (int j = poff + header, end = pend; j < end; j++) {
            int k = s[j] >>> shift;
            int before = pending & (k > kNew ? 1 : 0);
            d[at] = added;
            at += before;
            pending -= before;
            int n = ln[k];
            d[at] = k << shift | n << ls | w[k];
            at += n != 0 ? 1 : 0;
        }
        d[at] = added;
        at += pending;
        int c = base + countValue;
        d[c] = d[c] & countClear | at - base - header << countShift;
        done(code, sink, at - base);
    }

    /** {@link #emitCompact} where two FIFOs or more that the parent had empty are not in the successor: a merge. */
    private void emitCompactMerged(long code, PackedModel.Sink sink) {
        int[] d = o;
        int base = ob;
        int[] es = editedList;
        int m = editedCount;
        sortEdited(es, m);
        int[] s = ps;
        int from = poff + header;
        int end = pend;
        int at = base + header;
        int shift = tagShift;
        for (int i = 0; i < m; i++) {
            int k = es[i];
            int v;
            while (from < end && (v = s[from]) >>> shift < k) {
                d[at++] = v;
                from++;
            }
            if (from < end && s[from] >>> shift == k) {
                from++; // the parent's value of the edited FIFO
            }
            int n = len[k];
            if (n > 0) {
                d[at++] = tag[k] | n << cLengthShift | word[k];
            }
        }
        while (from < end) {
            d[at++] = s[from++];
        }
        countField.set(d, base, at - base - header);
        done(code, sink, at - base);
    }

    /** Sets or clears FIFO k's bit in the successor's non-empty FIFOs by its length {@code n} (plain encoding). */
    private void markNonEmpty(int k, int n) {
        long[] mask = smask;
        mask[k >>> 6] = n > 0 ? mask[k >>> 6] | 1L << k : mask[k >>> 6] & ~(1L << k);
    }

    /**
     * Writes {@code values[k]} of each non-empty FIFO k of the successor, in FIFO order, from {@code at}
     * (the plain encoding on packed values; a compact successor is merged from the parent's, {@link #emitCompact}).
     *
     * @return where the values end
     */
    private int writeNonEmpty(int[] values, int[] d, int at) {
        long[] mask = smask;
        for (int m = 0; m < mask.length; m++) {
            long b = mask[m];
            while (b != 0) {
                d[at++] = values[m << 6 | Long.numberOfTrailingZeros(b)];
                b &= b - 1;
            }
        }
        return at;
    }
}
