package org.rdmacheck.checker.cdg.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.cdg.DeadlockVerdict;
import org.rdmacheck.model.InputException;

/**
 * Hand-written files in each dialect: a ring of four switches routed clockwise (a credit loop on one
 * VL), a spare switch with no routes, a channel adapter with LMC 1, LIDs 6 and 7 unassigned.
 */
class FixtureTest {

    static Path res(String name) {
        return Path.of("../examples/infiniband", name);
    }

    static TableCheck.Report check(String lfts, String sl2vl, String sl) {
        TableQuery q = new TableQuery(TableQuery.Kind.IB, res("ring4.topo").toString(), res(lfts).toString(),
                sl2vl == null ? "" : res(sl2vl).toString(), sl, "", "");
        TableCheck.Options o = new TableCheck.Options(10, true, 8, 1_000_000, 10_000, 1, List.of(RoutingRule.MIN_HOP,
                RoutingRule.UP_DOWN), 100, 1, Long.MAX_VALUE);
        return TableCheck.check(q.load(), o, p -> { });
    }

    @Test
    void readsTheTopology() {
        Subnet s = IbNetDiscoverReader.read(res("ring4.topo"));
        assertEquals(9, s.topology().nodeCount());
        assertEquals(9, s.topology().linkCount());
        assertEquals(4, s.endpoints().size());
        assertEquals(12, s.maxLid());
        assertEquals(s.topology().nodeId("node1 mlx5_0"), s.lidNode(9));
        assertEquals(-1, s.lidNode(6));
        assertEquals(5, s.switchLid(s.topology().nodeId("spare-sw5")));
        assertEquals(8, s.portCount(s.topology().nodeId("ring-sw1")));
    }

    @Test
    void everyDialectGivesTheSameTables() {
        Subnet s = IbNetDiscoverReader.read(res("ring4.topo"));
        LinearForwardingTables a = LftDumpReader.read(res("ring4-opensm-lfts.dump"), s);
        LinearForwardingTables b = LftDumpReader.read(res("ring4-opensm-lfts-hex.dump"), s);
        LinearForwardingTables c = LftDumpReader.read(res("ring4-ibroute.txt"), s);
        for (int v = 0; v < s.topology().nodeCount(); v++) {
            if (s.isSwitch(v)) {
                for (int lid = 0; lid <= s.maxLid(); lid++) {
                    assertEquals(a.port(v, lid), b.port(v, lid));
                    assertEquals(a.port(v, lid), c.port(v, lid));
                }
            }
        }
        int spare = s.topology().nodeId("spare-sw5");
        assertTrue(!a.hasEntries(spare));
        assertEquals(3, a.port(s.topology().nodeId("ring-sw1"), 9));
        assertEquals(LinearForwardingTables.NONE, a.port(s.topology().nodeId("ring-sw1"), 6));
    }

    @Test
    void clockwiseRingHasOneCreditLoopOfFour() {
        for (String f : List.of("ring4-opensm-lfts.dump", "ring4-opensm-lfts-hex.dump", "ring4-ibroute.txt")) {
            TableCheck.Report r = check(f, null, "0");
            assertEquals(DeadlockVerdict.Outcome.CYCLE, r.outcome(), f);
            assertEquals(1, r.cyclicComponents(), f);
            assertEquals(4, r.loops().get(0).size(), f);
            assertEquals(0, r.blackHoles(), f);
            assertEquals(0, r.routingLoops(), f);
            assertEquals(5, r.stats().destinations());
            assertEquals(15, r.stats().paths());
            assertEquals(Optional.of(2), r.lanes().orElseThrow().exact());
            assertEquals(2, r.lanes().orElseThrow().heuristic());
        }
    }

    @Test
    void pathSlsAcrossTheDatelineOnTheirOwnVlBreakTheLoop() {
        TableCheck.Report r = check("ring4-opensm-lfts.dump", "ring4-sl2vl.dump", "file:" + res("ring4-path-sl.txt"));
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, r.outcome());
        assertTrue(r.clean());
    }

    @Test
    void everySourceLidOfAnLmcPortIsRoutedOnItsOwnSl(@TempDir Path dir) throws Exception {
        // node1 has LMC 1 (LIDs 8 and 9): the dateline paths' SL 1 given to its base LID only leaves the
        // path from LID 9 on SL 0, and that path closes the loop
        Path sls = Files.writeString(dir.resolve("sl.txt"), "8 11 1\n8 12 1\n12 11 1\n9 11 0\n");
        TableCheck.Report r = check("ring4-opensm-lfts.dump", "ring4-sl2vl.dump", "file:" + sls);
        assertEquals(DeadlockVerdict.Outcome.CYCLE, r.outcome());
        assertTrue(r.loops().get(0).stream().allMatch(s -> s.channel().endsWith(" VL0")));
        Path both = Files.writeString(dir.resolve("both.txt"), "8 11 1\n9 11 1\n8 12 1\n9 12 1\n12 11 1\n");
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE,
                check("ring4-opensm-lfts.dump", "ring4-sl2vl.dump", "file:" + both).outcome());
    }

    @Test
    void aPathSlNamingALidNoPortHasIsRefused(@TempDir Path dir) throws Exception {
        Path sls = Files.writeString(dir.resolve("sl.txt"), "# a fabric's SLs\n8 11 1\n99 11 1\n");
        InputException e = assertThrows(InputException.class,
                () -> check("ring4-opensm-lfts.dump", "ring4-sl2vl.dump", "file:" + sls));
        assertEquals(sls + " line 3: SLID 99: no channel adapter port of the fabric has this LID (expected a LID in a "
                + "port's range base .. base + 2^LMC - 1)", e.getMessage());
    }

    @Test
    void oneDataVlPutsTheLoopBack() {
        TableCheck.Report r = check("ring4-opensm-lfts.dump", "ring4-sl2vl-onevl.dump", "file:" + res("ring4-path-sl.txt"));
        assertEquals(DeadlockVerdict.Outcome.CYCLE, r.outcome());
        assertTrue(r.loops().get(0).stream().allMatch(s -> s.channel().endsWith(" VL0")));
    }

    @Test
    void slMappedToVl15IsABlackHole() {
        TableCheck.Report r = check("ring4-opensm-lfts.dump", "ring4-sl2vl.dump", "14");
        assertTrue(r.blackHoles() > 0);
        assertEquals(RouteProblem.Cause.VL15, r.problems().get(0).cause());
    }

    @Test
    void aSwitchWithoutItsTableIsABlackHole() {
        TableCheck.Report r = check("ring4-lfts-missing-sw3.dump", null, "0");
        assertTrue(r.blackHoles() > 0);
        assertTrue(r.problems().stream().allMatch(p -> p.kind() == RouteProblem.Kind.BLACK_HOLE
                && p.cause() == RouteProblem.Cause.NO_ENTRY && p.at().equals("ring-sw3")));
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, r.outcome());
    }

    @Test
    void aRouteBackAndForthIsARoutingLoop() {
        TableCheck.Report r = check("ring4-lfts-loop.dump", null, "0");
        assertTrue(r.routingLoops() > 0);
        assertEquals(12, r.problems().stream().filter(p -> p.kind() == RouteProblem.Kind.ROUTING_LOOP).findFirst()
                .orElseThrow().destination());
    }

    @Test
    void failuresOfTheRingAreReroutedByEachRule() {
        TableCheck.Report r = check("ring4-opensm-lfts.dump", null, "0");
        FailureAnalysis.Result minhop = r.failures().get(0);
        FailureAnalysis.Result updown = r.failures().get(1);
        assertEquals(5, minhop.candidates());
        assertEquals(0, updown.newCycles());
        // the old clockwise routes are cyclic: every failure of a ring link leaves a union cycle
        // only where the failed link was not on the loop; the spare link keeps the whole ring
        assertTrue(updown.unionCycles() >= 1);
        // cutting a ring link disconnects nothing (the ring becomes a line); the spare's link cuts the spare only
        assertEquals(0, minhop.newBlackHoles());
    }

    /** A topology file that is not UTF-8 text: the file, line and byte offset where it stops being text. */
    @Test
    void aFileThatIsNotTextIsNamedWithItsLineAndByte(@TempDir Path dir) throws Exception {
        Path topo = dir.resolve("latin1.topo");
        Files.write(topo, new byte[] {'#', ' ', 'a', '\n', 'S', 'w', (byte) 0xe9, '\n'});
        InputException e = assertThrows(InputException.class, () -> IbNetDiscoverReader.read(topo));
        assertEquals("topology file '" + topo + "' line 2, byte 6: not UTF-8 text (byte 0xe9): expected the tool's "
                + "text output", e.getMessage());
    }

    /** A binary forwarding-table file: a short excerpt, escaped, never the raw bytes. */
    @Test
    void aBinaryTableFileIsQuotedShortAndEscaped(@TempDir Path dir) throws Exception {
        Path lfts = dir.resolve("binary.dump");
        byte[] b = new byte[4096];
        for (int i = 0; i < b.length; i++) {
            int v = (i * 7 + 1) & 0xff;
            b[i] = (byte) (v == '\n' ? 0 : v);
        }
        Files.write(lfts, b);
        Subnet s = IbNetDiscoverReader.read(res("ring4.topo"));
        InputException e = assertThrows(InputException.class, () -> LftDumpReader.read(lfts, s));
        assertTrue(e.getMessage().chars().allMatch(c -> c >= 0x20 && c < 0x7f), e.getMessage());
        assertTrue(e.getMessage().contains("found '\\x01\\x08\\x0f"), e.getMessage());
        assertTrue(e.getMessage().length() < 500, e.getMessage());
    }

    /**
     * A time limit that interrupts the failure analysis (the CLI's watchdog) ends it with the sets done so
     * far; the tables' verdict, reached before it, is reported with its counts.
     */
    @Test
    void anInterruptedFailureAnalysisKeepsTheTablesVerdict() {
        TableQuery q = new TableQuery(TableQuery.Kind.IB, res("ring4.topo").toString(),
                res("ring4-opensm-lfts.dump").toString(), "", "0", "", "");
        TableCheck.Options o = new TableCheck.Options(10, false, 8, 1_000_000, 10_000, 1, List.of(RoutingRule.MIN_HOP,
                RoutingRule.UP_DOWN), 100, 1, Long.MAX_VALUE);
        TableCheck.Report r;
        try {
            r = TableCheck.check(q.load(), o, phase -> {
                if (phase.phase() == TableCheck.Phase.LINK_FAILURES) {
                    Thread.currentThread().interrupt();
                }
            });
        } finally {
            Thread.interrupted(); // clear the flag for the next test on this thread
        }
        assertEquals(DeadlockVerdict.Outcome.CYCLE, r.outcome());
        assertEquals(1, r.cyclicComponents());
        assertEquals(2, r.failures().size());
        for (FailureAnalysis.Result f : r.failures()) {
            assertTrue(f.stopped(), f.rule() + " not marked stopped");
            assertEquals(0, f.outcomes().size());
            assertEquals(5, f.candidates());
        }
    }

    /** A deadline already past: no failure set is analysed, each rule says it stopped. */
    @Test
    void aPastDeadlineStopsTheFailureAnalysisOnly() {
        TableQuery q = new TableQuery(TableQuery.Kind.IB, res("ring4.topo").toString(),
                res("ring4-opensm-lfts.dump").toString(), "", "0", "", "");
        TableCheck.Options o = new TableCheck.Options(10, false, 8, 1_000_000, 10_000, 1, List.of(RoutingRule.UP_DOWN),
                100, 1, System.nanoTime() - 1);
        TableCheck.Report r = TableCheck.check(q.load(), o, p -> { });
        assertEquals(DeadlockVerdict.Outcome.CYCLE, r.outcome());
        assertTrue(r.failures().get(0).stopped());
        assertEquals(0, r.failures().get(0).outcomes().size());
    }
}
