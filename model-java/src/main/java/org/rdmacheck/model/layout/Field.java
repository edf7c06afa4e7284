package org.rdmacheck.model.layout;

import java.util.List;

/**
 * A bounded integer, boolean or enumerated value of a {@link StateLayout}: a scalar of the state,
 * or a component of a {@link Fifo}'s elements. Its width in bits follows from its declared bounds;
 * it is stored as {@code value - min} in {@code width} bits of one 32-bit value of the state.
 *
 * <p>A scalar is read and written on the packed values ({@link #get}, {@link #set}); a component
 * of a FIFO element on the element's bits ({@link #of}, {@link #bits}), or with {@link #get} and
 * {@link #set} on an array of elements with {@code base} the element's first value (the only way
 * for a wide element, {@link Fifo#words}). Placement is assigned once
 * by {@link StateLayout.Builder#build()} and never changes afterwards.
 */
public final class Field implements Slot {

    /** What a field's values mean in a state's named values. */
    public enum Kind {
        /** an integer in {@code min..max} */
        INT,
        /** {@code false} (0) or {@code true} (1) */
        BOOL,
        /** one of a fixed list of names, stored as its position */
        ENUM
    }

    private final String name;
    private final Kind kind;
    private final int min;
    private final int max;
    private final List<String> names;
    private final int width;
    /**
     * index of the 32-bit value holding it: of the state (a scalar), or of the element (a FIFO
     * component: 0, or its value among a wide element's)
     */
    int value = -1;
    int shift;
    int mask;
    /** the bits of its value outside the field: {@code ~(mask << shift)} */
    private int clear = ~0;

    Field(String name, Kind kind, int min, int max, List<String> names) {
        if (max < min) {
            throw new IllegalArgumentException("field " + name + ": bounds " + min + ".." + max);
        }
        long range = (long) max - min;
        if (range > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("field " + name + ": range " + min + ".." + max + " beyond 32 bits");
        }
        this.name = name;
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.names = List.copyOf(names);
        this.width = 64 - Long.numberOfLeadingZeros(range);
        this.mask = width == 32 ? -1 : (1 << width) - 1;
    }

    /** Places the field: in 32-bit value {@code value} (of the state or of an element), from bit {@code shift}. */
    void place(int value, int shift) {
        this.value = value;
        this.shift = shift;
        this.clear = ~(mask << shift);
    }

    @Override
    public String name() {
        return name;
    }

    /** @return what the values mean */
    public Kind kind() {
        return kind;
    }

    /** @return the least value */
    public int min() {
        return min;
    }

    /** @return the greatest value */
    public int max() {
        return max;
    }

    /** @return the bits it takes: enough for {@code max - min} */
    public int width() {
        return width;
    }

    /**
     * @return the 32-bit value holding it: of the header for a scalar or a FIFO's length, of the
     *         element for a component of a FIFO's elements
     */
    public int position() {
        return value;
    }

    /** @return its lowest bit in that value (it holds {@code value - min}, {@link #width} bits from there) */
    public int shift() {
        return shift;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return the field's value in that state
     */
    public int get(int[] s, int base) {
        return (s[base + value] >>> shift & mask) + min;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return a boolean field's value in that state
     */
    public boolean is(int[] s, int base) {
        return (s[base + value] >>> shift & mask) != 0;
    }

    /**
     * Writes the field in a state.
     *
     * @param s    packed values
     * @param base the state's first value
     * @param v    the new value, within the bounds
     */
    public void set(int[] s, int base, int v) {
        assert v >= min && v <= max : name + " = " + v + " outside " + min + ".." + max;
        int i = base + value;
        s[i] = s[i] & clear | (v - min) << shift;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @param b    the new value of a boolean field
     */
    public void set(int[] s, int base, boolean b) {
        set(s, base, b ? 1 : 0);
    }

    /**
     * @param element a FIFO element's bits
     * @return this component's value in it
     */
    public int of(int element) {
        return (element >>> shift & mask) + min;
    }

    /**
     * @param v a value within the bounds
     * @return the bits of an element whose only non-zero component is this one, at value v
     */
    public int bits(int v) {
        assert v >= min && v <= max : name + " = " + v + " outside " + min + ".." + max;
        return (v - min) << shift;
    }

    /** The value as a state's named values show it: an Integer, a Boolean or an enum name. */
    Object named(int v) {
        return switch (kind) {
            case INT -> v;
            case BOOL -> v != 0;
            case ENUM -> names.get(v);
        };
    }

    /** The stored value of a named value; the inverse of {@link #named}. */
    int stored(Object o) {
        return switch (kind) {
            case INT -> (Integer) o;
            case BOOL -> (Boolean) o ? 1 : 0;
            case ENUM -> names.indexOf(o instanceof Enum<?> e ? e.name() : o.toString());
        };
    }

    @Override
    public String toString() {
        return name + "[" + min + ".." + max + "]";
    }
}
