package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.gbn.timed.TimedLayout;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;

/**
 * The timer properties reject the timer bugs they are for: every step of a reachable state space is
 * replayed with its successor's timer changed the way a bug would change it (the RTO armed one tick
 * short, or not lowered by a tick; the CE timer started with the full NAK interval instead of the residual T).
 */
class TimedTimerExactnessTest {

    record Step(LayoutState from, Transition<LayoutState> t) {
    }

    static List<Step> steps(TimedGoBackN m) {
        List<Step> out = new ArrayList<>();
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        ArrayDeque<LayoutState> queue = new ArrayDeque<>(m.initialStates());
        while (!queue.isEmpty()) {
            LayoutState s = queue.poll();
            m.successors(s, t -> {
                out.add(new Step(s, t));
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static ActionProperty<LayoutState> property(TimedGoBackN m, String name) {
        return (ActionProperty<LayoutState>) TimedGbnProperties.of(m).stream().filter(p -> p.name().equals(name))
                .findFirst().orElseThrow();
    }

    static LayoutState with(LayoutState s, Field f, int value) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        f.set(v, 0, value);
        return new LayoutState(s.layout(), v, 0, s.length());
    }

    static TimedGoBackN model(String variant, Map<String, String> params) {
        return TimedGbnEntry.model(variant, new TimedGbnEntry().params(variant, params));
    }

    @Test
    void rtoArmedOneTickShortOrStoppedByATickIsCaught() {
        TimedGoBackN m = model("improved", Map.of());
        TimedLayout g = m.fields();
        int rto = m.config().rtoTicks();
        ActionProperty<LayoutState> p = property(m, TimedGbnProperties.RTO_EXACT);
        int arming = 0;
        int stalled = 0;
        for (Step s : steps(m)) {
            LayoutState to = s.t().next();
            assertTrue(p.test(s.from(), s.t().action(), to), s.t().action().toString());
            if (s.from().get(g.rto) < 0 && to.get(g.rto) == rto) {
                arming++;
                assertTrue(!p.test(s.from(), s.t().action(), with(to, g.rto, rto - 1)), "one tick short");
            }
            if (s.t().action().name().equals("Tick") && s.from().get(g.rto) > 0 && to.get(g.rto) >= 0) {
                stalled++;
                assertTrue(!p.test(s.from(), s.t().action(), with(to, g.rto, s.from().get(g.rto))), "tick lost");
            }
        }
        assertTrue(arming > 0 && stalled > 0);
    }

    @Test
    void ceStartedWithTheFullIntervalIsCaughtWhereTheResidualIsShorter() {
        // three packets a message: the second packet's gap NAK starts the interval before the last arrives
        TimedGoBackN m = model("improved", Map.of("packets", "3"));
        TimedLayout g = m.fields();
        int full = m.config().nakTicks();
        ActionProperty<LayoutState> p = property(m, TimedGbnProperties.CE_AT_NAK_INTERVAL_END);
        int shorter = 0;
        for (Step s : steps(m)) {
            LayoutState to = s.t().next();
            assertTrue(p.test(s.from(), s.t().action(), to), s.t().action().toString());
            if (TimedGbnProperties.recordsLpsn(g, m.config().protocol(), s.from(), s.t().action())
                    && to.get(g.ce) < full) {
                shorter++;
                assertTrue(!p.test(s.from(), s.t().action(), with(to, g.ce, full)));
            }
        }
        assertTrue(shorter > 0);
        assertEquals(full, m.config().nakTicks());
    }
}
