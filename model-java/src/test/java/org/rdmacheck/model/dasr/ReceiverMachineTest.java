package org.rdmacheck.model.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Figure 5 tables are total and deterministic; the exhaustive check finds broken tables. */
class ReceiverMachineTest {

    @Test
    void bothReadingsAreTotalAndDeterministic() {
        assertEquals(List.of(), ReceiverMachine.paper().defects());
        assertEquals(List.of(), ReceiverMachine.hysteresis().defects());
        assertEquals(12, ReceiverMachine.paper().rows().size());
    }

    @Test
    void paperReadingFollowsTheObservablesOnly() {
        ReceiverMachine m = ReceiverMachine.paper();
        for (CongestionState from : CongestionState.values()) {
            assertEquals(CongestionState.NoCongestion, m.next(from, new Observation(false, true)).orElseThrow());
            assertEquals(CongestionState.ReceiverCongestion, m.next(from, new Observation(true, true)).orElseThrow());
            assertEquals(CongestionState.NonReceiverCongestion,
                    m.next(from, new Observation(true, false)).orElseThrow());
        }
        assertEquals(CongestionState.NonReceiverCongestion, ReceiverMachine.hysteresis()
                .next(CongestionState.NonReceiverCongestion, new Observation(true, true)).orElseThrow());
    }

    @Test
    void missingAndDuplicateRowsAreReported() {
        List<ReceiverMachine.Row> rows = new ArrayList<>(ReceiverMachine.paper().rows());
        ReceiverMachine.Row dropped = rows.remove(5);
        rows.add(new ReceiverMachine.Row(CongestionState.NoCongestion, new Observation(true, true),
                CongestionState.NonReceiverCongestion));
        List<String> defects = new ReceiverMachine("broken", rows).defects();
        assertEquals(2, defects.size(), defects.toString());
        assertTrue(defects.get(0).startsWith(CongestionState.NoCongestion + " x ECN,lineRate: 2")
                || defects.get(1).startsWith(CongestionState.NoCongestion + " x ECN,lineRate: 2"), defects.toString());
        assertTrue(defects.stream().anyMatch(d -> d.startsWith(dropped.from() + " x " + dropped.observation() + ": 0")),
                defects.toString());
    }
}
