package org.rdmacheck.checker.cdg;

import java.util.Arrays;

/** A growable int array, for allocation-free inner loops. Not thread-safe. */
public final class IntBuffer {

    private int[] data = new int[16];
    private int size;

    /** @param v value to append */
    public void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = v;
    }

    /** @param i index  @return the value there */
    public int get(int i) {
        return data[i];
    }

    /** @param i index  @param v new value */
    public void set(int i, int v) {
        data[i] = v;
    }

    /** @return number of values */
    public int size() {
        return size;
    }

    /** @param n new size, at most the current one */
    public void truncate(int n) {
        size = n;
    }

    /** Removes every value. */
    public void clear() {
        size = 0;
    }

    /** @param v a value  @return whether it is present */
    public boolean contains(int v) {
        for (int i = 0; i < size; i++) {
            if (data[i] == v) {
                return true;
            }
        }
        return false;
    }

    /** @return a copy of the values */
    public int[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
