package org.rdmacheck.properties.catalog;

import java.util.Set;

/**
 * A variant of a model: a configuration of the one model, with the properties it must violate.
 *
 * @param name        variant name, e.g. {@code gbn}
 * @param description one line
 * @param mustFail    properties this variant is expected to violate (empty: all must hold)
 */
public record VariantSpec(String name, String description, Set<String> mustFail) {
    /** Copies the set. */
    public VariantSpec {
        mustFail = Set.copyOf(mustFail);
    }

    /** @return whether some property is expected to be violated */
    public boolean expectedToFail() {
        return !mustFail.isEmpty();
    }
}
