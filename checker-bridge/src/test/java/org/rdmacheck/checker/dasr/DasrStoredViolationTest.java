package org.rdmacheck.checker.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.conformance.TraceValidator;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * The stored counterexamples of {@code dasr} violate their property as the TLA+ twin states it:
 * TLC follows the trace under the spec's Init and Next and checks the twin's definition of the
 * property along it ({@link TraceValidator#violationStep}), and finds it violated at the step where
 * the explorer did. {@code StoredTraceValidationTest} checks that each trace is a behaviour of the
 * spec; this checks that the behaviour is a violation by the spec's own statement, not only the
 * Java model's. Slow tier ({@code -Pslow}): every stored safety trace whose property the manifest
 * checks; the default tier checks the look-ahead's trace through the command line
 * ({@code ValidateTraceViolatesTest}: {@code validate-trace --violates}).
 */
class DasrStoredViolationTest {

    private static final TraceValidator TLC = new TraceValidator(TlcOptions.defaults().withWorkers(1));

    private static Path specDir() {
        return DasrManifestTest.manifest().getParent();
    }

    private static Path stored(String name) {
        return specDir().getParent().getParent().resolve("counterexamples/dasr").resolve(name);
    }

    /**
     * @param m   the manifest
     * @param cex a stored trace
     * @return whether the twin states the trace's property as an invariant (true), an action
     *         property (false), or not at all (null)
     */
    private static Boolean invariant(SpecManifest m, Counterexample cex) {
        for (SpecManifest.Configuration c : m.configurations()) {
            if (c.invariants().contains(cex.property())) {
                return true;
            }
            if (c.properties().contains(cex.property())) {
                return false;
            }
        }
        return null;
    }

    /**
     * The step where the twin's statement must fail: the trace's violation step, or the state
     * before it where the Java model judges a step (an action property) by a condition on its
     * source state that the twin states as an invariant ({@code NoDoubleThrottling}).
     */
    private static int expected(Counterexample cex, boolean invariant) {
        return invariant && cex.kind() == Counterexample.Kind.ACTION ? cex.violationIndex() - 1 : cex.violationIndex();
    }

    @Tag("slow")
    @TestFactory
    Stream<DynamicTest> everyStoredSafetyTraceViolatesTheTwinsStatement() {
        SpecManifest m = SpecManifest.read(specDir());
        List<Path> files;
        try (Stream<Path> s = Files.list(stored(""))) {
            files = s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : files) {
            Counterexample cex = Counterexamples.read(f);
            Boolean invariant = invariant(m, cex);
            if (cex.loopStart() >= 0 || invariant == null) {
                continue; // lassos (their temporal property: LivenessConformanceTest) and Java-only properties
            }
            tests.add(DynamicTest.dynamicTest(f.getFileName().toString(), () -> assertEquals(expected(cex, invariant),
                    TLC.violationStep(cex, specDir(), null, Map.of(), cex.property(), invariant))));
        }
        assertFalse(tests.isEmpty());
        // a property the trace keeps holds along it: the check reports no step
        Counterexample listed = Counterexamples.read(stored("early-removal-ListedArrivalWithinLineRate.json"));
        tests.add(DynamicTest.dynamicTest("TypeOK holds along early-removal-ListedArrivalWithinLineRate.json",
                () -> assertEquals(-1, TLC.violationStep(listed, specDir(), null, Map.of(), "TypeOK", true))));
        return tests.stream();
    }
}
