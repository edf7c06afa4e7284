package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;

/**
 * NoPauseFlapping's PAUSE half, which no option of the model removes (structural: the pause bit is
 * set exactly when a buffer reaches xoff), fails on a planted step, as the twin's does in
 * MutatedSpecTest: over every step of the twin's {@code pfc-hysteresis-two} configuration (one 2-packet
 * message, xoff 3, one background packet, resume at 1; 383 states) the property holds, and the same
 * step with a buffer that holds xoff - 1 packets after it paused one packet early, or a paused buffer
 * that holds xon + 1 resumed one packet late, is rejected.
 */
class NoPauseFlappingPlantTest {

    @Test
    @SuppressWarnings("unchecked")
    void aPauseOnePacketEarlyOrAResumeOnePacketLateFails() {
        FabricEntry entry = new FabricEntry();
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) entry.build("repaired", Params.of(Map.of("flows", "0-1",
                "packets", "2", "tokens", "2", "failures", "0", "xoff", "3", "background", "1", "pfc-hysteresis", "2")));
        NetworkModel m = (NetworkModel) spec.model();
        NetworkLayout g = m.fields();
        int xoff = m.config().xoff();
        int xon = m.config().xon();
        ActionProperty<LayoutState> p = (ActionProperty<LayoutState>) spec.properties().stream()
                .filter(x -> x.name().equals(FabricProperties.NO_PAUSE_FLAPPING)).findFirst().orElseThrow();
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        Deque<LayoutState> todo = new ArrayDeque<>(m.initialStates());
        int steps = 0;
        int pauses = 0;
        int early = 0;
        int late = 0;
        while (!todo.isEmpty()) {
            LayoutState s = todo.poll();
            List<Transition<LayoutState>> ts = new ArrayList<>();
            m.successors(s, ts::add);
            for (Transition<LayoutState> t : ts) {
                steps++;
                LayoutState to = t.next();
                assertTrue(p.test(s, t.action(), to), "the model's own step " + t.action());
                int[] v = new int[to.length()];
                for (int b = 0; b < g.paused.length; b++) {
                    if (g.buffers[b] == null) {
                        continue;
                    }
                    int n = m.occupancy(values(to), 0, m.net().bufArc(b >> 1), b & 1);
                    boolean was = g.paused[b].is(values(s), 0);
                    boolean is = g.paused[b].is(values(to), 0);
                    pauses += !was && is ? 1 : 0;
                    if (!was && !is && n == xoff - 1 || was && is && n == xon + 1) {
                        to.copyTo(v, 0);
                        g.paused[b].set(v, 0, is ? 0 : 1);
                        LayoutState planted = new LayoutState(to.layout(), v.clone(), 0, v.length);
                        assertFalse(p.test(s, t.action(), planted), "planted at buffer " + b + " after "
                                + t.action() + " (" + n + " packets)");
                        early += is ? 0 : 1;
                        late += is ? 1 : 0;
                    }
                }
                if (seen.add(to)) {
                    todo.add(to);
                }
            }
        }
        assertEquals(383, seen.size(), "the twin's pfc-hysteresis-two");
        assertTrue(pauses > 0 && early > 0 && late > 0, steps + " steps, " + pauses + " pauses, " + early
                + " planted early pauses, " + late + " planted late resumes");
    }

    private static int[] values(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        return v;
    }
}
