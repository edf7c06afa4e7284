package org.rdmacheck.checker.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;

/**
 * Go-Back-N over a network that reorders by at most d positions: d = 0 is FIFO again, d = 1 keeps
 * in-order delivery (the receiver's sequence check) but lets one loss force the RTO (Check-EPSN's
 * EPSN &lt; LPSN test stops its timer once the overtaken packet fills the gap).
 */
class TimedReorderTest {

    @Test
    void displacementZeroIsFifo() {
        ExplorationReport fifo = explore("improved", Map.of());
        ExplorationReport d0 = explore("improved", Map.of("reorder", "true", "displacement", "0"));
        assertEquals(fifo.stats().distinctStates(), d0.stats().distinctStates());
        assertInstanceOf(CheckResult.Verified.class, d0.result(TimedGbnProperties.NO_TIMEOUT));
    }

    @Test
    void oneOvertakenPacketAndOneLossForceTheRtoButNotDisorder() {
        ExplorationReport d1 = explore("improved-reorder", Map.of());
        assertEquals(22_513, d1.stats().distinctStates());
        assertInstanceOf(CheckResult.Violated.class, d1.result(TimedGbnProperties.NO_TIMEOUT));
        assertInstanceOf(CheckResult.Violated.class, d1.result(TimedGbnProperties.NO_REDUNDANT_NAK));
        assertInstanceOf(CheckResult.Verified.class, d1.result(TimedGbnProperties.IN_ORDER));
        assertInstanceOf(CheckResult.Verified.class, d1.result(TimedGbnProperties.NO_PSN_CONFUSION));
        assertInstanceOf(CheckResult.Verified.class, d1.result(TimedGbnProperties.NO_STALLED_GAP));
    }

    @Test
    void inOrderDeliveryRestsOnTheWindowNotOnTheDisplacement() {
        for (String d : new String[] {"0", "1", "4096"}) {
            Map<String, String> p = Map.of("psnBits", "3", "packets", "6", "messages", "1", "reorder", "true",
                    "displacement", d);
            ExplorationReport half = explore("improved", with(p, "window", "4"));
            assertInstanceOf(CheckResult.Verified.class, half.result(TimedGbnProperties.IN_ORDER), "d=" + d);
            assertInstanceOf(CheckResult.Verified.class, half.result(TimedGbnProperties.NO_PSN_CONFUSION), "d=" + d);
            ExplorationReport more = explore("improved", with(p, "window", "5"));
            assertInstanceOf(CheckResult.Violated.class, more.result(TimedGbnProperties.NO_PSN_CONFUSION), "d=" + d);
        }
    }

    private static Map<String, String> with(Map<String, String> base, String k, String v) {
        Map<String, String> m = new java.util.LinkedHashMap<>(base);
        m.put(k, v);
        return m;
    }

    private static ExplorationReport explore(String variant, Map<String, String> params) {
        var spec = new TimedGbnEntry().build(variant, Params.of(params));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withStopAtFirstViolation(false)
                .withProgress(0, x -> { })).check(spec);
        assertEquals(true, r.complete());
        return r;
    }
}
