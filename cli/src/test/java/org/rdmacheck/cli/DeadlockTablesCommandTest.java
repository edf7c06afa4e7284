package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * {@code rdmacheck deadlock} on a network's own files: the hand-written ring in every dialect,
 * the export of generated fabrics read back, replay of a stored credit loop, and one line with
 * exit 2 for each malformed file.
 */
class DeadlockTablesCommandTest {

    static final Path FIX = Path.of("../examples/infiniband");

    static CliTest.Run run(String... args) {
        return DeadlockCommandTest.run(args);
    }

    static String f(String name) {
        return FIX.resolve(name).toString();
    }

    @Test
    void ringInEveryDialectIsOneCreditLoopAndItReplays(@TempDir Path dir) throws Exception {
        for (String lfts : List.of("ring4-opensm-lfts.dump", "ring4-opensm-lfts-hex.dump", "ring4-ibroute.txt")) {
            CliTest.Run r = run("deadlock", "--ib-topology", f("ring4.topo"), "--lfts", f(lfts), "--json", "--out",
                    dir.toString());
            assertEquals(1, r.code(), r.err());
            JsonNode o = TraceJson.MAPPER.readTree(r.out());
            assertEquals("CYCLE", o.get("verdict").asText());
            assertEquals(1, o.get("creditLoops").asInt());
            assertEquals(4, o.get("loops").get(0).size());
            assertEquals(2, o.get("lanes").get("exact").asInt());
            assertEquals(2, o.get("lanes").get("heuristic").asInt());
            assertTrue(o.get("lanes").get("fits").asBoolean());
            CliTest.Run replay = run("replay", o.get("counterexample").asText(), "--json");
            assertEquals(0, replay.code(), replay.out() + replay.err());
        }
    }

    @Test
    void fewestLanesAssignmentWrittenAndReadBackIsDeadlockFree(@TempDir Path dir) throws Exception {
        Path lanes = dir.resolve("lanes");
        CliTest.Run r = run("deadlock", "--ib-topology", f("ring4.topo"), "--lfts", f("ring4-opensm-lfts.dump"),
                "--write-lanes", lanes.toString(), "--failures", "0", "--no-save");
        assertEquals(1, r.code(), r.err());
        CliTest.Run again = run("deadlock", "--ib-topology", f("ring4.topo"), "--lfts", f("ring4-opensm-lfts.dump"),
                "--sl2vl", lanes.resolve("opensm-sl2vl.dump").toString(), "--sl", "file:" + lanes.resolve("path-sl.txt"),
                "--failures", "0", "--json", "--no-save");
        assertEquals(0, again.code(), again.out() + again.err());
        assertEquals("DEADLOCK_FREE", TraceJson.MAPPER.readTree(again.out()).get("verdict").asText());
    }

    @Test
    void exportedTorusNeedsTwoLanesAndExportedFatTreeOne(@TempDir Path dir) throws Exception {
        Path torus = dir.resolve("torus");
        assertEquals(0, run("deadlock", "--topology", "torus:x=4,y=4,hosts=1", "--export-opensm", torus.toString(),
                "--rule", "dor").code());
        CliTest.Run r = run("deadlock", "--ib-topology", torus.resolve("ibnetdiscover.topo").toString(), "--lfts",
                torus.resolve("opensm-lfts.dump").toString(), "--sl2vl", torus.resolve("opensm-sl2vl.dump").toString(),
                "--failures", "0", "--json", "--no-save");
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("CYCLE", o.get("verdict").asText());
        assertEquals(8, o.get("creditLoops").asInt());
        assertEquals(2, o.get("lanes").get("exact").asInt());
        JsonNode roceTorus = TraceJson.MAPPER.readTree(run("deadlock", "--roce-topology", "torus:x=4,y=4,hosts=1",
                "--roce-rule", "dor", "--failures", "0", "--json", "--no-save").out());
        for (String k : List.of("verdict", "creditLoops", "paths", "dependencies")) {
            assertEquals(o.get(k), roceTorus.get(k), k);
        }
        assertEquals(o.get("lanes").get("exact"), roceTorus.get("lanes").get("exact"));
        Path ft = dir.resolve("ft");
        assertEquals(0, run("deadlock", "--topology", "fattree:k=4", "--export-opensm", ft.toString(), "--lmc", "1").code());
        // re-routed by up*/down* (valley-free before, during and after the change-over); min-hop re-routing
        // makes transient micro-loops while the switches change over (aFailureThatClosesACreditLoop...)
        CliTest.Run f = run("deadlock", "--ib-topology", ft.resolve("ibnetdiscover.topo").toString(), "--lfts",
                ft.resolve("opensm-lfts.dump").toString(), "--failure-rule", "updown", "--json", "--no-save");
        assertEquals(0, f.code(), f.out() + f.err());
        JsonNode fo = TraceJson.MAPPER.readTree(f.out());
        assertEquals(1, fo.get("lanes").get("exact").asInt());
        assertEquals(32, fo.get("destinations").asInt());
        CliTest.Run roce = run("deadlock", "--roce-topology", "fattree:k=4", "--next-hops",
                ft.resolve("next-hops.json").toString(), "--failure-rule", "updown", "--json", "--no-save");
        assertEquals(0, roce.code(), roce.out() + roce.err());
        assertEquals("DEADLOCK_FREE", TraceJson.MAPPER.readTree(roce.out()).get("verdict").asText());
    }

    /** A run the time limit stops says which step it was in as an enum, and what it worked on as text. */
    @Test
    void aStoppedRunNamesItsPhase() throws Exception {
        CliTest.Run r = run("deadlock", "--roce-topology", "fattree:k=32", "--max-time", "0.05s", "--json", "--no-save");
        assertEquals(3, r.code(), r.out() + r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("INCONCLUSIVE", o.get("verdict").asText());
        org.rdmacheck.checker.cdg.tables.TableCheck.Phase.valueOf(o.get("phase").asText());
        assertFalse(o.get("phaseDetail").asText().isEmpty(), o.toString());
    }

    /**
     * A failure whose new tables have a credit loop names the loop's channels (text and JSON), not only
     * that there is one: k=4 fat-tree, min-hop re-routing after two link failures.
     */
    @Test
    void aNewCreditLoopAfterFailuresIsNamed() throws Exception {
        CliTest.Run r = run("deadlock", "--roce-topology", "fattree:k=4", "--roce-rule", "minhop", "--failures", "2",
                "--failure-rule", "minhop", "--json", "--no-save");
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        int named = 0;
        for (JsonNode f : o.get("failures")) {
            for (JsonNode h : f.get("hazards")) {
                assertEquals(h.get("newCycle").asBoolean(), h.get("newLoop").size() > 0, h.toString());
                if (h.get("newCycle").asBoolean()) {
                    named++;
                    // a loop: each channel's head is the next one's tail, and the last leads to the first
                    int n = h.get("newLoop").size();
                    assertTrue(n >= 2, h.toString());
                    for (int i = 0; i < n; i++) {
                        String head = h.get("newLoop").get(i).asText().split(" ")[0].split("->")[1];
                        String nextTail = h.get("newLoop").get((i + 1) % n).asText().split(" ")[0].split("->")[0];
                        assertEquals(head.substring(0, head.indexOf('[')), nextTail.substring(0, nextTail.indexOf('[')),
                                h.toString());
                    }
                }
            }
        }
        assertTrue(named > 0, r.out());
        CliTest.Run text = run("deadlock", "--roce-topology", "fattree:k=4", "--roce-rule", "minhop", "--failures", "2",
                "--failure-rule", "minhop", "--no-save");
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("  new loop after ") && l.contains(" -> ")), text.out());
    }

    /**
     * --max-time reached in the failure analysis (8,128 two-link failure sets of a torus; its tables are
     * checked in a fraction of the limit): the tables' verdict and counts stand, each rule's analysis says it
     * stopped, with the sets it covered; the failure verdict is DEADLOCK_PRONE_UNDER_FAILURE if a set analysed
     * re-routes into a credit loop (exit 1), else INCONCLUSIVE (exit 3), never DEADLOCK_FREE_UNDER_FAILURES.
     */
    @Test
    void maxTimeInTheFailureAnalysisKeepsTheTablesVerdict() throws Exception {
        CliTest.Run r = run("deadlock", "--roce-topology", "torus:x=8,y=8,hosts=1", "--skip-lanes", "--failures", "2",
                "--failure-limit", "5000", "--max-time", "1s", "--json", "--no-save");
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        boolean loops = false;
        for (JsonNode f : o.get("failures")) {
            loops |= f.get("newCreditLoops").asLong() + f.get("unionCreditLoops").asLong() > 0;
        }
        assertEquals(loops ? "DEADLOCK_PRONE_UNDER_FAILURE" : "INCONCLUSIVE", o.get("failureVerdict").asText());
        assertEquals(loops ? 1 : 3, r.code(), r.out() + r.err());
        assertEquals("DEADLOCK_FREE", o.get("verdict").asText());
        assertTrue(o.get("stopped").isNull());
        assertEquals(4032, o.get("paths").asLong());
        assertEquals(2, o.get("failures").size());
        for (JsonNode f : o.get("failures")) {
            assertTrue(f.get("stopped").asBoolean(), f.toString());
            assertTrue(f.get("stopReason").asText().startsWith("--max-time reached after"), f.toString());
            assertTrue(f.get("analysed").asLong() < 5000, f.toString());
            assertEquals(8128, f.get("candidates").asLong());
        }
    }

    /**
     * Deadlock freedom under failures decides the headline and the exit status (docs/deadlock.md, "Link
     * failures"): a 4x4 torus routed updown is deadlock-free as routed, but every single-link failure
     * re-routed by min-hop closes a credit loop in the new tables, and all 32 re-routed by updown close one
     * while the switches change over (Tagger's hazard; 4 of them in the old and new paths alone, 28 only
     * through paths old at one switch and new at the next): DEADLOCK_PRONE_UNDER_FAILURE, exit 1, where it
     * printed DEADLOCK_FREE and exited 0. The 2x2 leaf-spine re-routed by updown stays acyclic under all 4
     * single failures (exit 0); re-routed by min-hop, each failure makes a transient micro-loop of two
     * mixed dependencies (exit 1); with --failure-limit below the 4 failure sets it is INCONCLUSIVE (exit 3);
     * --failures 0 keeps the tables' verdict alone (NOT_ANALYSED).
     */
    @Test
    void aFailureThatClosesACreditLoopMakesTheVerdictDeadlockProne() throws Exception {
        CliTest.Run torus = run("deadlock", "--roce-topology", "torus:x=4,y=4", "--roce-rule", "updown", "--skip-lanes",
                "--json", "--no-save");
        assertEquals(1, torus.code(), torus.out() + torus.err());
        JsonNode o = TraceJson.MAPPER.readTree(torus.out());
        assertEquals("DEADLOCK_FREE", o.get("verdict").asText(), "the tables as given");
        assertEquals("DEADLOCK_PRONE_UNDER_FAILURE", o.get("failureVerdict").asText());
        assertEquals(List.of("minhop", "updown"), List.of(o.get("failures").get(0).get("rule").asText(),
                o.get("failures").get(1).get("rule").asText()));
        assertEquals(32, o.get("failures").get(0).get("newCreditLoops").asInt());
        assertEquals(0, o.get("failures").get(1).get("newCreditLoops").asInt());
        assertEquals(32, o.get("failures").get(1).get("unionCreditLoops").asInt());
        CliTest.Run tagger = run("deadlock", "--roce-topology", "torus:x=4,y=4", "--roce-rule", "updown", "--skip-lanes",
                "--failure-rule", "updown", "--no-save");
        assertEquals(1, tagger.code(), tagger.out());
        assertTrue(tagger.out().lines().anyMatch(l -> l.startsWith("DEADLOCK_PRONE_UNDER_FAILURE: ")
                && l.contains("updown, 32 of 32 single-link failures (new tables 0, old+new 32)")), tagger.out());
        String leafSpine = "file:" + Path.of("../examples/topology/leafspine-2x2.json").toAbsolutePath().normalize();
        CliTest.Run clean = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failure-rule", "updown",
                "--json", "--no-save");
        assertEquals(0, clean.code(), clean.out() + clean.err());
        assertEquals("DEADLOCK_FREE_UNDER_FAILURES", TraceJson.MAPPER.readTree(clean.out()).get("failureVerdict")
                .asText());
        CliTest.Run microLoop = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failure-rule",
                "minhop", "--json", "--no-save");
        assertEquals(1, microLoop.code(), microLoop.out() + microLoop.err());
        JsonNode mo = TraceJson.MAPPER.readTree(microLoop.out());
        assertEquals("DEADLOCK_PRONE_UNDER_FAILURE", mo.get("failureVerdict").asText());
        assertEquals(0, mo.get("failures").get(0).get("newCreditLoops").asInt());
        assertEquals(4, mo.get("failures").get(0).get("unionCreditLoops").asInt());
        assertTrue(microLoop.out().contains("(mixed)"), microLoop.out());
        CliTest.Run limited = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failure-rule", "updown",
                "--failure-limit", "3", "--json", "--no-save");
        assertEquals(3, limited.code(), limited.out() + limited.err());
        JsonNode lo = TraceJson.MAPPER.readTree(limited.out());
        assertEquals("INCONCLUSIVE", lo.get("failureVerdict").asText());
        assertEquals("DEADLOCK_FREE", lo.get("verdict").asText());
        CliTest.Run none = run("deadlock", "--roce-topology", "torus:x=4,y=4", "--roce-rule", "updown", "--skip-lanes",
                "--failures", "0", "--json", "--no-save");
        assertEquals(0, none.code(), none.out() + none.err());
        assertEquals("NOT_ANALYSED", TraceJson.MAPPER.readTree(none.out()).get("failureVerdict").asText());
    }

    /**
     * {@code --failures k} analyses the sets of exactly k links and says so (JSON failureSetSize and
     * failureSetSizesCovered, the text's "analysed" line); k above 2 works under the same budget
     * (INCONCLUSIVE, exit 3, when --failure-limit leaves sets out); more links than the fabric has is
     * one line and exit 2.
     */
    @Test
    void failureSetSizeIsSaidAndLargerSetsRunUnderTheBudget() throws Exception {
        String leafSpine = "file:" + Path.of("../examples/topology/leafspine-2x2.json").toAbsolutePath().normalize();
        for (int k = 1; k <= 4; k++) {
            CliTest.Run r = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failure-rule", "updown",
                    "--failures", Integer.toString(k), "--json", "--no-save");
            assertEquals(0, r.code(), r.out() + r.err());
            JsonNode o = TraceJson.MAPPER.readTree(r.out());
            assertEquals(k, o.get("failureSetSize").asInt());
            assertEquals(1, o.get("failureSetSizesCovered").size());
            assertEquals(k, o.get("failureSetSizesCovered").get(0).asInt());
            assertEquals("DEADLOCK_FREE_UNDER_FAILURES", o.get("failureVerdict").asText());
            JsonNode rule = o.get("failures").get(0);
            assertEquals(k, rule.get("failures").asInt());
            long sets = new long[] {0, 4, 6, 4, 1}[k]; // 4 switch links, choose k
            assertEquals(sets, rule.get("candidates").asLong());
            assertEquals(sets, rule.get("analysed").asLong());
            for (JsonNode h : rule.get("hazards")) {
                assertEquals(k, h.get("links").size());
            }
        }
        CliTest.Run three = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failure-rule", "updown",
                "--failures", "3", "--no-save");
        assertTrue(three.out().lines().anyMatch(l -> l.equals("analysed: failure sets of exactly 3 links (smaller "
                + "sets: --failures 2 and below)")), three.out());
        CliTest.Run limited = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failure-rule", "updown",
                "--failures", "3", "--failure-limit", "2", "--json", "--no-save");
        assertEquals(3, limited.code(), limited.out() + limited.err());
        JsonNode lo = TraceJson.MAPPER.readTree(limited.out());
        assertEquals("INCONCLUSIVE", lo.get("failureVerdict").asText());
        assertEquals(2, lo.get("failures").get(0).get("analysed").asInt());
        CliTest.Run none = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failures", "0", "--json",
                "--no-save");
        assertEquals(0, TraceJson.MAPPER.readTree(none.out()).get("failureSetSize").asInt());
        assertEquals(0, TraceJson.MAPPER.readTree(none.out()).get("failureSetSizesCovered").size());
        CliTest.Run tooMany = run("deadlock", "--roce-topology", leafSpine, "--skip-lanes", "--failures", "5",
                "--no-save");
        assertEquals(2, tooMany.code(), tooMany.out() + tooMany.err());
        assertEquals(List.of("rdmacheck: --failures 5: expected at most the 4 switch-to-switch links of the fabric "
                + "(failure sets of exactly 5 links)"), tooMany.err().lines().toList());
    }

    @Test
    void roceRingWithOneLosslessPriorityLoopsAndLossyDoesNot(@TempDir Path dir) throws Exception {
        CliTest.Run r = run("deadlock", "--roce-topology", "ring:n=5,hosts=1", "--roce-rule", "minhop", "--sl", "3",
                "--json", "--no-save", "--failures", "0");
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("CYCLE", o.get("verdict").asText());
        assertEquals(2, o.get("lanes").get("exact").asInt());
        assertEquals(2, o.get("lanes").get("maxLanes").asInt());
        Path sonic = Path.of("../examples/sonic/leaf-32x100g-40m.json");
        CliTest.Run lossy = run("deadlock", "--roce-topology", "ring:n=5,hosts=1", "--roce-rule", "minhop", "--sl", "1",
                "--sonic", sonic.toString(), "--json", "--no-save", "--failures", "0");
        assertEquals(0, lossy.code(), lossy.out() + lossy.err());
        CliTest.Run lossless = run("deadlock", "--roce-topology", "ring:n=5,hosts=1", "--roce-rule", "minhop", "--sl", "3",
                "--sonic", sonic.toString(), "--json", "--no-save", "--failures", "0");
        assertEquals(1, lossless.code(), lossless.out() + lossless.err());
    }

    @Test
    void dscpIsMappedToItsTrafficClassBySonicsMap(@TempDir Path dir) throws Exception {
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) TraceJson.MAPPER.readTree(
                Path.of("../examples/sonic/leaf-32x100g-40m.json").toFile());
        var map = root.putObject("DSCP_TO_TC_MAP").putObject("AZURE");
        for (int d = 0; d < 64; d++) {
            map.put(Integer.toString(d), d == 26 ? "3" : "1");
        }
        root.get("PORT_QOS_MAP").fields().forEachRemaining(e ->
                ((com.fasterxml.jackson.databind.node.ObjectNode) e.getValue()).put("dscp_to_tc_map", "AZURE"));
        Path cfg = write(dir, "config_db.json", TraceJson.MAPPER.writeValueAsString(root));
        CliTest.Run lossless = run("deadlock", "--roce-topology", "ring:n=5,hosts=1", "--roce-rule", "minhop", "--sonic",
                cfg.toString(), "--dscp", "26", "--failures", "0", "--json", "--no-save");
        assertEquals(1, lossless.code(), lossless.out() + lossless.err());
        com.fasterxml.jackson.databind.JsonNode sl = TraceJson.MAPPER.readTree(lossless.out()).get("parameters").get("sl");
        assertTrue(sl.isInt() && sl.asInt() == 3, "one SL for every path: an integer, " + sl);
        CliTest.Run lossy = run("deadlock", "--roce-topology", "ring:n=5,hosts=1", "--roce-rule", "minhop", "--sonic",
                cfg.toString(), "--dscp", "10", "--failures", "0", "--json", "--no-save");
        assertEquals(0, lossy.code(), lossy.out() + lossy.err());
    }

    private static Path edited(Path dir, String name, UnaryOperator<String> edit) throws IOException {
        Path p = dir.resolve("bad-" + dir.toFile().list().length + "-" + name);
        Files.writeString(p, edit.apply(Files.readString(FIX.resolve(name))));
        return p;
    }

    @Test
    void disconnectedFabricIsPartitionedLikeTheGeneratedOne() throws Exception {
        // the ring after two links went down, its forwarding tables not yet re-computed
        CliTest.Run ib = run("deadlock", "--ib-topology", f("ring4-split.topo"), "--lfts", f("ring4-opensm-lfts.dump"),
                "--failures", "0", "--json", "--no-save");
        assertEquals(1, ib.code(), ib.err());
        JsonNode o = TraceJson.MAPPER.readTree(ib.out());
        assertEquals("PARTITIONED", o.get("verdict").asText());
        assertEquals(2, o.get("partition").get("islands").asInt());
        assertEquals(4, o.get("partition").get("unreachablePairs").asInt());
        assertEquals(List.of("node1 mlx5_0", "node3 mlx5_0"),
                TraceJson.MAPPER.convertValue(o.get("partition").get("examples").get(0), List.class));
        assertEquals(0, o.get("creditLoops").asInt(), "the ring's credit loop needs the links that went down");
        assertEquals(8, o.get("blackHoles").asInt(), "stale routes into the links that went down");
        // the same island file in both modes: the same partition
        String islands = "file:" + Path.of("../examples/topology/two-islands.json");
        JsonNode table = TraceJson.MAPPER.readTree(run("deadlock", "--roce-topology", islands, "--failures", "0",
                "--json", "--no-save").out());
        JsonNode generated = TraceJson.MAPPER.readTree(run("deadlock", "--topology", islands, "--json", "--no-save").out());
        assertEquals("PARTITIONED", table.get("verdict").asText());
        assertEquals(generated.get("verdict"), table.get("verdict"));
        assertEquals(generated.get("partition"), table.get("partition"));
        assertEquals(4, table.get("partition").get("unreachablePairs").asInt());
        // a connected fabric has none
        JsonNode ring = TraceJson.MAPPER.readTree(run("deadlock", "--ib-topology", f("ring4.topo"), "--lfts",
                f("ring4-opensm-lfts.dump"), "--failures", "0", "--skip-lanes", "--json", "--no-save").out());
        assertTrue(ring.get("partition").isNull());
    }

    @Test
    void aFailureThatSplitsTheHostsIsReportedAsIslands() throws Exception {
        JsonNode split = TraceJson.MAPPER.readTree(run("deadlock", "--ib-topology", f("ring4-split.topo"), "--lfts",
                f("ring4-opensm-lfts.dump"), "--failures", "1", "--failure-rule", "minhop", "--skip-lanes", "--json",
                "--no-save").out());
        JsonNode fa = split.get("failures").get(0);
        assertEquals(3, fa.get("analysed").asInt());
        assertEquals(3, fa.get("partitions").asInt(), "the fabric is split before any failure");
        assertEquals(3, fa.get("hazards").size());
        for (JsonNode h : fa.get("hazards")) {
            // a ring link splits one island in two (node1 | node2, or node3 | node4): 3 islands, 5 pairs; the
            // spare switch's link leaves the two islands there were
            boolean spare = h.get("links").get(0).asText().contains("spare-sw5");
            assertEquals(spare ? 2 : 3, h.get("islands").asInt(), h.toString());
            assertEquals(spare ? 4 : 5, h.get("unreachablePairs").asInt(), h.toString());
        }
        JsonNode ring = TraceJson.MAPPER.readTree(run("deadlock", "--ib-topology", f("ring4.topo"), "--lfts",
                f("ring4-opensm-lfts.dump"), "--failures", "1", "--failure-rule", "minhop", "--skip-lanes", "--json",
                "--no-save").out());
        assertEquals(0, ring.get("failures").get(0).get("partitions").asInt(), "one link of a ring splits nothing");
    }

    @Test
    void malformedFilesAreOneLineExitTwo(@TempDir Path dir) throws IOException {
        String topo = f("ring4.topo");
        String lfts = f("ring4-opensm-lfts.dump");
        List<String[]> bad = new ArrayList<>();
        bad.add(new String[] {"--ib-topology", edited(dir, "ring4.topo", s -> s.replace("Switch\t8 \"S-0002c90300001002\"",
                "Switch\tx \"S-0002c90300001002\"")).toString(), "--lfts", lfts});
        bad.add(new String[] {"--ib-topology", edited(dir, "ring4.topo", s -> s.replace("[1]\t\"S-0002c90300001003\"[2]",
                "[1]\t\"S-0002c90300001003\"[3]")).toString(), "--lfts", lfts});
        bad.add(new String[] {"--ib-topology", edited(dir, "ring4.topo", s -> s.replace("# lid 10 lmc 0", "# 4xEDR"))
                .toString(), "--lfts", lfts});
        bad.add(new String[] {"--ib-topology", edited(dir, "ring4.topo", s -> s.replace("# lid 8 lmc 1", "# lid 9 lmc 1"))
                .toString(), "--lfts", lfts});
        bad.add(new String[] {"--ib-topology", edited(dir, "ring4.topo", s -> s.replace("# lid 12 lmc 0", "# lid 11 lmc 0"))
                .toString(), "--lfts", lfts});
        bad.add(new String[] {"--ib-topology", edited(dir, "ring4.topo", s -> s + "garbage line\n").toString(), "--lfts", lfts});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-opensm-lfts.dump",
                s -> s.replace("0x0002 001 #", "0x0002 0x1 #")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-opensm-lfts.dump",
                s -> s.replaceFirst("0x0003 001 #", "0x0001 001 #")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-opensm-lfts.dump",
                s -> s.replaceFirst("12 lids dumped", "11 lids dumped")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-ibroute.txt",
                s -> s.replaceFirst("10 valid lids dumped", "9 valid lids dumped")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-opensm-lfts.dump",
                s -> s.replaceFirst("guid 0x0002c90300001001", "guid 0x0002c903000010ff")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-opensm-lfts.dump",
                s -> s.substring(0, s.lastIndexOf("12 lids dumped"))).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-opensm-lfts.dump",
                s -> s.replaceFirst("0x0002 001 #", "0x0002 009 #")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", edited(dir, "ring4-opensm-lfts.dump",
                s -> s.replaceFirst("0x0002 001 #", "0x0002 001 :")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", lfts, "--sl2vl", edited(dir, "ring4-sl2vl.dump",
                s -> s.replaceFirst(" 15 15\n", " 15\n")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", lfts, "--sl2vl", edited(dir, "ring4-sl2vl.dump",
                s -> s.replaceFirst("0x0002c90300001003", "0x0002c903000010ee")).toString()});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", lfts, "--sl", "file:" + edited(dir, "ring4-path-sl.txt",
                s -> s.replace("12 11 1", "12 11 16"))});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", dir.resolve("missing.dump").toString()});
        bad.add(new String[] {"--ib-topology", topo});
        bad.add(new String[] {"--ib-topology", topo, "--lfts", lfts, "--failures", "9"});
        bad.add(new String[] {"--roce-topology", "ring:n=4,hosts=1", "--next-hops", write(dir, "hops.json",
                "{\"nextHops\": {\"s0\": {\"h2.0\": [\"s2\"]}}}").toString()});
        bad.add(new String[] {"--roce-topology", "ring:n=4,hosts=1", "--next-hops", write(dir, "dup.json",
                "{\"nextHops\": {\"s0\": {\"h2.0\": [\"s1\", \"s1\"]}}}").toString()});
        bad.add(new String[] {"--roce-topology", "ring:n=4,hosts=1", "--dscp", "3"});
        for (String[] args : bad) {
            String[] full = new String[args.length + 2];
            full[0] = "deadlock";
            System.arraycopy(args, 0, full, 1, args.length);
            full[full.length - 1] = "--no-save";
            CliTest.Run r = run(full);
            assertEquals(2, r.code(), String.join(" ", full) + "\n" + r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
            assertEquals("", r.out(), "nothing half-written: " + r.out());
        }
    }

    private static Path write(Path dir, String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }
}
