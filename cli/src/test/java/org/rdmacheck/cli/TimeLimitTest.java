package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * {@code --max-time} on the commands that can run long: reached, the run is INCONCLUSIVE (exit 3)
 * with what it finished as numbers and the cause as the findings' enum, and writes no files; bad
 * durations are one line and exit 2. Each configuration needs many seconds, the limit is 50 ms.
 */
class TimeLimitTest {

    private static final String TINY = "0.05s";

    private static JsonNode stopped(CliTest.Run r) throws Exception {
        assertEquals(3, r.code(), r.err() + r.out());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("TIME_LIMIT", o.get("stopped").asText(), r.out());
        assertTrue(o.get("stopReason").asText().startsWith("time limit "), r.out());
        return o;
    }

    private static void empty(Path dir) throws Exception {
        assertTrue(Files.notExists(dir) || Files.list(dir).findAny().isEmpty(), "no files written in " + dir);
    }

    @Test
    void gbnSimPastItsTimeLimitShowsTheFinishedPointsAndWritesNoFiles(@TempDir Path dir) throws Exception {
        // the default grid takes several seconds; 200 messages per replication make it about a minute
        JsonNode o = stopped(CliTest.run("gbn-sim", "--param", "messages=200", "--max-time", TINY, "--json",
                "--out", dir.toString()));
        assertEquals(60, o.get("points").asInt());
        assertTrue(o.get("pointsDone").asInt() < 60, o.toString());
        assertEquals(o.get("pointsDone").asInt(), o.get("cells").size());
        assertEquals("ms", o.get("wallMillis").get("unit").asText());
        assertTrue(o.get("wallMillis").get("value").isNumber());
        empty(dir);
    }

    @Test
    void gbnSimThatFinishesSaysSoInTheSameFields(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("gbn-sim", "--param", "variants=gbn", "--param", "lossRates=1e-2", "--param",
                "rto=10ms", "--param", "replications=2", "--param", "messages=1", "--param", "messageBytes=65536",
                "--json", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertTrue(o.get("stopped").isNull());
        assertTrue(o.get("stopReason").isNull());
        assertEquals(1, o.get("points").asInt());
        assertEquals(1, o.get("pointsDone").asInt());
        assertTrue(o.get("cells").get(0).get("relativeThroughput").get("value").isNumber());
        assertTrue(Files.exists(dir.resolve("throughput.csv")));
    }

    @Test
    void gbnTimedTablePastItsTimeLimitShowsTheRowsItFinishedAsJson() throws Exception {
        // delayMax = 6 ticks: the st and ce rows explore millions of states, more than a minute
        JsonNode o = stopped(CliTest.run("gbn-timed-table", "--param", "delayMax=6", "--max-time", TINY, "--json",
                "--no-save"));
        assertTrue(o.get("leastLoss").size() < 5, o.toString());
        assertTrue(o.get("stopReason").asText().contains("rows done"), o.toString());
        assertTrue(o.get("rto").isNull(), "the RTO derivation is not run");
    }

    @Test
    void gbnTimedTableThatFinishesSaysSo() throws Exception {
        CliTest.Run r = CliTest.run("gbn-timed-table", "--max-losses", "1", "--json", "--no-save");
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertTrue(o.get("stopped").isNull());
        assertEquals(5, o.get("leastLoss").size());
        assertTrue(o.get("rto").get("smallestTimeout").isInt());
    }

    @Test
    void everyFluidScenarioPastItsTimeLimitIsInconclusiveAndWritesNoFiles(@TempDir Path dir) throws Exception {
        // two-flow's solve is over in about a second, its PNG can take longer on a loaded machine: the
        // limit covers both (FluidFilesTest stops a rendering under way)
        for (String scenario : List.of("two-flow", "convergence", "g-sweep", "incast", "packet-check")) {
            Path out = dir.resolve(scenario);
            CliTest.Run r = CliTest.run("fluid", scenario, "--max-time", TINY, "--json", "--out", out.toString());
            assertEquals(3, r.code(), scenario + ": " + r.err() + r.out());
            JsonNode rows = TraceJson.MAPPER.readTree(r.out());
            assertEquals(1, rows.size(), r.out());
            assertEquals("INCONCLUSIVE", rows.get(0).get("verdict").asText(), r.out());
            assertEquals("TIME_LIMIT", rows.get(0).get("inconclusiveCause").asText(), r.out());
            empty(out);
        }
    }

    @Test
    void stabilitySweepPastItsTimeLimitShowsTheRowsItFinished(@TempDir Path dir) throws Exception {
        // 1,000 (Rai, N) cells of 3 points each: about half a minute on two cores
        JsonNode o = stopped(CliTest.run("fluid", "stability", "sweep", "--vary", "Rai=1..100:1", "--flows", "2..20:2",
                "--max-time", TINY, "--json", "--out", dir.toString()));
        assertEquals(3000, o.get("planned").asInt());
        assertTrue(o.get("done").asInt() < 3000, o.toString());
        assertEquals(o.get("done").asInt(), o.get("rows").size());
        assertEquals(0, o.get("files").size());
        empty(dir);
    }

    @Test
    void stabilityRegionPastItsTimeLimitRecommendsNothing(@TempDir Path dir) throws Exception {
        // 1,200 settings of 24 points each: minutes
        JsonNode o = stopped(CliTest.run("fluid", "stability", "region", "--rai", "1..200:1", "--max-time", TINY,
                "--json", "--out", dir.toString()));
        assertEquals(1200, o.get("planned").asInt());
        assertTrue(o.get("done").asInt() < 1200, o.toString());
        assertEquals(o.get("done").asInt(), o.get("cells").size());
        assertTrue(o.get("recommended").isNull());
        assertTrue(o.get("best").isNull());
        empty(dir);
    }

    @Test
    void stabilityCrossCheckPastItsTimeLimitStopsTheSimulationsUnderWay(@TempDir Path dir) throws Exception {
        // 70 delay-differential runs of 2 s simulated time each: more than a minute
        CliTest.Run r = CliTest.run("fluid", "stability", "cross-check", "--duration-ms", "2000", "--max-time", TINY,
                "--json", "--out", dir.toString());
        JsonNode o = stopped(r);
        assertEquals(70, o.get("planned").asInt());
        assertTrue(o.get("done").asInt() < 70, o.toString());
        assertEquals(o.get("done").asInt(), o.get("compared").asInt() + o.get("skipped").asInt());
        assertTrue(r.err().length() < 2000, "no stack trace: " + r.err());
        empty(dir);
    }

    @Test
    void stabilityPacketCheckPastItsTimeLimitShowsTheRunsItFinished() throws Exception {
        // at C = 400 Gb/s each packet-level run handles about 7.5 M packets: seconds
        JsonNode o = stopped(CliTest.run("fluid", "stability", "packet-check", "--param", "C=400", "--unstable=8,100",
                "--max-time", TINY, "--json"));
        assertEquals(2, o.get("planned").asInt());
        assertTrue(o.get("done").asInt() < 2);
        assertTrue(o.get("unstable").isNull());
        assertTrue(o.get("unstableOscillatesMore").isNull());
    }

    @Test
    void stabilityMarginsThatFinishesSaysSo() throws Exception {
        CliTest.Run r = CliTest.run("fluid", "stability", "margins", "--param", "N=8", "--max-time", "10m", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertTrue(o.get("stopped").isNull());
        assertEquals(1, o.get("done").asInt());
        assertEquals(1, o.get("planned").asInt());
    }

    @Test
    void badDurationsAreOneLineNamingTheValueExitTwoAndWriteNothing(@TempDir Path dir) throws Exception {
        List<List<String>> commands = List.of(
                List.of("gbn-sim", "--out", dir.resolve("o").toString()),
                List.of("fluid", "stability", "sweep", "--out", dir.resolve("o").toString()),
                List.of("fluid", "stability", "margins"),
                List.of("fluid", "stability", "packet-check"),
                List.of("all", "--model", "corridor", "--no-save"),
                List.of("gbn-table", "--no-save"),
                List.of("deadlock", "--topology", "fattree:k=4", "--no-save"),
                List.of("deadlock", "--roce-topology", "fattree:k=4", "--no-save"),
                List.of("knockouts", "gbn", "--no-save"));
        for (List<String> c : commands) {
            for (String bad : List.of("-1s", "NaN", "1e30h", "10 minutes", "0", "0.0", "0s", "Infinity")) {
                List<String> args = new ArrayList<>(c);
                args.add("--max-time=" + bad);
                CliTest.Run r = CliTest.run(args.toArray(String[]::new));
                assertEquals(2, r.code(), args + ": " + r.err());
                assertEquals(1, r.err().strip().lines().count(), r.err());
                assertTrue(r.err().contains("'" + bad + "'") && r.err().contains("expected a positive duration"),
                        r.err());
                // the example it gives is one it accepts: never "such as 0s" for a bare 0
                assertFalse(r.err().contains("such as 0"), r.err());
                assertFalse(Files.exists(dir.resolve("o")), args.toString());
            }
        }
    }

    @Test
    void conformStoppedByItsLimitsIsInconclusiveWithTheCauseAsAnEnum() throws Exception {
        // Go-Back-N improved with 8 packets and 2 losses: neither TLC in 2 s nor the explorer in 50 ms finishes
        CliTest.Run r = CliTest.run("conform", "gbn", "--variant", "improved", "--param", "packets=8", "--param",
                "losses=2", "--max-time", TINY, "--tlc-time", "2s", "--specs", JsonSchemaTest.repo().resolve("specs").toString(),
                "--json");
        assertEquals(3, r.code(), r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("INCONCLUSIVE", row.get("verdict").asText());
        assertEquals("TIME_LIMIT", row.get("inconclusiveCause").asText(), row.toString());
        assertTrue(row.get("quantities").get("explorerDistinctStates").get("value").asLong() > 0, row.toString());
    }

    @Test
    void allTreatsMaxTimeAsADeadlineAndListsTheStepsNotRun() throws Exception {
        // gbn-table takes seconds: the deadline passes in it and thresholds is never started (one step
        // at a time: with two, thresholds would start beside gbn-table)
        CliTest.Run r = CliTest.run("all", "--model", "gbn-table", "--model", "thresholds", "--max-time", TINY,
                "--json", "--no-save", "--threads", "1");
        assertEquals(3, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        int tableStopped = 0;
        JsonNode thresholds = null;
        for (JsonNode row : rows) {
            if (row.get("model").asText().equals("gbn-table") && row.get("verdict").asText().equals("INCONCLUSIVE")) {
                assertEquals("TIME_LIMIT", row.get("inconclusiveCause").asText(), row.toString());
                tableStopped++;
            }
            if (row.get("model").asText().equals("thresholds")) {
                assertEquals(null, thresholds, "one row for a step not run");
                thresholds = row;
            }
        }
        assertTrue(tableStopped > 0, r.out());
        assertTrue(thresholds != null, r.out());
        assertEquals("INCONCLUSIVE", thresholds.get("verdict").asText());
        assertEquals("TIME_LIMIT", thresholds.get("inconclusiveCause").asText());
        assertTrue(thresholds.get("detail").asText().contains("not run"), thresholds.toString());
        assertTrue(thresholds.get("quantities").get("elapsedMillis").get("value").asLong() >= 50);
        assertEquals("ms", thresholds.get("quantities").get("elapsedMillis").get("unit").asText());
    }

    @Test
    void aStepNotRunKeepsItsParameters() throws Exception {
        // dasr's runs differ only in their parameters: a row without them would read as the defaults' row
        CliTest.Run r = CliTest.run("all", "--model", "gbn-table", "--model", "dasr", "--max-time", TINY,
                "--json", "--no-save", "--threads", "1");
        assertEquals(3, r.code(), r.err());
        java.util.Set<String> notRun = new java.util.HashSet<>();
        int rows = 0;
        for (JsonNode row : TraceJson.MAPPER.readTree(r.out())) {
            if (row.get("model").asText().equals("dasr") && row.get("detail").asText().contains("not run")) {
                rows++;
                assertTrue(row.get("parameters").size() > 0, "the parameters of the step not run: " + row);
                notRun.add(row.get("variant").asText() + " " + row.get("parameters"));
            }
        }
        assertTrue(rows > 1, r.out());
        assertEquals(rows, notRun.size(), "every step not run is told apart by its variant and parameters: " + notRun);
    }

    @Test
    void theDeadlockStepOfAllListsTheCasesItHadNoTimeFor(@TempDir Path dir) throws Exception {
        List<Finding> rows = new DeadlockSuite().run(org.rdmacheck.engine.ExplorerSettings.defaults()
                .withMaxMillis(1), null, dir);
        assertTrue(rows.size() > 1);
        assertTrue(rows.get(0).verdict() != Finding.Verdict.INCONCLUSIVE, "the first case runs: " + rows.get(0));
        long notRun = rows.stream().filter(f -> f.verdict() == Finding.Verdict.INCONCLUSIVE).peek(f -> {
            assertEquals(java.util.Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT),
                    f.cause());
            assertTrue(f.detail().contains("not run"), f.detail());
        }).count();
        assertTrue(notRun > 0, rows.toString());
    }

    @Test
    void thePartitionStepOfAllStopsAtTheTimeLeftAndClaimsNothing(@TempDir Path dir) throws Exception {
        List<Finding> rows = new org.rdmacheck.cli.partition.PartitionSimTask().run(
                org.rdmacheck.engine.ExplorerSettings.defaults().withMaxMillis(1), null, dir);
        assertEquals(1, rows.size(), rows.toString());
        assertEquals(Finding.Verdict.INCONCLUSIVE, rows.get(0).verdict());
        assertEquals(java.util.Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT),
                rows.get(0).cause());
        assertTrue(rows.get(0).quantity("pointsDone").orElseThrow().value()
                < rows.get(0).quantity("points").orElseThrow().value());
        assertTrue(Files.notExists(dir.resolve("out/partition/all")), "no files for a sweep cut short");
    }

    @Test
    void theConformanceStepOfAllSharesTheTimeLeftAmongItsComparisons() throws Exception {
        List<Finding> rows = new ConformanceSuiteTask().run(org.rdmacheck.engine.ExplorerSettings.defaults()
                .withThreads(1).withMaxMillis(1), null, JsonSchemaTest.repo());
        assertTrue(rows.size() > 2, rows.toString());
        for (Finding f : rows) {
            assertEquals(Finding.Verdict.INCONCLUSIVE, f.verdict(), f.toString());
            assertEquals(java.util.Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT),
                    f.cause(), f.toString());
        }
        if (rows.size() > ConformanceSuiteTask.GROUP) {
            assertTrue(rows.stream().anyMatch(f -> f.detail().contains("not run")), rows.toString());
        }
    }

    @Test
    void checkGivesTheLivenessExplorationOnlyTheTimeTheSafetyOneLeft() throws Exception {
        // 4.7 M states: the safety exploration uses the whole second, the liveness one is left 1 ms
        CliTest.Run r = CliTest.run("check", "gbn", "--variant", "improved", "--param", "packets=12", "--param",
                "messages=2", "--max-time", "1s", "--json", "--no-save", "--threads", "2");
        assertEquals(3, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        JsonNode live = rows.get(rows.size() - 1);
        assertEquals("Delivered", live.get("property").asText());
        assertEquals("TIME_LIMIT", live.get("inconclusiveCause").asText());
        assertTrue(live.get("detail").asText().contains("time limit 1s reached (1ms of it left after the safety "
                + "properties)"), live.toString());
        JsonNode safety = rows.get(0);
        assertEquals("TIME_LIMIT", safety.get("inconclusiveCause").asText());
        assertTrue(safety.get("quantities").get("distinctStates").get("value").asLong() > 0);
    }

    @Test
    void allGivesTheSimulationTheTimeLeftAndItStopsInconclusive() throws Exception {
        CliTest.Run r = CliTest.run("all", "--model", "gbn-sim", "--max-time", TINY, "--json", "--no-save");
        assertEquals(3, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(1, rows.size(), "a grid cut short claims nothing: " + r.out());
        JsonNode row = rows.get(0);
        assertEquals("INCONCLUSIVE", row.get("verdict").asText());
        assertEquals("TIME_LIMIT", row.get("inconclusiveCause").asText());
        assertEquals(15, row.get("quantities").get("points").get("value").asInt());
        assertTrue(row.get("quantities").get("pointsDone").get("value").asInt() < 15);
    }
}
