package org.rdmacheck.checker.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * The Java explorer agrees with specs/dasr/manifest.json, whose counts and verdicts were obtained
 * by running TLC on the TLA+ twin: equal distinct-state counts, and every property the manifest
 * says TLC finds violated is violated in Java too (those that hold, hold). Configurations marked
 * {@code "symmetry": true} are compared with the explorer's symmetry reduction.
 */
class DasrManifestTest {

    static Path manifest() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("specs/dasr/manifest.json"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no specs/dasr/manifest.json above " + Paths.get("").toAbsolutePath());
        }
        return p.resolve("specs/dasr/manifest.json");
    }

    @Test
    void javaCountsAndVerdictsEqualTheManifest() throws IOException {
        JsonNode root = TraceJson.MAPPER.readTree(manifest().toFile());
        assertEquals("dasr", root.get("javaModel").asText());
        int compared = 0;
        Map<String, ExplorationReport> reports = new java.util.HashMap<>();
        for (JsonNode c : root.get("configurations")) {
            if (c.has("config")) {
                continue; // refinement checks (RefinementConformanceTest): TLC's properties, not the explorer's
            }
            Map<String, String> params = new LinkedHashMap<>();
            c.get("parameters").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            String variant = c.get("variant").asText();
            // a configuration under TLC's SYMMETRY counts classes: the explorer reduces too
            boolean symmetry = c.path("symmetry").asBoolean(false);
            ExplorationReport r = reports.computeIfAbsent(variant + params + symmetry,
                    k -> DasrVerdictsTest.check(variant, params, symmetry));
            String name = c.get("name").asText();
            JsonNode expect = c.get("expect");
            if (expect.has("distinctStates")) {
                assertEquals(expect.get("distinctStates").asLong(), r.stats().distinctStates(), name);
                compared++;
            }
            Set<String> checked = new TreeSet<>();
            c.get("invariants").forEach(n -> checked.add(n.asText()));
            c.get("properties").forEach(n -> checked.add(n.asText()));
            Set<String> want = new TreeSet<>();
            expect.get("violated").forEach(n -> want.add(n.asText()));
            Set<String> got = new TreeSet<>();
            for (CheckResult res : r.results()) {
                if (checked.contains(res.property()) && res instanceof CheckResult.Violated) {
                    got.add(res.property());
                }
            }
            assertEquals(want, got, name);
        }
        assertFalse(compared == 0, "the manifest has state counts");
    }
}
