package org.rdmacheck.model;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A small immutable map that keeps insertion order, for action parameters. Actions are created
 * once per transition, so this avoids the cost of copying hash maps on the explorer's hot path.
 */
final class ParamMap extends AbstractMap<String, Object> {

    private static final ParamMap EMPTY = new ParamMap(new String[0], new Object[0]);

    private final String[] keys;
    private final Object[] values;

    private ParamMap(String[] keys, Object[] values) {
        this.keys = keys;
        this.values = values;
    }

    static ParamMap ofPairs(Object... kv) {
        if (kv.length == 0) {
            return EMPTY;
        }
        String[] k = new String[kv.length / 2];
        Object[] v = new Object[kv.length / 2];
        for (int i = 0; i < k.length; i++) {
            k[i] = Objects.requireNonNull((String) kv[2 * i], "parameter name");
            v[i] = kv[2 * i + 1];
            for (int j = 0; j < i; j++) {
                if (k[j].equals(k[i])) {
                    throw new IllegalArgumentException("duplicate action parameter " + k[i]);
                }
            }
        }
        return new ParamMap(k, v);
    }

    static ParamMap copyOf(Map<String, Object> m) {
        if (m.isEmpty()) {
            return EMPTY;
        }
        String[] k = new String[m.size()];
        Object[] v = new Object[m.size()];
        int i = 0;
        for (Map.Entry<String, Object> e : m.entrySet()) {
            k[i] = e.getKey();
            v[i++] = e.getValue();
        }
        return new ParamMap(k, v);
    }

    @Override
    public Object get(Object key) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].equals(key)) {
                return values[i];
            }
        }
        return null;
    }

    @Override
    public boolean containsKey(Object key) {
        for (String k : keys) {
            if (k.equals(key)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int size() {
        return keys.length;
    }

    /**
     * Map equality, without the entry objects of {@link AbstractMap#equals}: two parameter maps of
     * an action kind have the same names in the same order (compared pairwise); any other map is
     * compared as maps are. The liveness analysis interns every edge's action, so this is on its
     * path.
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (o instanceof ParamMap p && p.keys.length == keys.length) {
            boolean sameOrder = true;
            for (int i = 0; i < keys.length && sameOrder; i++) {
                sameOrder = keys[i].equals(p.keys[i]);
            }
            if (sameOrder) {
                for (int i = 0; i < keys.length; i++) {
                    if (!Objects.equals(values[i], p.values[i])) {
                        return false;
                    }
                }
                return true;
            }
        }
        return super.equals(o);
    }

    /** The hash {@link Map#hashCode} defines (the sum of the entries' hashes), without entry objects. */
    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < keys.length; i++) {
            h += keys[i].hashCode() ^ Objects.hashCode(values[i]);
        }
        return h;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int i;

                    @Override
                    public boolean hasNext() {
                        return i < keys.length;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (i >= keys.length) {
                            throw new NoSuchElementException();
                        }
                        Entry<String, Object> e = new SimpleImmutableEntry<>(keys[i], values[i]);
                        i++;
                        return e;
                    }
                };
            }

            @Override
            public int size() {
                return keys.length;
            }
        };
    }
}
