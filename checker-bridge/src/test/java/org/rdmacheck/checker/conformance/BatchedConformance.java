package org.rdmacheck.checker.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.rdmacheck.checker.OnDemandBatch;

/**
 * One dynamic test per manifest configuration, with the TLC runs of all of them in one child JVM
 * ({@link Conformance#checkAll}, the report's conformance step does the same): a small TLC run is
 * mostly the child's start, which the runs then share. The comparisons run on the first test's
 * demand, once; each test then asserts on its own configuration's result, so a mismatch still fails
 * only the configuration that has it.
 */
final class BatchedConformance {

    private BatchedConformance() {
    }

    /**
     * @param conformance    how to run both checkers
     * @param configurations the manifests and configurations to compare, in the tests' order
     * @param check          the assertions on one configuration's comparison
     * @return one test per configuration, named {@code spec/configuration}
     */
    static Stream<DynamicTest> tests(Conformance conformance,
                                     List<Map.Entry<SpecManifest, SpecManifest.Configuration>> configurations,
                                     Check check) {
        OnDemandBatch<Map.Entry<SpecManifest, SpecManifest.Configuration>, ConformanceResult> batch =
                new OnDemandBatch<>(conformance::checkAll);
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<SpecManifest, SpecManifest.Configuration> e : configurations) {
            SpecManifest m = e.getKey();
            SpecManifest.Configuration c = e.getValue();
            OnDemandBatch.Run<ConformanceResult> run = batch.add(e);
            tests.add(DynamicTest.dynamicTest(m.folder().getFileName() + "/" + c.name(),
                    () -> check.accept(m, c, run.result())));
        }
        return tests.stream();
    }

    /** Assertions on one configuration's comparison. */
    @FunctionalInterface
    interface Check {
        /**
         * @param m the manifest
         * @param c the configuration
         * @param r both checkers' comparison on it
         */
        void accept(SpecManifest m, SpecManifest.Configuration c, ConformanceResult r);
    }
}
