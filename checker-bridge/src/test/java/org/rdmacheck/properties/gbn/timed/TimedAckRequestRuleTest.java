package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The ACK-request rule of {@code gbn-timed}: where a message's first packet that requests an ACK
 * lies beyond the window, no message completes, and the properties the stall implies are expected
 * to fail. At each configuration below the check violates exactly what the rules expect (this one,
 * the loss-budget rule and the stored findings), nothing more and nothing less.
 */
class TimedAckRequestRuleTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();

    private static Set<String> violated(CheckSpec<?> spec) {
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withStopAtFirstViolation(false)
                .withProgress(0, x -> { })).check(spec);
        assertTrue(r.complete());
        Set<String> v = new TreeSet<>();
        for (CheckResult c : r.results()) {
            if (c instanceof CheckResult.Violated) {
                v.add(c.property());
            }
        }
        return v;
    }

    @TestFactory
    Stream<DynamicTest> aWindowBelowTheFirstAckRequestFailsExactlyAsExpected() {
        return Stream.of(
                new Object[] {"gbn", Map.of("packets", "5")},
                new Object[] {"gb0", Map.of("packets", "5")},
                new Object[] {"st", Map.of("packets", "5")},
                new Object[] {"ce", Map.of("packets", "5")},
                new Object[] {"improved", Map.of("packets", "5")},
                new Object[] {"gbn", Map.of("packets", "5", "losses", "0")},
                new Object[] {"gbn", Map.of("packets", "5", "timeout", "0")},
                new Object[] {"gbn", Map.of("packets", "5", "messages", "1")},
                new Object[] {"gbn", Map.of("packets", "5", "netDuplicates", "1")},
                new Object[] {"gbn", Map.of("packets", "6", "ackInterval", "5", "messages", "1")},
                // the rule does not apply: a window reaches an AckReq
                new Object[] {"gbn", Map.of("packets", "5", "window", "5", "psnBits", "4")})
                .map(c -> DynamicTest.dynamicTest(c[0] + " " + c[1], () -> {
                    @SuppressWarnings("unchecked")
                    CheckSpec<?> spec = ENTRY.build((String) c[0], Params.of((Map<String, String>) c[1]));
                    assertEquals(new TreeSet<>(spec.expectedViolations()), violated(spec));
                }));
    }

    @Test
    void theRuleAppliesExactlyWhereNoWindowReachesAnAckRequest() {
        assertTrue(rule(Map.of()).isEmpty());
        assertTrue(rule(Map.of("packets", "4")).isEmpty());
        assertEquals(Set.of(TimedGbnProperties.PROGRESS, TimedGbnProperties.NO_TIMEOUT,
                TimedGbnProperties.WITHIN_K_RTOS, TimedGbnProperties.RETRANSMISSION_BOUND,
                TimedGbnProperties.NO_STALLED_GAP), rule(Map.of("packets", "5")).keySet());
        // GoodputBound is a figure asked for: the rule expects it only where a bound is asked
        assertTrue(rule(Map.of("packets", "5", "goodput", "33")).containsKey(TimedGbnProperties.GOODPUT));
        // an interval within the window lets the message complete; one beyond it does not
        assertTrue(rule(Map.of("packets", "8", "ackInterval", "4")).isEmpty());
        assertTrue(rule(Map.of("packets", "5", "ackInterval", "2")).isEmpty());
        assertEquals(5, rule(Map.of("packets", "6", "ackInterval", "5")).size());
        assertTrue(rule(Map.of("packets", "5", "window", "5", "psnBits", "4")).isEmpty());
        // no loss and no reordering: no gap to stall; no RTO: the full window stops the sender
        assertTrue(!rule(Map.of("packets", "5", "losses", "0")).containsKey(TimedGbnProperties.NO_STALLED_GAP));
        assertEquals(Set.of(TimedGbnProperties.PROGRESS, "DeadlockFree"),
                rule(Map.of("packets", "5", "timeout", "0")).keySet());
        // the expectation note names the rule
        String notes = String.join("\n", ENTRY.expectationNotes(ENTRY.build("gbn", Params.of(Map.of("packets", "5")))));
        assertTrue(notes.contains("the ACK-request rule") && notes.contains("packet 5 of 5"), notes);
    }

    @Test
    void aKnockOutOfTheAckRequestIsNotExpected() {
        // the rule reads the parameters: with AckReq knocked out at the default 2-packet messages it does
        // not apply, and the knock-out's stall stays unexpected
        CheckSpec<?> spec = ENTRY.build("gbn", Params.of(Map.of("losses", "0", "knockout", "ack-request")));
        assertTrue(!spec.mustFail(TimedGbnProperties.PROGRESS));
    }

    private static Map<String, String> rule(Map<String, String> params) {
        return TimedGbnEntry.ackRequestRule(TimedGbnEntry.model("gbn", ENTRY.resolve("gbn", Params.of(params)))
                .config());
    }
}
