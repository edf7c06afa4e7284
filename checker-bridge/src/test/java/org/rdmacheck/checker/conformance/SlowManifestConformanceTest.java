package org.rdmacheck.checker.conformance;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/** Every configuration of every manifest, slow ones included; run with {@code mvn verify -Pslow}. */
@Tag("slow")
class SlowManifestConformanceTest {

    @TestFactory
    Stream<DynamicTest> everyConfigurationOfEverySpecConforms() {
        return ManifestConformanceTest.tests(true);
    }
}
