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
        assertEquals(8.0, rep.get("dynamic").get("betaValue").doubleValue()); // the number beside the exact text
        JsonNode betas = rep.get("switch").get("betas");
        JsonNode values = rep.get("switch").get("betaValues");
        assertEquals(betas.size(), values.size());
        for (int i = 0; i < betas.size(); i++) {
            String[] f = betas.get(i).asText().split("/");
            assertTrue(values.get(i).isDouble(), values.toString());
            assertEquals(Double.parseDouble(f[0]) / (f.length == 2 ? Double.parseDouble(f[1]) : 1),
                    values.get(i).doubleValue(), 1e-12, betas.get(i).asText());
        }
        assertEquals(21_755, rep.get("dynamic").get("tEcnMaxBytes").get("value").asLong());
        assertEquals("DERIVED", rep.get("derivationVerdict").asText()); // dynamic thresholds are feasible
    }

    /**
     * An inequality's sides are figures in B; a dynamic t_PFC that is a fraction keeps its exact text
     * ((12,000,000 − 8·32·22,400 − 8·32·1,502)/(64·8) = 22973/2); a dynamic EcnBeforePfc with no shared
     * buffer (Dart's per-switch reading) holds vacuously, said by its outcome and not inside its formula.
     */
    @Test
    void inequalitySidesAreFiguresAndVacuityIsItsOwnOutcome() throws IOException {
        Run r = run("thresholds", "--buffer", "12MB", "--ports", "32", "--t-flight", "22.4KB", "--mode", "dynamic",
                "--beta", "1/64", "--t-ecn", "1502", "--json", "--no-save");
        assertEquals(1, r.code(), r.err());
        JsonNode ecn = inequality(TraceJson.MAPPER.readTree(r.out()).get("reports").get(0), "EcnBeforePfc");
        assertEquals(48_064, ecn.get("lhs").get("value").asLong());
        assertEquals("B", ecn.get("lhs").get("unit").asText());
        assertEquals(11_486.5, ecn.get("rhs").get("value").asDouble());
        assertEquals("22973/2", ecn.get("rhs").get("exact").asText());
        assertEquals("FAILS", ecn.get("outcome").asText());
        Run dart = run("thresholds", "--dart", "--json", "--no-save");
        JsonNode perSwitch = TraceJson.MAPPER.readTree(dart.out()).get("reports").get(3);
        assertEquals("dart-dynamic", perSwitch.get("check").get("config").get("name").asText());
        JsonNode vacuous = inequality(perSwitch, "EcnBeforePfc");
        assertEquals("HOLDS_VACUOUSLY", vacuous.get("outcome").asText());
        assertTrue(vacuous.get("holds").asBoolean());
        assertEquals("vacuous: no shared buffer", vacuous.get("note").asText());
        assertFalse(vacuous.get("formula").asText().contains("vacuous"), vacuous.toString());
        assertEquals(0, vacuous.get("rhs").get("value").asLong());
    }

    /** The worked example's printed and computed figures are numbers with units beside their text. */
    @Test
    void workedExampleCarriesItsFiguresAsNumbers() throws IOException {
        Run r = run("thresholds", "--worked-example", "--json", "--no-save");
        assertEquals(0, r.code(), r.err());
        JsonNode tPfc = TraceJson.MAPPER.readTree(r.out()).get("workedExample").get(2);
        assertEquals("static t_PFC bound", tPfc.get("figure").asText());
        assertEquals(24_470, tPfc.get("paperValue").get("value").asLong());
        assertEquals(24_475, tPfc.get("computedValue").get("value").asLong());
        assertEquals("B", tPfc.get("computedValue").get("unit").asText());
        assertEquals("FOLLOWS_TRUNCATED", tPfc.get("status").asText());
    }

    private static JsonNode inequality(JsonNode report, String name) {
        for (JsonNode i : report.get("check").get("inequalities")) {
            if (i.get("name").asText().equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name + " not in " + report);
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

    /**
     * --dart checks Dart's inequalities with a deflection threshold, t_ECN or K_max given in place of
     * seed 000 §VI-A's: 30 KB of deflection is above its 22.5 KB ECN threshold, in all four checks; the
     * per-switch reading's empty shared buffer (no queue can mark, so no witness) is no disagreement.
     */
    @Test
    void dartChecksTheThresholdsGivenInPlaceOfItsOwn() throws IOException {
        Run r = run("thresholds", "--dart", "--deflection", "30KB", "--k-max", "20KB", "--json", "--no-save");
        assertEquals(1, r.code(), r.err());
        int checks = 0;
        for (JsonNode rep : TraceJson.MAPPER.readTree(r.out()).get("reports")) {
            JsonNode defl = inequality(rep, "DeflectionBelowEcn");
            assertEquals(30_000, defl.get("lhs").get("value").asLong());
            assertEquals("FAILS", defl.get("outcome").asText());
            assertEquals("FAILS", inequality(rep, "KMinAtMostKMax").get("outcome").asText()); // 22.5 KB > 20 KB
            assertTrue(rep.get("check").get("solverAgrees").asBoolean(), rep.toString());
            checks++;
        }
        assertEquals(4, checks);
        JsonNode paper = TraceJson.MAPPER.readTree(run("thresholds", "--dart", "--json", "--no-save").out());
        assertEquals(15_000, inequality(paper.get("reports").get(0), "DeflectionBelowEcn").get("lhs").get("value").asLong());
    }

    /** An option the chosen mode would not read is refused, with its value, not ignored. */
    @Test
    void optionsTheModeDoesNotReadAreRefused() {
        String sonic = Path.of("..", "examples", "sonic", "leaf-32x100g-40m.json").toString();
        List<String[]> refused = List.of(
                new String[] {"thresholds", "--worked-example", "--k-max", "-1"},
                new String[] {"thresholds", "--worked-example", "--deflection", "30KB"},
                new String[] {"thresholds", "--worked-example", "--speed", "40G"},
                new String[] {"thresholds", "--worked-example", "--time-limit", "5s"},
                new String[] {"thresholds", "--dart", "--mode", "static"},
                new String[] {"thresholds", "--dart", "--beta", "8"},
                new String[] {"thresholds", "--dart", "--mtu", "9000"},
                new String[] {"thresholds", "--dart", "--config-name", "x"},
                new String[] {"thresholds", "--switch", "arista-7050qx32", "--dart", "--t-ecn", "1KB"},
                new String[] {"thresholds", "--sonic", sonic, "--t-ecn", "5KB"},
                new String[] {"thresholds", "--sonic", sonic, "--mtu", "9000"});
        for (String[] args : refused) {
            Run r = run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(args[args.length - 2] + " " + args[args.length - 1] + ": "), r.err());
        }
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
                new String[] {"thresholds", "--dart", "--deflection", "NaN"},
                new String[] {"thresholds", "--dart", "--deflection", "bogus"},
                new String[] {"thresholds", "--dart", "--deflection", "-1KB"},
                new String[] {"thresholds", "--dart", "--t-ecn", "0"},
                new String[] {"thresholds", "--dart", "--k-max", "NaN"},
                new String[] {"thresholds", "--sonic", Path.of("..", "examples", "sonic", "leaf-32x100g-40m.json")
                        .toString(), "--deflection", "0"},
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
