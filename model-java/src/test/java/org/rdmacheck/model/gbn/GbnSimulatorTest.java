package org.rdmacheck.model.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;

class GbnSimulatorTest {

    /** The exhaustive model's default shape: 3 packets, AckReq every 2 packets. */
    private static SimParams small(double loss) {
        SimParams t = SimParams.tableI();
        return new SimParams(t.bandwidthBps(), t.hopDelay(), t.hops(), 3 * 1024, 1024, t.headerBytes(), t.ctrlBytes(),
                t.rto(), 2 * 1024, t.nakInterval(), loss, t.retryCnt());
    }

    @Test
    void losslessTransferTakesSerialisationPlusOneRoundTrip() {
        SimParams p = SimParams.tableI();
        for (GbnVariant v : GbnVariant.values()) {
            MessageOutcome o = new GbnSimulator(p, v, DuplicatePolicy.ACK, NakPolicy.INTERVAL, 1).runMessage();
            double expected = p.packets() * p.dataSerialisation() + p.dataLatency() + p.ctrlLatency();
            assertEquals(expected, o.seconds(), 1e-12, v.word());
            assertTrue(o.causes().isEmpty());
            assertEquals(0, o.losses());
        }
        assertEquals(4096, p.packets());
        assertEquals(256, p.ackIntervalPackets());
    }

    @Test
    void sameSeedSameOutcomes() {
        SimParams p = SimParams.tableI().withLossRate(1e-2);
        GbnSimulator a = new GbnSimulator(p, GbnVariant.GBN, DuplicatePolicy.ACK, NakPolicy.PER_EPSN, 7);
        GbnSimulator b = new GbnSimulator(p, GbnVariant.GBN, DuplicatePolicy.ACK, NakPolicy.PER_EPSN, 7);
        for (int i = 0; i < 3; i++) {
            assertEquals(a.runMessage(), b.runMessage());
        }
    }

    /**
     * RoCE's retry_cnt: with duplicates ignored a lost last ACK is never repaired, the RTO fires
     * without end and the QP would go to the error state after retry_cnt + 1 timeouts in a row; a
     * message whose timeouts each came after forward progress never does.
     */
    @Test
    void retryCountExceededOnlyAfterMoreThanRetryCntTimeoutsWithoutProgress() {
        GbnSimulator sim = new GbnSimulator(small(0.05), GbnVariant.IMPROVED, DuplicatePolicy.IGNORE,
                NakPolicy.INTERVAL, 5);
        int errors = 0;
        for (int m = 0; m < 2_000; m++) {
            MessageOutcome o = sim.runMessage();
            if (o.causes().size() >= GbnSimulator.MAX_TIMEOUTS) {
                assertTrue(o.qpError(), "a stalled message");
            }
            if (o.causes().size() <= SimParams.tableI().retryCnt()) {
                assertTrue(!o.qpError(), "error after " + o.causes().size() + " timeouts");
            }
            errors += o.qpError() ? 1 : 0;
        }
        assertTrue(errors > 0, "no message exceeded the retry count");
        GbnSimulator ack = new GbnSimulator(small(0.05), GbnVariant.IMPROVED, DuplicatePolicy.ACK,
                NakPolicy.INTERVAL, 5);
        for (int m = 0; m < 2_000; m++) {
            assertTrue(!ack.runMessage().qpError(), "duplicates acknowledged: every timeout is repaired");
        }
    }

    /**
     * Cross-check with the exhaustive model (same shape, same rules): ST and Improved never need
     * the RTO with one loss (gbn-table: least L = 2), while Go-Back-N does.
     */
    @Test
    void simulationAgreesWithTheExhaustiveLeastLossBudget() {
        for (NakPolicy np : NakPolicy.values()) {
            for (GbnVariant v : List.of(GbnVariant.ST, GbnVariant.IMPROVED, GbnVariant.GBN)) {
                GbnSimulator sim = new GbnSimulator(small(0.05), v, DuplicatePolicy.ACK, np, 3);
                int singleLossTimeouts = 0;
                int singleLoss = 0;
                for (int m = 0; m < 4_000; m++) {
                    MessageOutcome o = sim.runMessage();
                    assertTrue(o.causes().isEmpty() || o.losses() >= 1, "a timeout without loss");
                    if (o.losses() == 1) {
                        singleLoss++;
                        singleLossTimeouts += o.causes().size();
                    }
                }
                assertTrue(singleLoss > 100, "single-loss messages " + singleLoss);
                if (v == GbnVariant.GBN) {
                    assertTrue(singleLossTimeouts > 0, v + " " + np);
                } else {
                    assertEquals(0, singleLossTimeouts, v + " " + np);
                }
            }
        }
    }

    @Test
    void badLossRateIsRejected() {
        assertThrows(InputException.class, () -> SimParams.tableI().withLossRate(1.0));
        assertThrows(InputException.class, () -> SimParams.tableI().withLossRate(-0.1));
        assertThrows(InputException.class, () -> SimParams.tableI().withLossRate(Double.NaN));
    }

    @Test
    void gridGivesNarrowIntervalsWhereNothingIsLost() {
        SimGrid g = new SimGrid(SimParams.tableI(), List.of(GbnVariant.IMPROVED), DuplicatePolicy.ACK, NakPolicy.PER_EPSN,
                List.of(100e-3), List.of(0.0, 1e-2), 3, 5, 1);
        List<SimCell> cells = g.run();
        assertEquals(1.0, cells.get(0).relativeThroughput(), 1e-12);
        assertEquals(0.0, cells.get(0).ciHalfWidth(), 1e-12);
        assertTrue(cells.get(1).relativeThroughput() < 0.9 && cells.get(1).relativeThroughput() > 0.2);
    }

    /**
     * Table I: a packet and its ACK take about 4.46 us. An RTO of 4.096 us (IB timeout=0's unit)
     * expires before every message's last ACK; the smallest encodable RTO, 8.192 us, and the 500 us
     * of seed 002 Fig. 6(c) never expire early.
     */
    @Test
    void prematureTimeoutsOnlyBelowTheRoundTrip() {
        SimParams p = SimParams.tableI().withLossRate(0.0);
        assertTrue(p.dataLatency() + p.ctrlLatency() > 4.096e-6 && p.dataLatency() + p.ctrlLatency() < 8.192e-6);
        for (double rto : new double[] {4.096e-6, 8.192e-6, 500e-6}) {
            MessageOutcome o = new GbnSimulator(p.withRto(rto), GbnVariant.GBN, DuplicatePolicy.ACK, NakPolicy.PER_EPSN,
                    1).runMessage();
            List<String> want = rto < 8e-6 ? List.of(TimeoutCause.PREMATURE_EXPIRY.words()) : List.of();
            assertEquals(want, o.causes(), "rto " + rto);
        }
        GbnSimulator lossy = new GbnSimulator(p.withRto(500e-6).withLossRate(1e-2), GbnVariant.GBN, DuplicatePolicy.ACK,
                NakPolicy.PER_EPSN, 5);
        for (int m = 0; m < 20; m++) {
            assertTrue(!lossy.runMessage().causes().contains(TimeoutCause.PREMATURE_EXPIRY.words()));
        }
    }
}
