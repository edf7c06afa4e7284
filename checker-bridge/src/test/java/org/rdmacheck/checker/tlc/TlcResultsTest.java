package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;

/**
 * The result parser reports VERIFIED only when TLC affirmatively finished. It is fed outputs
 * captured from real TLC 2.18 runs that stopped early (see src/test/resources/tlc/outputs/README.md).
 */
class TlcResultsTest {

    private static final Path OUTPUTS = TlcCheckerTest.resource("outputs");

    private static TlcRequest gbn() {
        Path dir = ManifestPaths.specs().resolve("gbn");
        return TlcRequest.of(dir.resolve("MCSpec.tla"), dir.resolve("MCSpec.cfg"));
    }

    private static TlcReport parse(String output, TlcRequest req, int exit) throws IOException {
        String text = Files.readString(OUTPUTS.resolve(output), StandardCharsets.UTF_8);
        try (TlcWorkspace ws = TlcWorkspace.create(req)) {
            return new TlcResults(TlcOutput.parse(text), ws, req, 2, 1_000).interpret(OptionalInt.of(exit), 60_000);
        }
    }

    private static void assertNothingVerified(TlcReport r) {
        assertTrue(r.results().size() >= 1);
        for (CheckResult c : r.results()) {
            assertTrue(!(c instanceof CheckResult.Verified), c.property() + " reported VERIFIED: " + r.detail());
        }
    }

    @Test
    void serverErrorBlockIsNotVerified() throws IOException {
        TlcReport r = parse("distributed-error-block.out", gbn(), 0);
        assertNothingVerified(r);
        assertEquals(TlcOutcome.ERROR, r.outcome());
        assertInstanceOf(CheckResult.Failed.class, r.result("TypeOK"));
        assertTrue(r.detail().contains("The behavior up to this point is"), r.detail());
        assertEquals(127, r.stats().distinctStates());
    }

    @Test
    void statesLeftOnTheQueueAreInconclusive() throws IOException {
        TlcReport r = parse("tlcset-exit.out", TlcCheckerTest.request("tlcexit"), 0);
        assertNothingVerified(r);
        assertEquals(TlcOutcome.INCOMPLETE, r.outcome());
        assertInstanceOf(CheckResult.Inconclusive.class, r.result("Inv"));
        assertTrue(r.detail().contains("1 states left on queue"), r.detail());
    }

    @Test
    void lostWorkerIsNotVerified() throws IOException {
        TlcRequest req = gbn().withConstants(java.util.Map.of("Packets", "4"));
        TlcReport r = parse("distributed-worker-lost.out", req, 0);
        assertNothingVerified(r);
        assertTrue(r.detail().contains("worker"), r.detail());
    }

    @Test
    void exitStatusMustAgree() throws IOException {
        TlcReport r = parse("counter-success.out", TlcCheckerTest.request("counter"), 255);
        assertNothingVerified(r);
        assertEquals(TlcOutcome.ERROR, r.outcome());
    }

    @Test
    void truncatedOutputIsNotVerified() throws IOException {
        String text = Files.readString(OUTPUTS.resolve("counter-success.out"), StandardCharsets.UTF_8);
        String cut = text.substring(0, text.indexOf("@!@!@STARTMSG 2193"));
        TlcRequest req = TlcCheckerTest.request("counter");
        try (TlcWorkspace ws = TlcWorkspace.create(req)) {
            TlcReport r = new TlcResults(TlcOutput.parse(cut), ws, req, 1, 1_000).interpret(OptionalInt.of(0), 60_000);
            assertNothingVerified(r);
        }
    }

    @Test
    void completeRunIsVerified() throws IOException {
        TlcReport r = parse("counter-success.out", TlcCheckerTest.request("counter"), 0);
        assertEquals(TlcOutcome.SUCCESS, r.outcome(), r.detail());
        assertInstanceOf(CheckResult.Verified.class, r.result("TypeOK"));
        assertEquals(5, r.stats().distinctStates());
        assertEquals(java.util.List.of(), r.warnings());
    }
}
