package org.rdmacheck.checker.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * One dynamic test per manifest configuration, with the TLC runs of all of them in one child JVM
 * ({@link Conformance#checkAll}, the report's conformance step does the same): a small TLC run is
 * mostly the child's start, which the runs then share. The comparisons run on the first test's
 * demand, once; each test then asserts on its own configuration's result, so a mismatch still fails
 * only the configuration that has it.
 */
final class BatchedConformance {

    private final Conformance conformance;
    private final List<Map.Entry<SpecManifest, SpecManifest.Configuration>> configurations;
    private List<ConformanceResult> results;

    private BatchedConformance(Conformance conformance,
                               List<Map.Entry<SpecManifest, SpecManifest.Configuration>> configurations) {
        this.conformance = conformance;
        this.configurations = List.copyOf(configurations);
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
        BatchedConformance batch = new BatchedConformance(conformance, configurations);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < configurations.size(); i++) {
            SpecManifest m = configurations.get(i).getKey();
            SpecManifest.Configuration c = configurations.get(i).getValue();
            int index = i;
            tests.add(DynamicTest.dynamicTest(m.folder().getFileName() + "/" + c.name(),
                    () -> check.accept(m, c, batch.result(index))));
        }
        return tests.stream();
    }

    private synchronized ConformanceResult result(int index) {
        if (results == null) {
            results = conformance.checkAll(configurations);
        }
        return results.get(index);
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
