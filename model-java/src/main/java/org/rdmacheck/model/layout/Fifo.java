package org.rdmacheck.model.layout;

import java.util.List;

/**
 * A bounded sequence of a {@link StateLayout} (a FIFO channel): up to {@code capacity} elements,
 * each a record of {@link Field} components (one component: the element is that value). The
 * element's bits hold the components with the first in the highest bits, so elements ordered as
 * unsigned integers are ordered by their components in turn. The encoding is variable-length: the
 * length lives in a header field, and only the elements present are packed, {@link #perValue()} to
 * a 32-bit value, so a state with a short channel is short.
 *
 * <p>An element wider than 32 bits (a delivered buffer of several bytes, say) is <em>wide</em>: it
 * takes {@link #words()} consecutive 32-bit values, its components laid out in order, each within
 * one value and filled from the high bits, so elements compared value by value (unsigned) are
 * compared by their components in turn. A component of a wide element is read and written with
 * {@link Field#get}/{@link Field#set} on the element's first value ({@code i * words()} in a flat
 * array of elements); a narrow element may be read and written either way.
 */
public final class Fifo implements Slot {

    private final String name;
    private final int capacity;
    private final List<Field> components;
    private final Field length;
    private final int width;
    private final int perValue;
    /** 32-bit values per element: 1 for a narrow element (several may share a value), more for a wide one */
    private final int words;
    /** per length 0..capacity: the 32-bit values it takes ({@link #values}), so a walk over a state divides nothing */
    private final int[] valuesOf;
    /** position among the layout's FIFOs */
    int index;
    /** the layout it belongs to (set when the layout is built) */
    StateLayout layout;

    Fifo(String name, int capacity, List<Field> components, Field length) {
        this.name = name;
        this.capacity = capacity;
        this.components = List.copyOf(components);
        this.length = length;
        int w = 0;
        for (Field c : components) {
            w += c.width();
        }
        if (w <= 32) {
            // the first component in the highest bits: elements compare as their components in order
            int at = w;
            for (Field c : components) {
                at -= c.width();
                c.place(0, at);
            }
            this.width = Math.max(1, w);
            this.perValue = 32 / width;
            this.words = 1;
        } else {
            // wide: consecutive values, each filled from its high bits in component order
            int word = 0;
            int used = 0;
            for (Field c : components) {
                if (used + c.width() > 32) {
                    word++;
                    used = 0;
                }
                used += c.width();
                c.place(word, 32 - used);
            }
            this.width = w;
            this.perValue = 1;
            this.words = word + 1;
        }
        this.valuesOf = new int[capacity + 1];
        for (int n = 0; n <= capacity; n++) {
            valuesOf[n] = words > 1 ? n * words : (n + perValue - 1) / perValue;
        }
    }

    @Override
    public String name() {
        return name;
    }

    /** @return the greatest number of elements */
    public int capacity() {
        return capacity;
    }

    /** @return the components of an element, in the order the named values show them */
    public List<Field> components() {
        return components;
    }

    /**
     * @return the field of the length: in the plain encoding a header field; in the compact one
     *         ({@link StateLayout#compact}) only its bounds, for the length is not in the header
     */
    public Field lengthField() {
        return length;
    }

    /** @return bits per element */
    public int width() {
        return width;
    }

    /** @return elements packed into one 32-bit value (1 for a wide element) */
    public int perValue() {
        return perValue;
    }

    /** @return 32-bit values one element takes: 1 unless the element is wide (over 32 bits) */
    public int words() {
        return words;
    }

    /** @return whether an element takes more than one 32-bit value */
    public boolean wide() {
        return words > 1;
    }

    /**
     * @param n elements
     * @return 32-bit values they take
     */
    public int values(int n) {
        return n <= capacity ? valuesOf[n] : words > 1 ? n * words : (n + perValue - 1) / perValue;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return the number of elements in that state
     */
    public int length(int[] s, int base) {
        return layout.compact() ? layout.compactLength(s, base, index) : length.get(s, base);
    }

    /**
     * Reads one element of a narrow FIFO in packed values, without unpacking the others.
     *
     * @param s  packed values
     * @param at the index of the FIFO's first packed value ({@link StateLayout#start} plus the state's base)
     * @param i  an index below the FIFO's length
     * @return the element's bits (a wide element: its first value)
     */
    public int element(int[] s, int at, int i) {
        if (words > 1) {
            return s[at + i * words];
        }
        int v = s[at + i / perValue] >>> (i % perValue) * width;
        return width == 32 ? v : v & (1 << width) - 1;
    }

    /** Packs elements {@code 0..n-1} of {@code src} (a wide element's values in turn) from {@code dst[at]}; returns the next free index. */
    int pack(int[] src, int n, int[] dst, int at) {
        if (words > 1) {
            System.arraycopy(src, 0, dst, at, n * words);
            return at + n * words;
        }
        int w = width;
        int per = perValue;
        int v = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            v |= src[i] << k * w;
            if (++k == per) {
                dst[at++] = v;
                v = 0;
                k = 0;
            }
        }
        if (k != 0) {
            dst[at++] = v;
        }
        return at;
    }

    /** Unpacks {@code n} elements starting at {@code s[at]} into {@code dst}; returns the next value index. */
    int unpack(int[] s, int at, int n, int[] dst) {
        if (words > 1) {
            System.arraycopy(s, at, dst, 0, n * words);
            return at + n * words;
        }
        int m = width == 32 ? -1 : (1 << width) - 1;
        int i = 0;
        while (i < n) {
            int v = s[at++];
            int end = Math.min(n, i + perValue);
            for (; i < end; i++, v >>>= width) {
                dst[i] = v & m;
            }
        }
        return at;
    }

    @Override
    public String toString() {
        return name + components + "[<=" + capacity + "]";
    }
}
