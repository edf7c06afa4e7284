package org.rdmacheck.checker.conformance;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/** The manifest configurations marked {@code "slow": true}; run with {@code mvn verify -Pslow}. */
@Tag("slow")
class SlowManifestConformanceTest {

    @TestFactory
    Stream<DynamicTest> everySlowConfigurationConforms() {
        return ManifestConformanceTest.tests(true);
    }
}
