package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;

/**
 * Runs configurations of every {@code specs/*}{@code /manifest.json} through TLC and, where the
 * spec has a Java twin, through the explorer, and checks both against the manifest's expected
 * distinct-state count and verdicts. Spec folders added later are picked up automatically. To keep
 * the default test run short, it runs the first configuration of each spec that is not marked
 * {@code "slow": true}; {@code SlowManifestConformanceTest} ({@code -Pslow}) runs every configuration.
 * The default run's TLC runs share one child JVM ({@link BatchedConformance}).
 */
class ManifestConformanceTest {

    /** @return the repository's specs folder, seen from a module folder */
    static Path specsRoot() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("specs"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no specs folder above " + Paths.get("").toAbsolutePath());
        }
        return p.resolve("specs");
    }

    static Stream<DynamicTest> tests(boolean all) {
        // The slow tier's TLC runs each get an hour of wall clock (as LivenessConformanceTest's): at ten minutes,
        // dasr/refines-dart-tenant-sharing stopped INCONCLUSIVE at 154,246 of its 253,554 states on a loaded
        // machine (nice 19, load about 25), the only one of the 146 configurations that did not conform.
        Conformance conformance = new Conformance(TlcOptions.defaults().withWorkers(1)
                .withTimeLimitMillis(all ? 3_600_000 : 600_000), ExplorerSettings.defaults().withThreads(2));
        List<Map.Entry<SpecManifest, SpecManifest.Configuration>> chosen = new ArrayList<>();
        List<SpecManifest> manifests = SpecManifest.all(specsRoot());
        for (SpecManifest m : manifests) {
            chosen(m, all).forEach(c -> chosen.add(Map.entry(m, c)));
        }
        if (!all) {
            return Stream.concat(Stream.of(DynamicTest.dynamicTest("the slow tier runs every configuration",
                    () -> slowTierRunsEveryConfiguration(manifests))), BatchedConformance.tests(conformance, chosen,
                    ManifestConformanceTest::conforms));
        }
        // the slow configurations each run in a TLC child of their own, under a time limit of their own
        return chosen.stream().map(e -> DynamicTest.dynamicTest(e.getKey().folder().getFileName() + "/"
                + e.getValue().name(), () -> conforms(e.getKey(), e.getValue(),
                conformance.check(e.getKey(), e.getValue()))));
    }

    private static void conforms(SpecManifest m, SpecManifest.Configuration c, ConformanceResult r) {
        assertTrue(r.conforms(), () -> m.folder().getFileName() + "/" + c.name() + ": " + r.mismatches() + " (TLC "
                + r.tlcDistinct() + " states " + r.tlcVerdicts() + ", explorer " + r.javaDistinct() + " states "
                + r.javaVerdicts() + ")");
    }

    /**
     * @param m   a manifest
     * @param all whether the slow tier runs (every configuration) or the default one
     * @return the configurations the tier runs: all of them, or the first not marked slow
     */
    static List<SpecManifest.Configuration> chosen(SpecManifest m, boolean all) {
        return all ? m.configurations() : m.configurations().stream().filter(c -> !c.slow()).limit(1).toList();
    }

    @TestFactory
    Stream<DynamicTest> firstConfigurationOfEverySpecConforms() {
        return tests(false);
    }

    /**
     * The slow tier runs every configuration of every manifest, refinement and liveness ones included;
     * the default tier one per spec (docs/conformance.md, "Which tier runs which configuration").
     */
    private static void slowTierRunsEveryConfiguration(List<SpecManifest> manifests) {
        for (SpecManifest m : manifests) {
            org.junit.jupiter.api.Assertions.assertEquals(m.configurations(), chosen(m, true), m.folder().toString());
            org.junit.jupiter.api.Assertions.assertEquals(1, chosen(m, false).size(), m.folder() + ": no fast configuration");
        }
        assertTrue(manifests.size() >= 9, "specs found: " + manifests.size());
    }
}
