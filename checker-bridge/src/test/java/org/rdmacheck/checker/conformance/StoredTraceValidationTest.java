package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * Every stored counterexample of every model with a TLA+ twin is a behaviour of its spec (TLC
 * follows its states under the constants mapped from its provenance, and the Java model takes its
 * actions). By default one trace per model (the first of its folder); {@code -Pslow} validates all
 * but those of variants outside the twin ({@link ConstantMappingTest#OUTSIDE_THE_TWIN}).
 */
class StoredTraceValidationTest {

    private static List<Path> stored(SpecManifest m) {
        Path dir = m.folder().getParent().getParent().resolve("counterexamples").resolve(m.javaModel());
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One test per stored trace, all validated in one batch ({@link TraceBatch}) on the first test's demand. */
    private static Stream<DynamicTest> tests(boolean all) {
        // the slow tier's one batch of every stored trace (319 of them at a8a813c) gets three hours of wall
        // clock: with the default hour it stopped after 157 traces, every one accepted (nice 19, load 13-33).
        // Its TLC runs each follow a few traces (tens of states), where the JIT's second tier costs more than
        // it gains, as in the default tier (TlcChecker.CHILD_JVM_PROPERTY, which -Pslow leaves unset): ten
        // runs of a 10-state gbn trace in one batch child took 4.3 s of CPU with C1 only, 6.3 s with C2.
        TraceBatch batch = new TraceBatch(all ? TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(10_800_000)
                .withJavaOptions(List.of("-XX:TieredStopAtLevel=1")) : TlcOptions.defaults().withWorkers(1));
        List<DynamicTest> tests = new ArrayList<>();
        for (SpecManifest m : ConstantMappingTest.twins()) {
            List<Path> files = stored(m);
            for (Path f : all ? files : files.stream().limit(1).toList()) {
                Counterexample cex = Counterexamples.read(f);
                boolean outside = ConstantMappingTest.OUTSIDE_THE_TWIN.containsKey(m.javaModel() + " "
                        + cex.provenance().variant());
                TraceBatch.Trace trace = outside ? null : batch.add(cex, m.folder(), null, Map.of());
                tests.add(DynamicTest.dynamicTest(m.javaModel() + "/" + f.getFileName(), () -> {
                    org.junit.jupiter.api.Assumptions.assumeFalse(outside, "outside the twin");
                    TraceValidation v = trace.validation();
                    assertTrue(v.accepted(), f + ": " + v.message());
                    assertEquals(cex.steps().size(), v.steps());
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> oneStoredCounterexampleOfEveryTwinIsABehaviourOfItsSpec() {
        return tests(false);
    }

    @Tag("slow")
    @TestFactory
    Stream<DynamicTest> everyStoredCounterexampleOfEveryTwinIsABehaviourOfItsSpec() {
        return tests(true);
    }
}
