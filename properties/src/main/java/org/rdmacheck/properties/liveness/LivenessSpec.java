package org.rdmacheck.properties.liveness;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.rdmacheck.properties.CheckSpec;

/**
 * Liveness properties declared beside a model's check: the model and provenance come from
 * {@code base}, whose safety properties are not checked here.
 *
 * @param base               the model's check (model, variant, parameters)
 * @param properties         the liveness properties, in report order
 * @param expectedViolations names of liveness properties this variant must violate
 * @param <S>                state type
 */
public record LivenessSpec<S>(CheckSpec<S> base, List<Liveness<S>> properties, Set<String> expectedViolations) {

    /** Validates names. */
    public LivenessSpec {
        properties = List.copyOf(properties);
        expectedViolations = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(expectedViolations));
        Set<String> names = new LinkedHashSet<>();
        base.properties().forEach(p -> names.add(p.name()));
        Set<String> own = new LinkedHashSet<>();
        for (Liveness<S> p : properties) {
            if (!own.add(p.name()) || names.contains(p.name())) {
                throw new IllegalArgumentException("duplicate property name " + p.name());
            }
        }
        for (String e : expectedViolations) {
            if (!own.contains(e)) {
                throw new IllegalArgumentException("expected violation of unknown liveness property " + e);
            }
        }
    }

    /**
     * @param name a liveness property's name
     * @return it, if declared
     */
    public java.util.Optional<Liveness<S>> property(String name) {
        return properties.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * @param keep which liveness properties to keep
     * @return the same declaration restricted to them, with their expected violations
     */
    public LivenessSpec<S> selecting(java.util.function.Predicate<Liveness<S>> keep) {
        List<Liveness<S>> kept = properties.stream().filter(keep).toList();
        Set<String> expected = new LinkedHashSet<>(expectedViolations);
        expected.retainAll(kept.stream().map(Liveness::name).toList());
        return new LivenessSpec<>(base, kept, expected);
    }
}
