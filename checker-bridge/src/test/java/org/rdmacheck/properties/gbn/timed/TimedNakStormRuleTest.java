package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;

/**
 * The NAK-interval rule of {@code gbn-timed} (docs/gbn.md, "Timers that matter", row T vs RTT):
 * a NAK interval no longer than the round trip (2 × delayMax ticks) is a NAK storm, and the check
 * expects NoRedundantNak, NoSpuriousRetransmission and RetransmissionBound (more go-backs than
 * losses) to fail; one tick above the round trip all three hold and none is expected to fail. Along each of the two parameters.
 */
class TimedNakStormRuleTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();
    private static final Set<String> STORM = Set.of(TimedGbnProperties.NO_REDUNDANT_NAK,
            TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION, TimedGbnProperties.RETRANSMISSION_BOUND);

    @ParameterizedTest(name = "improved {0}={1}: storm {2}")
    @CsvSource({"delayMax, 3, true", "delayMax, 2, false", "nakInterval, 3, true", "nakInterval, 4, true",
        "nakInterval, 5, false"})
    void theRuleSaysWhereTheStormIsAndTheCheckerAgrees(String param, String value, boolean storm) {
        CheckSpec<?> spec = ENTRY.build("improved", Params.of(Map.of(param, value)));
        assertEquals(storm ? STORM : Set.of(), spec.expectedViolations(), param + "=" + value);
        assertEquals(storm ? STORM.size() : 0, ENTRY.expectationNotes(spec).stream()
                .filter(n -> n.contains("NAK-interval rule")).count());
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withStopAtFirstViolation(false)
                .withProgress(0, x -> { })).check(spec.withoutProgress());
        assertTrue(r.complete());
        for (String p : STORM) {
            Class<? extends CheckResult> verdict = storm ? CheckResult.Violated.class : CheckResult.Verified.class;
            assertInstanceOf(verdict, r.result(p), param + "=" + value + ": " + p);
        }
    }

    @org.junit.jupiter.api.Test
    void theRuleClaimsNothingOutsideItsMeasuredShapeOrWithoutLoss() {
        assertEquals(Set.of(), ENTRY.build("improved", Params.of(Map.of("delayMax", "3", "losses", "0")))
                .expectedViolations());
        assertTrue(!ENTRY.build("improved", Params.of(Map.of("delayMax", "3", "packets", "3"))).expectedViolations()
                .contains(TimedGbnProperties.NO_REDUNDANT_NAK));
    }
}
