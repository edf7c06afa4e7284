package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** {@code rdmacheck thresholds --sonic}: the example configurations, witnesses, bad input. */
class SonicThresholdsCommandTest {

    @TempDir
    Path tmp;

    private static String example(String name) {
        return JsonSchemaTest.repo().resolve("examples/sonic").resolve(name + ".json").toString();
    }

    @Test
    void safeLeafExitsZeroWithEveryFigureInJson() throws IOException {
        CliTest.Run r = CliTest.run("thresholds", "--sonic", example("leaf-32x100g-40m"), "--json", "--no-save");
        assertEquals(0, r.code(), r.err());
        JsonNode root = TraceJson.MAPPER.readTree(r.out());
        assertEquals("SAFE", root.get("verdict").asText());
        JsonNode p = root.get("priorities").get(0);
        assertEquals(92_160, p.get("sonic").get("xoffBytes").asLong());
        assertEquals(63_452, p.get("mlx5").get("xoffBytes").asLong());
        assertEquals(79_260, p.get("ieee8021Qbb").get("tFlightBytes").asLong());
        assertTrue(p.get("cableMetres").isNumber());
        assertEquals(249_999, root.get("groups").get(0).get("tEcnMaxBytes").asLong());
    }

    @Test
    void unsafeSpineExitsOneAndItsWitnessesReplay() throws IOException {
        Path out = tmp.resolve("cex");
        CliTest.Run r = CliTest.run("thresholds", "--sonic", example("spine-64x400g-100m"), "--out", out.toString());
        assertEquals(1, r.code(), r.err());
        List<Path> files;
        try (Stream<Path> s = Files.list(out.resolve("thresholds"))) {
            files = s.sorted().toList();
        }
        assertEquals(List.of("spine-64x400g-100m.Ethernet0.p3.pg_lossless_400000_100m_profile-EcnBeforePfc.json",
                "spine-64x400g-100m.Ethernet0.p4.pg_lossless_400000_100m_profile-EcnBeforePfc.json"),
                files.stream().map(f -> f.getFileName().toString()).toList());
        for (Path f : files) {
            assertEquals(0, CliTest.run("replay", f.toString()).code());
        }
    }

    /** Dart's ordering (seed 000 §IV-B) with a deflection threshold above K_min: a stored witness per priority. */
    @Test
    void deflectionAboveEcnHasAWitnessThatReplays() throws IOException {
        Path out = tmp.resolve("cex");
        CliTest.Run r = CliTest.run("thresholds", "--sonic", example("leaf-32x100g-40m"), "--deflection", "150KB",
                "--out", out.toString());
        assertEquals(1, r.code(), r.err());
        Path f = out.resolve("thresholds/leaf-32x100g-40m.Ethernet0.p3.pg_lossless_100000_40m_profile"
                + "-DeflectionBelowEcn.json");
        assertTrue(Files.exists(f), r.out());
        JsonNode state = TraceJson.MAPPER.readTree(Files.readString(f)).get("steps").get(0).get("state");
        assertEquals(100_000, state.get("queueBytes").asLong());
        assertEquals(0, CliTest.run("replay", f.toString()).code());
        Files.writeString(f, Files.readString(f).replace("\"queueBytes\" : 100000", "\"queueBytes\" : 150001"));
        assertNotEquals(0, CliTest.run("replay", f.toString()).code());
        assertEquals(0, CliTest.run("thresholds", "--sonic", example("leaf-32x100g-40m"), "--deflection", "50KB",
                "--no-save").code());
    }

    @Test
    void headroomShortfallHasAWitnessThatReplays() throws IOException {
        Path out = tmp.resolve("cex");
        CliTest.Run r = CliTest.run("thresholds", "--sonic", example("leaf-32x100g-300m-cables"), "--out",
                out.toString());
        assertEquals(1, r.code(), r.err());
        Path f = out.resolve("thresholds-headroom/leaf-32x100g-300m-cables.Ethernet0.p3.pg_lossless_100000_40m_profile"
                + "-XoffCoversHeadroom.json");
        assertTrue(Files.exists(f), r.out());
        JsonNode state = TraceJson.MAPPER.readTree(Files.readString(f)).get("steps").get(0).get("state");
        assertEquals(163_840, state.get("arrivingAfterXoffBytes").asLong());
        assertEquals(71_680, state.get("droppedBytes").asLong());
        assertEquals(0, CliTest.run("replay", f.toString()).code());
        Files.writeString(f, Files.readString(f).replace("\"xoff\" : \"92160\"", "\"xoff\" : \"163840\""));
        assertNotEquals(0, CliTest.run("replay", f.toString()).code());
    }

    @Test
    void badConfigurationIsOneLineAndExitTwo() throws IOException {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, Files.readString(Path.of(example("leaf-32x100g-40m")))
                .replace("\"dynamic_th\": \"0\"", "\"dynamic_th\": \"zero\""));
        CliTest.Run r = CliTest.run("thresholds", "--sonic", bad.toString(), "--no-save");
        assertEquals(2, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("dynamic_th = 'zero'"), r.err());
        assertEquals("", r.out());
        assertEquals(2, CliTest.run("thresholds", "--sonic", example("leaf-32x100g-40m"), "--asic", "tomahawk",
                "--no-save").code());
        assertEquals(2, CliTest.run("thresholds", "--sonic", tmp.resolve("missing.json").toString(), "--no-save").code());
    }
}
