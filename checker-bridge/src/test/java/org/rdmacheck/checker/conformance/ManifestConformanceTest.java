package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
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
        Conformance conformance = new Conformance(TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(600_000),
                ExplorerSettings.defaults().withThreads(2));
        List<DynamicTest> tests = new ArrayList<>();
        for (SpecManifest m : SpecManifest.all(specsRoot())) {
            List<SpecManifest.Configuration> chosen = all ? m.configurations()
                    : m.configurations().stream().filter(c -> !c.slow()).limit(1).toList();
            for (SpecManifest.Configuration c : chosen) {
                tests.add(DynamicTest.dynamicTest(m.folder().getFileName() + "/" + c.name(), () -> {
                    ConformanceResult r = conformance.check(m, c);
                    assertTrue(r.conforms(), () -> m.folder().getFileName() + "/" + c.name() + ": " + r.mismatches()
                            + " (TLC " + r.tlcDistinct() + " states " + r.tlcVerdicts() + ", explorer "
                            + r.javaDistinct() + " states " + r.javaVerdicts() + ")");
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> firstConfigurationOfEverySpecConforms() {
        return tests(false);
    }
}
