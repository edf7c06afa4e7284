package org.rdmacheck.cli.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.Main;
import org.rdmacheck.cli.Finding;

/** {@code rdmacheck partition-sim} and its suite task. */
class PartitionSimCommandTest {

    private static int run(StringWriter out, StringWriter err, String... args) {
        return Main.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void writesTheCsvsAndPlotsAndPrintsEveryPointAsJson(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = run(out, err, "partition-sim", "--size", "1M", "--chunks", "4K,64K", "--qps", "1,2,4", "--trials", "2",
                "--ecmp-k", "4", "--ecmp-qps", "1,8", "--json", "--out", dir.toString());
        assertEquals(0, code, err.toString());
        JsonNode json = TraceJson.MAPPER.readTree(out.toString());
        assertEquals(6, json.get("points").size());
        assertEquals(2 * 4, json.get("census").size(), "2 QP counts x 4 hashes");
        List<String> csv = Files.readAllLines(dir.resolve("completion.csv"));
        assertEquals(7, csv.size());
        assertEquals("qps,chunk_bytes,distinct_paths,mean_ms,min_ms,max_ms", csv.get(0));
        assertEquals(9, Files.readAllLines(dir.resolve("ecmp-paths.csv")).size());
        for (String png : List.of("completion-vs-qps.png", "completion-vs-chunk.png")) {
            byte[] b = Files.readAllBytes(dir.resolve(png));
            assertTrue(b.length > 1000 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G', png);
        }
        for (JsonNode p : json.get("points")) {
            if (p.get("qps").asInt() == 1) {
                assertEquals(1.0, p.get("distinctPaths").get("value").asDouble());
                assertEquals("count", p.get("distinctPaths").get("unit").asText());
                assertEquals("ms", p.get("meanMillis").get("unit").asText());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"--qps=0", "--size=-1", "--hash=md5", "--topology=bogus:k=1", "--chunks=4X",
        "--gbps=NaN", "--allocation=greedy", "--src=h9.9", "--ecmp-k=5", "--trials=0"})
    void badInputIsOneLineExitTwoAndNothingWritten(String bad, @TempDir Path dir) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path target = dir.resolve("never");
        int code = run(out, err, "partition-sim", bad, "--out", target.toString());
        assertEquals(2, code, bad);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertFalse(Files.exists(target), "nothing written for " + bad);
    }

    @Test
    void theSuiteTaskConfirmsThePapersQualitativeClaims(@TempDir Path home) throws Exception {
        List<Finding> rows = new PartitionSimTask().run(ExplorerSettings.defaults(), null, home);
        assertEquals(3 + 4, rows.size());
        for (Finding r : rows) {
            assertEquals(Finding.Outcome.AS_EXPECTED, r.outcome(), r.property() + ": " + r.detail());
        }
        assertTrue(Files.exists(home.resolve("out/partition/all/completion.csv")));
    }
}
