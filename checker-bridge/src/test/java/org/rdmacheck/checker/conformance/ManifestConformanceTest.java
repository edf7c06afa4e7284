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
        // the slow configurations each run in a TLC child of their own, under a time limit of their own;
        // -Drdmacheck.conformance.only=spec/name,... (each a name or a prefix ending in *) runs those alone
        List<String> only = only(System.getProperty("rdmacheck.conformance.only", ""));
        return chosen.stream().filter(e -> only.isEmpty() || only.stream().anyMatch(o -> selects(o,
                e.getKey().folder().getFileName() + "/" + e.getValue().name()))).map(e -> DynamicTest.dynamicTest(e.getKey().folder().getFileName() + "/"
                + e.getValue().name(), () -> conforms(e.getKey(), e.getValue(),
                conformance.check(e.getKey(), e.getValue()))));
    }

    /** @return the non-blank, trimmed entries of a comma-separated list */
    static List<String> only(String list) {
        return java.util.Arrays.stream(list.split(",")).map(String::strip).filter(x -> !x.isEmpty()).toList();
    }

    /** @return whether an entry of {@code rdmacheck.conformance.only} (a name, or a prefix ending in *) selects id */
    static boolean selects(String entry, String id) {
        return entry.endsWith("*") ? id.startsWith(entry.substring(0, entry.length() - 1)) : id.equals(entry);
    }

    private static void conforms(SpecManifest m, SpecManifest.Configuration c, ConformanceResult r) {
        assertTrue(r.conforms(), () -> m.folder().getFileName() + "/" + c.name() + ": " + r.mismatches() + " (TLC "
                + r.tlcDistinct() + " states " + r.tlcVerdicts() + ", explorer " + r.javaDistinct() + " states "
                + r.javaVerdicts() + ")");
        // the explorer's record of each implication's antecedent qualifies both sides' VERIFIED: at fabric's first
        // configuration (no long flow, pfc-hysteresis 1: no pause bit) three properties hold only vacuously, each
        // declared so, and the ones whose antecedents it meets (a delivery after its failure, a packet joining a
        // buffer at ecn 2 below xoff 3, a misroute) are not vacuous
        if (c.name().equals("repaired") && "fabric".equals(m.javaModel())) {
            Map<String, java.util.Optional<String>> witnessed = new java.util.TreeMap<>();
            r.vacuous().forEach(v -> witnessed.put(v.property(), v.tlcWitness()));
            // TLC decides ResumeAtXon's vacuity on its own: its witness NoResume (no RESUME ever) holds; the
            // explorer-only LongFlowsNeverDeflected and NoPauseFlapping (TLC does not check it here) have none
            org.junit.jupiter.api.Assertions.assertEquals(Map.of("LongFlowsNeverDeflected", java.util.Optional.empty(),
                    "NoPauseFlapping", java.util.Optional.empty(), "ResumeAtXon", java.util.Optional.of("NoResume")),
                    witnessed, r.vacuous().toString());
            assertTrue(r.vacuous().stream().allMatch(ConformanceResult.Vacuous::declared), r.vacuous().toString());
            org.junit.jupiter.api.Assertions.assertEquals("VERIFIED", r.tlcVerdicts().get("ResumeAtXon"));
            assertTrue(!r.tlcVerdicts().containsKey("NoResume"), r.tlcVerdicts().toString());
        }
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

    /** The slow tier's selection of configurations: a name selects itself alone, a prefix ending in * its family. */
    @org.junit.jupiter.api.Test
    void onlySelectsByNameOrPrefix() {
        org.junit.jupiter.api.Assertions.assertEquals(List.of("fabric/knockout-*", "gbn/x"), only(" fabric/knockout-*,,gbn/x "));
        assertTrue(only("").isEmpty());
        assertTrue(selects("fabric/knockout-*", "fabric/knockout-dft-follow"));
        assertTrue(!selects("fabric/knockout-*", "iofd/knockout-dft-follow"));
        assertTrue(selects("gbn/x", "gbn/x"));
        assertTrue(!selects("gbn/x", "gbn/x-y"));
    }

    /**
     * A manifest's vacuity witnesses (docs/conformance.md, "Vacuous properties in a comparison") name operators
     * the twin defines, each for a property some configuration has TLC check.
     */
    @org.junit.jupiter.api.Test
    void everyVacuityWitnessIsDefinedByItsTwin() throws java.io.IOException {
        int witnesses = 0;
        for (SpecManifest m : SpecManifest.all(specsRoot())) {
            String tla = Files.readString(m.folder().resolve("Spec.tla"));
            for (Map.Entry<String, String> e : m.antecedents().entrySet()) {
                assertTrue(tla.contains("\n" + e.getValue() + " =="), m.folder() + ": " + e.getValue() + " undefined");
                assertTrue(m.configurations().stream().anyMatch(c -> c.properties().contains(e.getKey())),
                        m.folder() + ": no configuration checks " + e.getKey());
                witnesses++;
            }
        }
        assertTrue(witnesses >= 3, "witnesses: " + witnesses);
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
