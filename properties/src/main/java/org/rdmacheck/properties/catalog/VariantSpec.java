package org.rdmacheck.properties.catalog;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A variant of a model: a configuration of the one model, with the properties it must violate.
 *
 * @param name        variant name, e.g. {@code gbn}
 * @param description one line
 * @param mustFail    properties this variant is expected to violate (empty: all must hold)
 * @param origin      where the variant's rule comes from: the paper, a repair of it, or a mutation
 * @param defaults    parameter values of this variant that differ from the model's defaults: the
 *                    smallest configuration that shows the variant's point, so
 *                    {@code check MODEL --variant V} fails as declared without tuning
 */
public record VariantSpec(String name, String description, Set<String> mustFail, Origin origin,
                          Map<String, String> defaults) {

    /** Where a variant's rule comes from, as {@code list} states it. */
    public enum Origin {
        /** the rule as the paper states it */
        PAPER("the paper's rule"),
        /** a repair of the paper's rule that this toolkit proposes */
        REPAIR("a repair of the paper's rule"),
        /** a rule broken on purpose to show what it is for */
        MUTATION("a mutation"),
        /** not classified (models whose variants are not about a paper's rule) */
        UNSTATED("");

        private final String words;

        Origin(String words) {
            this.words = words;
        }

        /** @return the words {@code list} prints, empty when unstated */
        public String words() {
            return words;
        }
    }

    /** Copies the collections. */
    public VariantSpec {
        mustFail = Set.copyOf(mustFail);
        defaults = java.util.Collections.unmodifiableMap(new TreeMap<>(defaults));
    }

    /**
     * A variant with the model's defaults and no stated origin.
     *
     * @param name        variant name
     * @param description one line
     * @param mustFail    properties it must violate
     */
    public VariantSpec(String name, String description, Set<String> mustFail) {
        this(name, description, mustFail, Origin.UNSTATED, Map.of());
    }

    /** @return whether some property is expected to be violated */
    public boolean expectedToFail() {
        return !mustFail.isEmpty();
    }
}
