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
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;

/**
 * Runs every configuration of every {@code specs/*}{@code /manifest.json} not marked slow through
 * TLC and, where the spec has a Java twin, through the explorer, and checks both against the
 * manifest's expected distinct-state count and verdicts. Spec folders added later are picked up
 * automatically. {@code SlowManifestConformanceTest} runs the configurations marked slow.
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

    static Stream<DynamicTest> tests(boolean slow) {
        Conformance conformance = new Conformance(TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(600_000),
                ExplorerSettings.defaults().withThreads(2));
        List<DynamicTest> tests = new ArrayList<>();
        for (SpecManifest m : SpecManifest.all(specsRoot())) {
            for (SpecManifest.Configuration c : m.configurations()) {
                if (c.slow() != slow) {
                    continue;
                }
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
    Stream<DynamicTest> everyFastConfigurationConforms() {
        return tests(false);
    }
}
