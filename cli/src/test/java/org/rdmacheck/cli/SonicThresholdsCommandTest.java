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
        assertEquals(92_160, p.get("sonic").get("xoffBytes").get("value").asLong());
        assertEquals(63_452, p.get("mlx5").get("xoffBytes").get("value").asLong());
        assertEquals(79_260, p.get("ieee8021Qbb").get("tFlightBytes").get("value").asLong());
        assertTrue(p.get("cableMetres").isNumber());
        assertEquals(249_999, root.get("groups").get(0).get("tEcnMaxBytes").get("value").asLong());
    }

    /** A lossless queue without a WRED profile (no QUEUE entry): UNSAFE, EcnMarksGreen failing, wredProfile null. */
    @Test
    void queueWithoutWredIsUnsafeNotBadInput() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode)
                TraceJson.MAPPER.readTree(Path.of(example("leaf-32x100g-40m")).toFile());
        root.remove("QUEUE");
        Path f = tmp.resolve("leaf-no-wred.json");
        Files.writeString(f, TraceJson.MAPPER.writeValueAsString(root));
        CliTest.Run r = CliTest.run("thresholds", "--sonic", f.toString(), "--json", "--no-save");
        assertEquals(1, r.code(), r.err());
        JsonNode out = TraceJson.MAPPER.readTree(r.out());
        var errors = JsonSchemaTest.schema("thresholds-sonic.schema.json").validate(out);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals("UNSAFE", out.get("verdict").asText());
        assertTrue(out.get("priorities").get(0).get("wredProfile").isNull());
        JsonNode first = out.get("groups").get(0).get("report").get("check").get("inequalities").get(0);
        assertEquals("EcnMarksGreen", first.get("name").asText());
        assertEquals(false, first.get("holds").asBoolean());
        assertEquals("FAILS", first.get("outcome").asText());
        assertEquals("OFF", first.get("lhs").get("ecnMarking").asText());
        assertEquals("ON", first.get("rhs").get("ecnMarking").asText());
        assertEquals("rows below as if at t_ECN", first.get("note").asText());
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
        assertEquals(100_001, state.get("queueBytes").asLong()); // the least queue above K_min = 100 KB
        assertEquals(0, CliTest.run("replay", f.toString()).code());
        Files.writeString(f, Files.readString(f).replace("\"queueBytes\" : 100001", "\"queueBytes\" : 150001"));
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
        // the gearbox (PERIPHERAL_TABLE, 9.765 ns) adds 536 B and tips the rounding from 160 to 161 KB
        assertEquals(164_864, state.get("arrivingAfterXoffBytes").asLong());
        assertEquals(72_704, state.get("droppedBytes").asLong());
        assertEquals(0, CliTest.run("replay", f.toString()).code());
        Files.writeString(f, Files.readString(f).replace("\"xoff\" : \"92160\"", "\"xoff\" : \"164864\""));
        assertNotEquals(0, CliTest.run("replay", f.toString()).code());
    }

    /**
     * Lossless priority 4 goes to PG 6 (tc_to_pg_map), whose 5 m profile lacks headroom for 40 m: read
     * with the identity map the configuration would pass; PG 4 keeps a lossless profile nothing uses.
     */
    @Test
    void trafficClassMapsDecideThePriorityGroup() throws IOException {
        Path out = tmp.resolve("cex");
        CliTest.Run r = CliTest.run("thresholds", "--sonic", example("leaf-32x100g-40m-tc-map"), "--json", "--out",
                out.toString());
        assertEquals(1, r.code(), r.err());
        JsonNode root = TraceJson.MAPPER.readTree(r.out());
        JsonNode p4 = root.get("priorities").get(1);
        assertEquals(4, p4.get("priority").asInt());
        assertEquals(6, p4.get("pg").asInt());
        assertEquals(4, p4.get("queue").asInt());
        assertEquals(81_920, p4.get("configuredXoffBytes").asLong());
        assertEquals("UNSAFE", p4.get("verdict").asText());
        assertEquals(32, root.get("idleLosslessPgs").size());
        assertEquals(4, root.get("idleLosslessPgs").get(0).get("pg").asInt());
        assertEquals(32L * 92_160, root.get("returnableHeadroomBytes").get("value").asLong());
        Path f = out.resolve("thresholds-headroom/leaf-32x100g-40m-tc-map.Ethernet0.p4.pg_lossless_100000_5m_profile"
                + "-XoffCoversHeadroom.json");
        assertEquals(0, CliTest.run("replay", f.toString()).code());
    }

    @Test
    void gearboxDelayComesFromTheFileOrTheOption() throws IOException {
        CliTest.Run r = CliTest.run("thresholds", "--sonic", example("leaf-32x100g-300m-cables"), "--json",
                "--no-save", "--gearbox-delay", "0");
        JsonNode root = TraceJson.MAPPER.readTree(r.out());
        assertEquals("--gearbox-delay", root.get("gearboxDelaySource").asText());
        assertEquals(163_840, root.get("priorities").get(0).get("sonic").get("xoffBytes").get("value").asLong());
        root = TraceJson.MAPPER.readTree(CliTest.run("thresholds", "--sonic", example("leaf-32x100g-300m-cables"),
                "--json", "--no-save").out());
        assertEquals("PERIPHERAL_TABLE|MELLANOX-PERIPHERAL-1", root.get("gearboxDelaySource").asText());
        assertEquals(9.765, root.get("gearboxDelayNs").get("value").asDouble(), 0);
        assertEquals(164_864, root.get("priorities").get(0).get("sonic").get("xoffBytes").get("value").asLong());
        CliTest.Run bad = CliTest.run("thresholds", "--sonic", example("leaf-32x100g-40m"), "--gearbox-delay", "-1",
                "--no-save");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--gearbox-delay = '-1'"), bad.err());
        CliTest.Run alone = CliTest.run("thresholds", "--switch", "arista-7050qx32", "--gearbox-delay", "9", "--no-save");
        assertEquals(2, alone.code());
        assertEquals(1, alone.err().strip().lines().count(), alone.err());
    }

    /** {@code rdmacheck all} checks every example configuration against what it must give. */
    @Test
    void allChecksTheExampleConfigurations() throws IOException {
        CliTest.Run r = CliTest.run("all", "--model", "thresholds", "--json", "--no-save");
        assertEquals(0, r.code(), r.err());
        java.util.Map<String, String> verdicts = new java.util.TreeMap<>();
        java.util.Map<String, String> headroom = new java.util.TreeMap<>();
        java.util.Map<String, String> derivations = new java.util.TreeMap<>();
        for (JsonNode f : TraceJson.MAPPER.readTree(r.out())) {
            if (f.get("variant").asText().equals("arista-7050qx32") && f.get("property").asText().contains("derived")) {
                // each derivation pinned from both sides: its settings hold, one byte more fails
                assertTrue(f.get("asExpected").asBoolean(), f.toString());
                derivations.put(f.get("property").asText(), f.get("expected").asText() + " " + f.get("verdict").asText());
            }
            if (f.get("property").asText().equals("HeadroomCoversPauseRoundTrip")) {
                // the derived headroom against the simulated PAUSE round trip, per profile with a link
                assertTrue(f.get("asExpected").asBoolean(), f.toString());
                headroom.put(f.get("variant").asText(), f.get("verdict").asText());
            }
            if (f.get("variant").asText().startsWith("sonic:")) {
                assertTrue(f.get("asExpected").asBoolean(), f.toString());
                verdicts.put(f.get("variant").asText(), f.get("verdict").asText());
            }
        }
        assertEquals(java.util.Map.of("sonic:leaf-32x100g-40m", "VERIFIED", "sonic:spine-64x400g-100m", "VIOLATED",
                "sonic:leaf-32x100g-300m-cables", "VIOLATED", "sonic:leaf-32x100g-40m-tc-map", "VIOLATED"), verdicts);
        assertEquals(java.util.Map.of("derived-static-NoLossBeforePause_EcnBeforePfc", "HOLDS VERIFIED",
                "above-derived-static-EcnBeforePfc", "FAILS VIOLATED",
                "above-derived-static-NoLossBeforePause", "FAILS VIOLATED", "derived-dynamic", "HOLDS VERIFIED",
                "above-derived-dynamic", "FAILS VIOLATED"), derivations);
        assertEquals(java.util.Map.of("arista-7050qx32-link", "CONFIRMED", "dart-vi-a-per-port", "CONFIRMED",
                "dart-vi-a-per-switch", "CONFIRMED"), headroom);
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
        Path truncated = tmp.resolve("truncated.json");
        Files.writeString(truncated, "{\"BUFFER_POOL\": [");
        CliTest.Run t = CliTest.run("thresholds", "--sonic", truncated.toString(), "--no-save");
        assertEquals(2, t.code());
        assertEquals(1, t.err().strip().lines().count(), t.err());
        assertTrue(t.err().contains("not JSON at line 1"), t.err());
        Path speed = tmp.resolve("speed.json");
        Files.writeString(speed, Files.readString(Path.of(example("leaf-32x100g-40m")))
                .replaceFirst("\"speed\": \"100000\"", "\"speed\": \"123000\""));
        CliTest.Run sp = CliTest.run("thresholds", "--sonic", speed.toString(), "--no-save");
        assertEquals(2, sp.code());
        assertTrue(sp.err().contains("PORT|Ethernet0 speed = 123000"), sp.err());
    }
}
