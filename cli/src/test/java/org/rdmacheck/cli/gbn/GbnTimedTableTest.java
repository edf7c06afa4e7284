package org.rdmacheck.cli.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.gbn.RtoDerivation;
import org.rdmacheck.checker.gbn.TimedLeastLossTable;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.cli.Replays;
import org.rdmacheck.model.gbn.TimeoutCause;

/** The timed least-loss table and the RTO derivation. */
class GbnTimedTableTest {

    static final ExplorerSettings SETTINGS = ExplorerSettings.defaults().withThreads(2);

    @Test
    void leastLossesAgreeWithTheUntimedAbstractionWhenTheRtoExceedsTheRoundTrip() {
        List<TimedLeastLossTable.Row> rows = new TimedLeastLossTable(Map.of(), 2, SETTINGS).compute();
        Map<String, Integer> least = rows.stream().collect(Collectors.toMap(TimedLeastLossTable.Row::variant,
                TimedLeastLossTable.Row::leastLosses));
        assertEquals(Map.of("gb0", 1, "gbn", 1, "st", 2, "ce", 1, "improved", 2), least);
        for (TimedLeastLossTable.Row r : rows) {
            for (TimedLeastLossTable.CauseRow c : r.causes()) {
                assertTrue(c.cause() != TimeoutCause.PREMATURE_EXPIRY, r.variant() + " " + c.cause());
                // each attributed trace replays: its last step is the timeout
                ReplayResult replay = Replays.replay(c.example());
                assertTrue(replay.reproduces(), replay.message());
            }
        }
        TimedLeastLossTable.Row st = rows.get(2);
        assertEquals(List.of(TimeoutCause.LAST_PACKET_LOST, TimeoutCause.LAST_ACK_LOST, TimeoutCause.NAK_LOST,
                TimeoutCause.SAME_PACKET_LOST_TWICE, TimeoutCause.NAK_SUPPRESSED),
                st.causes().stream().map(TimedLeastLossTable.CauseRow::cause).toList());
    }

    @Test
    void theRtoMustExceedTheRoundTripStrictly() {
        // one-way delay 4..8 ticks of 1.024 us: RTT bound 16.384 us = the RTO of timeout=2
        RtoDerivation.Report r = new RtoDerivation("improved",
                Map.of("delayMin", "4", "delayMax", "8", "nakInterval", "24"), SETTINGS).derive();
        assertEquals(16_384, r.rttBoundNanos());
        assertEquals(Optional.of(3), r.smallestTimeout());
        assertEquals(List.of(CheckResult.Verdict.VIOLATED, CheckResult.Verdict.VIOLATED, CheckResult.Verdict.VERIFIED,
                CheckResult.Verdict.VERIFIED), r.tries().stream().map(RtoDerivation.Try::verdict).toList());
        assertTrue(r.tries().get(1).counterexample().isPresent());
    }

    @Test
    void anRtoTryCutShortByALimitNamesItAndSettlesNothing() {
        RtoDerivation.Report r = new RtoDerivation("improved", Map.of("delayMin", "4", "delayMax", "8",
                "nakInterval", "24"), SETTINGS.withMaxStates(100)).derive();
        // a violation is definite within the limit; the first try the limit cuts short is the last
        RtoDerivation.Try t = r.tries().get(r.tries().size() - 1);
        for (RtoDerivation.Try x : r.tries().subList(0, r.tries().size() - 1)) {
            assertEquals(CheckResult.Verdict.VIOLATED, x.verdict());
            assertEquals(Optional.empty(), x.cause());
        }
        assertEquals(CheckResult.Verdict.INCONCLUSIVE, t.verdict());
        assertEquals(Optional.of(CheckResult.InconclusiveReason.STATE_LIMIT), t.cause());
        assertEquals(Optional.empty(), r.smallestTimeout());
        assertTrue(!GbnTimedTableCommand.settled(r));
        // a settled try names no cause
        RtoDerivation.Report ok = new RtoDerivation("improved", Map.of(), SETTINGS).derive();
        assertTrue(ok.tries().stream().allMatch(x -> x.cause().isEmpty()));
    }

    @Test
    void prematureTimeoutsAreTheOnlyCauseWithoutLoss() {
        List<TimedLeastLossTable.Row> rows = new TimedLeastLossTable(Map.of("delayMin", "4", "delayMax", "8",
                "nakInterval", "24"), 1, SETTINGS).compute();
        for (TimedLeastLossTable.Row r : rows) {
            assertEquals(0, r.leastLosses(), r.variant());
            assertEquals(List.of(TimeoutCause.PREMATURE_EXPIRY),
                    r.causes().stream().map(TimedLeastLossTable.CauseRow::cause).toList());
        }
    }
}
