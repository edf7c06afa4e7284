package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * Mechanism knock-outs of escape-vl, dasr and partition: each is killed at its coverage scope by the
 * property listed here (purpose or not), each switch changes the reachable graph, a knock-out is
 * recorded in the counterexample and re-applied by replay, and {@code check} asks for it by name.
 */
class KnockoutsTest {

    /** model, mechanism, the property that kills it, whether that is its purpose. */
    static Stream<Arguments> expected() {
        return Stream.of(
                Arguments.of("escape-vl", "escape-move", "DeadlockFree", true),
                Arguments.of("escape-vl", "updown-vl0", "DeadlockFree", true),
                Arguments.of("escape-vl", "escape-follow", "InOrderDelivery", true),
                Arguments.of("escape-vl", "no-return-from-vl0", "InOrderDelivery", true),
                Arguments.of("dasr", "fig5-receiver-congestion", "ReactionFollowsCongestion", true),
                Arguments.of("dasr", "fig5-non-receiver-congestion", "ReactionFollowsCongestion", true),
                Arguments.of("dasr", "fig5-no-congestion", "ReactionFollowsCongestion", true),
                Arguments.of("dasr", "nrc-fallback", "ReactionFollowsCongestion", true),
                Arguments.of("dasr", "line-rate-start", "NewMessageAtLineRate", true),
                Arguments.of("dasr", "rate-recovery", "ShareFollowsLatestN", true),
                Arguments.of("dasr", "auss-count", "ActiveSenderKept", true),
                Arguments.of("dasr", "soft-state-expiry", "FailedSenderLeaves", true),
                Arguments.of("dasr", "soft-state-refresh", "NCountsUniqueSenders", true),
                Arguments.of("dasr", "look-ahead", "ListedArrivalWithinLineRate", true),
                Arguments.of("dasr", "look-ahead-begins-flow", "TimeoutOnlyWhenIdle", true),
                Arguments.of("dasr", "per-tenant-apportioning", "ReactionFollowsCongestion", true),
                Arguments.of("partition", "data-id-reuse-guard", "DataIdsNeverMix", true),
                Arguments.of("partition", "chunk-requeue", "NoChunkLost", true),
                Arguments.of("partition", "rnr-retry", "EveryTransferCompletes", true),
                Arguments.of("partition", "receive-repost", "DeadlockFree", true),
                Arguments.of("partition", "receive-buffer-accounting", "NoReceiveBufferOverbooked", true),
                Arguments.of("partition", "multi-qp-split", "FreeQpMayPost", true));
    }

    private static ExplorerSettings settings() {
        return ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { }).withMaxStates(5_000_000);
    }

    private static Mechanism mechanism(ModelEntry e, String name) {
        return e.mechanisms().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("expected")
    void eachMechanismIsKilledByItsProperty(String model, String name, String property, boolean purpose,
                                            @TempDir Path dir) throws Exception {
        ModelEntry e = Catalog.find(model);
        Knockouts.Result r = Knockouts.check(e, mechanism(e, name), settings(), dir);
        assertEquals(Knockouts.Outcome.KILLED, r.outcome(), r.detail());
        assertEquals(property, r.property().orElseThrow());
        assertEquals(purpose, r.purposeHit());
        // the kill means something: the design keeps the killing property at the same scope
        Knockouts.Baseline design0 = r.design().orElseThrow();
        assertEquals(Finding.Verdict.VERIFIED, design0.verdict(), r.detail());
        assertTrue(design0.states() > 0, r.detail());
        // the stored file names the knock-out, its provenance records it, and replay re-applies it
        Path file = r.trace().orElseThrow().file().orElseThrow();
        assertTrue(file.getFileName().toString().contains("knockout=" + name), file.toString());
        Counterexample cex = Counterexamples.read(file);
        assertEquals(name, cex.provenance().parameters().get(ModelEntry.KNOCKOUT_PARAM));
        assertTrue(Replays.replay(cex) instanceof ReplayResult.Reproduces);
        Map<String, String> without = new java.util.HashMap<>(cex.provenance().parameters());
        without.remove(ModelEntry.KNOCKOUT_PARAM);
        Counterexample design = new Counterexample(cex.property(), cex.kind(), cex.steps(), cex.violationIndex(),
                cex.loopStart(), new org.rdmacheck.checker.Provenance(cex.provenance().model(),
                cex.provenance().variant(), without, cex.provenance().checker(), cex.provenance().version()),
                cex.note());
        assertFalse(Replays.replay(design) instanceof ReplayResult.Reproduces,
                "the trace must not replay on the design without the knock-out");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("expected")
    void eachSwitchChangesTheReachableGraph(String model, String name, String property, boolean purpose) {
        ModelEntry e = Catalog.find(model);
        Mechanism m = mechanism(e, name);
        Graph design = graph(e.build(m.variant(), Params.of(m.coverage())).model());
        Graph knocked = graph(e.build(m.variant(), Params.of(Knockouts.parameters(e, m))).model());
        assertNotEquals(design, knocked, "the knock-out of " + name + " leaves the reachable graph as it is");
    }

    /**
     * Without the look-ahead's soft-state refresh dasr reaches the same states (the design reaches a
     * listed, counted, not yet active sender one timeout period later): only the transitions differ,
     * so no invariant and no state count can see the knock-out; an action property has to.
     */
    @Test
    void lookAheadBeginsFlowChangesTransitionsOnly() {
        ModelEntry e = Catalog.find("dasr");
        Mechanism m = mechanism(e, "look-ahead-begins-flow");
        Graph design = graph(e.build(m.variant(), Params.of(m.coverage())).model());
        Graph knocked = graph(e.build(m.variant(), Params.of(Knockouts.parameters(e, m))).model());
        assertEquals(design.states(), knocked.states());
        assertNotEquals(design.edges(), knocked.edges());
    }

    /**
     * {@code lookahead=off} takes the look-ahead's steps away and adds none: the application's
     * messages carry no list, every message starts plainly, as it may in the design too. So its
     * reachable graph is part of the design's, and no safety property the design keeps can fail
     * there; what the look-ahead is for shows only against a workload whose first message carries
     * the list, which the knock-out keeps and the receiver ignores.
     */
    @Test
    void lookaheadOffIsPartOfTheDesign() {
        ModelEntry e = Catalog.find("dasr");
        Mechanism m = mechanism(e, "look-ahead");
        Graph design = graph(e.build(m.variant(), Params.of(m.coverage())).model());
        Map<String, String> off = new java.util.TreeMap<>(m.coverage());
        off.put("lookahead", "off");
        Graph without = graph(e.build(m.variant(), Params.of(off)).model());
        assertEquals(7_616, design.states().size());
        assertEquals(2_808, without.states().size());
        assertTrue(design.states().containsAll(without.states()));
        assertTrue(design.edges().containsAll(without.edges()));
    }

    @Test
    void swappedCongestedTargetsAreCaughtByTheDefaultCheck(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("check", "dasr", "--knockout", "fig5-receiver-congestion", "--knockout",
                "fig5-non-receiver-congestion", "--no-progress", "--threads", "2", "--json", "--out", dir.toString());
        assertEquals(ExitCodes.VIOLATED, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        boolean caught = false;
        for (JsonNode row : rows) {
            if (row.get("property").asText().equals("ReactionFollowsCongestion")) {
                caught = row.get("verdict").asText().equals("VIOLATED");
            }
        }
        assertTrue(caught, r.out());
    }

    /**
     * {@code --symmetry} is said to change nothing for a model whose knock-outs declare no symmetric set
     * (gbn), as {@code check} says it, and not for one whose knock-outs do (partition), but for the
     * one knock-out that breaks the symmetry (partition's {@code multi-qp-split}).
     */
    @Test
    void symmetryWithoutASymmetricSetIsWarnedAbout() {
        CliTest.Run r = CliTest.run("knockouts", "gbn", "partition", "--symmetry", "--max-time", "1ms", "--no-save");
        assertEquals(3, r.code(), r.err()); // the time limit passed before any knock-out ran
        assertTrue(r.err().contains("warning: --symmetry: gbn declares no symmetric set"), r.err());
        // partition's QPs are symmetric except with every chunk on QP 0 (multi-qp-split)
        assertFalse(r.err().contains("partition declares no symmetric set at any"), r.err());
        assertTrue(r.err().contains("warning: --symmetry: partition declares no symmetric set with multi-qp-split "
                + "knocked out"), r.err());
        assertFalse(CliTest.run("knockouts", "gbn", "--max-time", "1ms", "--no-save").err()
                .contains("warning: --symmetry"));
    }

    @Test
    void checkRefusesTheKnockoutParameter() {
        CliTest.Run r = CliTest.run("check", "dasr", "--param", "knockout=look-ahead");
        assertEquals(ExitCodes.USAGE, r.code());
        assertTrue(r.err().contains("--knockout"), r.err());
        assertEquals(ExitCodes.USAGE, CliTest.run("check", "dasr", "--knockout", "no-such-thing").code());
    }

    @Test
    void escapeFollowNeedsNoEscapeMoveForDeadlockFreedom() {
        // the argued survivor: without deflection the tree routes alone are deadlock-free (up*/down*)
        ModelEntry e = Catalog.find("escape-vl");
        Mechanism m = new Mechanism("escape-move", "move to the escape lane", "seed 000, IV-B", "DeadlockFree",
                "escape-follow", Map.of(), "argued survivor");
        Knockouts.Result r = Knockouts.check(e, m, settings(), null);
        assertEquals(Knockouts.Outcome.SURVIVED, r.outcome(), r.detail());
    }

    @Test
    void escapeFollowNeedsItsEscapeMovesUnderMinimalRoutingOnVl1() {
        // not vacuous once VL1 routes minimally: on a ring of 4 the clockwise two-hop messages deadlock on VL1
        // without the move to VL0, and escape-follow (with it) is deadlock-free
        ModelEntry e = Catalog.find("escape-vl");
        Map<String, String> scope = Map.of("network", "ring4", "vl1-routes", "minimal", "workload",
                "s0>s2:1,s2>s0:1,s1>s3:1,s3>s1:1");
        Mechanism m = new Mechanism("escape-move", "move to the escape lane", "seed 000, IV-B", "DeadlockFree",
                "escape-follow", scope, "a blocked VL1 packet never moves to VL0");
        Knockouts.Result r = Knockouts.check(e, m, settings(), null);
        assertEquals(Knockouts.Outcome.KILLED, r.outcome(), r.detail());
        assertEquals("DeadlockFree", r.property().orElseThrow());
        org.rdmacheck.properties.CheckSpec<?> design = e.build("escape-follow", Params.of(scope));
        org.rdmacheck.engine.ExplorationReport report = new org.rdmacheck.engine.Explorer(settings())
                .check(design);
        assertTrue(report.result("DeadlockFree") instanceof org.rdmacheck.checker.CheckResult.Verified,
                String.valueOf(report.result("DeadlockFree")));
        assertTrue(report.stats().distinctStates() > 10_000, "the minimal routes add states: "
                + report.stats().distinctStates());
    }

    @Test
    void aKillWhereTheDesignFailsTooIsNoKill() {
        // repaired deadlocks with one 3-packet message at xoff 2 (variant repaired-one-message): removing the
        // escape lane there deadlocks too, which tells nothing about the lane
        ModelEntry e = Catalog.find("fabric");
        Map<String, String> scope = Map.of("flows", "0-1", "packets", "3", "tokens", "1", "xoff", "2",
                "background", "2", "failures", "0");
        Mechanism m = new Mechanism("escape-lane", "the escape lane", "seed 000, IV-B", "NoRoutingDeadlock",
                "repaired", scope, "a scope where the design itself deadlocks");
        Knockouts.Result r = Knockouts.check(e, m, settings(), null);
        assertEquals(Knockouts.Outcome.FAILED, r.outcome(), r.detail());
        assertFalse(r.killed());
        assertEquals(Finding.Verdict.VIOLATED, r.design().orElseThrow().verdict(), r.detail());
        assertTrue(r.detail().contains("the design violates NoRoutingDeadlock"), r.detail());
        JsonNode row = KnockoutsCommand.json(List.of(r)).get("rows").get(0);
        assertEquals("VIOLATED", row.get("design").get("verdict").asText());
    }

    @Test
    void everyCoverageScopeIsARowAndMustKillByThePurpose() {
        ModelEntry e = Catalog.find("fabric");
        Mechanism declared = mechanism(e, "pfc-counts-background");
        assertEquals(2, declared.scopes().size(), "with and without PFC hysteresis");
        // a further scope with no background: the knock-out changes nothing there and the purpose holds
        Mechanism m = declared.withScope(Map.of("flows", "0-1", "packets", "2", "tokens", "1", "xoff", "2",
                "background", "0", "failures", "0"));
        List<Knockouts.Result> rs = Knockouts.checkAll(e, m, settings(), null);
        assertEquals(List.of(1, 2, 3), rs.stream().map(Knockouts.Result::scope).toList());
        assertEquals(List.of(Knockouts.Outcome.KILLED, Knockouts.Outcome.KILLED, Knockouts.Outcome.SURVIVED),
                rs.stream().map(Knockouts.Result::outcome).toList(), rs.toString());
        assertEquals("1", rs.get(1).parameters().get("pfc-hysteresis"));
        assertTrue(rs.get(2).detail().contains("its purpose LosslessBuffers holds"), rs.get(2).detail());
        assertEquals(ExitCodes.VIOLATED, KnockoutsCommand.exitCode(rs));
        JsonNode o = KnockoutsCommand.json(rs);
        assertEquals(3, o.get("rows").size());
        assertEquals(3, o.get("rows").get(2).get("scope").asInt());
        JsonNode killed = o.get("rows").get(1);
        assertEquals(1, killed.get("parameters").get("pfc-hysteresis").intValue(), "an integer parameter, typed");
        JsonNode knockout = killed.get("parameters").get("knockout");
        assertTrue(knockout.isArray() && knockout.size() == 1, "the knock-out as an array of mechanism names: " + knockout);
        assertEquals("pfc-counts-background", knockout.get(0).textValue());
        assertEquals("steps", killed.get("steps").get("unit").asText());
        assertEquals(rs.get(1).trace().orElseThrow().trace().length(), killed.get("steps").get("value").asInt());
        assertTrue(o.get("rows").get(2).get("steps").isNull(), "a survivor has no trace");
        java.io.StringWriter text = new java.io.StringWriter();
        KnockoutsCommand.text(new java.io.PrintWriter(text), rs);
        assertTrue(text.toString().contains("0 of 1 mechanisms killed"), text.toString());
    }

    /**
     * A declared purpose that the knock-out does not break, planted by declaring a property the
     * knock-out keeps: the kill by another property is KILLED_NOT_BY_PURPOSE, with its note, exit 1,
     * and an unexpected finding in {@code all}. Go-Back-N's Send-Twice declared for InOrderExactlyOnce
     * (the EPSN check keeps the order without it; NoTimeout kills it) and escape-vl's no-return rule
     * declared for DeadlockFree (Duato's condition holds without it; InOrderDelivery kills it).
     */
    @ParameterizedTest(name = "{0} {1}")
    @org.junit.jupiter.params.provider.CsvSource({
        "gbn, send-twice, InOrderExactlyOnce, NoTimeout",
        "escape-vl, no-return-from-vl0, DeadlockFree, InOrderDelivery"})
    void aKillNotByTheDeclaredPurposeIsAFindingNotASuccess(String model, String name, String wrongPurpose,
                                                           String killer) {
        ModelEntry e = Catalog.find(model);
        Mechanism declared = mechanism(e, name);
        Mechanism m = new Mechanism(declared.name(), declared.title(), declared.paperRef(), wrongPurpose,
                declared.variant(), declared.coverage(), declared.description());
        Knockouts.Result r = Knockouts.check(e, m, settings(), null);
        assertEquals(Knockouts.Outcome.KILLED_NOT_BY_PURPOSE, r.outcome(), r.detail());
        assertTrue(r.killed());
        assertFalse(r.purposeHit());
        assertEquals(killer, r.property().orElseThrow());
        assertTrue(r.note().orElseThrow().contains("not by its declared purpose " + wrongPurpose), r.note().toString());
        assertEquals(ExitCodes.VIOLATED, KnockoutsCommand.exitCode(List.of(r)));
        JsonNode o = KnockoutsCommand.json(List.of(r));
        assertEquals(1, o.get("killedNotByPurpose").asInt());
        assertEquals("KILLED_NOT_BY_PURPOSE", o.get("rows").get(0).get("outcome").asText());
        assertTrue(o.get("rows").get(0).get("note").isTextual());
        assertEquals(Finding.Outcome.UNEXPECTED, KnockoutsSuite.finding(r).outcome());
        // the mechanism as declared is killed by its purpose: a clean success
        Knockouts.Result right = Knockouts.check(e, declared, settings(), null);
        assertEquals(Knockouts.Outcome.KILLED, right.outcome(), right.detail());
        assertTrue(right.note().isEmpty());
        assertEquals(ExitCodes.OK, KnockoutsCommand.exitCode(List.of(right)));
    }

    @Test
    void aMechanismDeclaredNotNeededIsAFindingNotCounted() {
        // the same argued survivor, declared not needed: its exhausted search gives NOT_NEEDED, with the argument
        ModelEntry e = Catalog.find("escape-vl");
        Mechanism m = new Mechanism("escape-move", "move to the escape lane", "seed 000, IV-B", "DeadlockFree",
                "escape-follow", Map.of(), "argued survivor").notNeeded("the tree routes are up*/down*");
        Knockouts.Result r = Knockouts.check(e, m, settings(), null);
        assertEquals(Knockouts.Outcome.NOT_NEEDED, r.outcome(), r.detail());
        assertFalse(r.counted());
        assertFalse(r.killed());
        assertTrue(r.detail().contains("the tree routes are up*/down*") && r.detail().contains("search exhausted"),
                r.detail());
        assertTrue(r.states() > 0, r.detail());
        assertEquals(ExitCodes.OK, KnockoutsCommand.exitCode(List.of(r)));
        Finding f = KnockoutsSuite.finding(r);
        assertEquals(Finding.Verdict.NOT_NEEDED, f.verdict());
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome());
        JsonNode o = KnockoutsCommand.json(List.of(r));
        assertEquals(1, o.get("notNeeded").asInt());
        assertEquals(0, o.get("counted").asInt());
        assertEquals("the tree routes are up*/down*", o.get("rows").get(0).get("notNeeded").asText());
    }

    @Test
    void aSearchThatMeetsAnExpectedViolationRunsToExhaustion() {
        // gbn's improved at ce-reset-on-epsn's scope (L = 2) is expected to violate NoTimeout by the
        // loss-budget rule, though the variant's must-fail set is empty: the search must not stop at that
        // violation and call the properties left undecided a budget stop
        ModelEntry e = Catalog.find("gbn");
        Mechanism m = mechanism(e, "ce-reset-on-epsn");
        assertTrue(e.build(m.variant(), Params.of(m.coverage())).expectedViolations().contains("NoTimeout"));
        assertTrue(e.variant(m.variant()).mustFail().isEmpty());
        Knockouts.Result r = Knockouts.check(e, m, settings(), null);
        assertEquals(Knockouts.Outcome.NOT_NEEDED, r.outcome(), r.detail());
        assertTrue(r.detail().contains("search exhausted"), r.detail());
        // every state of the knock-out's graph (check gbn --variant improved --param losses=2
        // --knockout ce-reset-on-epsn explores as many)
        CheckSpec<?> all = e.build(m.variant(), Params.of(Knockouts.parameters(e, m)));
        long reachable = ModelChecks.rows(all, new org.rdmacheck.engine.Explorer(settings()
                .withStopAtFirstViolation(false)).check(all), null).stream()
                .mapToLong(f -> f.quantity("distinctStates").map(q -> (long) q.value()).orElse(0L)).max().orElse(0);
        assertEquals(reachable, r.states(), r.detail());
        assertEquals(Finding.Verdict.NOT_NEEDED, KnockoutsSuite.finding(r).verdict());
        // a pass whose properties include an expected violation does not stop at the first violation
        assertFalse(Knockouts.stopAtKill(all, settings()).stopAtFirstViolation());
        assertTrue(Knockouts.stopAtKill(all.selecting(p -> !all.mustFail(p.name())), settings())
                .stopAtFirstViolation());
    }

    @Test
    void aNotNeededDeclarationThatIsRefutedIsKilled(@TempDir Path dir) {
        // escape-move on dart is load-bearing: declaring it not needed does not hide the kill
        ModelEntry e = Catalog.find("escape-vl");
        Mechanism m = mechanism(e, "escape-move").notNeeded("a wrong argument");
        Knockouts.Result r = Knockouts.check(e, m, settings(), dir);
        assertEquals(Knockouts.Outcome.KILLED, r.outcome(), r.detail());
        assertTrue(r.detail().contains("refutes"), r.detail());
    }

    @Test
    void anUndecidedKnockoutIsInconclusiveNeverKilled() {
        // the escape access's kill needs about 700,000 states: a limit of 100,000 cannot reach it (a state
        // limit, not a time limit, so that the verdict does not depend on the machine's speed or load)
        ModelEntry e = Catalog.find("fabric");
        Knockouts.Result r = Knockouts.check(e, mechanism(e, "escape-access"), settings().withMaxStates(100_000), null);
        assertEquals(Knockouts.Outcome.INCONCLUSIVE, r.outcome(), r.detail());
        assertFalse(r.killed());
        assertTrue(r.states() > 100, "the figures are the purpose's search, not a later pass's: " + r.states());
        assertEquals(ExitCodes.INCONCLUSIVE, KnockoutsCommand.exitCode(List.of(r)));
        assertEquals(Finding.Outcome.INCONCLUSIVE, KnockoutsSuite.finding(r).outcome());
    }

    @Test
    void aPerMechanismLimitLeavesTheOthersTheirTime() {
        // --max-time-each bounds each mechanism; the next one still runs
        CliTest.Run r = CliTest.run("knockouts", "fabric", "--json", "--threads", "2", "--no-save",
                "--max-time-each", "300ms");
        JsonNode o;
        try {
            o = TraceJson.MAPPER.readTree(r.out());
        } catch (java.io.IOException ex) {
            throw new AssertionError(r.out() + r.err(), ex);
        }
        assertEquals(ExitCodes.INCONCLUSIVE, r.code(), r.err());
        boolean sawInconclusive = false;
        for (JsonNode row : o.get("rows")) {
            String outcome = row.get("outcome").asText();
            assertTrue(row.get("counted").asBoolean(), row.toString());
            // escape-access's ingress scope needs 1.8 M states (its egress scope with escape-at head, 55,049,
            // may be killed within the limit)
            if (row.get("mechanism").asText().equals("escape-access")
                    && !row.path("parameters").path("queueing").asText().equals("egress")) {
                assertEquals("INCONCLUSIVE", outcome, row.toString());
                sawInconclusive = true;
            }
        }
        assertTrue(sawInconclusive);
        assertEquals(o.get("mechanisms").asInt(), o.get("counted").asInt());
        assertEquals(CliTest.run("knockouts", "fabric", "--max-time-each", "10").code(), ExitCodes.USAGE);
    }

    /** A model named twice would be checked and counted twice (18 scopes of iofd's 9): refused, nothing run. */
    @Test
    void aModelNamedTwiceIsRefused() {
        CliTest.Run r = CliTest.run("knockouts", "iofd", "abp", "iofd", "--no-save");
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("model 'iofd' is named twice"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void commandExitsZeroWhenEveryMechanismIsKilled(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("knockouts", "escape-vl", "partition", "--json", "--threads", "2", "--out",
                dir.toString());
        assertEquals(ExitCodes.OK, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals(10, o.get("mechanisms").asInt());
        assertEquals(10, o.get("killed").asInt());
        for (JsonNode row : o.get("rows")) {
            assertTrue(row.get("killed").asBoolean(), row.toString());
            assertTrue(Files.isRegularFile(ExplorerOptions.home().resolve(row.get("counterexample").asText()))
                    || Files.isRegularFile(Path.of(row.get("counterexample").asText())), row.toString());
        }
        assertTrue(r.err().contains("knockouts [1/10] escape-vl escape-move"), r.err());
    }

    /** The reachable states and labelled edges of a model. */
    record Graph(Set<Object> states, Set<List<Object>> edges) {
    }

    @SuppressWarnings("unchecked")
    static <S> Graph graph(Model<S> model) {
        Set<Object> seen = new HashSet<>(model.initialStates());
        Set<List<Object>> edges = new HashSet<>();
        ArrayDeque<S> queue = new ArrayDeque<>(model.initialStates());
        while (!queue.isEmpty()) {
            S s = queue.poll();
            model.successors(s, t -> {
                edges.add(List.of(s, t.action(), t.next()));
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
            assertTrue(seen.size() < 2_000_000, "graph too large for this test");
        }
        return new Graph(seen, edges);
    }
}
