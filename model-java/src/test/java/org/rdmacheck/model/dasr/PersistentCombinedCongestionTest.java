package org.rdmacheck.model.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Transition;

/** Exact rate units of the persistent network and the first window ends of the closed loop. */
class PersistentCombinedCongestionTest {

    @Test
    void unitsMakeEveryShareAnInteger() {
        int[][] expected = {{2, 4, 1}, {3, 12, 2}, {4, 24, 3}};
        for (int[] e : expected) {
            PersistentCombinedCongestion p = new PersistentCombinedCongestion(e[0]);
            assertEquals(e[1], p.lineRate(), "senders=" + e[0]);
            assertEquals(e[2], p.bottleneck(), "senders=" + e[0]);
            int shares = 0;
            for (int s = 0; s < e[0]; s++) {
                shares += p.dcqcnShare(s);
            }
            assertEquals(p.lineRate(), shares, "max-min shares fill the receiver link");
        }
    }

    @Test
    void lineRateSendersSeeReceiverCongestionThenTheApportionedRatesFallBelowLineRate() {
        DartReceiverModel m = new DartReceiverModel(new DartConfig(2, 1, 1, 0, false,
                Design.paper().withNetwork(Design.Network.PERSISTENT_COMBINED)));
        PersistentCombinedCongestion net = new PersistentCombinedCongestion(2);
        DartState s = m.initialStates().get(0);
        List<Observation> seen = new ArrayList<>();
        List<CongestionState> modes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            seen.add(net.observe(s));
            List<Transition<DartState>> ts = new ArrayList<>();
            m.successors(s, ts::add);
            assertEquals(1, ts.size());
            s = ts.get(0).next();
            modes.add(s.mode());
        }
        assertEquals(List.of(new Observation(true, true), new Observation(true, true), new Observation(true, false),
                new Observation(true, false), new Observation(true, true), new Observation(true, true)), seen);
        assertEquals(List.of(CongestionState.ReceiverCongestion, CongestionState.ReceiverCongestion,
                CongestionState.NonReceiverCongestion, CongestionState.NonReceiverCongestion,
                CongestionState.ReceiverCongestion, CongestionState.ReceiverCongestion), modes);
    }
}
