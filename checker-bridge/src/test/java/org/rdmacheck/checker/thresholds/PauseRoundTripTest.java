package org.rdmacheck.checker.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The derived headroom covers the simulated worst case of one PAUSE round trip, and is not loose:
 * the simulation comes within its phase grid's resolution of it.
 */
class PauseRoundTripTest {

    @Test
    void derivedHeadroomCoversEverySimulatedRoundTripOfEveryProfile() {
        int checked = 0;
        for (String preset : SwitchSpecs.PRESETS) {
            SwitchSpec sw = SwitchSpecs.load(preset);
            if (sw.link().isEmpty()) {
                continue;
            }
            checked++;
            assertCoveredAndTight(sw.link().get(), sw.mtuBytes(), preset);
        }
        assertEquals(3, checked, "profiles with a link");
    }

    @Test
    void coversLinksOfOtherSpeedsAndLengths() {
        for (long gbps : new long[] {10, 25, 40, 100}) {
            for (String metres : new String[] {"0", "3", "300", "2000"}) {
                long bps = gbps * 1_000_000_000L;
                Link l = new Link(bps, new BigDecimal(metres), new BigDecimal("5"), Link.standardResponseQuanta(bps),
                        Link.standardInterfaceDelay(bps), 20, 64);
                assertCoveredAndTight(l, 1500, gbps + "G " + metres + " m");
                assertCoveredAndTight(l, 9216, gbps + "G " + metres + " m jumbo");
            }
        }
    }

    @Test
    void theBlockingFrameJustBegunIsTheWorstDownstreamPhase() {
        SwitchSpec sw = SwitchSpecs.load("arista-7050qx32-link");
        PauseRoundTrip.Result r = PauseRoundTrip.worstCase(sw.link().get(), sw.mtuBytes());
        assertEquals(0, r.downstreamPhase());
        assertEquals(PauseRoundTrip.DOWNSTREAM_PHASES * PauseRoundTrip.UPSTREAM_PHASES, r.runs());
    }

    private static void assertCoveredAndTight(Link l, long mtu, String what) {
        long derived = Headroom.ofLink(l, mtu).bytes();
        PauseRoundTrip.Result r = PauseRoundTrip.worstCase(l, mtu);
        assertTrue(r.worstBytes() <= derived, what + ": simulated " + r.worstBytes() + " B exceeds the derived "
                + derived + " B");
        assertTrue(r.worstBits() >= derived * 8.0 - 8 - r.resolutionBits(), what + ": simulated " + r.worstBytes()
                + " B, derived " + derived + " B: looser than the phase grid explains");
    }
}
