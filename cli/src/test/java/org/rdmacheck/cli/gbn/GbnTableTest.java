package org.rdmacheck.cli.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.cli.Main;
import org.rdmacheck.model.Params;
import org.rdmacheck.checker.gbn.LeastLossTable;
import org.rdmacheck.properties.catalog.Catalog;

class GbnTableTest {

    @Test
    void leastBudgetsMatchTheCatalogueAndEveryTraceReplays(@TempDir Path dir) throws Exception {
        List<LeastLossTable.Row> rows = new LeastLossTable(GbnShape.params(3, 1, 2, 4, "interval"), 3,
                ExplorerSettings.defaults().withThreads(2)).compute();
        assertEquals(10, rows.size());
        List<GbnTraces.Files> written = new java.util.ArrayList<>();
        for (LeastLossTable.Row r : rows) {
            assertEquals(org.rdmacheck.properties.gbn.GbnEntry.leastTimeoutBudget(r.variant(), r.duplicates()),
                    r.leastLosses().orElseThrow(), r.variant() + "/" + r.duplicates());
            LeastLossTable.Found f = r.found().orElseThrow();
            assertFalse(f.patterns().isEmpty());
            assertTrue(f.shortest().length() <= f.patterns().stream().mapToInt(p -> p.trace().size()).min()
                    .orElseThrow());
            assertEquals(f.labelCounts().keySet(), f.examples().keySet());
            GbnTraces.Files files = GbnTraces.write(r, java.util.Optional.of(dir));
            assertEquals(f.examples().keySet(), files.byLabel().keySet());
            written.add(files);
        }
        // every figure of a row is a value with its unit
        com.fasterxml.jackson.databind.JsonNode first = GbnTableCommand.json(rows, written).get(0);
        assertEquals(rows.get(0).leastLosses().orElseThrow(), first.get("leastLosses").get("value").asInt());
        assertEquals("losses", first.get("leastLosses").get("unit").asText());
        assertEquals("states", first.get("distinctStates").get("unit").asText());
        assertEquals("steps", first.get("shortestLength").get("unit").asText());
        assertEquals("ms", first.get("wallMillis").get("unit").asText());
        assertEquals("steps", first.get("patterns").get(0).get("traceLength").get("unit").asText());
        assertEquals("count", first.get("labelCounts").elements().next().get("unit").asText());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir.resolve("gbn"))) {
            files = s.sorted().toList();
        }
        assertTrue(files.size() >= 20, files.toString());
        for (Path f : files) {
            Counterexample cex = Counterexamples.read(f);
            var spec = Catalog.find("gbn").build(cex.provenance().variant(), Params.of(cex.provenance().parameters()));
            var res = TraceReplayer.replay(spec, cex);
            assertTrue(res.legal() && res.stillViolated(), f + ": " + res);
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        for (String[] args : List.of(new String[] {"gbn-table", "--packets", "0"},
                new String[] {"check", "gbn", "--param", "losses=-1"},
                new String[] {"check", "gbn", "--variant", "selective"},
                new String[] {"gbn-table", "--max-losses", "-1"})) {
            StringWriter err = new StringWriter();
            int code = Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
            assertEquals(2, code, String.join(" ", args));
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
        }
    }
}
