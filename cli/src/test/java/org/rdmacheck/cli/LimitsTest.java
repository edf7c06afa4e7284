package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** Long runs honour --max-time: Inconclusive, exit 3, with what they reached; solver steps are guarded. */
class LimitsTest {

    @Test
    void aDeadlockCheckPastItsTimeLimitIsInconclusive() throws Exception {
        // k=128: the cycle search alone takes several seconds even on an idle machine (k=64 can finish within 1 s)
        long t0 = System.currentTimeMillis();
        CliTest.Run r = CliTest.run("deadlock", "--topology", "fattree:k=128", "--routing", "escape-deflect",
                "--max-time", "1s", "--no-save", "--json");
        assertEquals(3, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("INCONCLUSIVE", o.get("verdict").asText());
        assertTrue(o.get("detail").asText().startsWith("time limit 1s reached"), o.toString());
        assertEquals("TIME_LIMIT", o.get("stopped").asText(), o.toString());
        assertTrue(o.get("stopReason").asText().startsWith("time limit 1s reached"), o.toString());
        assertTrue(o.get("stats").get("wallMillis").get("value").asLong() >= 1000, o.toString());
        assertTrue(System.currentTimeMillis() - t0 < 30_000, "the limit stops the run");
    }

    @Test
    void aLivenessRowCutByTheTimeLimitNamesTheLimitAsGiven() throws Exception {
        // 3 messages with the graph kept, so the 1 s limit always cuts the run (the safety part alone): 2 messages
        // (622,473 states) finished safety and liveness within the second now and then (exit 0)
        CliTest.Run r = CliTest.run("check", "gbn", "--variant", "improved", "--param", "packets=5", "--param",
                "messages=3", "--max-time", "1s", "--no-save", "--json");
        assertEquals(3, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        JsonNode delivered = null;
        for (JsonNode row : rows) {
            if (row.get("property").asText().equals("Delivered")) {
                delivered = row;
            }
        }
        assertTrue(delivered != null, r.out());
        assertEquals("INCONCLUSIVE", delivered.get("verdict").asText(), delivered.toString());
        String detail = delivered.get("detail").asText();
        assertTrue(detail.contains("time limit 1s reached"), detail);
        assertTrue(!detail.matches("(?s).*time limit \\d+ms reached.*"), detail);
    }

    @Test
    void aFluidScenarioPastItsTimeLimitIsInconclusiveAndWritesNothing(@TempDir Path dir) throws Exception {
        // a 0.5 us step (default 5 us): about 20 s of work on an idle machine, so the 1 s limit always stops it
        CliTest.Run r = CliTest.run("fluid", "convergence", "--param", "step=0.5", "--max-time", "1s", "--json", "--out",
                dir.resolve("fluid").toString());
        assertEquals(3, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(1, rows.size());
        assertEquals("INCONCLUSIVE", rows.get(0).get("verdict").asText());
        assertTrue(rows.get(0).get("detail").asText().contains("time limit 1s reached"), rows.toString());
        assertEquals("TIME_LIMIT", rows.get(0).get("inconclusiveCause").asText(), rows.toString());
        JsonNode reached = rows.get(0).get("quantities").get("simulatedTimeReached_ms");
        assertEquals("ms", reached.get("unit").asText());
        assertTrue(reached.get("value").asDouble() > 0, rows.toString());
        assertTrue(Files.notExists(dir.resolve("fluid")), "no partial output");
    }

    @Test
    void aFluidStepTooSmallForTheSolverIsOneLineAndExitTwo(@TempDir Path dir) {
        for (String step : new String[] {"1e-12", "1e-7", "0", "-1", "NaN"}) {
            CliTest.Run r = CliTest.run("fluid", "two-flow", "--param", "step=" + step, "--out", dir.toString());
            assertEquals(2, r.code(), step + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains("step"), r.err());
        }
    }

    @Test
    void aCheckCutShortCarriesItsCauseAsAnEnumInJson(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("check", "philosophers", "--param", "n=3", "--max-states", "5", "--json", "--out",
                dir.toString());
        assertEquals(3, r.code(), r.err());
        for (JsonNode row : TraceJson.MAPPER.readTree(r.out())) {
            assertEquals("INCONCLUSIVE", row.get("verdict").asText());
            assertEquals("STATE_LIMIT", row.get("inconclusiveCause").asText(), row.toString());
            assertEquals(5, row.get("quantities").get("distinctStates").get("value").asLong());
        }
        CliTest.Run done = CliTest.run("check", "philosophers", "--param", "n=3", "--json", "--out", dir.toString());
        for (JsonNode row : TraceJson.MAPPER.readTree(done.out())) {
            assertTrue(row.get("inconclusiveCause").isNull(), row.toString());
        }
    }

    @Test
    void gbnTableRowsCutShortByTheStateLimitAreInconclusiveNotVerified(@TempDir Path dir) throws Exception {
        // 200 states cannot settle any row (the least L of gb0 alone explores more): no row may claim its budget
        java.util.List<Finding> rows = new org.rdmacheck.cli.gbn.GbnTableTask().run(
                org.rdmacheck.engine.ExplorerSettings.defaults().withThreads(1).withMaxStates(200),
                dir, dir);
        assertEquals(10, rows.size());
        for (Finding f : rows) {
            assertEquals(Finding.Verdict.INCONCLUSIVE, f.verdict(), f.toString());
        }
        assertTrue(rows.get(0).detail().contains("state limit 200 reached"), rows.get(0).detail());
        for (Finding f : rows) {
            assertEquals(java.util.Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.STATE_LIMIT),
                    f.cause(), f.toString());
        }
    }

    @Test
    void aBadTimeLimitIsOneLineAndExitTwo() {
        for (String[] args : new String[][] {{"deadlock", "--topology", "ring:n=4", "--max-time", "soon"},
            {"fluid", "two-flow", "--max-time", "-3s"}}) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("--max-time"), r.err());
        }
    }

    @Test
    void aPartitionSweepPastItsTimeLimitIsInconclusiveWithThePointsItFinished(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("partition-sim", "--background", "100000", "--trials", "100", "--ecmp-k", "",
                "--max-time", "1s", "--json", "--out", dir.resolve("p").toString());
        assertEquals(3, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("TIME_LIMIT", o.get("stopped").asText(), o.toString());
        assertTrue(o.get("stopReason").asText().startsWith("time limit 1s reached"), o.toString());
        assertTrue(o.get("points").size() < 72, "not every point was simulated");
        assertEquals(72, o.get("pointsPlanned").asInt());
        assertEquals(o.get("points").size(), o.get("pointsDone").asInt());
        assertTrue(o.get("outputs").isNull());
        assertTrue(Files.notExists(dir.resolve("p")), "no partial output");
    }

    @Test
    void anExplorationPastTheEndOfTheHeapIsInconclusiveWithPartialCountsNeverOutOfMemory() throws Exception {
        // a child JVM of 64 MB: the headline Go-Back-N shape (4.7 M states, packed path) cannot fit
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(javaBin, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "check", "gbn", "--variant", "improved", "--param", "packets=12", "--param",
                "messages=2", "--param", "losses=1", "--no-progress", "--no-save", "--json").start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(3, p.waitFor(), err);
        assertTrue(!err.contains("OutOfMemoryError"), err);
        JsonNode rows = TraceJson.MAPPER.readTree(out);
        assertTrue(rows.size() >= 3, out);
        for (JsonNode row : rows) {
            assertEquals("INCONCLUSIVE", row.get("verdict").asText(), row.toString());
            assertTrue(row.get("detail").asText().contains("heap"), row.toString());
            long states = row.get("quantities").get("distinctStates").get("value").asLong();
            assertTrue(states > 10_000 && states < 4_736_729, "partial count " + states);
        }
    }

    @Test
    void aGbnTablePastItsTimeLimitIsInconclusiveWithTheRowsItFinished() throws Exception {
        CliTest.Run r = CliTest.run("gbn-table", "--packets", "4", "--max-time", "1s", "--no-save", "--json");
        assertEquals(3, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("TIME_LIMIT", o.get("stopped").asText(), r.out());
        assertTrue(o.get("stopReason").asText().contains("rows done"), r.out());
        assertEquals(10, o.get("rowsPlanned").asInt());
        JsonNode rows = o.get("rows");
        assertEquals(o.get("rowsDone").asInt(), rows.size());
        assertTrue(rows.size() < 10, "fewer rows than the full table: " + rows.size());
    }

    @Test
    void aGbnTableThatFinishesSaysSoAndListsEveryRow() throws Exception {
        CliTest.Run r = CliTest.run("gbn-table", "--packets", "2", "--max-losses", "1", "--no-save", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertTrue(o.get("stopped").isNull(), r.out());
        assertTrue(o.get("stopReason").isNull(), r.out());
        assertEquals(10, o.get("rowsDone").asInt());
        assertEquals(10, o.get("rows").size());
    }

    @Test
    void replayCountsStepsAsCheckDoes(@TempDir Path dir) throws Exception {
        CliTest.Run check = CliTest.run("check", "philosophers", "--variant", "naive", "--param", "n=3", "--json",
                "--out", dir.toString());
        JsonNode rows = TraceJson.MAPPER.readTree(check.out());
        int replayed = 0;
        for (JsonNode row : rows) {
            JsonNode cex = row.get("counterexample");
            if (cex != null && cex.hasNonNull("file")) {
                JsonNode replay = TraceJson.MAPPER.readTree(CliTest.run("replay", cex.get("file").asText(), "--json")
                        .out());
                assertEquals(cex.get("steps").get("value").asInt(), replay.get("steps").get("value").asInt(),
                        cex.get("file").asText());
                replayed++;
            }
        }
        assertEquals(2, replayed);
    }
}
