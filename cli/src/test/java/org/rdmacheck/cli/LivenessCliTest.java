package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** check, list and replay of liveness properties under fairness. */
class LivenessCliTest {

    @Test
    void checkStoresALassoThatReplayReDecides(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("check", "gbn", "--variant", "improved-ignore", "--property", "Delivered",
                "--json", "--threads", "2", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(1, rows.size());
        assertEquals("VIOLATED", rows.get(0).get("verdict").asText());
        assertTrue(rows.get(0).get("asExpected").asBoolean());
        Path lasso = dir.resolve("gbn/improved-ignore-Delivered.json");
        JsonNode cex = TraceJson.MAPPER.readTree(Files.readString(lasso));
        assertEquals("temporal", cex.get("kind").asText());
        assertTrue(cex.get("loopStart").asInt() >= 0);
        CliTest.Run replay = CliTest.run("replay", lasso.toString());
        assertEquals(0, replay.code(), replay.err() + replay.out());
        assertTrue(replay.out().contains("the loop is fair"), replay.out());
    }

    @Test
    void checkOfTheDefaultVariantVerifiesDelivered(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("check", "gbn", "--property", "Delivered", "--json", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("VERIFIED", row.get("verdict").asText());
        // the analysis time, split into the labelling of the graph and the fair-cycle search
        JsonNode q = row.get("quantities");
        for (String name : new String[] {"analysisMillis", "labellingMillis", "searchMillis"}) {
            assertEquals("ms", q.get(name).get("unit").asText(), name);
            assertTrue(q.get(name).get("value").isNumber() && q.get(name).get("value").asDouble() >= 0, name);
        }
        assertEquals(q.get("analysisMillis").get("value").asDouble(), q.get("labellingMillis").get("value").asDouble()
                + q.get("searchMillis").get("value").asDouble());
    }

    @Test
    void listShowsFairnessAndMustFailVariants() throws Exception {
        CliTest.Run r = CliTest.run("list", "--json");
        assertEquals(0, r.code(), r.err());
        for (JsonNode m : TraceJson.MAPPER.readTree(r.out())) {
            if (m.get("model").asText().equals("gbn")) {
                JsonNode d = m.get("liveness").get(0);
                assertEquals("Delivered", d.get("name").asText());
                assertEquals("<>P", d.get("formula").asText());
                assertEquals("SF(ReceiveData)", d.get("fairness").get(0).asText());
                assertEquals("improved-ignore", d.get("mustFailVariants").get(0).asText());
                return;
            }
        }
        throw new AssertionError("gbn not listed");
    }
}
