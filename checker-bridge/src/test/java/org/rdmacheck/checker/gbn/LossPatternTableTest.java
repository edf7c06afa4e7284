package org.rdmacheck.checker.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.TimeoutCause;
import org.rdmacheck.properties.gbn.LossPatterns;

/**
 * The loss-pattern table on small transfers: which patterns time out under each variant, and what
 * Check-EPSN rescues that Send-Twice does not (seed 002, III-C), pattern by pattern.
 */
class LossPatternTableTest {

    private static final List<GbnVariant> ALL = List.of(GbnVariant.GBN, GbnVariant.ST, GbnVariant.CE,
            GbnVariant.IMPROVED);
    private static LossPatternTable.Result twoPackets;

    @BeforeAll
    static void compute() {
        twoPackets = new LossPatternTable(Map.of("packets", "2", "messages", "1", "ackInterval", "0", "capacity", "4"),
                2, ALL, ExplorerSettings.defaults()).compute();
    }

    private static Set<String> names(List<LossPatternTable.Row> rows) {
        return rows.stream().map(r -> r.losses().toString()).collect(Collectors.toSet());
    }

    private static LossPatternTable.Column column(LossPatternTable.Result r, GbnVariant v) {
        return r.columns().stream().filter(c -> c.variant() == v).findFirst().orElseThrow();
    }

    @Test
    void oneLossTimesOutOnlyThroughTheLastPacketOrItsAckAndSendTwiceRescuesBoth() {
        LossPatternTable.Column gbn = column(twoPackets, GbnVariant.GBN);
        assertEquals(Map.of("last packet lost", 1, "last ACK lost", 1), gbn.byCause(1, LossPatterns.Outcome.EVERY));
        assertEquals(0, gbn.count(1, LossPatterns.Outcome.SOME));
        assertEquals(0, column(twoPackets, GbnVariant.ST).count(1, LossPatterns.Outcome.EVERY)
                + column(twoPackets, GbnVariant.ST).count(1, LossPatterns.Outcome.SOME));
        assertEquals(Set.of("[D1.1]", "[ACK(2)]"), names(twoPackets.rescued(GbnVariant.GBN, GbnVariant.ST).stream()
                .filter(r -> r.losses().size() == 1).toList()));
    }

    @Test
    void checkEpsnRescuesATwiceLostPacketAndALostNakThatSendTwiceDoesNot() {
        List<LossPatternTable.Row> rescued = twoPackets.rescued(GbnVariant.ST, GbnVariant.IMPROVED);
        assertEquals(Set.of("[D0.1, D0.2]", "[D0.1, NAK(0)]"), names(rescued));
        for (LossPatternTable.Row r : rescued) {
            List<TimeoutCause> causes = r.causes().get(GbnVariant.ST);
            assertTrue(causes.equals(List.of(TimeoutCause.SAME_PACKET_LOST_TWICE))
                    || causes.equals(List.of(TimeoutCause.NAK_LOST)), r + ": " + causes);
            LossPatterns.Pattern<LayoutState> p = column(twoPackets, GbnVariant.ST).pattern(r.losses()).orElseThrow();
            List<org.rdmacheck.model.Transition<LayoutState>> steps = p.trace().orElseThrow().steps();
            assertEquals("Timeout", steps.get(steps.size() - 1).action().name());
        }
        // the same two patterns under Check-EPSN alone
        assertEquals(names(rescued), names(twoPackets.rescued(GbnVariant.GBN, GbnVariant.CE)));
    }

    @Test
    void noPatternTimesOutWithAMechanismThatNeverDoesWithoutIt() {
        assertEquals(Set.of(), names(twoPackets.rescued(GbnVariant.CE, GbnVariant.GBN)));
        assertEquals(Set.of(), names(twoPackets.rescued(GbnVariant.IMPROVED, GbnVariant.ST)));
        assertEquals(Set.of(), names(twoPackets.rescued(GbnVariant.ST, GbnVariant.GBN)));
    }

    @Test
    void sendTwiceAddsPatternsOnlyThroughItsSecondCopies() {
        // a second copy exists only under Send-Twice: patterns with one are absent from gbn and ce
        for (LossPatternTable.Row r : twoPackets.rows()) {
            boolean secondCopy = r.losses().stream().anyMatch(l -> l.toString().endsWith("b"));
            if (secondCopy) {
                assertTrue(!r.outcomes().containsKey(GbnVariant.GBN) && !r.outcomes().containsKey(GbnVariant.CE), r
                        .toString());
            }
        }
    }

    /** Three packets, AckReq every second, two losses (several minutes under load). */
    @Test
    @Tag("slow")
    void threePacketsTwoLosses() {
        LossPatternTable.Result r = new LossPatternTable(Map.of("packets", "3", "messages", "1", "ackInterval", "2",
                "capacity", "4"), 2, ALL, ExplorerSettings.defaults()).compute();
        assertEquals(Set.of("[D0.1, D0.2]", "[D0.1, D1.2]", "[D0.1, NAK(0)]", "[D1.1, D1.2]", "[D1.1, NAK(1)]"),
                names(r.rescued(GbnVariant.ST, GbnVariant.IMPROVED)));
        assertEquals(Set.of(), names(r.rescued(GbnVariant.IMPROVED, GbnVariant.ST)));
        assertEquals(Set.of(), names(r.rescued(GbnVariant.CE, GbnVariant.GBN)));
        assertEquals(4, column(r, GbnVariant.IMPROVED).count(2, LossPatterns.Outcome.EVERY));
        assertEquals(0, column(r, GbnVariant.IMPROVED).count(2, LossPatterns.Outcome.SOME));
    }
}
