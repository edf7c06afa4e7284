package org.rdmacheck.checker.escapevl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.escapevl.EscapeVlEntry;

/**
 * The Java explorer agrees with specs/escape-vl/manifest.json (counts obtained with TLC on the
 * TLA+ twin), and the verdicts of every variant are the expected ones, with the counterexamples
 * explained: the one-lane deadlock, and the reordering by a lane change.
 */
class EscapeVlManifestTest {

    static ExplorationReport check(String variant, Map<String, String> params) {
        EscapeVlEntry e = new EscapeVlEntry();
        return new Explorer(ExplorerSettings.defaults().withThreads(2)).check(e.build(variant, Params.of(params)));
    }

    static Path manifest() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("specs/escape-vl/manifest.json"))) {
            p = p.getParent();
        }
        return p.resolve("specs/escape-vl/manifest.json");
    }

    @Test
    void javaCountsEqualTheManifest() throws Exception {
        JsonNode root = TraceJson.MAPPER.readTree(manifest().toFile());
        assertEquals("escape-vl", root.get("javaModel").asText());
        int compared = 0;
        for (JsonNode c : root.get("configurations")) {
            if (c.has("config")) {
                continue; // refinement checks (RefinementConformanceTest): TLC's properties, not the explorer's
            }
            Map<String, String> params = new LinkedHashMap<>();
            c.get("parameters").fields().forEachRemaining(x -> params.put(x.getKey(), x.getValue().asText()));
            ExplorationReport r = check(c.get("variant").asText(), params);
            assertEquals(c.get("expect").get("distinctStates").asLong(), r.stats().distinctStates(), c.get("name").asText());
            compared++;
        }
        assertEquals(17, compared);
    }

    @Test
    void oneLaneDeflectionDeadlocksWithEveryBufferOfACycleFull() {
        ExplorationReport r = check("one-lane", Map.of("network", "ring3"));
        CheckResult res = r.result("DeadlockFree");
        assertTrue(res instanceof CheckResult.Violated);
        Counterexample cex = ((CheckResult.Violated) res).counterexample();
        JsonNode last = cex.steps().get(cex.steps().size() - 1).state();
        int full = 0;
        for (JsonNode b : last.get("buffers")) {
            full += b.size();
        }
        assertEquals(4, full, "four packets stuck, one per buffer of the cycle");
        assertTrue(cex.steps().stream().skip(1).anyMatch(s -> s.action().name().equals("Deflect")));
        assertTrue(r.result("AllDelivered") instanceof CheckResult.Violated);
    }

    @Test
    void dartAndTheOrderRuleHold() {
        for (String net : List.of("ring3", "leafspine")) {
            for (String v : List.of("dart", "escape-follow", "escape-return")) {
                for (CheckResult res : check(v, Map.of("network", net)).results()) {
                    assertTrue(res instanceof CheckResult.Verified, net + " " + v + " " + res);
                }
            }
            assertTrue(check("escape-deflect", Map.of("network", net)).result("DeadlockFree") instanceof CheckResult.Violated);
        }
    }

    @Test
    void aLaneChangeReordersAMessage() {
        CheckResult res = check("lane-change-order", Map.of("network", "ring3")).result("InOrderDelivery");
        assertTrue(res instanceof CheckResult.Violated);
        List<TraceStep> steps = ((CheckResult.Violated) res).counterexample().steps();
        // packets 0 and 1 are one message; packet 0 moves to the escape lane and packet 1, later on VL1, is delivered first
        assertTrue(steps.stream().skip(1).anyMatch(s -> s.action().name().equals("MoveToEscape")));
        TraceStep last = steps.get(steps.size() - 1);
        assertEquals("Deliver", last.action().name());
        assertEquals(1, ((Number) last.action().params().get("packet")).intValue());
    }
}
