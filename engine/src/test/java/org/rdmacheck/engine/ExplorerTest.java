package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.examples.BoundedFifo;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.examples.CorridorEntry;
import org.rdmacheck.properties.examples.FifoEntry;
import org.rdmacheck.properties.examples.PhilosophersEntry;

/** The explorer on textbook models with known answers. */
class ExplorerTest {

    private static ExplorerSettings settings(int threads, ExplorerSettings.Storage storage) {
        return ExplorerSettings.defaults().withThreads(threads).withStorage(storage).withProgress(0, r -> { });
    }

    private static ExplorationReport check(CheckSpec<?> spec, int threads, ExplorerSettings.Storage storage) {
        return new Explorer(settings(threads, storage)).check(spec);
    }

    @ParameterizedTest
    @CsvSource({"6,3", "10,1", "40,7", "300,25"})
    void boundedFifoHasTheClosedFormStateCount(int m, int c) {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.of(java.util.Map.of(
                "messages", "" + m, "capacity", "" + c)));
        for (ExplorerSettings.Storage st : ExplorerSettings.Storage.values()) {
            for (int threads : new int[] {1, 3}) {
                ExplorationReport r = check(spec, threads, st);
                assertTrue(r.complete());
                assertEquals(BoundedFifo.expectedStates(m, c), r.stats().distinctStates(), st + "/" + threads);
                assertEquals(2 * m + 1, r.stats().depth(), "BFS levels: every send and every receive is one step");
                r.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x, x.property()));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"3", "4", "5", "6"})
    void naivePhilosophersDeadlockWithAShortestTraceOfNSteps(int n) {
        CheckSpec<?> spec = new PhilosophersEntry().build("naive", Params.of(java.util.Map.of("n", "" + n)));
        ExplorationReport r = check(spec, 2, ExplorerSettings.Storage.FINGERPRINT);
        CheckResult dl = r.result("DeadlockFree");
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, dl).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.DEADLOCK, cex.kind());
        assertEquals(n, cex.length(), "all take their left fork: n steps");
        assertTrue(cex.steps().subList(1, cex.steps().size()).stream()
                .allMatch(s -> s.action().name().equals("TakeFirst")));
        assertInstanceOf(CheckResult.Violated.class, r.result("SomeoneCanEat"));
        assertInstanceOf(CheckResult.Verified.class, r.result("NeighboursNeverBothEat"));
        ReplayResult replay = TraceReplayer.replay(spec, cex);
        assertTrue(replay.reproduces(), replay.message());
    }

    @Test
    void orderedPhilosophersAreDeadlockFreeAndCanAlwaysEat() {
        CheckSpec<?> spec = new PhilosophersEntry().build("ordered", Params.of(java.util.Map.of("n", "6")));
        ExplorationReport r = check(spec, 2, ExplorerSettings.Storage.FULL);
        assertTrue(r.complete());
        r.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x, x.property()));
    }

    @Test
    void livelockIsAProgressViolationWithALassoNotADeadlock() {
        CheckSpec<?> spec = new CorridorEntry().build("symmetric", Params.empty());
        ExplorationReport r = check(spec, 1, ExplorerSettings.Storage.FINGERPRINT);
        assertInstanceOf(CheckResult.Verified.class, r.result("DeadlockFree"));
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("EventuallyPass")).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.PROGRESS, cex.kind());
        assertTrue(cex.loopStart() >= 0, "a lasso");
        assertEquals(0, cex.violationIndex(), "the initial state already cannot reach a goal");
        assertTrue(TraceReplayer.replay(spec, cex).reproduces());
        CheckSpec<?> fixed = new CorridorEntry().build("asymmetric", Params.empty());
        check(fixed, 1, ExplorerSettings.Storage.FINGERPRINT).results()
                .forEach(x -> assertInstanceOf(CheckResult.Verified.class, x));
    }

    @Test
    void stateLimitEndsInconclusiveWithPartialStatistics() {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.of(java.util.Map.of(
                "messages", "2000", "capacity", "500")));
        ExplorationReport r = new Explorer(settings(2, ExplorerSettings.Storage.FINGERPRINT).withMaxStates(10_000))
                .check(spec);
        assertTrue(!r.complete());
        assertEquals(10_000, r.stats().distinctStates());
        r.results().forEach(x -> {
            CheckResult.Inconclusive inc = assertInstanceOf(CheckResult.Inconclusive.class, x);
            assertTrue(inc.reason().contains("state limit"), inc.reason());
        });
    }

    @Test
    void aStateLimitEqualToTheStateSpaceStillExhaustsIt() {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.empty());
        long all = BoundedFifo.expectedStates(6, 3);
        ExplorationReport exact = new Explorer(settings(2, ExplorerSettings.Storage.FINGERPRINT).withMaxStates(all))
                .check(spec);
        assertTrue(exact.complete());
        exact.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x));
        ExplorationReport less = new Explorer(settings(2, ExplorerSettings.Storage.FINGERPRINT)
                .withMaxStates(all - 1)).check(spec);
        assertTrue(!less.complete());
        assertEquals(all - 1, less.stats().distinctStates());
    }

    @Test
    void anUnboundedTimeLimitDoesNotOverflow() {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.empty());
        ExplorationReport r = new Explorer(settings(1, ExplorerSettings.Storage.FULL).withMaxMillis(Long.MAX_VALUE))
                .check(spec);
        assertTrue(r.complete());
        assertEquals(BoundedFifo.expectedStates(6, 3), r.stats().distinctStates());
    }

    @Test
    void underAnyStateLimitAViolationFoundIsTheShortestAndLargerLimitsKeepIt() {
        CheckSpec<?> spec = new PhilosophersEntry().build("naive", Params.of(java.util.Map.of("n", "4")));
        long total = check(spec, 1, ExplorerSettings.Storage.FULL).stats().distinctStates();
        boolean seen = false;
        for (long limit = 1; limit <= total; limit++) {
            ExplorationReport r = new Explorer(settings(2, ExplorerSettings.Storage.FINGERPRINT).withMaxStates(limit))
                    .check(spec);
            CheckResult dl = r.result("DeadlockFree");
            if (dl instanceof CheckResult.Violated v) {
                assertEquals(4, v.counterexample().length(), "limit " + limit);
                seen = true;
            } else {
                assertTrue(!seen, "once found under a limit, a violation stays found under larger ones: " + limit);
                assertInstanceOf(CheckResult.Inconclusive.class, dl);
            }
        }
        assertTrue(seen);
    }

    @Test
    void timeLimitEndsInconclusive() {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.of(java.util.Map.of(
                "messages", "100000", "capacity", "100000")));
        ExplorationReport r = new Explorer(settings(2, ExplorerSettings.Storage.FINGERPRINT).withMaxMillis(300))
                .check(spec);
        assertTrue(!r.complete());
        assertTrue(r.stats().distinctStates() > 0);
        assertTrue(r.stats().wallMillis() < 10_000);
        assertTrue(assertInstanceOf(CheckResult.Inconclusive.class, r.results().get(0)).reason().contains("time"));
    }

    @Test
    void heapLimitEndsInconclusiveInsteadOfOutOfMemory() {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.of(java.util.Map.of(
                "messages", "3000", "capacity", "3000")));
        ExplorationReport r = new Explorer(settings(2, ExplorerSettings.Storage.FULL).withMaxHeapFraction(0.0001))
                .check(spec);
        assertTrue(!r.complete());
        assertTrue(assertInstanceOf(CheckResult.Inconclusive.class, r.results().get(0)).reason().contains("heap"));
        assertTrue(r.stats().distinctStates() > 0);
    }

    @Test
    void resultsAndTracesAreIdenticalForAnyThreadCountAndStorage() {
        CheckSpec<?> spec = new PhilosophersEntry().build("naive", Params.of(java.util.Map.of("n", "7")));
        ExplorationReport base = check(spec, 1, ExplorerSettings.Storage.FULL);
        for (int threads : new int[] {1, 2, 4}) {
            for (ExplorerSettings.Storage st : ExplorerSettings.Storage.values()) {
                ExplorationReport r = check(spec, threads, st);
                assertEquals(base.stats().distinctStates(), r.stats().distinctStates());
                assertEquals(base.stats().transitions(), r.stats().transitions());
                assertEquals(base.stats().depth(), r.stats().depth());
                for (int i = 0; i < base.results().size(); i++) {
                    assertEquals(base.results().get(i).verdict(), r.results().get(i).verdict());
                    if (base.results().get(i) instanceof CheckResult.Violated v) {
                        assertEquals(v.counterexample().steps(),
                                ((CheckResult.Violated) r.results().get(i)).counterexample().steps());
                    }
                }
            }
        }
    }

    @Test
    void actionPropertyViolationEndsWithTheBadStep() {
        ObjectFifo model = new ObjectFifo(4, 3, true);
        CheckSpec<ObjectFifo.State> spec = new CheckSpec<>("fifo", "reorder", java.util.Map.of(), model, List.of(
                new ActionProperty<ObjectFifo.State>("NoSwap", (a, act, b) -> !act.name().equals("Swap")),
                new Invariant<ObjectFifo.State>("Bounded", s -> s.channel().size() <= 3),
                DeadlockFreedom.standard()), Set.of("NoSwap"));
        ExplorationReport r = check(spec, 2, ExplorerSettings.Storage.FINGERPRINT);
        Counterexample cex = assertInstanceOf(CheckResult.Violated.class, r.result("NoSwap")).counterexample();
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.ACTION, cex.kind());
        assertEquals(3, cex.length(), "send, send, swap");
        assertEquals("Swap", cex.steps().get(3).action().name());
        assertTrue(TraceReplayer.replay(spec, cex).reproduces());
        assertInstanceOf(CheckResult.Verified.class, r.result("Bounded"));
    }

    @Test
    void stopAtFirstViolationLeavesTheRestInconclusive() {
        CheckSpec<?> spec = new PhilosophersEntry().build("naive", Params.of(java.util.Map.of("n", "5")));
        ExplorationReport r = new Explorer(settings(1, ExplorerSettings.Storage.FINGERPRINT)
                .withStopAtFirstViolation(true)).check(spec);
        assertInstanceOf(CheckResult.Violated.class, r.result("DeadlockFree"));
        assertInstanceOf(CheckResult.Inconclusive.class, r.result("NeighboursNeverBothEat"));
    }

    @Test
    void fingerprintModeReportsTheCollisionBound() {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.empty());
        ExplorationReport r = check(spec, 1, ExplorerSettings.Storage.FINGERPRINT);
        assertTrue(r.stats().collisionProbability() > 0 && r.stats().collisionProbability() < 1e-15);
        assertEquals(0.0, check(spec, 1, ExplorerSettings.Storage.FULL).stats().collisionProbability());
    }

    @Test
    void theRecordedGraphHasEveryStateAndTransitionWhateverTheThreads() {
        CheckSpec<?> spec = new PhilosophersEntry().build("ordered", Params.of(java.util.Map.of("n", "5")));
        long[] first = null;
        for (int threads : new int[] {1, 3}) {
            ExplorationReport r = new Explorer(settings(threads, ExplorerSettings.Storage.FINGERPRINT)
                    .withRecordGraph(true)).check(spec);
            StateGraph g = r.graph().orElseThrow();
            assertEquals(r.stats().distinctStates(), g.states());
            assertEquals(r.stats().transitions(), g.edges());
            long[] sums = new long[2];
            g.forEachEdge((a, b) -> {
                sums[0] += (long) a * 31 + b;
                sums[1] += b;
            });
            if (first == null) {
                first = sums;
            } else {
                assertEquals(first[0], sums[0], "same numbering and edges with any thread count");
                assertEquals(first[1], sums[1]);
            }
            assertTrue(r.graphBytes() > 0);
        }
        assertTrue(new Explorer(settings(1, ExplorerSettings.Storage.FINGERPRINT)).check(spec).graph().isEmpty());
    }

    /**
     * The graph kept for the progress properties alone leaves out self-loops and repeated edges (backward
     * reachability reads it as a set of pairs): at dasr's defaults (18,348 states, 186,636 transitions) the
     * graph and the analysis's backward adjacency held 56.2 bytes a state with them and 38.7 without, on
     * each expansion path (the packed one with one thread and with two, the object one), verdicts unchanged.
     */
    @Test
    void theProgressGraphKeepsNoSelfLoopOrRepeatedEdge() {
        CheckSpec<?> spec = new org.rdmacheck.properties.dasr.DasrEntry().build("dart", Params.empty());
        List<ExplorerSettings> paths = List.of(settings(1, ExplorerSettings.Storage.FINGERPRINT),
                settings(2, ExplorerSettings.Storage.FINGERPRINT),
                settings(1, ExplorerSettings.Storage.FINGERPRINT).withPackedSuccessors(false));
        for (ExplorerSettings st : paths) {
            ExplorationReport r = new Explorer(st).check(spec);
            assertTrue(r.complete());
            assertEquals(18_348, r.stats().distinctStates());
            assertEquals(186_636, r.stats().transitions());
            r.results().forEach(x -> assertInstanceOf(CheckResult.Verified.class, x, x.property()));
            double perState = r.graphBytes() / (double) r.stats().distinctStates();
            assertTrue(perState < 40, perState + " bytes a state of graph and backward adjacency (" + st.threads()
                    + " threads, packed " + st.packedSuccessors() + ")");
        }
    }

    @Test
    void fingerprintModeWithWorkersEndsInconclusiveAtTheHeapLimitWithPartialStatistics() {
        CheckSpec<?> spec = new FifoEntry().build("fifo", Params.of(java.util.Map.of(
                "messages", "3000", "capacity", "3000")));
        ExplorationReport r = new Explorer(settings(2, ExplorerSettings.Storage.FINGERPRINT)
                .withMaxHeapFraction(0.0001)).check(spec);
        assertTrue(!r.complete());
        CheckResult.Inconclusive inc = assertInstanceOf(CheckResult.Inconclusive.class, r.results().get(0));
        assertEquals(CheckResult.InconclusiveReason.MEMORY_LIMIT, inc.cause());
        assertTrue(r.stats().distinctStates() > 0);
        assertTrue(r.storeBytes() > 0);
    }
}
