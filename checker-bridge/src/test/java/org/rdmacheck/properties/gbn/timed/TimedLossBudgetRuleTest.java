package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;

/**
 * The loss-budget rule of {@code gbn-timed} (seed 002's own argument, as {@code gbn} states it):
 * at L = 1 and 2, for each of the paper's five schemes, the properties the rule flips
 * (NoTimeout, NoStalledGap, CompletionWithinKRtos) are violated exactly where it says.
 */
class TimedLossBudgetRuleTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();
    private static final Set<String> RULED = Set.of(TimedGbnProperties.NO_TIMEOUT, TimedGbnProperties.NO_STALLED_GAP,
            TimedGbnProperties.WITHIN_K_RTOS);

    @TestFactory
    Stream<DynamicTest> theRuleSaysWhichOfItsPropertiesFail() {
        return Stream.of("gbn", "gb0", "st", "ce", "improved").flatMap(v -> Stream.of(1, 2).map(l ->
                DynamicTest.dynamicTest(v + " L=" + l, () -> {
                    CheckSpec<?> spec = ENTRY.build(v, Params.of(Map.of("losses", String.valueOf(l))));
                    ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1)
                            .withProgress(0, x -> { })).check(spec.withoutProgress());
                    assertTrue(r.complete());
                    Set<String> violated = new TreeSet<>();
                    Set<String> expected = new TreeSet<>();
                    for (String p : RULED) {
                        if (r.result(p) instanceof CheckResult.Violated) {
                            violated.add(p);
                        }
                        if (spec.mustFail(p)) {
                            expected.add(p);
                        }
                    }
                    assertEquals(expected, violated, v + " L=" + l);
                })));
    }

    @Test
    void theCorrectDesignAtTwoLossesExpectsTheTimeoutBothCopiesOfTheLastPacketCause() {
        CheckSpec<?> spec = ENTRY.build("improved", Params.of(Map.of("losses", "2")));
        assertEquals(Set.of(TimedGbnProperties.NO_TIMEOUT), spec.expectedViolations());
        List<String> notes = ENTRY.expectationNotes(spec);
        assertEquals(1, notes.size());
        assertTrue(notes.get(0).contains("Send-Twice sends the last packet twice"), notes.get(0));
        // at its defaults (L = 1) nothing is ruled
        assertEquals(Set.of(), ENTRY.build("improved", Params.empty()).expectedViolations());
        // three losses: a gap and both copies of the last packet, which Check-EPSN never saw
        assertTrue(ENTRY.build("improved", Params.of(Map.of("losses", "3"))).mustFail(TimedGbnProperties.NO_STALLED_GAP));
        // unless the network spares last packets: then Check-EPSN's own retries are what is checked
        assertEquals(Set.of(TimedGbnProperties.NO_TIMEOUT), ENTRY.build("improved", Params.of(Map.of("losses", "3",
                "lastPacketLoss", "false"))).expectedViolations());
    }
}
