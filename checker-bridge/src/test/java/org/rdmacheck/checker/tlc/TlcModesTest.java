package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/**
 * TLC's -continue, -simulate and -coverage on src/test/resources/tlc/twoinvs (10 distinct states: x in 0..4,
 * y in BOOLEAN; Inc enabled where x &lt; 4, Toggle everywhere), and the ITF form of TLC's traces.
 */
class TlcModesTest {

    private static TlcReport check(TlcMode mode, TlcRequest req) {
        return new TlcChecker(TlcOptions.defaults().withTimeLimitMillis(120_000).withMode(mode)).check(req);
    }

    private static Counterexample cex(TlcReport r, String property) {
        return assertInstanceOf(CheckResult.Violated.class, r.result(property)).counterexample();
    }

    @Test
    void continueReportsEveryViolatedInvariantWithItsShortestTrace() {
        TlcReport r = check(new TlcMode(true, Optional.empty(), false), TlcCheckerTest.request("twoinvs"));
        assertEquals(10, r.stats().distinctStates(), "the whole state space is explored");
        assertEquals(4, cex(r, "BelowThree").steps().size(), "x = 0, 1, 2, 3");
        assertEquals(2, cex(r, "NoToggle").steps().size(), "one Toggle");
        assertInstanceOf(CheckResult.Verified.class, r.result("TypeOK"));
        assertInstanceOf(CheckResult.Verified.class, r.result("DeadlockFree"));
        assertEquals(2, r.counterexamples().size());
        assertEquals(List.of("BelowThree", "NoToggle"), r.itfTraces().keySet().stream().sorted().toList());
    }

    @Test
    void withoutContinueTheOtherPropertiesStayOpen() {
        TlcReport r = check(TlcMode.exhaustive(), TlcCheckerTest.request("twoinvs"));
        assertEquals(1, r.counterexamples().size());
        assertEquals(CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION,
                assertInstanceOf(CheckResult.Inconclusive.class, r.result("TypeOK")).cause());
    }

    @Test
    void simulationWithAFixedSeedIsReproducibleAndProvesNothing() {
        TlcMode sim = new TlcMode(false, Optional.of(new TlcMode.Simulation(50, 10, 42)), false);
        TlcReport a = check(sim, TlcCheckerTest.request("twoinvs"));
        TlcReport b = check(sim, TlcCheckerTest.request("twoinvs"));
        Counterexample ca = a.counterexamples().get(0);
        assertEquals(ca.steps(), b.counterexamples().get(0).steps(), "seed 42 draws the same behaviours");
        assertTrue(ca.note().contains("seed 42"), ca.note());
        for (CheckResult res : a.results()) {
            if (!(res instanceof CheckResult.Violated)) {
                assertEquals(CheckResult.InconclusiveReason.SIMULATION_ONLY,
                        assertInstanceOf(CheckResult.Inconclusive.class, res).cause());
            }
        }
        TlcReport clean = check(new TlcMode(false, Optional.of(new TlcMode.Simulation(5, 10, 42)), false),
                TlcCheckerTest.request("twoinvs").withInvariants(List.of("TypeOK")));
        assertEquals(TlcOutcome.INCOMPLETE, clean.outcome());
        assertEquals(CheckResult.InconclusiveReason.SIMULATION_ONLY,
                assertInstanceOf(CheckResult.Inconclusive.class, clean.result("TypeOK")).cause());
        assertTrue(clean.stats().transitions() > 0, "generated states are counted");
    }

    @Test
    void coverageMatchesTheHandCount() {
        TlcReport r = check(new TlcMode(false, Optional.empty(), true),
                TlcCheckerTest.request("twoinvs").withInvariants(List.of("TypeOK")));
        Map<String, ActionCoverage> byName = new java.util.HashMap<>();
        r.coverage().forEach(c -> byName.put(c.action(), c));
        assertEquals(3, r.coverage().size(), r.coverage().toString());
        assertEquals(new ActionCoverage("Init", "TwoInvs", 9, true, 1, 1), byName.get("Init"));
        // Inc: enabled in the 8 states with x < 4; Toggle: in all 10; together they find the 9 non-initial states
        assertEquals(8, byName.get("Inc").taken());
        assertEquals(10, byName.get("Toggle").taken());
        assertEquals(9, byName.get("Inc").distinctStates() + byName.get("Toggle").distinctStates());
        assertEquals(18, byName.get("Inc").taken() + byName.get("Toggle").taken());
    }

    @Test
    void tlcTracesInItfKeepSetsFunctionsAndModelValues() throws Exception {
        TlcReport r = check(TlcMode.exhaustive(), TlcCheckerTest.request("counter").withInvariants(List.of("Small")));
        ObjectNode itf = r.itfTraces().get("Small");
        JsonNode parsed = TraceJson.MAPPER.readTree(TraceJson.MAPPER.writeValueAsString(itf));
        assertEquals(java.util.Set.of("x", "log", "info"), new java.util.HashSet<>(TraceJson.MAPPER.convertValue(parsed.get("vars"), List.class)));
        JsonNode last = parsed.get("states").get(3);
        assertEquals(TraceJson.MAPPER.readTree("[0, 1, 2]"), last.get("log"));
        assertEquals(TraceJson.MAPPER.readTree("{\"#set\": [0, 1, 2]}"), last.get("info").get("seen"));
        assertEquals(TraceJson.MAPPER.readTree("{\"#unserializable\": \"p1\"}"), last.get("info").get("owner"));
        assertTrue(last.get("info").get("f").has("#map"), last.toString());
        assertEquals("Inc", last.get("#meta").get("action").get("name").asText());
    }

    @Test
    void anActionPropertyOrTemporalFormulaAsInvariantIsAnInputError() {
        for (String name : List.of("Grows", "EventuallyFour")) {
            InputException e = assertThrows(InputException.class, () -> check(TlcMode.exhaustive(),
                    TlcCheckerTest.request("twoinvs").withInvariants(List.of(name))));
            assertTrue(e.getMessage().startsWith("--invariant " + name + ": not a state predicate"), e.getMessage());
        }
    }

    @Test
    void anUnknownInvariantNamesTheOptionNotTheGeneratedConfiguration() {
        InputException e = assertThrows(InputException.class, () -> check(TlcMode.exhaustive(),
                TlcCheckerTest.request("twoinvs").withInvariants(List.of("Nope"))));
        assertTrue(e.getMessage().startsWith("--invariant Nope: "), e.getMessage());
        assertTrue(!e.getMessage().contains("rdmacheck.cfg"), e.getMessage());
    }
}
