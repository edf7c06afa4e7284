package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;

/**
 * The declared rule behind {@code repaired}'s expectations: a configuration that contains a stored
 * deadlock of the design (its flows and more, at least its packets, tokens, background and
 * failures, every other parameter equal) is expected to deadlock; everywhere else every property is expected to hold.
 */
class FabricExpectationRuleTest {

    private static final FabricEntry ENTRY = new FabricEntry();
    private static final Set<String> STALL = new TreeSet<>(List.of(DeadlockFreedom.standard().name(),
            FabricProperties.PROGRESS, FabricProperties.NO_ROUTING_DEADLOCK));

    private static CheckSpec<?> repaired(Map<String, String> params) {
        return ENTRY.build("repaired", Params.of(params));
    }

    @Test
    void theDefaultsAndTheFrontiersExpectEveryPropertyToHold() {
        assertEquals(Set.of(), repaired(Map.of()).expectedViolations());
        // the notes at the defaults are vacuities of the constants (no failure, no long flow, ecn 2 >= xoff 2, no
        // hysteresis), one per reason; no stored deadlock
        List<String> notes = ENTRY.expectationNotes(repaired(Map.of()));
        assertEquals(4, notes.size(), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("DeflectionBeforeEcnMark, EcnMarksCongestion hold only "
                + "vacuously") && n.contains("ecn = 2 >= xoff = 2")), notes.toString());
        Set<String> always = Set.of(FabricProperties.IN_ORDER_AFTER_FAILURE, FabricProperties.LONG_FLOWS,
                FabricProperties.RESUME_AT_XON, FabricProperties.NO_PAUSE_FLAPPING);
        Set<String> ecn = Set.of(FabricProperties.ECN_MARKS_CONGESTION, FabricProperties.DEFLECT_BEFORE_ECN);
        assertEquals(union(always, ecn), ENTRY.expectedVacuous(repaired(Map.of())));
        assertEquals(always, ENTRY.expectedVacuous(repaired(Map.of("xoff", "3", "background", "1"))));
        // a failure, a long flow and hysteresis give each its antecedent; ecn-first's one message over one
        // background packet never reaches its threshold 2, so nothing is deflected there, nor due an offer
        assertEquals(Set.of(), ENTRY.expectedVacuous(repaired(Map.of("xoff", "3", "background", "1", "failures", "1",
                "flows", "0-1L,1-0", "pfc-hysteresis", "2"))));
        assertEquals(Set.of(FabricProperties.IN_ORDER_AFTER_FAILURE, FabricProperties.LONG_FLOWS,
                FabricProperties.RESUME_AT_XON, FabricProperties.NO_PAUSE_FLAPPING, FabricProperties.TOKENS,
                FabricProperties.ABOVE_THRESHOLD, FabricProperties.DEFLECTION_OFFERED),
                ENTRY.expectedVacuous(ENTRY.build("ecn-first", Params.empty())));
        // the single-message frontier at xoff 3 with one background packet (docs/knockouts.md)
        assertEquals(Set.of(), repaired(Map.of("flows", "0-1", "packets", "4", "tokens", "4", "failures", "1",
                "xoff", "3", "background", "1")).expectedViolations());
        // fewer packets than either finding
        assertEquals(Set.of(), repaired(Map.of("flows", "0-1,1-0", "packets", "2", "tokens", "2")).expectedViolations());
        // a larger DFT changes the configuration: the rule asks every other parameter to be equal
        assertEquals(Set.of(), repaired(Map.of("flows", "0-1,1-0", "packets", "3", "tokens", "3", "dft", "3"))
                .expectedViolations());
        // a failure that may happen does not remove a deadlock reached without it
        assertEquals(STALL, new TreeSet<>(repaired(Map.of("flows", "0-1", "packets", "3", "tokens", "1",
                "failures", "1")).expectedViolations()));
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new TreeSet<>(a);
        u.addAll(b);
        return u;
    }

    @Test
    void theIssuesOpposingConfigurationContainsTheSingleMessageDeadlock() {
        CheckSpec<?> spec = repaired(Map.of("flows", "0-1,1-0", "packets", "3", "tokens", "3", "failures", "0"));
        assertEquals(STALL, new TreeSet<>(spec.expectedViolations()));
        assertEquals(Optional.of("repaired-one-message"), ENTRY.containedFinding("repaired",
                Params.of(spec.parameters())));
        String note = ENTRY.expectationNotes(spec).get(0);
        assertTrue(note.contains("repaired-one-message") && note.contains("NoRoutingDeadlock"), note);
        assertEquals(Set.of(FabricEntry.EVENTUALLY_DELIVERED), ENTRY.liveness(spec).orElseThrow().expectedViolations());
    }

    @Test
    void theDefaultsWithTwoTokensAndAFailureContainTheFailureDeadlock() {
        // the defaults (2 background packets) with 2 tokens and one failure: the stored finding has one
        // background packet and the same failure budget
        CheckSpec<?> spec = repaired(Map.of("tokens", "2", "failures", "1"));
        assertEquals(STALL, new TreeSet<>(spec.expectedViolations()));
        assertEquals(Optional.of("repaired-failure"), ENTRY.containedFinding("repaired", Params.of(spec.parameters())));
        String note = ENTRY.expectationNotes(spec).get(0);
        assertTrue(note.contains("repaired-failure") && note.contains("failures=1"), note);
        // one token with a failure, and two tokens without one, are below it (the frontier in docs/fabric.md)
        assertEquals(Set.of(), repaired(Map.of("tokens", "1", "failures", "1")).expectedViolations());
        assertEquals(Set.of(), repaired(Map.of("tokens", "2", "failures", "0")).expectedViolations());
    }

    @Test
    void theThreeFlowGridsThreePacketDeadlockIsContainedAndItsNeighboursBelowAreNot() {
        // scope's three-flow grid at the default DFT (docs/fabric.md): 3 packets, one token, one
        // background packet deadlocks (repaired-three-flows-three-packets); one step below in each
        // dimension it holds, and no stored finding is contained there
        Map<String, String> at = new java.util.HashMap<>(Map.of("topology", "leafspine:tors=3,spines=2,hosts=1",
                "flows", "0-2,1-2,2-0", "packets", "3", "tokens", "1", "background", "1", "xoff", "3", "failures", "0"));
        assertEquals(Optional.of("repaired-three-flows-three-packets"), ENTRY.containedFinding("repaired",
                Params.of(repaired(at).parameters())));
        assertEquals(STALL, new TreeSet<>(repaired(at).expectedViolations()));
        for (String[] below : new String[][] {{"packets", "2"}, {"tokens", "0"}, {"background", "0"}}) {
            Map<String, String> less = new java.util.HashMap<>(at);
            less.put(below[0], below[1]);
            assertEquals(Set.of(), repaired(less).expectedViolations(), below[0] + "=" + below[1]);
        }
        // a larger DFT contains it too (its further kinds' traces replay there, FabricFindingKindTest), a smaller not
        Map<String, String> dft = new java.util.HashMap<>(at);
        dft.put("dft", "8");
        assertTrue(ENTRY.expectedFindings(repaired(dft)).contains("repaired-three-flows-three-packets"));
        dft.put("dft", "1");
        assertTrue(!ENTRY.expectedFindings(repaired(dft)).contains("repaired-three-flows-three-packets"));
        // a fourth packet and a second background packet still contain it (with the one-token finding too)
        at.put("packets", "4");
        at.put("background", "2");
        assertTrue(ENTRY.expectedFindings(repaired(at)).contains("repaired-three-flows-three-packets"));
    }

    @Test
    void eachStoredFindingContainsItselfAndOnlyTheDesignIsRuled() {
        for (String f : FabricEntry.REPAIRED_FINDINGS) {
            Map<String, String> at = ENTRY.resolve(f, Params.empty()).asMap();
            assertTrue(ENTRY.containedFinding("repaired", Params.of(at)).isPresent(), f);
            assertEquals(STALL, new TreeSet<>(repaired(at).expectedViolations()), f);
            assertEquals(Optional.empty(), ENTRY.containedFinding("lane-silent", Params.of(at)), f);
        }
        // a knock-out is a change of the model: not contained
        Map<String, String> knocked = new java.util.HashMap<>(ENTRY.resolve("repaired-one-message", Params.empty())
                .asMap());
        knocked.put("knockout", "pfc-pause");
        assertEquals(Optional.empty(), ENTRY.containedFinding("repaired", Params.of(knocked)));
    }

    @Test
    void thePredictionHoldsAtAContainedConfiguration() {
        // two opposing 3-packet messages with 1 token contain the single-message finding: the design
        // deadlocks there, and the rule expected it
        CheckSpec<?> spec = repaired(Map.of("flows", "0-1,1-0", "packets", "3", "tokens", "1"));
        assertTrue(spec.mustFail(FabricProperties.NO_ROUTING_DEADLOCK));
        ExplorationReport r = FabricVerificationTest.explore(spec.selecting(p -> p.name().equals(
                FabricProperties.NO_ROUTING_DEADLOCK)));
        assertInstanceOf(CheckResult.Violated.class, r.result(FabricProperties.NO_ROUTING_DEADLOCK));
    }

    @Test
    void theMirrorImageOfAFindingIsContainedUpToTheFabricsSymmetry() {
        // the long flow beside a short one (scope's long+short, 3 packets): the short message h1->h0 is the
        // mirror image of repaired-one-message's h0->h1, and routes as the renamed finding does
        Map<String, String> at = repaired(Map.of("flows", "0-1L,1-0", "packets", "3", "tokens", "1")).parameters();
        assertEquals(Optional.of("repaired-one-message"), ENTRY.containedFinding("repaired", Params.of(at)));
        String note = ENTRY.expectationNotes(repaired(at)).get(0);
        assertTrue(note.contains("renamed by the fabric's symmetry") && note.contains("h0.0->h1.0"), note);
        // the identity serves where the flow keeps its name and position
        assertEquals(Optional.of("repaired-one-message"), ENTRY.containedFinding("repaired",
                Params.of(repaired(Map.of("flows", "0-1,1-0L", "packets", "3", "tokens", "1")).parameters())));
    }

    @Test
    void aRenamingOfTheTopologyThatChangesTheRoutesDoesNotContain() {
        // the ring's stored deadlock (0-1,1-2,3-0) rotated by one switch: the rotation is an automorphism
        // of the ring and maps the flows onto flows of the configuration, but the ECMP hash and the
        // up*/down* order depend on flow positions and node numbers, so the rotated flows route otherwise
        Map<String, String> ring = new java.util.HashMap<>(ENTRY.resolve("repaired-ring", Params.empty()).asMap());
        ring.put("flows", "0-1,1-2,2-3,3-0");
        assertEquals(Optional.of("repaired-ring"), ENTRY.containedFinding("repaired", Params.of(ring)));
        ring.put("flows", "1-2,2-3,3-0,0-1");
        assertEquals(Optional.empty(), ENTRY.containedFinding("repaired", Params.of(ring)));
    }

    @Test
    void noSymmetryMapsALongFlowOntoAShortOne() {
        // both flows long: no renaming maps the finding's short message onto either
        Map<String, String> at = repaired(Map.of("flows", "0-1L,1-0L", "packets", "3", "tokens", "1")).parameters();
        assertEquals(Optional.empty(), ENTRY.containedFinding("repaired", Params.of(at)));
    }
}
