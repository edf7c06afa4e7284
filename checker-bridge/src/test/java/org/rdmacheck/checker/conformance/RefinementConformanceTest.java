package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;

/**
 * Refinement checks declared by a manifest's {@code refinement}: every configuration that checks a
 * refinement property conforms (TLC's verdict and count, and the explorer's count where the
 * configuration has a Java variant: the history variables add no states), every such spec shows
 * both a configuration that refines its service and one that does not, and a violated refinement
 * comes with TLC's trace. Configurations marked slow run in {@code SlowManifestConformanceTest}. The
 * configurations' TLC runs share one child JVM ({@link BatchedConformance}).
 */
class RefinementConformanceTest {

    private static final TlcOptions TLC = TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(600_000);

    private static List<SpecManifest> refining() {
        return SpecManifest.all(ManifestConformanceTest.specsRoot()).stream()
                .filter(m -> m.refinement().isPresent()).toList();
    }

    private static boolean checksRefinement(SpecManifest m, SpecManifest.Configuration c) {
        return c.properties().stream().anyMatch(m::isRefinement);
    }

    @TestFactory
    Stream<DynamicTest> everyRefinementConfigurationConforms() {
        Conformance conformance = new Conformance(TLC, ExplorerSettings.defaults().withThreads(2));
        List<Map.Entry<SpecManifest, SpecManifest.Configuration>> chosen = new ArrayList<>();
        for (SpecManifest m : refining()) {
            for (SpecManifest.Configuration c : m.configurations()) {
                if (!c.slow() && checksRefinement(m, c)) {
                    chosen.add(Map.entry(m, c));
                }
            }
        }
        return BatchedConformance.tests(conformance, chosen, (m, c, r) -> {
            assertTrue(r.conforms(), () -> c.name() + ": " + r.mismatches() + " (TLC " + r.tlcDistinct()
                    + " states " + r.tlcVerdicts() + ", explorer " + r.javaDistinct() + ")");
            for (String p : c.properties()) {
                if (m.isRefinement(p)) {
                    assertEquals(c.expect().violated().contains(p) ? "VIOLATED" : "VERIFIED", r.tlcVerdicts().get(p), p);
                }
            }
        });
    }

    /** A refinement check that cannot fail proves nothing: each spec shows one that fails. */
    @Test
    void everyRefiningSpecHasARefinementThatHoldsAndOneThatFails() {
        assertFalse(refining().isEmpty(), "no manifest declares a refinement");
        for (SpecManifest m : refining()) {
            List<SpecManifest.Configuration> checks = m.configurations().stream()
                    .filter(c -> checksRefinement(m, c)).toList();
            assertTrue(checks.stream().anyMatch(c -> c.expect().violated().stream().noneMatch(m::isRefinement)),
                    m.folder() + ": no configuration in which the refinement holds");
            assertTrue(checks.stream().anyMatch(c -> c.expect().violated().stream().anyMatch(m::isRefinement)),
                    m.folder() + ": no configuration that violates the refinement");
        }
    }

    /** The violated safety refinement of a broken Go-Back-N receiver comes with its trace (both runs in one child). */
    @Test
    void aBrokenReceiverViolatesTheServiceWithATrace() {
        SpecManifest m = SpecManifest.read(ManifestConformanceTest.specsRoot().resolve("gbn"));
        List<String> names = List.of("broken-accept-ahead", "broken-deliver-duplicate");
        List<TlcReport> reports = new TlcChecker(TLC).checkAll(names.stream().map(name -> {
            SpecManifest.Configuration c = m.configurations().stream().filter(x -> x.name().equals(name))
                    .findFirst().orElseThrow();
            return TlcRequest.of(m.folder().resolve("MCBrokenReceiver.tla"), m.folder().resolve(c.config()))
                    .withConstants(c.constants());
        }).toList());
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            TlcReport r = reports.get(i);
            CheckResult res = r.result("Refinement");
            assertTrue(res instanceof CheckResult.Violated, name + ": " + res);
            Counterexample cex = ((CheckResult.Violated) res).counterexample();
            assertEquals(Counterexample.Kind.ACTION, cex.kind(), name);
            // the last step hands the application what was never posted (a hole, or a message twice)
            assertTrue(cex.steps().size() >= 3, name + ": " + cex.steps().size() + " states");
        }
    }
}
