package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** {@code tlc --expect} (declared outcomes, as in tlaplus/Examples manifests) and {@code tlc --property}. */
class TlcExpectTest {

    private static String fifo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("specs"))) {
            p = p.getParent();
        }
        return p.resolve("specs/fifo").toString();
    }

    private static Map<String, JsonNode> byProperty(String json) throws IOException {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode row : TraceJson.MAPPER.readTree(json)) {
            m.put(row.get("property").asText(), row);
        }
        return m;
    }

    @Test
    void modelMeantToFailExitsZeroWhenItFails() throws IOException {
        CliTest.Run plain = CliTest.run("tlc", fifo(), "--param", "Reorder=TRUE", "--json");
        assertEquals(1, plain.code(), plain.err());
        CliTest.Run r = CliTest.run("tlc", fifo(), "--param", "Reorder=TRUE", "--expect", "violated", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode row = byProperty(r.out()).get("InOrderDelivery");
        assertEquals("VIOLATED", row.get("verdict").asText());
        assertEquals("FAILS", row.get("expected").asText());
    }

    @Test
    void modelMeantToFailThatHoldsExitsOne() throws IOException {
        CliTest.Run r = CliTest.run("tlc", fifo(), "--expect", "violated", "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode row = byProperty(r.out()).get("InOrderDelivery");
        assertEquals("VERIFIED", row.get("verdict").asText());
        assertEquals("FAILS", row.get("expected").asText());
    }

    @Test
    void perPropertyExpectationAndProperty(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Clock.tla"), "---- MODULE Clock ----\nEXTENDS Naturals\nVARIABLE hr\n"
                + "Next == hr' = IF hr # 3 THEN hr + 1 ELSE 1\nSpec == hr = 1 /\\ [][Next]_hr /\\ WF_hr(Next)\n"
                + "Ticks == []<>(hr = 3)\nStuck == <>[](hr = 1)\nType == hr \\in 1..3\n====\n");
        Files.writeString(dir.resolve("Clock.cfg"), "SPECIFICATION Spec\nINVARIANT Type\nPROPERTY Ticks\n");
        CliTest.Run r = CliTest.run("tlc", dir.toString(), "--property", "Stuck", "--json");
        assertEquals(1, r.code(), r.err());
        Map<String, JsonNode> rows = byProperty(r.out());
        assertEquals("VIOLATED", rows.get("Stuck").get("verdict").asText());
        assertTrue(!rows.containsKey("Ticks"), rows.keySet().toString());
        // TLC stopped at the liveness violation: the invariant is not claimed verified.
        assertEquals("INCONCLUSIVE", rows.get("Type").get("verdict").asText());

        CliTest.Run pinned = CliTest.run("tlc", dir.toString(), "--property", "Stuck", "--expect", "Stuck=violated",
                "--json");
        assertEquals(3, pinned.code(), "Stuck failed as expected, Type (must hold) was left unfinished");
        Map<String, JsonNode> pinnedRows = byProperty(pinned.out());
        assertEquals("FAILS", pinnedRows.get("Stuck").get("expected").asText());
        assertEquals("HOLDS", pinnedRows.get("Type").get("expected").asText());

        CliTest.Run ok = CliTest.run("tlc", dir.toString(), "--property", "Stuck", "--expect", "violated", "--json");
        assertEquals(0, ok.code(), ok.err());
        assertEquals("NONE", byProperty(ok.out()).get("Type").get("expected").asText());

        CliTest.Run wrong = CliTest.run("tlc", dir.toString(), "--expect", "Type=violated");
        assertEquals(1, wrong.code(), wrong.err());

        CliTest.Run typo = CliTest.run("tlc", dir.toString(), "--expect", "Stuk=violated");
        assertEquals(2, typo.code());
        assertTrue(typo.err().contains("'Stuk'") && typo.err().contains("Ticks"), typo.err());
    }

    @Test
    void badExpectationIsExitTwo() {
        CliTest.Run r = CliTest.run("tlc", fifo(), "--expect", "failing");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--expect failing") && r.err().contains("violated"), r.err());
    }
}
