package org.rdmacheck.model.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A model's state declared as named, bounded slots: scalar {@link Field}s (integers, booleans,
 * enumerations; arrays of them per host, port, QP...) and bounded sequences ({@link Fifo}s). The
 * layout is at once the packed encoding the explorer stores and fingerprints, the decoder of a
 * state into named values for traces (JSON, ITF, TLA+), and the list of slots that transition
 * groups declare they read and write.
 *
 * <p>Encoding: the header, scalars packed first-fit into 32-bit values in declaration order (each
 * field within one value, its width given by its bounds), the FIFOs' lengths among them; then each
 * FIFO's elements in declaration order, {@link Fifo#perValue} to a value. Unused bits are zero, so
 * equal states have equal values and the values are the state's identity.
 *
 * <p>The compact encoding ({@link Builder#compactFifos}), for a layout with many FIFOs of which a
 * state fills few (the network model's buffers and tables): the header holds the scalars and the
 * number of non-empty FIFOs, no FIFO lengths; then one value per non-empty FIFO, in declaration
 * order, holding the FIFO's position among the layout's FIFOs in its top bits (its tag), its
 * length below, and its elements in the low bits (element 0 lowest), as one packed value holds
 * them. An empty FIFO takes no value and no header bit, so a state's length is the header and its
 * non-empty FIFOs; equal states still have equal values.
 */
public final class StateLayout {

    private final List<Slot> slots;
    private final List<Field> fields;
    private final List<Fifo> fifos;
    /** the FIFOs as an array, for the walks over a state's values */
    private final Fifo[] fifoArray;
    private final Map<String, List<Field>> arrays;
    private final Map<Field, String> arrayOf = new java.util.HashMap<>();
    private final int header;
    /** the scalar fields and the FIFO lengths: the fields of the header */
    private final java.util.Set<Field> scalars;
    private final int maxLength;
    private final List<SymmetricSet> symmetries;
    /**
     * the compact encoding ({@link Builder#compactFifos}): the header field counting the non-empty
     * FIFOs, else null; the shifts of a FIFO value's tag and length, and the masks of its length and
     * elements
     */
    private final Field nonEmptyCount;
    private final int tagShift;
    private final int lengthShift;
    private final int lengthMask;
    private final int elementsMask;

    private StateLayout(Builder b) {
        this.slots = List.copyOf(b.slots);
        this.fifos = List.copyOf(b.fifos);
        this.fifoArray = fifos.toArray(new Fifo[0]);
        this.symmetries = List.copyOf(b.symmetries);
        symmetries.forEach(x -> x.layout = this);
        this.arrays = Collections.unmodifiableMap(new LinkedHashMap<>(b.arrays));
        arrays.forEach((name, fs) -> fs.forEach(f -> arrayOf.put(f, name)));
        List<Field> scalars = new ArrayList<>(b.fields);
        int[] compact = b.compact ? compactShifts(fifos) : null;
        if (compact == null) {
            for (Fifo f : fifos) {
                scalars.add(f.lengthField());
            }
            nonEmptyCount = null;
            tagShift = lengthShift = lengthMask = elementsMask = 0;
        } else {
            if (!b.symmetries.isEmpty()) {
                throw new IllegalArgumentException("a compact layout has no symmetric sets");
            }
            nonEmptyCount = new Field("fifos.nonEmpty", Field.Kind.INT, 0, fifos.size(), List.of());
            scalars.add(nonEmptyCount);
            tagShift = compact[0];
            lengthShift = compact[1];
            lengthMask = (1 << tagShift - lengthShift) - 1;
            elementsMask = lengthShift == 0 ? 0 : (int) ((1L << lengthShift) - 1);
        }
        this.fields = List.copyOf(b.fields);
        this.scalars = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        this.scalars.addAll(scalars);
        int[] used = new int[scalars.size() + 1];
        int values = 0;
        for (Field f : scalars) {
            int v = 0;
            while (v < values && used[v] + f.width() > 32) {
                v++;
            }
            if (v == values) {
                values++;
            }
            f.place(v, used[v]);
            used[v] += f.width();
        }
        this.header = Math.max(1, values);
        int max = header;
        for (int i = 0; i < fifos.size(); i++) {
            fifos.get(i).index = i;
            fifos.get(i).layout = this;
            max += fifos.get(i).values(fifos.get(i).capacity());
        }
        this.maxLength = max;
    }

    /**
     * @return for the compact encoding, the shifts of a FIFO value's tag and of its length; null when
     * some FIFO does not fit one value beside its tag and length (wide elements, or too many)
     */
    private static int[] compactShifts(List<Fifo> fifos) {
        int elements = 0;
        int capacity = 0;
        for (Fifo q : fifos) {
            if (q.wide()) {
                return null;
            }
            elements = Math.max(elements, q.capacity() * q.width());
            capacity = Math.max(capacity, q.capacity());
        }
        // the tag never shifts by 32 (one FIFO still takes a bit), so that an unsigned shift reads it
        int tagBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(0, fifos.size() - 1)));
        int lengthBits = 32 - Integer.numberOfLeadingZeros(capacity);
        if (fifos.isEmpty() || tagBits + lengthBits + elements > 32) {
            return null;
        }
        return new int[] {32 - tagBits, elements};
    }

    /** @return whether the layout uses the compact encoding ({@link Builder#compactFifos}) */
    public boolean compact() {
        return nonEmptyCount != null;
    }

    /** @return the compact encoding's header field counting the non-empty FIFOs (null in the plain encoding) */
    Field nonEmptyCountField() {
        return nonEmptyCount;
    }

    /** @return the compact encoding's shift of a FIFO value's tag (its FIFO's position) */
    int tagShift() {
        return tagShift;
    }

    /** @return the compact encoding's shift of a FIFO value's length */
    int lengthShift() {
        return lengthShift;
    }

    /** @return the compact encoding's mask of a FIFO value's length (after its shift) */
    int lengthMask() {
        return lengthMask;
    }

    /** @return the compact encoding's mask of a FIFO value's elements */
    int elementsMask() {
        return elementsMask;
    }

    /**
     * In the compact encoding: the number of FIFOs not empty in a state (the values after its header).
     *
     * @param s    packed values
     * @param base the state's first value
     * @return the count
     */
    public int nonEmptyFifos(int[] s, int base) {
        return nonEmptyCount.get(s, base);
    }

    /**
     * In the compact encoding: the position (in {@link #fifos}) of the FIFO a value after the header holds.
     *
     * @param value a FIFO's value in a compact state
     * @return the FIFO's position
     */
    public int fifoOf(int value) {
        return value >>> tagShift;
    }

    /**
     * In the compact encoding: the length of the FIFO a value after the header holds.
     *
     * @param value a FIFO's value in a compact state
     * @return its number of elements
     */
    public int lengthOf(int value) {
        return value >>> lengthShift & lengthMask;
    }

    /** The compact encoding's {@link Fifo#length}: the FIFO's value looked up among the non-empty ones. */
    int compactLength(int[] s, int base, int k) {
        for (int i = base + header, end = i + nonEmptyCount.get(s, base); i < end; i++) {
            int t = s[i] >>> tagShift;
            if (t >= k) {
                return t == k ? s[i] >>> lengthShift & lengthMask : 0;
            }
        }
        return 0;
    }

    /** @return a builder of a layout */
    public static Builder builder() {
        return new Builder();
    }

    /** @return every slot, in declaration order (the order of the named values) */
    public List<Slot> slots() {
        return slots;
    }

    /** @return the scalar fields (FIFO lengths excluded), in declaration order */
    public List<Field> fields() {
        return fields;
    }

    /** @return the FIFOs, in declaration order */
    public List<Fifo> fifos() {
        return fifos;
    }

    /** @return the declared sets of interchangeable elements, in declaration order */
    public List<SymmetricSet> symmetries() {
        return symmetries;
    }

    /** @return 32-bit values of the header (every scalar and every FIFO length) */
    public int header() {
        return header;
    }

    /** @return the most 32-bit values a state takes (every FIFO full) */
    public int maxLength() {
        return maxLength;
    }

    /**
     * The bits some scalar fields take, per header value: with {@link #sameOn}, a test that two
     * states agree on those fields compares a few values instead of reading each field.
     *
     * @param of scalar fields of this layout (FIFO lengths included)
     * @return per header value, the bits of the given fields in it
     */
    public int[] bitsOf(java.util.Collection<Field> of) {
        int[] bits = new int[header];
        for (Field f : of) {
            if (!scalars.contains(f)) {
                throw new IllegalArgumentException(f + " is not a scalar field of this layout");
            }
            bits[f.value] |= f.mask << f.shift;
        }
        return bits;
    }

    /**
     * @param bits {@link #bitsOf} some fields
     * @param a    packed values of a state
     * @param ao   its first value
     * @param b    packed values of another state
     * @param bo   its first value
     * @return whether the two states have the same values in those fields
     */
    public static boolean sameOn(int[] bits, int[] a, int ao, int[] b, int bo) {
        for (int i = 0; i < bits.length; i++) {
            if (((a[ao + i] ^ b[bo + i]) & bits[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return how many values the state takes
     */
    public int length(int[] s, int base) {
        if (nonEmptyCount != null) {
            return header + nonEmptyCount.get(s, base);
        }
        int n = header;
        for (Fifo f : fifoArray) {
            n += f.values(f.length(s, base));
        }
        return n;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @param fifo a FIFO of this layout
     * @return the index (from base) of the FIFO's first packed value
     */
    public int start(int[] s, int base, Fifo fifo) {
        if (nonEmptyCount != null) {
            int i = header;
            for (int end = header + nonEmptyCount.get(s, base); i < end && s[base + i] >>> tagShift < fifo.index; i++) {
                // the values of the FIFOs before it
            }
            return i;
        }
        int n = header;
        for (int i = 0; i < fifo.index; i++) {
            Fifo f = fifoArray[i];
            n += f.values(f.length(s, base));
        }
        return n;
    }

    /**
     * The element bits of a FIFO's elements in a state (a wide element's {@link Fifo#words} values
     * in turn).
     *
     * @param s    packed values
     * @param base the state's first value
     * @param fifo a FIFO of this layout
     * @return its elements, oldest first
     */
    public int[] elements(int[] s, int base, Fifo fifo) {
        int n = fifo.length(s, base);
        int[] out = new int[n * fifo.words()];
        fifo.unpack(s, base + start(s, base, fifo), n, out);
        return out;
    }

    /**
     * A state as named values, in declaration order: integers, booleans and enum names; a FIFO as a
     * list of its elements (a record of named components, or the value of a single component); an
     * array as a list. This is what traces show and what TLA+ values are rendered from.
     *
     * @param s    packed values
     * @param base the state's first value
     * @return the named values
     */
    public NamedValues named(int[] s, int base) {
        LinkedHashMap<String, Object> out = new LinkedHashMap<>();
        for (Slot slot : slots) {
            if (slot instanceof Field f) {
                String array = arrayOf.get(f);
                if (array == null) {
                    out.put(f.name(), f.named(f.get(s, base)));
                } else if (!out.containsKey(array)) {
                    List<Object> l = new ArrayList<>();
                    for (Field e : arrays.get(array)) {
                        l.add(e.named(e.get(s, base)));
                    }
                    out.put(array, Collections.unmodifiableList(l));
                }
            } else if (slot instanceof Fifo q) {
                List<Object> l = new ArrayList<>();
                int[] e = elements(s, base, q);
                for (int i = 0; i < e.length; i += q.words()) {
                    l.add(element(q, e, i));
                }
                out.put(q.name(), Collections.unmodifiableList(l));
            }
        }
        return new NamedValues(out);
    }

    /** The named value of the element whose (first) value is {@code e[at]}. */
    private static Object element(Fifo q, int[] e, int at) {
        if (q.components().size() == 1) {
            Field c = q.components().get(0);
            return c.named(q.wide() ? c.get(e, at) : c.of(e[at]));
        }
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        for (Field c : q.components()) {
            m.put(c.name(), c.named(q.wide() ? c.get(e, at) : c.of(e[at])));
        }
        return new NamedValues(m);
    }

    /**
     * Encodes named values (as {@link #named} writes them) back into packed values.
     *
     * @param named the named values
     * @return the packed values
     * @throws IllegalArgumentException if a value is missing or outside its bounds
     */
    public int[] encode(Map<String, ?> named) {
        int[] out = new int[maxLength];
        Map<String, Object> flat = new LinkedHashMap<>(named);
        for (Map.Entry<String, List<Field>> a : arrays.entrySet()) {
            List<?> l = (List<?>) flat.remove(a.getKey());
            for (int i = 0; i < a.getValue().size(); i++) {
                flat.put(a.getValue().get(i).name(), l.get(i));
            }
        }
        for (Field f : fields) {
            put(out, f, f.stored(require(flat, f.name())));
        }
        int at = header;
        for (Fifo q : fifos) {
            List<?> l = (List<?>) require(flat, q.name());
            int[] e = new int[l.size() * q.words()];
            for (int i = 0; i < l.size(); i++) {
                if (q.wide()) {
                    elementValues(q, l.get(i), e, i * q.words());
                } else {
                    e[i] = elementBits(q, l.get(i));
                }
            }
            if (nonEmptyCount == null) {
                put(out, q.lengthField(), l.size());
                at = q.pack(e, l.size(), out, at);
            } else if (!l.isEmpty()) {
                check(q.lengthField(), l.size());
                q.pack(e, l.size(), out, at);
                out[at++] |= q.index << tagShift | l.size() << lengthShift;
            }
        }
        if (nonEmptyCount != null) {
            put(out, nonEmptyCount, at - header);
        }
        return Arrays.copyOf(out, at);
    }

    private static int elementBits(Fifo q, Object o) {
        if (q.components().size() == 1) {
            Field c = q.components().get(0);
            return bits(c, c.stored(o));
        }
        Map<?, ?> m = (Map<?, ?>) o;
        int bits = 0;
        for (Field c : q.components()) {
            bits |= bits(c, c.stored(require(m, c.name())));
        }
        return bits;
    }

    private static void elementValues(Fifo q, Object o, int[] e, int at) {
        for (Field c : q.components()) {
            Object v = q.components().size() == 1 ? o : require((Map<?, ?>) o, c.name());
            int x = c.stored(v);
            check(c, x);
            c.set(e, at, x);
        }
    }

    private static int bits(Field f, int v) {
        check(f, v);
        return f.bits(v);
    }

    private static void put(int[] out, Field f, int v) {
        check(f, v);
        f.set(out, 0, v);
    }

    private static void check(Field f, int v) {
        if (v < f.min() || v > f.max()) {
            throw new IllegalArgumentException(f.name() + " = " + v + ": outside " + f.min() + ".." + f.max());
        }
    }

    private static Object require(Map<?, ?> m, String name) {
        Object o = m.get(name);
        if (o == null) {
            throw new IllegalArgumentException("no value for " + name);
        }
        return o;
    }

    /** Declares slots in the order their named values show them. */
    public static final class Builder {
        private final List<Slot> slots = new ArrayList<>();
        private final List<Field> fields = new ArrayList<>();
        private final List<Fifo> fifos = new ArrayList<>();
        private final Map<String, List<Field>> arrays = new LinkedHashMap<>();
        private final List<SymmetricSet> symmetries = new ArrayList<>();
        private boolean built;
        private boolean compact;

        private Builder() {
        }

        /**
         * @param name the field's name
         * @param min  least value
         * @param max  greatest value
         * @return the field
         */
        public Field integer(String name, int min, int max) {
            return scalar(new Field(name, Field.Kind.INT, min, max, List.of()));
        }

        /**
         * @param name the field's name
         * @return a boolean field
         */
        public Field bool(String name) {
            return scalar(new Field(name, Field.Kind.BOOL, 0, 1, List.of()));
        }

        /**
         * @param name   the field's name
         * @param values the enumeration whose constants it takes
         * @return an enumerated field, stored as the constant's ordinal
         */
        public Field enumeration(String name, Class<? extends Enum<?>> values) {
            return scalar(new Field(name, Field.Kind.ENUM, 0, values.getEnumConstants().length - 1, names(values)));
        }

        /**
         * An array of integers, one per element of something (host, port, QP...): shown as one list.
         *
         * @param name  the array's name
         * @param count its length
         * @param min   least value of an element
         * @param max   greatest value
         * @return its fields, index 0 first
         */
        public Field[] integers(String name, int count, int min, int max) {
            Field[] a = new Field[count];
            for (int i = 0; i < count; i++) {
                a[i] = integer(name + "[" + i + "]", min, max);
            }
            arrays.put(name, List.of(a));
            return a;
        }

        /**
         * An array of booleans, one per element of something: shown as one list.
         *
         * @param name  the array's name
         * @param count its length
         * @return its fields, index 0 first
         */
        public Field[] booleans(String name, int count) {
            Field[] a = new Field[count];
            for (int i = 0; i < count; i++) {
                a[i] = bool(name + "[" + i + "]");
            }
            arrays.put(name, List.of(a));
            return a;
        }

        /**
         * Declares a set of interchangeable elements (senders, QPs...): the block of element i is
         * {@code blocks[i]}, the fields and FIFOs holding everything the state says about it, with
         * the same kinds, bounds and capacities at the same positions for every element. Symmetry
         * reduction permutes the blocks ({@link SymmetricSet}); no other slot may name an element.
         *
         * @param elements what the elements are, e.g. {@code senders 1..2}
         * @param blocks   per element, its slots (fields and FIFOs of this layout)
         * @return the set
         */
        public SymmetricSet symmetric(String elements, Slot[]... blocks) {
            check();
            for (Slot[] block : blocks) {
                for (Slot s : block) {
                    if (!slots.contains(s)) {
                        throw new IllegalArgumentException("symmetric set " + elements + ": " + s.name()
                                + " is not a slot of this layout");
                    }
                }
            }
            SymmetricSet s = new SymmetricSet(elements, blocks);
            symmetries.add(s);
            return s;
        }

        /**
         * A FIFO of up to {@code capacity} elements made of the given components (see
         * {@link #component}, {@link #kind}).
         *
         * @param name       the FIFO's name
         * @param capacity   the most elements
         * @param components an element's components, in the order the named values show them
         * @return the FIFO
         */
        public Fifo fifo(String name, int capacity, Field... components) {
            check();
            Fifo f = new Fifo(name, capacity, List.of(components),
                    new Field(name + ".length", Field.Kind.INT, 0, capacity, List.of()));
            fifos.add(f);
            slots.add(f);
            return f;
        }

        /**
         * @param name a component's name
         * @param min  least value
         * @param max  greatest value
         * @return an integer component of FIFO elements
         */
        public static Field component(String name, int min, int max) {
            return new Field(name, Field.Kind.INT, min, max, List.of());
        }

        /**
         * @param name   a component's name
         * @param values the enumeration
         * @return an enumerated component of FIFO elements
         */
        public static Field kind(String name, Class<? extends Enum<?>> values) {
            return new Field(name, Field.Kind.ENUM, 0, values.getEnumConstants().length - 1, names(values));
        }

        private static List<String> names(Class<? extends Enum<?>> values) {
            List<String> n = new ArrayList<>();
            for (Enum<?> e : values.getEnumConstants()) {
                n.add(e.name());
            }
            return n;
        }

        private Field scalar(Field f) {
            check();
            fields.add(f);
            slots.add(f);
            return f;
        }

        private void check() {
            if (built) {
                throw new IllegalStateException("layout already built");
            }
        }

        /**
         * Asks for the compact encoding (see {@link StateLayout}): no FIFO lengths in the header, one
         * value per non-empty FIFO holding its tag, its length and its elements. It is used when every
         * FIFO's elements fit one value beside the tag and the length (narrow elements, capacity
         * times width at most what is left); otherwise the layout keeps the plain encoding ({@link
         * StateLayout#compact} says which). A compact layout has no symmetric sets.
         *
         * @return this builder
         */
        public Builder compactFifos() {
            check();
            compact = true;
            return this;
        }

        /** @return the layout; the builder is spent */
        public StateLayout build() {
            check();
            built = true;
            return new StateLayout(this);
        }
    }
}
