package org.rdmacheck.properties;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.rdmacheck.model.Model;

/**
 * What to check: a configured model, its properties, and which of them this variant is expected
 * to violate. Also carries the provenance (model name, variant, parameters) written into
 * counterexamples.
 *
 * @param modelName          registered model name, e.g. {@code gbn}
 * @param variant            variant name
 * @param parameters         effective parameters (defaults filled in), in a fixed order
 * @param model              the configured model
 * @param properties         the properties to check, in report order
 * @param expectedViolations names of properties this variant must violate
 * @param <S>                state type
 */
public record CheckSpec<S>(String modelName, String variant, Map<String, String> parameters, Model<S> model,
                           List<Property<S>> properties, Set<String> expectedViolations) {

    /** Validates that every expected violation names a checked property. */
    public CheckSpec {
        Objects.requireNonNull(model);
        parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
        properties = List.copyOf(properties);
        expectedViolations = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(expectedViolations));
        Set<String> names = new LinkedHashSet<>();
        for (Property<S> p : properties) {
            if (!names.add(p.name())) {
                throw new IllegalArgumentException("duplicate property name " + p.name());
            }
        }
        for (String e : expectedViolations) {
            if (!names.contains(e)) {
                throw new IllegalArgumentException("expected violation of unknown property " + e);
            }
        }
    }

    /**
     * @param propertyName a property's name
     * @return whether this variant must violate it
     */
    public boolean mustFail(String propertyName) {
        return expectedViolations.contains(propertyName);
    }

    /**
     * @param name a property's name
     * @return the property
     */
    public Property<S> property(String name) {
        for (Property<S> p : properties) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no property " + name + " in " + modelName);
    }

    /**
     * The same check restricted to some of its properties, as a TLC configuration names the
     * invariants and properties it checks.
     *
     * @param keep which properties to keep
     * @return a check of those properties only, in the same order, with their expected violations
     */
    public CheckSpec<S> selecting(java.util.function.Predicate<Property<S>> keep) {
        List<Property<S>> kept = properties.stream().filter(keep).toList();
        Set<String> names = new LinkedHashSet<>();
        kept.forEach(p -> names.add(p.name()));
        Set<String> expected = new LinkedHashSet<>(expectedViolations);
        expected.retainAll(names);
        return new CheckSpec<>(modelName, variant, parameters, model, kept, expected);
    }

    /** @return the same check without its progress properties (which TLC's safety checking has no twin of) */
    public CheckSpec<S> withoutProgress() {
        return selecting(p -> !(p instanceof Progress<S>));
    }
}
