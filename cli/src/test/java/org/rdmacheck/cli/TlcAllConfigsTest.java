package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** {@code tlc --all-configs}: every X.cfg of a folder, one table, one finding per configuration and property. */
class TlcAllConfigsTest {

    private static void writeSpec(Path dir) throws IOException {
        Files.writeString(dir.resolve("Count.tla"), "---- MODULE Count ----\nEXTENDS Naturals\nCONSTANT Max\n"
                + "VARIABLE x\nInit == x = 0\nNext == x < Max /\\ x' = x + 1\nSmall == x <= 2\n====\n");
        Files.writeString(dir.resolve("Count.cfg"), "CONSTANT Max = 2\nINIT Init\nNEXT Next\nINVARIANT Small\n"
                + "CHECK_DEADLOCK FALSE\n");
        Files.writeString(dir.resolve("Big.tla"), "---- MODULE Big ----\nEXTENDS Count\n====\n");
        Files.writeString(dir.resolve("Big.cfg"), "CONSTANT Max = 5\nINIT Init\nNEXT Next\nINVARIANT Small\n"
                + "CHECK_DEADLOCK FALSE\n");
    }

    @Test
    void everyConfigurationIsOneRowPerProperty(@TempDir Path dir) throws IOException {
        writeSpec(dir);
        CliTest.Run r = CliTest.run("tlc", dir.toString(), "--all-configs", "--json");
        assertEquals(1, r.code(), r.err());
        Map<String, JsonNode> byVariant = new HashMap<>();
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(2, rows.size(), r.out());
        for (JsonNode row : rows) {
            assertEquals("Small", row.get("property").asText());
            byVariant.put(row.get("variant").asText(), row);
        }
        assertEquals("VIOLATED", byVariant.get("Big").get("verdict").asText());
        assertEquals(4, byVariant.get("Big").get("counterexample").get("trace").size());
        assertEquals("VERIFIED", byVariant.get("Count").get("verdict").asText());
        assertEquals(3, byVariant.get("Count").get("quantities").get("distinctStates").get("value").asLong());

        CliTest.Run text = CliTest.run("tlc", dir.toString(), "--all-configs");
        assertEquals(1, text.code());
        assertTrue(text.out().contains("configuration Big.cfg:"), text.out());
    }

    @Test
    void configurationWithoutItsModuleIsRefused(@TempDir Path dir) throws IOException {
        writeSpec(dir);
        Files.writeString(dir.resolve("Orphan.cfg"), "INIT Init\nNEXT Next\n");
        CliTest.Run r = CliTest.run("tlc", dir.toString(), "--all-configs");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Orphan.cfg") && r.err().contains("Orphan.tla"), r.err());
        CliTest.Run both = CliTest.run("tlc", dir.toString(), "--all-configs", "--config", "Count.cfg");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("--all-configs"), both.err());
    }
}
