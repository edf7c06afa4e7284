package org.rdmacheck.cli.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.GbnEntry;
import org.rdmacheck.properties.gbn.GbnProperties;

class GbnCheckTest {

    static ExplorationReport check(String variant, Map<String, String> params) {
        CheckSpec<?> spec = new GbnEntry().build(variant, Params.of(params));
        return new Explorer(ExplorerSettings.defaults().withThreads(2)).check(spec);
    }

    static void assertAsExpected(String variant, Map<String, String> params) {
        CheckSpec<?> spec = new GbnEntry().build(variant, Params.of(params));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(2)).check(spec);
        assertEquals(true, r.complete(), r.stopReason());
        for (CheckResult c : r.results()) {
            Class<?> want = spec.mustFail(c.property()) ? CheckResult.Violated.class : CheckResult.Verified.class;
            assertInstanceOf(want, c, variant + " " + params + " " + c.property());
        }
    }

    @ParameterizedTest
    @CsvSource({"gbn,0,14", "gbn,1,272", "gbn,2,1534", "gb0,1,280", "st,1,943", "st,2,5322", "ce,1,16002",
        "improved,1,10403", "improved,2,41639"})
    void everyVariantAsExpectedWithStateCounts(String variant, String losses, long states) {
        Map<String, String> p = Map.of("losses", losses);
        assertAsExpected(variant, p);
        assertEquals(states, check(variant, p).stats().distinctStates());
    }

    @Test
    void ignoringDuplicatesLosesCompletion() {
        ExplorationReport r = check("improved", Map.of("duplicates", "ignore"));
        assertInstanceOf(CheckResult.Violated.class, r.result(GbnProperties.PROGRESS));
        assertInstanceOf(CheckResult.Violated.class, r.result(GbnProperties.NO_TIMEOUT));
        assertInstanceOf(CheckResult.Verified.class, r.result(GbnProperties.IN_ORDER));
        assertAsExpected("gbn", Map.of("duplicates", "ignore"));
    }

    @Test
    void severalMessagesAndAckIntervals() {
        assertAsExpected("improved", Map.of("messages", "2", "packets", "2", "ackInterval", "0"));
        assertAsExpected("ce", Map.of("packets", "1", "capacity", "2"));
    }
}
