package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * TLC runs in one child JVM ({@link TlcChecker#checkAll}, {@link TlcBatch}) against each in a child of its
 * own ({@link TlcChecker#check}): the same exit status, outcome, detail, verdicts, counts, warnings and
 * counterexamples, on a success, a state predicate and an action property (outline after TLC), a failed
 * boxed invariant, a lasso, a deadlock, an assertion, a spec that ends TLC with TLCExit, a library
 * module and a configuration with SYMMETRY (run in a child of its own); an evaluation error is the
 * same one-line input error. These start a child JVM per run (about 15 s idle): slow tier,
 * {@code mvn -B -o verify -Pslow -pl checker-bridge -am -Dtest=TlcBatchTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class TlcBatchTest {

    private static final TlcOptions OPTS = TlcOptions.defaults().withTimeLimitMillis(120_000)
            .withJavaOptions(List.of("-XX:TieredStopAtLevel=1"));

    @Test
    @Tag("slow")
    void aBatchReportsWhatAChildPerRunReports() {
        List<TlcRequest> requests = List.of(TlcCheckerTest.request("counter"),
                of("stateprop", "Prop.tla", "Prop.cfg"), of("stateprop", "Prop.tla", "Always.cfg"),
                of("actionprop", "Act.tla", "Act.cfg"), of("lasso", "Lasso.tla", "Lasso.cfg"),
                TlcCheckerTest.request("dl3"), TlcCheckerTest.request("assertion"),
                TlcCheckerTest.request("tlcexit"),
                TlcCheckerTest.request("symliveness"));
        TlcChecker tlc = new TlcChecker(OPTS);
        List<TlcReport> batch = tlc.checkAll(requests);
        assertEquals(requests.size(), batch.size());
        for (int i = 0; i < requests.size(); i++) {
            TlcReport alone = tlc.check(requests.get(i));
            assertSame(alone, batch.get(i), requests.get(i).toString());
        }
    }

    @Test
    @Tag("slow")
    void aLibraryFolderReachesEachJob() {
        Path lib = TlcCheckerTest.resource("library").resolve("lib");
        TlcChecker tlc = new TlcChecker(OPTS.withLibraries(List.of(lib)));
        TlcRequest uses = of("library/spec", "UsesLib.tla", "UsesLib.cfg");
        List<TlcReport> batch = tlc.checkAll(List.of(uses, TlcCheckerTest.request("counter"), uses));
        TlcReport alone = tlc.check(uses);
        assertSame(alone, batch.get(0), "first");
        assertSame(alone, batch.get(2), "third");
        assertEquals(TlcOutcome.SUCCESS, batch.get(0).outcome(), batch.get(0).detail());
    }

    @Test
    @Tag("slow")
    void anEvaluationErrorIsTheSameInputError() {
        TlcChecker tlc = new TlcChecker(OPTS);
        TlcRequest bad = TlcCheckerTest.request("evalerror");
        org.rdmacheck.model.InputException alone = org.junit.jupiter.api.Assertions.assertThrows(
                org.rdmacheck.model.InputException.class, () -> tlc.check(bad));
        org.rdmacheck.model.InputException batched = org.junit.jupiter.api.Assertions.assertThrows(
                org.rdmacheck.model.InputException.class, () -> tlc.checkAll(List.of(TlcCheckerTest.request("counter"),
                        bad)));
        assertEquals(alone.getMessage(), batched.getMessage());
    }

    @Test
    void jobsNotFinishedByTheTimeLimitAreStoppedByIt() {
        TlcChecker tlc = new TlcChecker(OPTS.withTimeLimitMillis(1));
        List<TlcReport> batch = tlc.checkAll(List.of(TlcCheckerTest.request("counter"),
                TlcCheckerTest.request("dl3")));
        for (TlcReport r : batch) {
            assertEquals(TlcOutcome.TIMEOUT, r.outcome(), r.detail());
        }
    }

    @Test
    void aJobPartIsTheOutputBetweenItsLines() {
        String out = "banner\n" + TlcBatch.BEGIN + "0\nfirst\n" + TlcBatch.END + "0 12\n" + TlcBatch.BEGIN
                + "1\nsecond, cut";
        assertEquals(new TlcBatch.Part("first\n", OptionalInt.of(12)), TlcBatch.Part.of(out, 0));
        assertEquals(new TlcBatch.Part("second, cut", OptionalInt.empty()), TlcBatch.Part.of(out, 1));
        assertEquals(new TlcBatch.Part("", OptionalInt.empty()), TlcBatch.Part.of(out, 2));
    }

    private static TlcRequest of(String folder, String module, String cfg) {
        Path dir = TlcCheckerTest.resource(folder);
        return TlcRequest.of(dir.resolve(module), dir.resolve(cfg));
    }

    private static void assertSame(TlcReport alone, TlcReport batched, String what) {
        assertEquals(alone.status(), batched.status(), what);
        assertEquals(alone.outcome(), batched.outcome(), what);
        assertEquals(alone.detail(), batched.detail(), what);
        assertEquals(alone.warnings(), batched.warnings(), what);
        assertEquals(alone.results().stream().map(r -> r.property() + "=" + r.verdict()).toList(),
                batched.results().stream().map(r -> r.property() + "=" + r.verdict()).toList(), what);
        assertEquals(alone.stats().distinctStates(), batched.stats().distinctStates(), what);
        assertEquals(alone.stats().transitions(), batched.stats().transitions(), what);
        assertEquals(alone.stats().depth(), batched.stats().depth(), what);
        assertEquals(alone.counterexamples().stream().map(c -> c.property() + ":" + c.kind() + ":" + c.length())
                .toList(), batched.counterexamples().stream().map(c -> c.property() + ":" + c.kind() + ":"
                + c.length()).toList(), what);
        assertEquals(alone.itfTraces(), batched.itfTraces(), what);
        assertTrue(batched.stats().wallMillis() >= 0, what);
    }
}
