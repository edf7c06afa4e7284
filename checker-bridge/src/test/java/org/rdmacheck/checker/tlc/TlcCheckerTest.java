package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/** Each TLC verdict kind and error path, on small specs under src/test/resources/tlc. */
class TlcCheckerTest {

    private static final TlcChecker TLC = new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(120_000));

    static Path resource(String folder) {
        return Paths.get("src/test/resources/tlc", folder).toAbsolutePath();
    }

    static TlcRequest request(String folder) {
        SpecFolder f = SpecFolder.resolve(resource(folder), null);
        return TlcRequest.of(f.specFile(), f.configFile());
    }

    @Test
    void successCountsStatesAndDepth() {
        java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();
        TlcReport r = new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(120_000)
                .withInputAccepted(accepted::incrementAndGet)).check(request("counter"));
        assertEquals(1, accepted.get(), "TLC accepted the spec, once");
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS, r.outcome());
        assertEquals(TlcExitStatus.SUCCESS, r.status());
        assertEquals(5, r.stats().distinctStates());
        assertEquals(5, r.stats().depth());
        assertInstanceOf(CheckResult.Verified.class, r.result("TypeOK"));
    }

    @Test
    void invariantViolationGivesTraceWithParsedValues() throws IOException {
        TlcReport r = TLC.check(request("counter").withInvariants(List.of("Small")));
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.INVARIANT, r.outcome());
        Counterexample cex = ((CheckResult.Violated) r.result("Small")).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.INVARIANT, cex.kind());
        assertEquals(4, cex.steps().size());
        assertEquals(3, cex.violationIndex());
        assertEquals("Inc", cex.steps().get(1).action().name());
        JsonNode last = cex.steps().get(3).state();
        assertEquals(TraceJson.MAPPER.readTree("{\"x\":3,\"log\":[0,1,2],\"info\":{\"owner\":\"p1\",\"seen\":[0,1,2],"
                + "\"tag\":\"a\\\"b\",\"ok\":true,\"f\":{\"0\":-1,\"1\":0,\"2\":1,\"3\":2}}}"), last);
        assertEquals("tlc", cex.provenance().checker());
    }

    @Test
    void constantOverridesInCfgSyntaxAndAsExpressions() {
        TlcReport r = TLC.check(request("counter").withConstants(Map.of("Limit", "2 + 5", "Procs", "{q}")));
        assertEquals(8, r.stats().distinctStates());
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS, r.outcome());
    }

    @Test
    void negativeIntegerOverrideIsAnExpressionNotAConfigurationSyntaxError() {
        // TLC 2.18's .cfg grammar has no negative numbers: Limit = -1 must reach TLC as a TLA+ expression.
        // TypeOK is x \in 0..Limit = {}: violated by the initial state.
        TlcReport r = TLC.check(request("counter").withConstants(Map.of("Limit", "-1")));
        assertEquals(CheckResult.Verdict.VIOLATED, r.result("TypeOK").verdict());
        assertEquals(1, ((CheckResult.Violated) r.result("TypeOK")).counterexample().steps().size());
    }

    @Test
    void initialStateViolationHasOneStep() {
        TlcReport r = TLC.check(request("initbad"));
        Counterexample cex = ((CheckResult.Violated) r.result("Below5")).counterexample();
        assertEquals(1, cex.steps().size());
        assertEquals(7, cex.steps().get(0).state().get("x").intValue());
        assertEquals(TlcExitStatus.VIOLATION_SAFETY, r.status());
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("vacuously")), r.warnings().toString());
        assertEquals(7, r.itfTraces().get("Below5").get("states").get(0).get("x").intValue());
    }

    @Test
    void deadlockOfNaivePhilosophers() {
        Path dir = ManifestPaths.specs().resolve("philosophers");
        TlcReport r = TLC.check(TlcRequest.of(dir.resolve("MCSpec.tla"), dir.resolve("MCSpec.cfg"))
                .withConstants(Map.of("N", "3", "Ordered", "FALSE")));
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.DEADLOCK, r.outcome());
        Counterexample cex = ((CheckResult.Violated) r.result(TlcChecker.DEADLOCK)).counterexample();
        assertEquals(3, cex.length());
        assertInstanceOf(CheckResult.Inconclusive.class, r.result("NeighboursNeverBothEat"));
        cex.steps().get(3).state().get("phases").forEach(p -> assertEquals("HOLDS_FIRST", p.asText()));
    }

    @Test
    void failedAssertionIsItsOwnKind() {
        TlcReport r = TLC.check(request("assertion"));
        assertEquals(TlcExitStatus.VIOLATION_ASSERT, r.status());
        Counterexample cex = ((CheckResult.Violated) r.result(TlcChecker.ASSERTION)).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.ASSERTION, cex.kind());
        assertEquals(3, cex.steps().size());
        assertTrue(cex.note().contains("x must never step past 2"));
    }

    @Test
    void temporalLassoReturnsToAState() {
        TlcReport r = TLC.check(request("lasso"));
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.PROPERTY, r.outcome());
        Counterexample cex = ((CheckResult.Violated) r.result("BackToZero")).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.TEMPORAL, cex.kind());
        assertEquals(3, cex.steps().size());
        assertEquals(1, cex.loopStart());
    }

    @Test
    void stutteringLassoLoopsOnItsLastState() {
        TlcReport r = TLC.check(request("stutter"));
        Counterexample cex = ((CheckResult.Violated) r.result("Reaches3")).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.TEMPORAL, cex.kind());
        assertEquals(cex.steps().size() - 1, cex.loopStart());
        assertTrue(cex.note().contains("stutters"));
    }

    @Test
    void parseErrorIsOneLineWithPosition() {
        InputException e = assertThrows(InputException.class, () -> TLC.check(request("parseerror")));
        assertTrue(e.getMessage().matches(".*Broken\\.tla:5:\\d+: parse error: .*"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void configErrorNamesTheConfigurationLine() {
        InputException e = assertThrows(InputException.class, () -> TLC.check(request("configerror")));
        assertTrue(e.getMessage().matches(".*InitBad\\.cfg:2:6: .*Nxt.*"), e.getMessage());
    }

    @Test
    void timeLimitGivesInconclusiveAndKillsTheChild() throws IOException {
        // a run killed from outside (not by rdmacheck) may have left a workspace behind: count only new ones
        long before = workspacesHolding("Unbounded.tla");
        TlcReport r = new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(2_500)).check(request("slow"));
        assertEquals(org.rdmacheck.checker.tlc.TlcOutcome.TIMEOUT, r.outcome());
        assertInstanceOf(CheckResult.Inconclusive.class, r.result(TlcChecker.DEADLOCK));
        assertEquals(before, workspacesHolding("Unbounded.tla"), "the temporary folder is removed");
    }

    @Test
    void outOfMemoryIsFailedWithTheReason() {
        Path dir = ManifestPaths.specs().resolve("philosophers");
        TlcReport r = new TlcChecker(TlcOptions.defaults().withHeapMegabytes(4)).check(TlcRequest.of(
                dir.resolve("MCSpec.tla"), dir.resolve("MCSpec.cfg")).withConstants(Map.of("N", "12")));
        CheckResult.Failed f = assertInstanceOf(CheckResult.Failed.class, r.result(TlcChecker.DEADLOCK));
        assertTrue(f.error().contains("out of memory"), f.error());
    }

    @Test
    void crashedJvmIsFailedWithWhatItPrinted() {
        TlcReport r = new TlcChecker(TlcOptions.defaults().withJavaOptions(List.of("-XX:+NoSuchVmOption")))
                .check(request("counter"));
        CheckResult.Failed f = assertInstanceOf(CheckResult.Failed.class, r.result("TypeOK"));
        assertTrue(f.error().contains("NoSuchVmOption"), f.error());
        assertEquals(TlcExitStatus.UNKNOWN, r.status());
    }

    @Test
    void nothingIsLeftInTheSpecFolder() throws IOException {
        List<Path> before = list(resource("lasso"));
        TLC.check(request("lasso"));
        assertEquals(before, list(resource("lasso")));
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    /** Counts TLC workspaces (other tests may run TLC at the same time) that hold a given module. */
    private static long workspacesHolding(String module) throws IOException {
        try (Stream<Path> s = Files.list(Paths.get(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("rdmacheck-tlc-"))
                    .filter(p -> Files.exists(p.resolve(module))).count();
        }
    }
}
