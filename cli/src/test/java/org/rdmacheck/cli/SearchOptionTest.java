package org.rdmacheck.cli;

import static org.rdmacheck.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rdmacheck.cli.CliTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * {@code check --search random}: the search in every JSON row, a violation stored and replayed, no
 * VERIFIED anywhere, and bad values refused in one line with exit 2.
 */
class SearchOptionTest {

    @TempDir
    Path tmp;

    @Test
    void randomWalksFindTheDeadlockAndProveNothing() throws Exception {
        Run r = run("check", "philosophers", "--variant", "naive", "--param", "n=3", "--search", "random:5",
                "--walks", "1000", "--property", "DeadlockFree", "--property", "NeighboursNeverBothEat", "--json",
                "--out", tmp.toString());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(2, rows.size(), r.out());
        for (JsonNode row : rows) {
            assertEquals("random", row.get("search").get("mode").asText());
            assertEquals(5, row.get("search").get("seed").asLong());
            assertEquals(200, row.get("search").get("depth").asInt());
            assertNotEquals("VERIFIED", row.get("verdict").asText(), row.toString());
            // the walks' figures are named for what they count: visits with repeats, the longest walk in steps
            JsonNode q = row.get("quantities");
            assertFalse(q.has("distinctStates") || q.has("depth"), q.toString());
            assertEquals("steps", q.get("longestWalk").get("unit").asText());
            assertTrue(q.get("longestWalk").get("value").asInt() <= 200, q.toString());
            assertTrue(q.get("visitedStates").get("value").asLong() > q.get("longestWalk").get("value").asLong(),
                    q.toString());
        }
        JsonNode deadlock = rows.get(0).get("property").asText().equals("DeadlockFree") ? rows.get(0) : rows.get(1);
        assertEquals("VIOLATED", deadlock.get("verdict").asText());
        JsonNode safe = deadlock == rows.get(0) ? rows.get(1) : rows.get(0);
        assertEquals("SIMULATION_ONLY", safe.get("inconclusiveCause").asText());
        assertEquals(1000, safe.get("search").get("walks").asLong(), "the safe property needs every walk");
        // exit 3: one property is left open (no proof), the expected deadlock found
        assertEquals(3, r.code(), r.err());
        Path stored;
        try (var files = Files.walk(tmp)) {
            stored = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        Run replay = run("replay", stored.toString());
        assertEquals(0, replay.code(), replay.out() + replay.err());
    }

    @Test
    void theDirectedSearchFindsTheStoredDeadlockAndRecordsItsHeuristic() throws Exception {
        Run r = run("check", "fabric", "--variant", "repaired-one-message", "--search", "directed:3", "--property",
                "NoRoutingDeadlock", "--json", "--out", tmp.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("VIOLATED", row.get("verdict").asText(), row.toString());
        assertEquals("directed", row.get("search").get("mode").asText());
        assertEquals(3, row.get("search").get("seed").asLong());
        JsonNode d = row.get("search").get("directed");
        assertEquals("uturn-pressure", d.get("heuristic").asText());
        assertTrue(d.get("bestScore").asInt() > 0 && d.get("bestScore").asInt() <= d.get("maxScore").asInt(), d.toString());
        Path stored;
        try (var files = Files.walk(tmp)) {
            stored = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        Run replay = run("replay", stored.toString());
        assertEquals(0, replay.code(), replay.out() + replay.err());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--search dfs | --search dfs: expected bfs, random[:SEED], swarm[:SEED] or directed[:SEED]",
        "--search directed:x | --search directed:x: expected a whole-number seed after directed:, got 'x'",
        "--search directed --walks 5 | --walks: applies to --search random or swarm only (the search is directed)",
        "--search directed --reduction safety | --reduction safety: applies to --search bfs only (the directed search reduces nothing)",
        "--search directed | --search directed: model philosophers",
        "--search random:x | --search random:x: expected a whole-number seed after random:, got 'x'",
        "--search random --walk-depth 0 | --walk-depth 0: expected at least 1",
        "--search random --walks 0 | --walks 0: expected at least 1",
        "--walk-depth 5 | --walk-depth: applies to --search random, swarm or directed only (the search is bfs)",
        "--search random --reduction safety | --reduction safety: applies to --search bfs only",
    })
    void badValuesAreOneLineAndExitTwo(String args, String message) throws Exception {
        List<String> all = new java.util.ArrayList<>(List.of("check", "philosophers", "--out", tmp.toString()));
        all.addAll(List.of(args.trim().split(" ")));
        Run r = run(all.toArray(String[]::new));
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(message), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals(0, Files.list(tmp).count());
    }
}
