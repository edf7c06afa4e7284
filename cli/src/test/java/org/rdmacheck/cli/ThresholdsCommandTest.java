package org.rdmacheck.cli;

import static org.rdmacheck.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.rdmacheck.cli.CliTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;

/** {@code rdmacheck thresholds}: exit codes, witness files, and one-line errors for bad input. */
class ThresholdsCommandTest {

    @TempDir
    Path tmp;

    @Test
    void derivationFromFlagsIsJsonWithTheSeedFigures() throws IOException {
        Run r = run("thresholds", "--buffer", "12MB", "--ports", "32", "--t-flight", "22.4KB", "--json", "--no-save");
        assertEquals(0, r.code(), r.err());
        JsonNode rep = TraceJson.MAPPER.readTree(r.out()).get("reports").get(0);
        assertEquals(24_475, rep.get("static").get("tPfcMaxBytes").get("value").asLong());
        assertFalse(rep.get("static").get("feasible").asBoolean());
        assertEquals("8", rep.get("dynamic").get("beta").asText());
        assertEquals(21_755, rep.get("dynamic").get("tEcnMaxBytes").get("value").asLong());
        assertEquals("DERIVED", rep.get("derivationVerdict").asText()); // dynamic thresholds are feasible
    }

    /**
     * A switch whose headroom p*n*t_flight = 8*32*22,400 B fills its 5,734,400 B buffer: no static or
     * dynamic setting exists, a negative verdict (DESIGN.md: exit 1), named in text and as an enum in JSON.
     */
    @Test
    void infeasibleDerivationExitsOne() throws IOException {
        String[] args = {"thresholds", "--buffer", "5734400", "--ports", "32", "--priorities", "8", "--t-flight", "22400",
                "--no-save"};
        Run text = run(args);
        assertEquals(1, text.code(), text.err() + text.out());
        assertTrue(text.out().contains("derivation: INFEASIBLE: neither static nor dynamic thresholds"), text.out());
        Run json = run(Stream.concat(Stream.of(args), Stream.of("--json")).toArray(String[]::new));
        assertEquals(1, json.code(), json.err());
        JsonNode rep = TraceJson.MAPPER.readTree(json.out()).get("reports").get(0);
        assertEquals("INFEASIBLE", rep.get("derivationVerdict").asText());
        assertFalse(rep.get("static").get("feasible").asBoolean());
        assertFalse(rep.get("dynamic").get("feasible").asBoolean());
    }

    @Test
    void unsafeConfigurationExitsOneAndStoresAReplayableWitness() throws IOException {
        Path cfg = tmp.resolve("mis.json");
        Files.writeString(cfg, "{\"name\": \"mis\", \"mode\": \"static\", \"tPfc\": \"24.47KB\", \"tEcn\": \"120KB\"}");
        Run r = run("thresholds", "--switch", "arista-7050qx32", "--check", cfg.toString(), "--out",
                tmp.resolve("cex").toString());
        assertEquals(1, r.code(), r.err());
        Path file = tmp.resolve("cex/thresholds/arista-7050qx32.mis-EcnBeforePfc.json");
        assertTrue(Files.exists(file));
        assertTrue(Replays.replay(Counterexamples.read(file)).reproduces());
        assertEquals(0, run("replay", file.toString()).code());
    }

    /** A derivation whose optimum the solver did not prove in time, statically and dynamically. */
    private static org.rdmacheck.checker.thresholds.ThresholdReport timedOut(
            java.util.Optional<org.rdmacheck.checker.thresholds.ConfigCheck> check) {
        var sw = org.rdmacheck.checker.thresholds.SwitchSpecs.load("arista-7050qx32");
        var h = org.rdmacheck.checker.thresholds.Headroom.of(sw);
        var out = org.rdmacheck.checker.thresholds.SolveStatus.TIMED_OUT;
        return new org.rdmacheck.checker.thresholds.ThresholdReport(sw, h, 0, 0,
                new org.rdmacheck.checker.thresholds.StaticDerivation(out, 24_000, -1, false),
                new org.rdmacheck.checker.thresholds.DynamicDerivation(out, java.util.Optional.empty(), -1, false,
                        List.of()), check);
    }

    @Test
    void derivationCutShortByTheTimeLimitIsInconclusiveNotInfeasible() {
        assertEquals(ExitCodes.INCONCLUSIVE, ThresholdsCommand.exitCode(List.of(timedOut(java.util.Optional.empty()))));
        assertEquals(org.rdmacheck.checker.thresholds.DerivationVerdict.INCONCLUSIVE,
                timedOut(java.util.Optional.empty()).derivationVerdict());
        // Dart's settings are not checked against a PFC threshold that was never derived
        var report = timedOut(java.util.Optional.empty());
        assertEquals(List.of(), org.rdmacheck.checker.thresholds.DartSettings.configs(report.sw(), report));
        assertTrue(org.rdmacheck.checker.thresholds.DartSettings.derivationTimedOut(report));
    }

    @Test
    void switchFileWithAnInfiniteNumberIsOneLineAndExitTwo() throws IOException {
        Path sw = tmp.resolve("sw.json");
        Files.writeString(sw, "{\"buffer\": \"12MB\", \"ports\": 1e400}");
        Run r = run("thresholds", "--switch", sw.toString(), "--no-save");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("'ports' = Infinity"), r.err());
    }

    @Test
    void safeConfigurationExitsZero() {
        Run r = run("thresholds", "--switch", "arista-7050qx32", "--beta", "8", "--t-ecn", "21755", "--k-max",
                "200KB", "--deflection", "15KB", "--no-save");
        assertEquals(0, r.code(), r.err() + r.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        Path cfg = tmp.resolve("bad.json");
        Files.writeString(cfg, "{\"tPfc\": ");
        List<String[]> bad = List.of(
                new String[] {"thresholds", "--buffer", "12XB", "--ports", "32", "--t-flight", "22.4KB"},
                new String[] {"thresholds", "--buffer", "NaN", "--ports", "32", "--t-flight", "22.4KB"},
                new String[] {"thresholds", "--buffer", "-12MB", "--ports", "32", "--t-flight", "22.4KB"},
                new String[] {"thresholds", "--buffer", "12MB", "--ports", "0", "--t-flight", "22.4KB"},
                new String[] {"thresholds", "--buffer", "12MB", "--ports", "32", "--t-flight", "0"},
                new String[] {"thresholds", "--buffer", "12MB", "--ports", "32", "--t-flight", "1KB", "--priorities", "9"},
                new String[] {"thresholds", "--switch", "arista-7050qx32", "--beta", "3", "--t-ecn", "1KB"},
                new String[] {"thresholds", "--switch", "arista-7050qx32", "--beta", "NaN", "--t-ecn", "1KB"},
                new String[] {"thresholds", "--switch", "arista-7050qx32", "--check", cfg.toString()},
                new String[] {"thresholds", "--switch", "no-such-file.json"},
                new String[] {"thresholds"});
        for (String[] args : bad) {
            Path out = tmp.resolve("out-" + String.join("_", args).hashCode());
            String[] withOut = Stream.concat(Stream.of(args), Stream.of("--out", out.toString())).toArray(String[]::new);
            Run r = run(withOut);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("rdmacheck: "), r.err());
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", args));
        }
    }

    @Test
    void everyStoredThresholdWitnessReplays() throws IOException {
        Path dir = Path.of("..", "counterexamples", "thresholds");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
        }
        assertTrue(files.size() >= 3, "stored witnesses: " + files);
        for (Path f : files) {
            assertTrue(Replays.replay(Counterexamples.read(f)).reproduces(), f.toString());
        }
    }
}
