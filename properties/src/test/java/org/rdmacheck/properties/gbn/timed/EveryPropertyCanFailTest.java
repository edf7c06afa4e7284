package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * Every Go-Back-N property is violated by some variant at its own defaults, or is the purpose of a
 * declared mechanism (its knock-out violates it at the coverage scope: {@code GbnKnockoutsTest} and
 * {@code TimedGbnKnockoutsTest} check the kill), or is marked structural.
 */
class EveryPropertyCanFailTest {

    @ParameterizedTest
    @ValueSource(strings = {"gbn", "gbn-timed"})
    void mustFailOrStructural(String model) {
        ModelEntry e = Catalog.find(model);
        Set<String> covered = new HashSet<>(e.structuralProperties().keySet());
        for (VariantSpec v : e.variants()) {
            covered.addAll(v.mustFail());
        }
        for (org.rdmacheck.properties.catalog.Mechanism m : e.mechanisms()) {
            covered.add(m.purpose());
        }
        for (Property<?> p : e.build(e.defaultVariant(), Params.empty()).properties()) {
            assertTrue(covered.contains(p.name()), model + ": " + p.name() + " neither must fail nor is structural");
        }
        for (String s : e.structuralProperties().keySet()) {
            for (VariantSpec v : e.variants()) {
                assertTrue(!v.mustFail().contains(s), model + ": structural " + s + " must fail in " + v.name());
            }
        }
    }

    /** The untimed model's base-protocol properties have knock-outs now: none is structural. */
    @org.junit.jupiter.api.Test
    void untimedGbnHasNoStructuralProperty() {
        ModelEntry e = Catalog.find("gbn");
        assertEquals(java.util.Map.of(), e.structuralProperties());
        assertEquals(Set.of("InOrderExactlyOnce", "NoUnreceivedRelease", "DeadlockFree"),
                Set.of("epsn-check", "duplicate-detection", "ack-timeout").stream()
                        .map(n -> e.mechanisms().stream().filter(m -> m.name().equals(n)).findFirst().orElseThrow()
                                .purpose()).collect(java.util.stream.Collectors.toSet()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"improved-short-rto", "improved-psn-wrap", "gbn-no-rto"})
    void variantDefaultsReachTheModel(String variant) {
        ModelEntry e = Catalog.find("gbn-timed");
        var spec = e.build(variant, Params.empty());
        e.variant(variant).defaults().forEach((k, v) -> assertEquals(v, spec.parameters().get(k), k));
        assertEquals(e.variant(variant).mustFail(), spec.expectedViolations());
    }
}
