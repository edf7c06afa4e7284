package org.rdmacheck.model;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Structural 64-bit fingerprints of state values, in the spirit of TLC's state fingerprints.
 *
 * <p>Records are hashed component by component, lists and arrays in order, sets and maps
 * independently of iteration order (so equal sets with different orders agree). Mixing uses the
 * SplitMix64 finaliser, which spreads every input bit over the whole 64-bit word.
 */
public final class Fingerprints {

    private static final java.lang.invoke.MethodType GETTER =
            java.lang.invoke.MethodType.methodType(Object.class, Object.class);

    private static final ClassValue<MethodHandle[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected MethodHandle[] computeValue(Class<?> type) {
            RecordComponent[] rc = type.getRecordComponents();
            MethodHandle[] mh = new MethodHandle[rc.length];
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            for (int i = 0; i < rc.length; i++) {
                try {
                    rc[i].getAccessor().setAccessible(true);
                    mh[i] = MethodHandles.lookup().unreflect(rc[i].getAccessor()).asType(GETTER);
                } catch (IllegalAccessException | RuntimeException e) {
                    try {
                        mh[i] = lookup.unreflect(rc[i].getAccessor()).asType(GETTER);
                    } catch (IllegalAccessException e2) {
                        throw new IllegalStateException("cannot read record component " + rc[i], e2);
                    }
                }
            }
            return mh;
        }
    };

    private static final ClassValue<Long> CLASS_SALT = new ClassValue<>() {
        @Override
        protected Long computeValue(Class<?> type) {
            return stringHash(type.getName());
        }
    };

    private Fingerprints() {
    }

    /**
     * The fingerprint of a value.
     *
     * @param value a state or part of one; may be null
     * @return a 64-bit fingerprint
     */
    public static long of(Object value) {
        return mix(hash(value, 0x9E3779B97F4A7C15L));
    }

    /**
     * SplitMix64 finaliser.
     *
     * @param z input
     * @return a well-mixed 64-bit value
     */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static long step(long h, long v) {
        return mix(h + 0x9E3779B97F4A7C15L + v);
    }

    private static long hash(Object v, long seed) {
        if (v == null) {
            return step(seed, 0x51ED270B1L);
        }
        if (v instanceof Integer i) {
            return step(seed, i);
        }
        if (v instanceof Long l) {
            return step(seed ^ 0x2L, l);
        }
        if (v instanceof Boolean b) {
            return step(seed ^ 0x3L, b ? 1 : 0);
        }
        if (v instanceof String s) {
            return step(seed ^ 0x4L, stringHash(s));
        }
        if (v instanceof Enum<?> e) {
            return step(step(seed ^ 0x5L, salt(e.getDeclaringClass())), e.ordinal());
        }
        if (v instanceof Record r) {
            return recordHash(r, seed);
        }
        if (v instanceof List<?> list) {
            long h = step(seed ^ 0x6L, list.size());
            for (Object o : list) {
                h = hash(o, h);
            }
            return h;
        }
        if (v instanceof Set<?> set) {
            return unordered(set, seed ^ 0x7L);
        }
        if (v instanceof Map<?, ?> map) {
            long sum = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                sum += mix(hash(e.getValue(), hash(e.getKey(), 0x8L)));
            }
            return step(step(seed ^ 0x8L, map.size()), sum);
        }
        if (v.getClass().isArray()) {
            int n = Array.getLength(v);
            long h = step(seed ^ 0x9L, n);
            for (int i = 0; i < n; i++) {
                h = hash(Array.get(v, i), h);
            }
            return h;
        }
        if (v instanceof Number num) {
            return step(seed ^ 0xAL, Double.doubleToLongBits(num.doubleValue()));
        }
        if (v instanceof Character c) {
            return step(seed ^ 0xBL, c);
        }
        // Any other immutable value: fall back to its own hashCode, salted by its class.
        return step(step(seed ^ 0xCL, salt(v.getClass())), v.hashCode());
    }

    private static long unordered(Collection<?> c, long seed) {
        long sum = 0;
        for (Object o : c) {
            sum += mix(hash(o, 0xDL));
        }
        return step(step(seed, c.size()), sum);
    }

    private static long recordHash(Record r, long seed) {
        long h = step(seed, salt(r.getClass()));
        for (MethodHandle mh : ACCESSORS.get(r.getClass())) {
            try {
                h = hash((Object) mh.invokeExact((Object) r), h);
            } catch (Throwable t) {
                throw new IllegalStateException("cannot fingerprint " + r.getClass().getName(), t);
            }
        }
        return h;
    }

    private static long salt(Class<?> c) {
        return CLASS_SALT.get(c);
    }

    private static long stringHash(String s) {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001B3L;
        }
        return h;
    }
}
