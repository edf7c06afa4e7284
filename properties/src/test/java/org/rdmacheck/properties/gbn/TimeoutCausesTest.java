package org.rdmacheck.properties.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.gbn.TimeoutCause;

class TimeoutCausesTest {

    private static List<TimeoutPattern> patterns(String variant, int losses, String duplicates) {
        GbnEntry e = new GbnEntry();
        GoBackN m = GbnEntry.model(variant, e.resolve(Params.of(Map.of("losses", Integer.toString(losses),
                "duplicates", duplicates))));
        return TimeoutCauses.analyse(m);
    }

    private static Set<String> losses(List<TimeoutPattern> ps) {
        return ps.stream().map(p -> p.losses().toString()).collect(Collectors.toSet());
    }

    @Test
    void aSearchStoppedByItsLimitThrowsInsteadOfReturningPartialPatterns() {
        GbnEntry e = new GbnEntry();
        GoBackN m = GbnEntry.model("improved", e.resolve(Params.of(Map.of("losses", "2"))));
        long[] asked = {0};
        FirstTimeoutSearch.LimitReachedException x = org.junit.jupiter.api.Assertions.assertThrows(
                FirstTimeoutSearch.LimitReachedException.class, () -> TimeoutCauses.analyse(m, visited -> {
                    asked[0] = visited;
                    return visited >= 2_000 ? java.util.Optional.of(new FirstTimeoutSearch.Reached(
                            FirstTimeoutSearch.LimitKind.STATE_LIMIT, "stop at " + visited)) : java.util.Optional.empty();
                }));
        assertTrue(x.getMessage().startsWith("stop at "), x.getMessage());
        org.junit.jupiter.api.Assertions.assertEquals(FirstTimeoutSearch.LimitKind.STATE_LIMIT, x.kind());
        assertTrue(asked[0] >= 2_000, "asked with the pairs visited: " + asked[0]);
        // without a limit the same search finishes
        assertFalse(TimeoutCauses.analyse(m).isEmpty());
    }

    @Test
    void noLossNoTimeout() {
        for (String v : List.of("gb0", "gbn", "st", "ce", "improved")) {
            assertTrue(patterns(v, 0, "ack").isEmpty(), v);
        }
    }

    @Test
    void goBackNTimesOutOnLastPacketOrLastAck() {
        List<TimeoutPattern> ps = patterns("gbn", 1, "ack");
        assertEquals(Set.of("[DATA(2)]", "[ACK(3)]"), losses(ps));
        for (TimeoutPattern p : ps) {
            assertEquals(p.losses().get(0).channel().equals("DATA") ? List.of(TimeoutCause.LAST_PACKET_LOST)
                    : List.of(TimeoutCause.LAST_ACK_LOST), p.causes());
            assertEquals("Timeout", p.trace().get(p.trace().size() - 1).action().name());
        }
    }

    @Test
    void sendTwiceSurvivesOneLossButNotTwo() {
        assertTrue(patterns("st", 1, "ack").isEmpty());
        assertTrue(patterns("improved", 1, "ack").isEmpty());
        List<TimeoutPattern> st = patterns("st", 2, "ack");
        assertTrue(losses(st).contains("[DATA(0), NAK(0)]"), losses(st).toString());
        // a new cause: two different packets, the second lost while the NAK interval runs
        assertTrue(st.stream().anyMatch(p -> p.isNewCause() && p.losses().toString().equals("[DATA(0), DATA(1)]")));
    }

    @Test
    void improvedTimesOutOnlyOnDoubleLossesAtTheEnd() {
        List<TimeoutPattern> ps = patterns("improved", 2, "ack");
        assertEquals(Set.of("[DATA(2), DATA(2)]", "[ACK(3), ACK(3)]", "[ACK(3), DATA(2)]"), losses(ps));
        for (TimeoutPattern p : ps) {
            assertFalse(p.isNewCause());
            assertFalse(p.causes().contains(TimeoutCause.NAK_LOST));
        }
    }

    @Test
    void ignoringDuplicatesDefeatsSendTwice() {
        assertEquals(Set.of("[ACK(3)]"), losses(patterns("improved", 1, "ignore")));
    }
}
