package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * The explorer's count of every fabric configuration of specs/fabric/manifest.json that is neither
 * slow nor a refinement check equals the count TLC gave (the manifest's {@code distinctStates}); the
 * default tier's ManifestConformanceTest runs TLC on the first one only. The configurations cover
 * tokens, background, dft, threshold and ecn above 1 (ManifestDimensionsTest).
 */
class FabricManifestTest {

    private static Path specs() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("specs/fabric"))) {
            p = p.getParent();
        }
        return p.resolve("specs");
    }

    @TestFactory
    Stream<DynamicTest> explorerCountsEqualTheTlaManifest() {
        SpecManifest m = SpecManifest.read(specs().resolve("fabric"));
        ModelEntry entry = Catalog.find("fabric");
        List<DynamicTest> tests = new ArrayList<>();
        for (SpecManifest.Configuration c : m.configurations()) {
            if (c.variant() == null || !"MCSpec.cfg".equals(c.config()) || c.slow()) {
                continue; // refinement checks are TLC's (RefinementConformanceTest); slow ones the slow tier's
            }
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(2).withProgress(0, x -> { }))
                        .check(entry.build(c.variant(), Params.of(c.parameters())));
                assertEquals(c.expect().distinctStates(), r.stats().distinctStates(), c.name());
            }));
        }
        return tests.stream();
    }
}
