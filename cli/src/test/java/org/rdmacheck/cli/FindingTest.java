package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A finding's outcome follows from its expectation and its verdict's polarity. */
class FindingTest {

    private static Finding.Outcome outcome(Finding.Expectation e, Finding.Verdict v) {
        return Finding.of("m", "v", Map.of(), "P", e, v).outcome();
    }

    @Test
    void outcomeTable() {
        assertEquals(Finding.Outcome.AS_EXPECTED, outcome(Finding.Expectation.HOLDS, Finding.Verdict.VERIFIED));
        assertEquals(Finding.Outcome.UNEXPECTED, outcome(Finding.Expectation.HOLDS, Finding.Verdict.VIOLATED));
        assertEquals(Finding.Outcome.AS_EXPECTED, outcome(Finding.Expectation.FAILS, Finding.Verdict.CYCLE));
        assertEquals(Finding.Outcome.UNEXPECTED, outcome(Finding.Expectation.FAILS, Finding.Verdict.DEADLOCK_FREE));
        assertEquals(Finding.Outcome.INCONCLUSIVE, outcome(Finding.Expectation.FAILS, Finding.Verdict.INCONCLUSIVE));
        assertEquals(Finding.Outcome.UNEXPECTED, outcome(Finding.Expectation.NONE, Finding.Verdict.FAILED));
        assertEquals(Finding.Outcome.UNEXPECTED, outcome(Finding.Expectation.NONE, Finding.Verdict.DIVERGED));
        assertEquals(Finding.Outcome.AS_EXPECTED, outcome(Finding.Expectation.NONE, Finding.Verdict.MEASURED));
        assertEquals(Finding.Outcome.AS_EXPECTED, outcome(Finding.Expectation.NONE, Finding.Verdict.VIOLATED));
        assertEquals(Finding.Outcome.UNEXPECTED, outcome(Finding.Expectation.HOLDS, Finding.Verdict.MEASURED));
    }

    @Test
    void figuresKeepTheirUnitsAndOrder() {
        Finding f = Finding.of("m", "v", Map.of("b", "2", "a", "1"), "P", Finding.Expectation.NONE,
                Finding.Verdict.MEASURED).with(Quantity.of("qStar_KB", 12.5, Quantity.Unit.KILOBYTES),
                Quantity.states("distinctStates", 7));
        assertEquals(Quantity.Unit.KILOBYTES, f.quantity("qStar_KB").orElseThrow().unit());
        assertEquals("distinctStates", f.quantities().get(1).name());
        assertEquals("a", f.parameters().keySet().iterator().next());
        assertEquals(Quantity.Unit.GBPS, Quantity.Unit.ofSuffix("final_rate1_Gbps"));
    }
}
