package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.trace.TraceJson;

/** The command line: exit codes, JSON output, and one-line errors for bad input. */
class CliTest {

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void checkOfADesignThatHoldsExitsZeroWithJsonPerProperty(@TempDir Path dir) throws Exception {
        Run r = run("check", "philosophers", "--param", "n=4", "--json", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(3, rows.size());
        for (JsonNode row : rows) {
            assertEquals("VERIFIED", row.get("verdict").asText());
            assertEquals("ordered", row.get("variant").asText());
            assertTrue(row.get("quantities").get("distinctStates").get("value").asLong() > 0);
        }
    }

    @Test
    void propertySelectionChecksTheNamedPropertiesOnlyAndNoProgressLeavesProgressOut() throws Exception {
        Run one = run("check", "philosophers", "--variant", "naive", "--param", "n=3", "--json", "--no-save",
                "--property", "DeadlockFree");
        assertEquals(0, one.code(), one.err());
        JsonNode rows = TraceJson.MAPPER.readTree(one.out());
        assertEquals(1, rows.size());
        assertEquals("DeadlockFree", rows.get(0).get("property").asText());
        assertEquals("VIOLATED", rows.get(0).get("verdict").asText());
        Run safety = run("check", "philosophers", "--param", "n=4", "--json", "--no-save", "--no-progress");
        assertEquals(0, safety.code(), safety.err());
        JsonNode srows = TraceJson.MAPPER.readTree(safety.out());
        assertEquals(2, srows.size());
        for (JsonNode row : srows) {
            assertFalse(row.get("property").asText().equals("SomeoneCanEat"));
            assertEquals("VERIFIED", row.get("verdict").asText());
        }
    }

    @Test
    void mustFailVariantExitsZeroAndStoresItsCounterexamples(@TempDir Path dir) throws Exception {
        Run r = run("check", "philosophers", "--variant", "naive", "--param", "n=3", "--json", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        int stored = 0;
        for (JsonNode row : rows) {
            if (row.get("verdict").asText().equals("VIOLATED")) {
                assertTrue(Files.exists(Path.of(row.get("counterexample").get("file").asText())));
                stored++;
            }
        }
        assertEquals(2, stored);
        Path file = dir.resolve("philosophers/naive-DeadlockFree-n=3.json");
        assertTrue(Files.exists(file), "non-default parameters are part of the file name");
        Run replay = run("replay", file.toString(), "--json");
        assertEquals(0, replay.code(), replay.out() + replay.err());
        JsonNode rep = TraceJson.MAPPER.readTree(replay.out());
        assertEquals("REPRODUCES", rep.get("outcome").asText());
        assertTrue(rep.get("legal").asBoolean());
        assertTrue(rep.get("stillViolated").asBoolean());
    }

    @Test
    void aLimitReachedExitsThree() {
        Run r = run("check", "fifo", "--param", "messages=500", "--param", "capacity=200", "--max-states", "100",
                "--no-save", "--json");
        assertEquals(3, r.code(), r.err());
    }

    @Test
    void allRunsTheCatalogueAsExpected(@TempDir Path dir) throws Exception {
        Run r = run("all", "--model", "philosophers", "--model", "fifo", "--model", "corridor", "--json", "--out",
                dir.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(16, rows.size());
        for (JsonNode row : rows) {
            assertTrue(row.get("asExpected").asBoolean(), row.toString());
        }
    }

    @Test
    void listJsonNamesModelsVariantsAndParameters() throws Exception {
        Run r = run("list", "--json");
        assertEquals(0, r.code());
        JsonNode models = TraceJson.MAPPER.readTree(r.out());
        JsonNode phil = null;
        for (JsonNode m : models) {
            if (m.get("model").asText().equals("philosophers")) {
                phil = m;
            }
        }
        assertEquals("ordered", phil.get("defaultVariant").asText());
        assertTrue(phil.get("variants").get(1).get("expectedToFail").asBoolean());
        // an integer parameter's default, a variant's defaults and a mechanism's coverage are JSON integers
        assertTrue(phil.get("parameters").get(0).get("default").isInt(), phil.get("parameters").toString());
        assertEquals(5, phil.get("parameters").get(0).get("default").asInt());
        assertEquals("INTEGER", phil.get("parameters").get(0).get("type").asText());
        for (JsonNode m : models) {
            for (JsonNode v : m.get("variants")) {
                v.get("defaults").fields().forEachRemaining(f -> assertFalse(
                        f.getValue().isTextual() && f.getValue().asText().matches("\\d+"), m.get("model") + " " + f));
            }
            for (JsonNode k : m.get("mechanisms")) {
                k.get("coverage").fields().forEachRemaining(f -> assertFalse(
                        f.getValue().isTextual() && f.getValue().asText().matches("\\d+"), m.get("model") + " " + f));
            }
        }
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                Arguments.of(new String[] {"check", "nosuchmodel"}, "unknown model 'nosuchmodel'"),
                Arguments.of(new String[] {"check", "fifo", "--variant", "bogus"}, "unknown variant 'bogus'"),
                Arguments.of(new String[] {"check", "fifo", "--param", "messages=-3"}, "messages = -3"),
                Arguments.of(new String[] {"check", "fifo", "--param", "messages=NaN"}, "messages = 'NaN'"),
                Arguments.of(new String[] {"check", "fifo", "--param", "colour=red"}, "unknown parameter 'colour'"),
                Arguments.of(new String[] {"check", "fifo", "--param", "noequals"}, "expected KEY=VALUE"),
                Arguments.of(new String[] {"check", "fifo", "--max-time", "soon"}, "--max-time 'soon'"),
                Arguments.of(new String[] {"check", "fifo", "--threads", "0"}, "--threads 0"),
                Arguments.of(new String[] {"check", "fifo", "--storage", "disk"}, "--storage disk"),
                Arguments.of(new String[] {"check"}, "MODEL"),
                Arguments.of(new String[] {"check", "philosophers", "--property", "Nope"}, "--property Nope"),
                Arguments.of(new String[] {"frobnicate"}, "frobnicate"),
                Arguments.of(new String[] {"replay", "/nonexistent/trace.json"}, "no such file"));
    }

    @ParameterizedTest
    @MethodSource("badInputs")
    void badInputGetsOneLineAndExitTwo(String[] args, String mentions) {
        Run r = run(args);
        assertEquals(2, r.code(), r.out() + r.err());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception"), err);
        assertTrue(err.contains(mentions), err);
        assertTrue(r.out().isEmpty(), "nothing on stdout: " + r.out());
    }

    @Test
    void malformedTraceFileIsOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.json");
        Files.writeString(f, "[1, 2");
        Run r = run("replay", f.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("malformed JSON"), r.err());
    }

    @Test
    void aKeyGivenTwiceInASwitchFileIsRefused(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("switch.json");
        Files.writeString(f, "{\"name\": \"x\", \"buffer\": \"12MB\", \"ports\": 32, \"priorities\": 8, "
                + "\"mtu\": \"1500B\", \"tFlight\": \"22.4KB\", \"betaDivisor\": 8, \"ports\": 64}");
        Run r = run("thresholds", "--switch", f.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("Duplicate field 'ports'"), r.err());
        assertTrue(r.out().isEmpty(), r.out());
    }

    @Test
    void traceFileThatIsNotUtf8IsOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.json");
        Files.write(f, new byte[] {(byte) 0xff, (byte) 0xfe, '{'});
        for (String cmd : new String[] {"replay", "export"}) {
            Run r = cmd.equals("replay") ? run("replay", f.toString()) : run("export", f.toString(), "--format", "itf");
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().strip().endsWith("not UTF-8 text: expected a JSON trace"), r.err());
        }
    }
}
