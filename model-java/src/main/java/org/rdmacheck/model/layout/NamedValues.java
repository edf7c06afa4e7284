package org.rdmacheck.model.layout;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A state's (or a FIFO element's) named values in declaration order, immutable. Traces keep this
 * order (sender, receiver, channels, budgets) where they would sort the keys of other maps.
 */
public final class NamedValues extends AbstractMap<String, Object> {

    private final Map<String, Object> values;

    NamedValues(LinkedHashMap<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return values.entrySet();
    }

    @Override
    public Object get(Object key) {
        return values.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return values.containsKey(key);
    }
}
