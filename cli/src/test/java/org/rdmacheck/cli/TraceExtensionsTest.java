package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.TraceExtensionRule;
import org.rdmacheck.properties.iofd.IofdEntry;
import org.rdmacheck.properties.iofd.IofdProperties;

/**
 * The rule by trace extension as {@code check} applies it ({@link TraceExtensions}): a deadlock at a neighbour of a
 * stored one is expected when a finding's trace extends to one there, the row naming the finding and the
 * extension; where none extends, it stays unexpected (exit 1).
 */
class TraceExtensionsTest {

    private static final String DEADLOCK_FREE = DeadlockFreedom.standard().name();

    private static Finding deadlockRow(String variant, Map<String, String> params) {
        CheckSpec<?> built = Catalog.find("iofd").build(variant, Params.of(params));
        CheckSpec<?> spec = built.selecting(p -> p.name().equals(DEADLOCK_FREE));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        List<Finding> rows = ModelChecks.run(spec, null, settings, null);
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    @Test
    void aNeighbourOfAStoredDeadlockIsAsExpected() {
        Finding f = deadlockRow("dft-one-message", Map.of("tokens", "3"));
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Expectation.FAILS, f.expected());
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome());
        assertTrue(f.detail().contains("dft-one-message-two-tokens"), f.detail());
        assertEquals(9.0, f.quantity("extendedFindingSteps").orElseThrow().value());
        assertEquals(0.0, f.quantity("extensionSteps").orElseThrow().value());
    }

    /** Every property a deadlock violates (deadlock freedom, progress, eventual delivery) takes the one extension. */
    @Test
    void theStallPropertiesShareTheExtension() {
        CheckSpec<?> built = Catalog.find("iofd").build("dft-one-message", Params.of(Map.of("tokens", "3")));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        List<Finding> rows = ModelChecks.run(built, settings, null);
        List<String> violated = rows.stream().filter(f -> f.verdict() == Finding.Verdict.VIOLATED)
                .map(Finding::property).sorted().toList();
        assertEquals(List.of(DEADLOCK_FREE, IofdEntry.EVENTUALLY_DELIVERED, IofdProperties.PROGRESS), violated);
        for (Finding f : rows) {
            assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.property() + ": " + f.detail());
            if (f.verdict() == Finding.Verdict.VIOLATED) {
                assertEquals(9.0, f.quantity("extendedFindingSteps").orElseThrow().value(), f.property());
            }
        }
    }

    /** A check of the liveness property alone still finds the deadlock's extension (deadlock freedom not selected). */
    @Test
    void aLivenessPropertyAloneTakesTheDeadlocksExtension() {
        CheckSpec<?> built = Catalog.find("iofd").build("dft-one-message", Params.of(Map.of("tokens", "3")));
        org.rdmacheck.properties.liveness.LivenessSpec<?> live = Catalog.find("iofd").liveness(built).orElseThrow();
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        List<Finding> rows = ModelChecks.run(built.selecting(p -> false), live, settings, null);
        assertEquals(1, rows.size());
        Finding f = rows.get(0);
        assertEquals(IofdEntry.EVENTUALLY_DELIVERED, f.property());
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.detail());
        assertEquals(9.0, f.quantity("extendedFindingSteps").orElseThrow().value());
    }

    /**
     * A planted rule: one message of 8 packets at queues of 4 with 1 token deadlocks (13 steps) where no stored
     * finding lies below (each has a queue of 2 or 3, and a queue counts only equal), so the declared rule offers no
     * candidate; offered dft-one-message-queue-three anyway, its trace does not replay (its first packet's second
     * deflection needs a second token) and the deadlock stays unexpected. (The same shape at queues of 3, 6 packets,
     * is stored since as dft-one-message-queue-three-one-token.)
     */
    @Test
    void aDeadlockNoFindingExtendsToStaysUnexpected() {
        Map<String, String> at = Map.of("flows", "0-1", "queue", "4", "packets", "8", "tokens", "1");
        CheckSpec<?> spec = Catalog.find("iofd").build("dft", Params.of(at)).selecting(p -> p.name().equals(DEADLOCK_FREE));
        assertTrue(Catalog.find("iofd").traceExtension(spec).isEmpty());
        Finding f = deadlockRow("dft", at);
        assertEquals(Finding.Outcome.UNEXPECTED, f.outcome());
        TraceExtensionRule planted = new TraceExtensionRule(List.of("dft-one-message-queue-three"), DEADLOCK_FREE,
                Set.of(DEADLOCK_FREE), Set.of("tokens", "tokensLeft"), 200_000);
        Path stored = TraceExtensions.storedFolder("iofd").orElseThrow();
        Finding g = new TraceExtensions(spec, planted, stored).apply(List.of(f), null).get(0);
        assertEquals(Finding.Outcome.UNEXPECTED, g.outcome());
        assertTrue(g.quantity("extensionSteps").isEmpty());
    }

    /**
     * A planted model, built here and nowhere in the product: the IOFD design at dft-one-failure with 4 packets, where
     * a state a switch failure reaches from the initial state has no successor (nothing moves once a spine fails).
     * The check's own deadlock is then 1 step long and of another kind than the finding's (no head packet is
     * paused or pinned); containment refuses it for its kind, and a stored finding's trace that extends to a
     * deadlock of the finding's own kind vouches for nothing: the row stays unexpected (exit 1).
     */
    @Test
    void aPlantedDeadlockOfAnotherKindIsNotExpectedByAnExtension() {
        CheckSpec<org.rdmacheck.model.layout.LayoutState> real = plantable("dft-one-failure", Map.of("packets", "4"));
        CheckSpec<org.rdmacheck.model.layout.LayoutState> planted = new CheckSpec<>(real.modelName(), real.variant(),
                real.parameters(), failureStops(real.model()), real.properties(), Set.of(DEADLOCK_FREE));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        List<Finding> rows = ModelChecks.run(planted, null, settings, null);
        assertEquals(1, rows.size());
        Finding f = rows.get(0);
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(1, f.counterexample().orElseThrow().trace().steps().size() - 1, f.detail());
        assertEquals(Finding.Outcome.UNEXPECTED, f.outcome(), f.detail());
        assertTrue(f.quantity("extensionSteps").isEmpty(), f.detail());
        assertTrue(f.detail().contains("does not cover"), f.detail());
    }

    /**
     * A planted model (here only): once a switch has failed, no switch forwards (hosts still send and background
     * still arrives). At dft with a failure and 3 tokens the check's dead end then holds head packets the routing
     * rules give a move: a fault of the model, which no stored deadlock's extension may vouch for. (Before, its
     * kind was empty, and dft-three-tokens' trace extended by 5 steps to another frozen dead end "of the same
     * kind".)
     */
    @Test
    void aDeadEndTheRulesCannotExplainIsNotExpectedByAnExtension() {
        CheckSpec<org.rdmacheck.model.layout.LayoutState> real = plantable("dft", Map.of("failures", "1", "tokens", "3"));
        CheckSpec<org.rdmacheck.model.layout.LayoutState> planted = new CheckSpec<>(real.modelName(), real.variant(),
                real.parameters(), failureFreezesSwitches(real.model()), real.properties(), real.expectedViolations());
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { });
        List<Finding> rows = ModelChecks.run(planted, null, settings, null);
        assertEquals(1, rows.size());
        Finding f = rows.get(0);
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Outcome.UNEXPECTED, f.outcome(), f.detail());
        assertTrue(f.quantity("extensionSteps").isEmpty(), f.detail());
        assertTrue(f.detail().contains("not explained by the routing rules"), f.detail());
    }

    @SuppressWarnings("unchecked")
    private static CheckSpec<org.rdmacheck.model.layout.LayoutState> plantable(String variant,
                                                                                Map<String, String> params) {
        CheckSpec<?> built = Catalog.find("iofd").build(variant, Params.of(params));
        return (CheckSpec<org.rdmacheck.model.layout.LayoutState>) built.selecting(p -> p.name().equals(DEADLOCK_FREE));
    }

    /** The plant: the states a Fail step reaches from an initial state have no successor; nothing else changed. */
    private static Planted failureStops(org.rdmacheck.model.Model<LayoutState> m) {
        Set<LayoutState> stopped = new java.util.HashSet<>();
        for (LayoutState s : m.initialStates()) {
            m.successors(s, t -> {
                if (t.action().name().equals("Fail")) {
                    stopped.add(t.next());
                }
            });
        }
        assertTrue(!stopped.isEmpty(), "no failure is enabled in an initial state");
        return new Planted(m, (s, t) -> !stopped.contains(s));
    }

    /** The plant: in a state with a failed element, the model's Forward steps are dropped; nothing else changed. */
    private static Planted failureFreezesSwitches(org.rdmacheck.model.Model<LayoutState> m) {
        org.rdmacheck.model.fabric.NetworkModel net = (org.rdmacheck.model.fabric.NetworkModel) m;
        return new Planted(m, (s, t) -> {
            int[] v = new int[s.length()];
            s.copyTo(v, 0);
            return net.failed(v, 0) == org.rdmacheck.model.fabric.FabricNet.NONE || !t.action().name().equals("Forward");
        });
    }

    /** A planted model, built in this test only: the model's steps, those {@code keep} refuses left out. */
    private record Planted(org.rdmacheck.model.Model<LayoutState> m,
                           java.util.function.BiPredicate<LayoutState, org.rdmacheck.model.Transition<LayoutState>> keep)
            implements org.rdmacheck.model.Model<LayoutState> {

        @Override
        public List<LayoutState> initialStates() {
            return m.initialStates();
        }

        @Override
        public void successors(LayoutState state,
                               java.util.function.Consumer<org.rdmacheck.model.Transition<LayoutState>> sink) {
            m.successors(state, t -> {
                if (keep.test(state, t)) {
                    sink.accept(t);
                }
            });
        }

        @Override
        public boolean isFinal(LayoutState state) {
            return m.isFinal(state);
        }

        @Override
        public long fingerprint(LayoutState state) {
            return m.fingerprint(state);
        }

        @Override
        public Object view(LayoutState state) {
            return m.view(state);
        }
    }

    /**
     * A liveness violation whose counterexample is a lasso with a cycle (constructed: the check's own dead-end
     * trace of EventuallyDelivered with its loop moved to the initial state) is no dead end, and a deadlock's
     * extension does not vouch for it: it stays unexpected, saying why.
     */
    @Test
    void aLivenessLassoIsNotExpectedByADeadEnd() {
        CheckSpec<?> built = Catalog.find("iofd").build("dft-one-message", Params.of(Map.of("tokens", "3")));
        org.rdmacheck.properties.liveness.LivenessSpec<?> live = Catalog.find("iofd").liveness(built).orElseThrow();
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        CheckSpec<?> none = built.selecting(p -> false);
        TraceExtensions ext = TraceExtensions.of(none).orElseThrow();
        Finding f = ModelChecks.run(none, live, settings, null).get(0);
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.detail());
        org.rdmacheck.checker.Counterexample own = f.counterexample().orElseThrow().trace();
        org.rdmacheck.checker.Counterexample lasso = new org.rdmacheck.checker.Counterexample(own.property(),
                own.kind(), own.steps(), own.violationIndex(), 0, own.provenance(), own.note());
        Finding unexpected = f.withExpected(Finding.Expectation.HOLDS).withCounterexample(lasso, null).withDetail("");
        Finding g = ext.apply(List.of(unexpected), live).get(0);
        assertEquals(Finding.Outcome.UNEXPECTED, g.outcome(), g.detail());
        assertTrue(g.detail().contains("a lasso whose loop is a cycle"), g.detail());
    }

    /** With a folder for counterexamples, the extended trace is written beside the check's own, and replays. */
    @Test
    void theExtendedTraceIsWrittenBesideTheChecksOwn(@org.junit.jupiter.api.io.TempDir Path out) {
        CheckSpec<?> built = Catalog.find("iofd").build("dft-one-failure", Params.of(Map.of("background", "2")));
        CheckSpec<?> spec = built.selecting(p -> p.name().equals(DEADLOCK_FREE));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        Finding f = ModelChecks.run(spec, null, settings, out).get(0);
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.detail());
        Path own = f.counterexample().orElseThrow().file().orElseThrow();
        String name = own.getFileName().toString();
        Path extended = own.resolveSibling(name.substring(0, name.length() - 5) + "-extended.json");
        assertTrue(java.nio.file.Files.isRegularFile(extended), f.detail());
        assertTrue(f.detail().contains(extended.toString()), f.detail());
        org.rdmacheck.checker.Counterexample read = org.rdmacheck.checker.trace.Counterexamples.read(extended);
        assertEquals(f.quantity("extendedFindingSteps").orElseThrow().value()
                + f.quantity("extensionSteps").orElseThrow().value(), read.steps().size() - 1.0);
        assertTrue(org.rdmacheck.checker.trace.TraceReplayer.replay(spec, read).reproduces());
    }

    /**
     * Opposing flows at dft=2 with 2 background packets and 3 tokens deadlock (12 steps) with the kind {paused,
     * pinned-to-full}; dft-three-tokens' own trace extends only to a {pinned-to-full} deadlock, another kind, which
     * vouches for nothing; the shortest trace of its further kind {paused, pinned-to-full}, stored beside it, extends
     * to the check's kind.
     */
    @Test
    void aFindingsFurtherKindExtendsToADeadlockOfThatKind() {
        Finding f = deadlockRow("dft", Map.of("flows", "0-1,1-0", "dft", "2", "background", "2", "packets", "3",
                "tokens", "3"));
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.detail());
        assertTrue(f.detail().contains("dft-three-tokens [kind=paused_pinned-to-full]"), f.detail());
    }

    /**
     * A planted case where the kinds match but the deadlocks differ: at dft-one-message's configuration (one 4-packet
     * message, queues of 2, 1 token) the finding's 7-step deadlock holds the link leaf0-spine0 both ways; another
     * dead end of the same kind {paused, pinned-to-full} holds another link's buffers (found here by breadth-first
     * search, 11 steps). Offered as the check's own (unexpected) counterexample, the finding's trace, which ends in its
     * own deadlock, vouches for nothing: the kinds are equal, the cycles of buffers are not, and the row stays
     * unexpected. The finding's own deadlock is still granted.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aDeadlockOfTheSameKindOnAnotherCycleStaysUnexpected() {
        CheckSpec<org.rdmacheck.model.layout.LayoutState> spec = plantable("dft-one-message", Map.of());
        Object own = Catalog.find("iofd").violationKind(spec, DEADLOCK_FREE, spec.model().initialStates().get(0),
                walk(spec, Counterexamples.read(TraceExtensions.storedFolder("iofd").orElseThrow()
                        .resolve("dft-one-message-DeadlockFree.json")))).orElseThrow();
        org.rdmacheck.checker.Counterexample other = otherDeadlock(spec, own);
        Object otherKind = Catalog.find("iofd").violationKind(spec, DEADLOCK_FREE, spec.model().initialStates().get(0),
                walk(spec, other)).orElseThrow();
        assertEquals(((IofdEntry.Deadlock) own).reasons(), ((IofdEntry.Deadlock) otherKind).reasons());
        assertTrue(!own.equals(otherKind), own + " " + otherKind);
        TraceExtensionRule rule = new TraceExtensionRule(List.of("dft-one-message"), DEADLOCK_FREE,
                Set.of(DEADLOCK_FREE), Set.of("tokens", "tokensLeft"), 200_000);
        TraceExtensions ext = new TraceExtensions(spec, rule, TraceExtensions.storedFolder("iofd").orElseThrow());
        Finding unexpected = unexpectedRow(spec, other);
        Finding g = ext.apply(List.of(unexpected), null).get(0);
        assertEquals(Finding.Outcome.UNEXPECTED, g.outcome(), g.detail());
        assertTrue(g.quantity("extensionSteps").isEmpty(), g.detail());
        assertTrue(g.detail().startsWith("not expected by trace extension: no trace of dft-one-message extends")
                && g.detail().contains(otherKind.toString()), g.detail());
        org.rdmacheck.checker.Counterexample finding = Counterexamples.read(TraceExtensions.storedFolder("iofd")
                .orElseThrow().resolve("dft-one-message-DeadlockFree.json"));
        Finding same = ext.apply(List.of(unexpectedRow(spec, finding)), null).get(0);
        assertEquals(Finding.Outcome.AS_EXPECTED, same.outcome(), same.detail());
        assertEquals(0.0, same.quantity("extensionSteps").orElseThrow().value());
    }

    private static Finding unexpectedRow(CheckSpec<?> spec, org.rdmacheck.checker.Counterexample c) {
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxStates(5_000_000);
        Finding f = ModelChecks.run(spec, null, settings, null).get(0);
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        return f.withExpected(Finding.Expectation.HOLDS).withCounterexample(c, null).withDetail("");
    }

    private static List<org.rdmacheck.model.Transition<org.rdmacheck.model.layout.LayoutState>> walk(
            CheckSpec<org.rdmacheck.model.layout.LayoutState> spec, org.rdmacheck.checker.Counterexample c) {
        org.rdmacheck.checker.trace.TraceWalk<org.rdmacheck.model.layout.LayoutState> w =
                org.rdmacheck.checker.trace.TraceWalk.of(spec.model(), c.steps(), false);
        assertTrue(w.illegal().isEmpty(), c.toString());
        return w.transitions();
    }

    /** The shortest trace (breadth-first) to a dead end of the kind of {@code own} that is another deadlock. */
    private static org.rdmacheck.checker.Counterexample otherDeadlock(
            CheckSpec<org.rdmacheck.model.layout.LayoutState> spec, Object own) {
        org.rdmacheck.model.Model<org.rdmacheck.model.layout.LayoutState> m = spec.model();
        org.rdmacheck.model.layout.LayoutState init = m.initialStates().get(0);
        Map<org.rdmacheck.model.layout.LayoutState, org.rdmacheck.model.Transition<org.rdmacheck.model.layout.LayoutState>>
                via = new java.util.HashMap<>();
        Map<org.rdmacheck.model.layout.LayoutState, org.rdmacheck.model.layout.LayoutState> prev =
                new java.util.HashMap<>();
        java.util.ArrayDeque<org.rdmacheck.model.layout.LayoutState> queue = new java.util.ArrayDeque<>(List.of(init));
        prev.put(init, null);
        while (!queue.isEmpty()) {
            org.rdmacheck.model.layout.LayoutState s = queue.poll();
            List<org.rdmacheck.model.Transition<org.rdmacheck.model.layout.LayoutState>> ts = new java.util.ArrayList<>();
            m.successors(s, ts::add);
            if (ts.isEmpty() && !m.isFinal(s)) {
                List<org.rdmacheck.model.Transition<org.rdmacheck.model.layout.LayoutState>> path =
                        new java.util.ArrayList<>();
                for (org.rdmacheck.model.layout.LayoutState x = s; prev.get(x) != null; x = prev.get(x)) {
                    path.add(0, via.get(x));
                }
                Object k = Catalog.find("iofd").violationKind(spec, DEADLOCK_FREE, init, path).orElseThrow();
                if (!k.equals(own) && ((IofdEntry.Deadlock) k).reasons().equals(((IofdEntry.Deadlock) own).reasons())) {
                    List<org.rdmacheck.checker.TraceStep> steps = new java.util.ArrayList<>();
                    steps.add(new org.rdmacheck.checker.TraceStep(null,
                            org.rdmacheck.checker.trace.TraceJson.toJson(m.view(init))));
                    for (org.rdmacheck.model.Transition<org.rdmacheck.model.layout.LayoutState> t : path) {
                        steps.add(new org.rdmacheck.checker.TraceStep(t.action(),
                                org.rdmacheck.checker.trace.TraceJson.toJson(m.view(t.next()))));
                    }
                    return new org.rdmacheck.checker.Counterexample(DEADLOCK_FREE,
                            org.rdmacheck.checker.Counterexample.Kind.DEADLOCK, steps, path.size(), -1,
                            new org.rdmacheck.checker.Provenance("iofd", spec.variant(), spec.parameters(), "explorer",
                                    "test"), "planted: another deadlock of the same kind");
                }
            }
            for (org.rdmacheck.model.Transition<org.rdmacheck.model.layout.LayoutState> t : ts) {
                if (!prev.containsKey(t.next())) {
                    prev.put(t.next(), s);
                    via.put(t.next(), t);
                    queue.add(t.next());
                }
            }
        }
        throw new AssertionError("no other deadlock of the kind " + own);
    }
}
