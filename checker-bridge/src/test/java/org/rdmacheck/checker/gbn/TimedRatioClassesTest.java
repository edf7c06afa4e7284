package org.rdmacheck.checker.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;

/**
 * The ratio classes of docs/gbn.md: each boundary between two orders of the round trip, the NAK
 * interval, the ACK interval, the transfer's duration and the RTO changes a verdict of the timed
 * model, on both sides of the boundary.
 */
class TimedRatioClassesTest {

    private static final ModelEntry GBN = new TimedGbnEntry();

    @Test
    void aNakIntervalNotAboveTheRoundTripMakesANakStorm() {
        // RTT = 2 delayMax: the boundary moves with the delay
        for (int delayMax : new int[] {2, 3}) {
            Map<String, String> p = Map.of("delayMax", String.valueOf(delayMax), "timeout", "3");
            String atRtt = String.valueOf(2 * delayMax);
            String above = String.valueOf(2 * delayMax + 1);
            assertInstanceOf(CheckResult.Violated.class, result("improved", with(p, "nakInterval", atRtt),
                    TimedGbnProperties.NO_REDUNDANT_NAK), "T = RTT, delayMax " + delayMax);
            assertInstanceOf(CheckResult.Violated.class, result("improved", with(p, "nakInterval", atRtt),
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION), "T = RTT, delayMax " + delayMax);
            assertInstanceOf(CheckResult.Verified.class, result("improved", with(p, "nakInterval", above),
                    TimedGbnProperties.NO_REDUNDANT_NAK), "T > RTT, delayMax " + delayMax);
            assertInstanceOf(CheckResult.Verified.class, result("improved", with(p, "nakInterval", above),
                    TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION), "T > RTT, delayMax " + delayMax);
        }
    }

    @Test
    void theRtoRestartMattersOnlyBelowTheTransfersDuration() {
        Map<String, String> p = Map.of("losses", "0", "packets", "4", "window", "8",
                ModelEntry.KNOCKOUT_PARAM, "rto-restart");
        assertInstanceOf(CheckResult.Violated.class, result("gbn", with(p, "timeout", "1"),
                TimedGbnProperties.NO_PREMATURE_TIMEOUT), "RTO 8 ticks < 8 packets + RTT");
        assertInstanceOf(CheckResult.Verified.class, result("gbn", with(p, "timeout", "2"),
                TimedGbnProperties.NO_PREMATURE_TIMEOUT), "RTO 16 ticks > 8 packets + RTT");
    }

    @Test
    void anRtoBelowTheAckIntervalIsPrematureEvenWithItsRestart() {
        Map<String, String> p = Map.of("losses", "0", "packets", "8", "messages", "1", "window", "8", "psnBits", "4",
                "timeout", "1");
        assertInstanceOf(CheckResult.Violated.class, result("gbn", with(p, "ackInterval", "0"),
                TimedGbnProperties.NO_PREMATURE_TIMEOUT), "one ACK per 8 packets");
        assertInstanceOf(CheckResult.Verified.class, result("gbn", with(p, "ackInterval", "4"),
                TimedGbnProperties.NO_PREMATURE_TIMEOUT), "an ACK per 4 packets");
    }

    @Test
    void anRtoBelowTwoNakIntervalsCutsCheckEpsnsSecondTryOff() {
        Map<String, String> p = Map.of("losses", "3", "lastPacketLoss", "false");
        assertInstanceOf(CheckResult.Violated.class, result("improved", with(p, "timeout", "2"),
                TimedGbnProperties.NO_STALLED_GAP), "RTO 16 ticks");
        assertInstanceOf(CheckResult.Verified.class, result("improved", with(p, "timeout", "3"),
                TimedGbnProperties.NO_STALLED_GAP), "RTO 32 ticks");
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(base);
        m.put(key, value);
        return m;
    }

    private static CheckResult result(String variant, Map<String, String> params, String property) {
        CheckSpec<?> spec = GBN.build(variant, Params.of(params));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withStopAtFirstViolation(false)
                .withProgress(0, x -> { })).check(spec);
        assertEquals(true, r.complete());
        return r.result(property);
    }
}
