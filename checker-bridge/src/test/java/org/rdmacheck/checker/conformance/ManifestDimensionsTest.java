package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;

/**
 * The default tier compares the explorer's counts of escape-vl, iofd and fabric with the counts TLC
 * gave for each configuration of their manifests (EscapeVlManifestTest,
 * IofdVerificationTest.explorerCountsEqualTheTlaManifest, FabricManifestTest). A bug that shows only
 * above 1 goes unnoticed when a parameter is only ever 0 or 1 there: a packet with an even number of
 * deflection tokens that never deflects left every escape-vl count at tokens=1 unchanged (43,604 states
 * at tokens=2 fell to 484 unseen). So every integer parameter the twin maps takes, in some compared
 * configuration, a value of at least 2 where its range allows.
 */
class ManifestDimensionsTest {

    /** The twins whose every configuration (not slow, not a refinement) the default tier counts with the explorer. */
    private static final List<String> COUNTED = List.of("escape-vl", "iofd", "fabric");

    @TestFactory
    Stream<DynamicTest> everyIntegerParameterReachesTwoInACountedConfiguration() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String folder : COUNTED) {
            SpecManifest m = SpecManifest.read(ManifestConformanceTest.specsRoot().resolve(folder));
            tests.add(DynamicTest.dynamicTest(folder, () -> {
                ModelEntry entry = Catalog.find(m.javaModel());
                Map<String, Integer> largest = new TreeMap<>();
                for (SpecManifest.Configuration c : m.configurations()) {
                    if (c.variant() == null || !"MCSpec.cfg".equals(c.config()) || c.slow()) {
                        continue;
                    }
                    Map<String, String> effective = entry.build(c.variant(), Params.of(c.parameters())).parameters();
                    for (ParamSpec p : entry.parameters()) {
                        if (p instanceof ParamSpec.Int && effective.containsKey(p.name())) {
                            largest.merge(p.name(), Integer.parseInt(effective.get(p.name())), Math::max);
                        }
                    }
                }
                List<String> short1 = new ArrayList<>();
                for (ParamSpec p : entry.parameters()) {
                    if (!(p instanceof ParamSpec.Int i)
                            || m.constantMapping().parameters().get(p.name()) instanceof ConstantMapping.Only) {
                        continue; // a value the twin fixes (pfc-hysteresis=1) cannot vary
                    }
                    int need = Math.min(2, i.max());
                    if (largest.getOrDefault(p.name(), Integer.MIN_VALUE) < need) {
                        short1.add(p.name() + " (at most " + largest.get(p.name()) + ", range to " + i.max() + ")");
                    }
                }
                assertTrue(short1.isEmpty(), folder + ": parameters never above 1 in a counted configuration: " + short1);
            }));
        }
        return tests.stream();
    }
}
