package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.timed.TimedLayout;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.layout.LayoutState;

/**
 * Property-based tests over random runs of the timed model (QuickTheories; fixed seed, printed on
 * failure): time never passes an urgent event, a window of at most half the PSN space is never
 * misread, and a run that completes delivered exactly the sender's packets.
 */
class TimedRandomRunPropertiesTest {

    private static final List<String> VARIANTS = List.of("gbn", "gb0", "st", "ce", "improved");

    private static TimedGoBackN model(int variant, int delayMax, int timeout, int dups, boolean reorder) {
        TimedGbnEntry e = new TimedGbnEntry();
        String v = VARIANTS.get(variant);
        return TimedGbnEntry.model(v, e.params(v, Map.of("delayMax", Integer.toString(delayMax), "timeout",
                Integer.toString(timeout), "netDuplicates", Integer.toString(dups), "reorder", Boolean.toString(reorder),
                "losses", "2", "psnBits", "3", "window", "4")));
    }

    @Test
    void randomRunsKeepTimeHonestAndPsnsRight() {
        qt().withExamples(300).withFixedSeed(20261123L)
                // shape: variant (5) x network (4: duplication budget 0/1, FIFO/reordering)
                .forAll(integers().between(0, 4 * VARIANTS.size() - 1), integers().between(1, 4),
                        integers().between(1, 3), longs().all())
                .checkAssert((shape, delayMax, timeout, seed) -> {
                    int variant = shape % VARIANTS.size();
                    int extra = shape / VARIANTS.size();
                    TimedGoBackN m = model(variant, delayMax, timeout, extra % 2, extra >= 2);
                    SplittableRandom rng = new SplittableRandom(seed);
                    LayoutState s = m.initialStates().get(0);
                    for (int step = 0; step < 2_000 && !m.isFinal(s); step++) {
                        List<Transition<LayoutState>> ts = new ArrayList<>();
                        m.successors(s, ts::add);
                        assertTrue(!ts.isEmpty(), () -> "no successor in " + ts);
                        Transition<LayoutState> t = ts.get(rng.nextInt(ts.size()));
                        if (t.action().name().equals(TimedGoBackN.RECEIVE_DATA)) {
                            assertEquals(t.action().params().get("seq"), t.action().params().get("as"), "PSN misread");
                        }
                        s = t.next();
                        TimedLayout g = m.fields();
                        for (int p : s.elements(g.data)) {
                            assertTrue(g.dataAge.of(p) <= m.config().delayMax(), "packet past its delay bound");
                        }
                        for (int r : s.elements(g.ctrl)) {
                            assertTrue(g.ctrlAge.of(r) <= m.config().delayMax(), "reply past its delay bound");
                        }
                        assertTrue(s.get(g.rto) >= -1 && s.get(g.nak) >= -1 && s.get(g.ce) >= -1,
                                "a timer ran past zero");
                    }
                    if (m.done(s)) {
                        assertEquals(m.config().total(), s.get(m.fields().good));
                    }
                });
    }
}
