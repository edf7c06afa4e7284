package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * The JSON values the schemas promise, asserted by type: a position that does not exist is null (never
 * -1), a counterexample's kind is the enum in upper case wherever an output echoes it (the stored trace
 * file keeps its lower-case word).
 */
class TypedJsonTest {

    private static JsonNode json(CliTest.Run r) throws IOException {
        return TraceJson.MAPPER.readTree(r.out());
    }

    @Test
    void replayWritesNoIllegalStepAsNullAndTheKindAsTheEnum() throws IOException {
        Path stored = JsonSchemaTest.repo().resolve("counterexamples/gbn/gbn-NoTimeout.json");
        CliTest.Run r = CliTest.run("replay", stored.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = json(r);
        assertEquals("REPRODUCES", o.get("outcome").asText());
        assertTrue(o.get("firstIllegalStep").isNull(), o.toString());
        assertTrue(o.get("kind").isTextual(), o.toString());
        assertEquals(TraceJson.MAPPER.readTree(stored.toFile()).get("kind").asText().toUpperCase(java.util.Locale.ROOT),
                o.get("kind").asText());
        assertTrue(JsonSchemaTest.schema("replay.schema.json").validate(o).isEmpty(), o.toString());
    }

    @Test
    void replayWritesTheFirstIllegalStepAsAnInteger(@TempDir Path dir) throws IOException {
        JsonNode trace = TraceJson.MAPPER.readTree(JsonSchemaTest.repo()
                .resolve("counterexamples/gbn/gbn-NoTimeout.json").toFile());
        ((ObjectNode) trace.get("steps").get(1).get("state")).put("next", 2); // Send moves next from 0 to 1 only
        Path tampered = dir.resolve("tampered.json");
        Files.writeString(tampered, TraceJson.MAPPER.writeValueAsString(trace));
        CliTest.Run r = CliTest.run("replay", tampered.toString(), "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode o = json(r);
        assertEquals("ILLEGAL_STEP", o.get("outcome").asText());
        assertTrue(o.get("firstIllegalStep").isInt(), o.toString());
        assertEquals(1, o.get("firstIllegalStep").asInt());
        assertTrue(JsonSchemaTest.schema("replay.schema.json").validate(o).isEmpty(), o.toString());
    }

    @Test
    void aFindingsCounterexampleKindIsTheEnumAndReadsBack(@TempDir Path dir) throws IOException {
        CliTest.Run r = CliTest.run("check", "philosophers", "--variant", "naive", "--param", "n=3", "--json",
                "--no-save");
        JsonNode cex = null;
        for (JsonNode f : json(r)) {
            if (f.get("counterexample").isObject()) {
                cex = f.get("counterexample");
            }
        }
        assertTrue(cex != null, r.out());
        Counterexample.Kind kind = Counterexample.Kind.valueOf(cex.get("kind").asText()); // the enum's own name
        // report --from reads the enum back into the trace format's word
        Path file = dir.resolve("findings.json");
        Files.writeString(file, r.out());
        assertTrue(FindingsJson.read(file, dir).stream().anyMatch(f -> f.counterexample().isPresent()
                && f.counterexample().get().trace().kind() == kind));
    }
}
