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
 * scalar fields (the same positions and bounds for every element), and renaming the elements moves
 * the blocks. No other slot of the state names an element (the model declaring the set guarantees
 * it: an element's identity may not be stored as a value), so a renaming is a permutation of the
 * blocks and nothing else.
 *
 * <p>The canonical member of a class ({@link #canonical}) has the blocks in ascending order of
 * their values, compared position by position: blocks with equal values are interchangeable, so
 * every member of a class gets the same canonical values, and they are the values of one member.
 * This is the block sort of {@link PackedSymmetry}, written once for every layout model.
 */
public final class SymmetricSet implements Symmetry<LayoutState>, PackedSymmetry {

    private final String elements;
    private final Field[][] blocks;
    private final int width;

    SymmetricSet(String elements, Field[][] blocks) {
        if (blocks.length < 1) {
            throw new IllegalArgumentException("symmetric set " + elements + ": no element");
        }
        this.elements = elements;
        this.blocks = new Field[blocks.length][];
        this.width = blocks[0].length;
        for (int i = 0; i < blocks.length; i++) {
            if (blocks[i].length != width) {
                throw new IllegalArgumentException("symmetric set " + elements + ": element " + i + " has "
                        + blocks[i].length + " fields, element 0 has " + width);
            }
            for (int k = 0; k < width; k++) {
                Field f = blocks[i][k];
                Field f0 = blocks[0][k];
                if (f.min() != f0.min() || f.max() != f0.max()) {
                    throw new IllegalArgumentException("symmetric set " + elements + ": " + f + " and " + f0
                            + " have different bounds");
                }
            }
            this.blocks[i] = blocks[i].clone();
        }
    }

    @Override
    public String elements() {
        return elements;
    }

    @Override
    public int size() {
        return blocks.length;
    }

    /** @return per element, the fields of its block (copies) */
    public List<List<Field>> blocks() {
        List<List<Field>> out = new ArrayList<>();
        for (Field[] b : blocks) {
            out.add(List.of(b));
        }
        return out;
    }

    @Override
    public LayoutState permute(LayoutState state, int[] permutation) {
        int[] v = new int[state.length()];
        state.copyTo(v, 0);
        int[] w = v.clone();
        for (int i = 0; i < blocks.length; i++) {
            Field[] from = blocks[i];
            Field[] to = blocks[permutation[i]];
            for (int k = 0; k < width; k++) {
                to[k].set(w, 0, from[k].get(v, 0));
            }
        }
        return new LayoutState(state.layout(), w, 0, w.length);
    }

    @Override
    public Optional<PackedSymmetry> packed() {
        return Optional.of(this);
    }

    @Override
    public void canonical(int[] values, int length, Words out) {
        int n = blocks.length;
        int[][] key = new int[n][width];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            for (int k = 0; k < width; k++) {
                key[i][k] = blocks[i][k].get(values, 0);
            }
        }
        Arrays.sort(order, (a, b) -> Arrays.compare(key[a], key[b]));
        int[] w = Arrays.copyOf(values, length);
        for (int j = 0; j < n; j++) {
            int[] k = key[order[j]];
            for (int p = 0; p < width; p++) {
                blocks[j][p].set(w, 0, k[p]);
            }
        }
        out.put(w, 0, length);
    }

    @Override
    public String toString() {
        return elements + " (" + blocks.length + " blocks of " + width + " fields)";
    }
}
