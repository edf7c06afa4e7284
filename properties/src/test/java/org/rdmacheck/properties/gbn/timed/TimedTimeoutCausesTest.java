package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rdmacheck.model.gbn.TimeoutCause.LAST_ACK_LOST;
import static org.rdmacheck.model.gbn.TimeoutCause.LAST_PACKET_LOST;
import static org.rdmacheck.model.gbn.TimeoutCause.NAK_LOST;
import static org.rdmacheck.model.gbn.TimeoutCause.NAK_SUPPRESSED;
import static org.rdmacheck.model.gbn.TimeoutCause.PREMATURE_EXPIRY;
import static org.rdmacheck.model.gbn.TimeoutCause.SAME_PACKET_LOST_TWICE;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.gbn.TimeoutCause;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;

/** One cause per first timeout, at the defaults of gbn-timed (2 messages x 2 packets, RTO 16 ticks). */
class TimedTimeoutCausesTest {

    static TimedTimeoutCauses.Analysis analyse(String variant, int losses) {
        TimedGbnEntry e = new TimedGbnEntry();
        TimedGoBackN m = TimedGbnEntry.model(variant, e.params(variant, Map.of("losses", Integer.toString(losses))));
        return TimedTimeoutCauses.analyse(m);
    }

    @Test
    void oneLossTimesOutGoBackNButNotSendTwice() {
        assertEquals(Map.of(LAST_PACKET_LOST, 1, LAST_ACK_LOST, 1), analyse("gbn", 1).counts());
        assertEquals(Map.of(LAST_PACKET_LOST, 1, LAST_ACK_LOST, 1), analyse("ce", 1).counts());
        assertEquals(Map.<TimeoutCause, Integer>of(), analyse("st", 1).counts());
        assertEquals(Map.<TimeoutCause, Integer>of(), analyse("improved", 1).counts());
    }

    @Test
    void twoLossesShowAllFourSeedCausesAndTheSuppressedNakUnderSendTwice() {
        assertEquals(Map.of(LAST_PACKET_LOST, 1, LAST_ACK_LOST, 2, NAK_LOST, 2, SAME_PACKET_LOST_TWICE, 3,
                NAK_SUPPRESSED, 2), analyse("st", 2).counts());
        // Check-EPSN repairs the NAK causes: only the last packet (both copies) and the last ACK remain
        TimedTimeoutCauses.Analysis improved = analyse("improved", 2);
        assertEquals(Map.of(LAST_PACKET_LOST, 1, LAST_ACK_LOST, 2), improved.counts());
        assertEquals(java.util.List.of("DATA_LOST(3)", "DATA_LOST(3)"), improved.examples().get(LAST_PACKET_LOST).events());
    }

    @Test
    void anRtoBelowTheRoundTripExpiresWithoutAnyLoss() {
        TimedTimeoutCauses.Analysis a = analyse("improved-short-rto", 0);
        assertEquals(Map.of(PREMATURE_EXPIRY, 8), a.counts());
        assertEquals("Timeout", a.examples().get(PREMATURE_EXPIRY).trace().get(4).action().name());
    }
}
