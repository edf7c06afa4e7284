package org.rdmacheck.cli.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/** The Java explorer's distinct-state counts equal those TLC found for specs/gbn (manifest.json). */
class GbnManifestTest {

    @Test
    void explorerCountsEqualTheManifest() throws Exception {
        Path manifest = Path.of("..", "specs", "gbn", "manifest.json");
        JsonNode root = TraceJson.MAPPER.readTree(Files.readString(manifest));
        assertEquals("gbn", root.get("javaModel").asText());
        int checked = 0;
        for (JsonNode c : root.get("configurations")) {
            if (c.has("config")) {
                continue; // refinement checks (RefinementConformanceTest): TLC's properties, not the explorer's
            }
            Map<String, String> params = new LinkedHashMap<>();
            c.get("parameters").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            CheckSpec<?> spec = Catalog.find("gbn").build(c.get("variant").asText(), Params.of(params));
            ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(2)).check(spec);
            String name = c.get("name").asText();
            assertEquals(c.get("expect").get("distinctStates").asLong(), r.stats().distinctStates(), name);
            java.util.Set<String> violated = new java.util.HashSet<>();
            c.get("expect").get("violated").forEach(v -> violated.add(v.asText()));
            for (JsonNode p : c.get("properties")) {
                CheckResult res = r.result(p.asText());
                assertEquals(violated.contains(p.asText()), res instanceof CheckResult.Violated, name + " " + p.asText());
                assertTrue(res instanceof CheckResult.Violated || res instanceof CheckResult.Verified, name + " " + res);
            }
            // the knock-out duplicate-detection's configuration expects it violated (specs/gbn's Knockouts)
            assertEquals(violated.contains("NoUnreceivedRelease"), r.result("NoUnreceivedRelease")
                    instanceof CheckResult.Violated, name);
            checked++;
        }
        assertEquals(19, checked);
    }
}
