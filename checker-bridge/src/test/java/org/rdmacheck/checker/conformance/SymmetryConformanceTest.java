package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;

/**
 * Symmetry reduction in both checkers: every manifest configuration marked {@code "symmetry": true}
 * runs TLC with its configuration's {@code SYMMETRY} and the explorer with symmetry reduction;
 * both must count the manifest's number of classes and agree on every verdict. Each such
 * configuration has an unreduced twin (same variant and parameters) with a larger count.
 */
class SymmetryConformanceTest {

    private static List<SpecManifest.Configuration> reduced(SpecManifest m) {
        return m.configurations().stream().filter(SpecManifest.Configuration::symmetry).toList();
    }

    @TestFactory
    Stream<DynamicTest> bothCheckersCountTheSameClasses() {
        Conformance conformance = new Conformance(TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(600_000),
                ExplorerSettings.defaults().withThreads(2));
        List<Map.Entry<SpecManifest, SpecManifest.Configuration>> chosen = new ArrayList<>();
        for (SpecManifest m : SpecManifest.all(ManifestConformanceTest.specsRoot())) {
            reduced(m).stream().filter(c -> !c.slow()).forEach(c -> chosen.add(Map.entry(m, c)));
        }
        return BatchedConformance.tests(conformance, chosen, (m, c, r) -> assertTrue(r.conforms(), () -> c.name()
                + ": " + r.mismatches() + " (TLC " + r.tlcDistinct() + " states " + r.tlcVerdicts() + ", explorer "
                + r.javaDistinct() + " states " + r.javaVerdicts() + ")"));
    }

    @Test
    void everyReducedConfigurationCountsFewerStatesThanItsUnreducedTwin() {
        int checked = 0;
        for (SpecManifest m : SpecManifest.all(ManifestConformanceTest.specsRoot())) {
            for (SpecManifest.Configuration c : reduced(m)) {
                SpecManifest.Configuration plain = m.configurations().stream()
                        .filter(p -> !p.symmetry() && p.variant().equals(c.variant())
                                && p.parameters().equals(c.parameters()) && p.expect().distinctStates() >= 0)
                        .findFirst().orElseThrow(() -> new AssertionError(c.name() + ": no unreduced twin"));
                assertTrue(c.expect().distinctStates() > 0, c.name() + ": the manifest gives the reduced count");
                assertTrue(c.expect().distinctStates() < plain.expect().distinctStates(),
                        c.name() + " reduces " + plain.name());
                checked++;
            }
        }
        assertFalse(checked == 0, "some manifest configuration uses SYMMETRY");
    }
}
