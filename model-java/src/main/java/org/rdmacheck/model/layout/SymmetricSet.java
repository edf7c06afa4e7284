package org.rdmacheck.model.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.rdmacheck.model.PackedSymmetry;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Words;

/**
 * A set of interchangeable elements declared in a {@link StateLayout}: element i owns a block of
 * slots (scalar fields and FIFOs, the same kinds, bounds and capacities at the same positions for
 * every element), and renaming the elements moves the blocks. No other slot of the state names an
 * element (the model declaring the set guarantees it: an element's identity may not be stored as a
 * value), so a renaming is a permutation of the blocks and nothing else.
 *
 * <p>The canonical member of a class ({@link #canonical}) has the blocks in ascending order of
 * their values, compared position by position (a FIFO by its length, then its elements): blocks
 * with equal values are interchangeable, so every member of a class gets the same canonical
 * values, and they are the values of one member. This is the block sort of {@link PackedSymmetry},
 * written once for every layout model.
 */
public final class SymmetricSet implements Symmetry<LayoutState>, PackedSymmetry {

    private final String elements;
    private final Slot[][] blocks;
    private final int width;
    /** the layout the set belongs to, set when it is built */
    StateLayout layout;

    SymmetricSet(String elements, Slot[][] blocks) {
        if (blocks.length < 1) {
            throw new IllegalArgumentException("symmetric set " + elements + ": no element");
        }
        this.elements = elements;
        this.blocks = new Slot[blocks.length][];
        this.width = blocks[0].length;
        for (int i = 0; i < blocks.length; i++) {
            if (blocks[i].length != width) {
                throw new IllegalArgumentException("symmetric set " + elements + ": element " + i + " has "
                        + blocks[i].length + " slots, element 0 has " + width);
            }
            for (int k = 0; k < width; k++) {
                if (!alike(blocks[i][k], blocks[0][k])) {
                    throw new IllegalArgumentException("symmetric set " + elements + ": " + blocks[i][k] + " and "
                            + blocks[0][k] + " are not alike (kind, bounds, capacity)");
                }
            }
            this.blocks[i] = blocks[i].clone();
        }
    }

    private static boolean alike(Slot a, Slot b) {
        if (a instanceof Field f && b instanceof Field g) {
            return f.min() == g.min() && f.max() == g.max();
        }
        if (a instanceof Fifo p && b instanceof Fifo q) {
            if (p.capacity() != q.capacity() || p.components().size() != q.components().size()) {
                return false;
            }
            for (int c = 0; c < p.components().size(); c++) {
                if (!alike(p.components().get(c), q.components().get(c))) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    @Override
    public String elements() {
        return elements;
    }

    @Override
    public int size() {
        return blocks.length;
    }

    /** @return per element, the slots of its block */
    public List<List<Slot>> blocks() {
        List<List<Slot>> out = new ArrayList<>();
        for (Slot[] b : blocks) {
            out.add(List.of(b));
        }
        return out;
    }

    @Override
    public LayoutState permute(LayoutState state, int[] permutation) {
        int[] v = new int[state.length()];
        state.copyTo(v, 0);
        int[] sourceOf = new int[blocks.length];
        for (int i = 0; i < blocks.length; i++) {
            sourceOf[permutation[i]] = i;
        }
        int[] w = new int[layout.maxLength()];
        int n = rebuild(v, sourceOf, fifoElements(v), w);
        return new LayoutState(state.layout(), w, 0, n);
    }

    @Override
    public Optional<PackedSymmetry> packed() {
        return Optional.of(this);
    }

    @Override
    public void canonical(int[] values, int length, Words out) {
        int n = blocks.length;
        int[][] fifo = fifoElements(values);
        int[][] key = new int[n][];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            key[i] = key(values, fifo, blocks[i]);
        }
        Arrays.sort(order, (a, b) -> Arrays.compare(key[a], key[b]));
        int[] sourceOf = new int[n];
        for (int j = 0; j < n; j++) {
            sourceOf[j] = order[j];
        }
        int[] w = new int[layout.maxLength()];
        out.put(w, 0, rebuild(values, sourceOf, fifo, w));
    }

    /** Every FIFO's element bits, by FIFO index (null when no block holds a FIFO). */
    private int[][] fifoElements(int[] values) {
        List<Fifo> fifos = layout.fifos();
        int[][] out = new int[fifos.size()][];
        for (Fifo q : fifos) {
            out[q.index] = layout.elements(values, 0, q);
        }
        return out;
    }

    private int[] key(int[] values, int[][] fifo, Slot[] block) {
        int len = 0;
        for (Slot s : block) {
            len += s instanceof Fifo q ? 1 + fifo[q.index].length : 1;
        }
        int[] k = new int[len];
        int at = 0;
        for (Slot s : block) {
            if (s instanceof Field f) {
                k[at++] = f.get(values, 0);
            } else {
                int[] e = fifo[((Fifo) s).index];
                k[at++] = e.length; // in values: the length times the words of an element
                System.arraycopy(e, 0, k, at, e.length);
                at += e.length;
            }
        }
        return k;
    }

    /**
     * Writes into {@code w} the state whose block j holds what block {@code sourceOf[j]} holds in
     * {@code values}; every slot outside the blocks as it is.
     *
     * @return the values written
     */
    private int rebuild(int[] values, int[] sourceOf, int[][] fifo, int[] w) {
        int header = layout.header();
        System.arraycopy(values, 0, w, 0, header);
        int[][] moved = fifo.clone();
        for (int j = 0; j < blocks.length; j++) {
            Slot[] from = blocks[sourceOf[j]];
            Slot[] to = blocks[j];
            for (int p = 0; p < width; p++) {
                if (to[p] instanceof Field f) {
                    f.set(w, 0, ((Field) from[p]).get(values, 0));
                } else {
                    moved[((Fifo) to[p]).index] = fifo[((Fifo) from[p]).index];
                }
            }
        }
        int at = header;
        for (Fifo q : layout.fifos()) {
            int[] e = moved[q.index];
            int n = e.length / q.words();
            q.lengthField().set(w, 0, n);
            at = q.pack(e, n, w, at);
        }
        return at;
    }

    @Override
    public String toString() {
        return elements + " (" + blocks.length + " blocks of " + width + " slots)";
    }
}
