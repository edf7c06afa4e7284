package org.rdmacheck.model.dasr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.LayoutState;

/** The rate grid, DCQCN's reaction point on it, and the first windows of the persistent loop. */
class RateLoopTest {

    private static final DcqcnGrid GRID = DcqcnGrid.faithful(12);

    @Test
    void unitsMakeEveryShareAnInteger() {
        int[][] expected = {{2, 4, 1}, {3, 12, 2}, {4, 24, 3}};
        for (int[] e : expected) {
            RateLoop loop = new RateLoop(e[0], true, 0, 36);
            assertEquals(e[1], loop.lineRate(), "senders=" + e[0]);
            assertEquals(e[2], loop.bottleneck(), "senders=" + e[0]);
            int shares = 0;
            for (int s = 0; s < e[0]; s++) {
                shares += loop.maxMinShare(s);
            }
            assertEquals(loop.lineRate(), shares, "max-min shares fill the receiver link");
        }
    }

    @Test
    void dcqcnConstantsOnTheTwelveUnitGrid() {
        assertEquals(83, GRID.aiCredits(), "3.33 Gb/s per unit over R_AI = 40 Mb/s");
        assertEquals(36, GRID.bcWindows(), "10 MB over 275 KB per 55 us window at 40 Gb/s");
    }

    /** eq. (1) with alpha = 1 halves R_C; fast recovery (eq. (3)) regains R_T within F = 5 windows. */
    @Test
    void cutThenFastRecoveryWithinFWindows() {
        ReactionPoint r = ReactionPoint.start(GRID).cut();
        assertEquals(new ReactionPoint(6, 12, 4, 0, 0), r);
        List<Integer> rc = new ArrayList<>();
        for (int w = 0; w < DcqcnGrid.F; w++) {
            r = r.quietWindow(GRID);
            rc.add(r.rc());
        }
        assertEquals(List.of(9, 11, 12, 12, 12), rc);
        assertEquals(12, r.rt(), "no additive increase during fast recovery");
    }

    /**
     * After fast recovery R_T rises one unit per 83 R_AI credits (eq. (4)): one per timer event
     * (windows 6..86) and one per byte-counter event (windows 36 and 72).
     */
    @Test
    void additiveIncreaseTakesAsManyWindowsAsDcqcn() {
        ReactionPoint r = new ReactionPoint(6, 6, 4, 0, 0);
        int windows = 0;
        while (r.rt() == 6) {
            r = r.quietWindow(GRID);
            windows++;
        }
        assertEquals(DcqcnGrid.F + 83 - 2, windows);
    }

    /** Alpha decays one quarter per 64 CNP-free windows, down to 1/4. */
    @Test
    void alphaDecaysToItsFloor() {
        ReactionPoint r = new ReactionPoint(1, 1, 4, 0, 0);
        for (int w = 0; w < 64 * 5; w++) {
            r = r.quietWindow(GRID);
            if (r.since() == 64) {
                assertEquals(3, r.alpha());
            }
        }
        assertEquals(DcqcnGrid.ALPHA_FLOOR, r.alpha());
        assertEquals(new ReactionPoint(7, 8, 1, 0, r.credit()), new ReactionPoint(8, 8, 1, 5, r.credit()).cut());
    }

    /** Line-rate senders: the first window overloads everything (all marked, ECN at line rate). */
    @Test
    void firstWindowsOfTheLoop() {
        DartReceiverModel m = new DartReceiverModel(new DartConfig(3, 1, 1, 0, false,
                Design.paper().withNetwork(Design.Network.PERSISTENT_COMBINED)));
        RateLoop loop = m.loop().orElseThrow();
        LayoutState s = m.initialStates().get(0);
        int[] v = DartReceiverModel.values(s);
        assertArrayEquals(new int[] {0b111}, loop.markings(m.rates(v, 0)));
        List<Transition<LayoutState>> ts = new ArrayList<>();
        m.successors(s, ts::add);
        assertEquals(1, ts.size());
        LayoutState rc = ts.get(0).next();
        int[] w = DartReceiverModel.values(rc);
        assertEquals(CongestionState.ReceiverCongestion.ordinal(), rc.get(m.fields().mode));
        assertArrayEquals(new int[] {4, 4, 4}, m.rates(w, 0));
        assertEquals(12, rc.get(m.fields().rc[1]), "marks suppressed in RC: no CNP");
        assertArrayEquals(new int[] {0b001}, loop.markings(m.rates(w, 0)), "only the bottleneck is overloaded");
        assertTrue(m.symmetry().isPresent());
    }
}
