package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Trace export in the TLA+ ecosystem's formats ({@code export}, {@code tlc --itf}, ITF in {@code tlc --json},
 * {@code validate-trace} of ITF) and TLC's modes from the command line, on small specs of the test resources.
 */
class TlcTraceExportTest {

    private static final Path FIFO_CEX = CounterexampleReplayTest.root().resolve("fifo/reorder-InOrderDelivery.json");

    private static String resource(String folder) {
        return Paths.get("../checker-bridge/src/test/resources/tlc", folder).toAbsolutePath().normalize().toString();
    }

    @Test
    void explorerCounterexampleToItfAndBackReplays(@TempDir Path dir) throws Exception {
        Path itf = dir.resolve("fifo.itf.json");
        CliTest.Run r = CliTest.run("export", FIFO_CEX.toString(), "--format", "itf", "--out", itf.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode t = TraceJson.MAPPER.readTree(Files.readString(itf));
        assertEquals("ITF", t.get("#meta").get("format").asText());
        assertEquals(5, t.get("states").size());
        Path back = dir.resolve("back.json");
        assertEquals(0, CliTest.run("export", itf.toString(), "--format", "json", "--out", back.toString()).code());
        Counterexample original = Counterexamples.read(FIFO_CEX);
        assertEquals(original, Counterexamples.read(back));
        assertEquals(0, CliTest.run("replay", back.toString()).code());
        assertEquals(0, CliTest.run("replay", itf.toString()).code(), "replay reads ITF too");
    }

    @Test
    void tlaModuleParsesAndHoldsTheBehaviour(@TempDir Path dir) throws Exception {
        Path module = dir.resolve("FifoTrace.tla");
        assertEquals(0, CliTest.run("export", FIFO_CEX.toString(), "--format", "tla", "--out", module.toString()).code());
        String text = Files.readString(module);
        assertTrue(text.startsWith("---- MODULE FifoTrace ----"), text);
        Files.writeString(dir.resolve("MCFifoTrace.tla"), "---- MODULE MCFifoTrace ----\n"
                + "EXTENDS FifoTrace\nVARIABLE i\nInit == i = 1\nNext == i < Len(Trace) /\\ i' = i + 1\n"
                + "Shape == Len(Trace) = 5 /\\ Len(TraceActions) = 5 /\\ TraceLoop = 0 /\\ TraceViolation = 5\n"
                + "StillOrdered == i < 5 => Trace[i].inOrder\n====\n");
        Files.writeString(dir.resolve("MCFifoTrace.cfg"), "INIT Init\nNEXT Next\nINVARIANT Shape\n"
                + "INVARIANT StillOrdered\nCHECK_DEADLOCK FALSE\n");
        CliTest.Run r = CliTest.run("tlc", dir.toString(), "--config", "MCFifoTrace.cfg", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(5, rows.get(0).get("quantities").get("distinctStates").get("value").asInt(), r.out());
    }

    @Test
    void tlcItfTracesValidateAgainstTheirSpecWithSetsAsSets(@TempDir Path dir) throws Exception {
        Path itf = dir.resolve("counter.itf.json");
        CliTest.Run r = CliTest.run("tlc", resource("counter"), "--invariant", "Small", "--itf", itf.toString());
        assertEquals(1, r.code(), r.err());
        JsonNode t = TraceJson.MAPPER.readTree(Files.readString(itf));
        assertTrue(t.get("states").get(1).get("info").get("seen").has("#set"), t.toString());
        CliTest.Run v = CliTest.run("validate-trace", itf.toString(), "--spec", resource("counter"), "--json");
        assertEquals(0, v.code(), v.out() + v.err());
        assertTrue(TraceJson.MAPPER.readTree(v.out()).get("accepted").asBoolean());
        // a state changed by hand is no behaviour of the spec
        ObjectNode bad = (ObjectNode) t.deepCopy();
        ((ObjectNode) bad.get("states").get(2)).put("x", 7);
        Path badFile = dir.resolve("bad.itf.json");
        Files.writeString(badFile, TraceJson.MAPPER.writeValueAsString(bad));
        CliTest.Run w = CliTest.run("validate-trace", badFile.toString(), "--spec", resource("counter"), "--json");
        assertEquals(1, w.code(), w.out() + w.err());
        assertEquals(2, TraceJson.MAPPER.readTree(w.out()).get("firstMismatch").asInt());
    }

    @Test
    void tlcTraceAsTlaModuleKeepsSetsFunctionsAndModelValues(@TempDir Path dir) throws Exception {
        Path itf = dir.resolve("c.itf.json");
        assertEquals(1, CliTest.run("tlc", resource("counter"), "--invariant", "Small", "--itf", itf.toString()).code());
        Path module = dir.resolve("CounterTrace.tla");
        assertEquals(0, CliTest.run("export", itf.toString(), "--format", "tla", "--out", module.toString()).code());
        assertTrue(Files.readString(module).contains("CONSTANTS p1"), Files.readString(module));
        Files.writeString(dir.resolve("MCCounterTrace.tla"), "---- MODULE MCCounterTrace ----\n"
                + "EXTENDS CounterTrace\nVARIABLE i\nInit == i = 1\nNext == i < Len(Trace) /\\ i' = i + 1\n"
                + "Last == Trace[4].info.seen = {0, 1, 2} /\\ Trace[4].info.owner = p1 /\\ Trace[4].info.f[3] = 2"
                + " /\\ Trace[4].log = <<0, 1, 2>> /\\ Trace[4].info.tag = \"a\\\"b\"\n====\n");
        Files.writeString(dir.resolve("MCCounterTrace.cfg"), "CONSTANTS p1 = p1\nINIT Init\nNEXT Next\n"
                + "INVARIANT Last\nCHECK_DEADLOCK FALSE\n");
        CliTest.Run r = CliTest.run("tlc", dir.toString(), "--config", "MCCounterTrace.cfg", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
    }

    @Test
    void jsonResultCarriesItfAndExportsFromIt(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("tlc", resource("counter"), "--invariant", "Small", "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertTrue(row.get("counterexample").get("itf").get("states").isArray(), r.out());
        Path result = dir.resolve("result.json");
        Files.writeString(result, r.out());
        CliTest.Run e = CliTest.run("export", result.toString(), "--format", "itf");
        assertEquals(0, e.code(), e.err());
        JsonNode t = TraceJson.MAPPER.readTree(e.out());
        assertEquals(row.get("counterexample").get("itf").get("states"), t.get("states"));
    }

    @Test
    void checkResultExportsAndReplays(@TempDir Path dir) throws Exception {
        CliTest.Run c = CliTest.run("check", "fifo", "--variant", "reorder", "--json", "--out", dir.resolve("o").toString());
        assertEquals(0, c.code(), c.err());
        Path result = dir.resolve("check.json");
        Files.writeString(result, c.out());
        Path itf = dir.resolve("f.itf.json");
        CliTest.Run e = CliTest.run("export", result.toString(), "--format", "itf", "--out", itf.toString());
        assertEquals(0, e.code(), e.err());
        assertEquals(0, CliTest.run("replay", itf.toString()).code());
        assertEquals(2, CliTest.run("export", result.toString(), "--format", "itf", "--property", "Nope").code());
    }

    @Test
    void continueSimulateAndCoverageFromTheCommandLine(@TempDir Path dir) throws Exception {
        CliTest.Run c = CliTest.run("tlc", resource("twoinvs"), "--continue", "--json", "--itf",
                dir.resolve("t.itf.json").toString());
        assertEquals(1, c.code(), c.err());
        JsonNode rows = TraceJson.MAPPER.readTree(c.out());
        int violated = 0;
        for (JsonNode row : rows) {
            violated += row.get("verdict").asText().equals("VIOLATED") ? 1 : 0;
        }
        assertEquals(2, violated, c.out());
        assertTrue(Files.isRegularFile(dir.resolve("t-BelowThree.itf.json")));
        assertTrue(Files.isRegularFile(dir.resolve("t-NoToggle.itf.json")));

        CliTest.Run s = CliTest.run("tlc", resource("twoinvs"), "--invariant", "TypeOK", "--simulate", "--traces", "5",
                "--depth", "10", "--seed", "7", "--json");
        assertEquals(3, s.code(), "simulation without a violation proves nothing: " + s.out());
        assertEquals("INCONCLUSIVE", TraceJson.MAPPER.readTree(s.out()).get(0).get("verdict").asText());

        CliTest.Run k = CliTest.run("tlc", resource("twoinvs"), "--invariant", "TypeOK", "--coverage", "--json");
        assertEquals(0, k.code(), k.err());
        JsonNode cov = TraceJson.MAPPER.readTree(k.out()).get(0).get("coverage");
        long taken = 0;
        for (JsonNode a : cov) {
            taken += a.get("initial").asBoolean() ? 0 : a.get("taken").get("value").asLong();
        }
        assertEquals(18, taken, "Inc 8 + Toggle 10: " + cov);
    }

    @Test
    void badOptionsAreOneLineExitTwo() {
        for (String[] args : new String[][] {
                {"tlc", resource("twoinvs"), "--invariant", "Grows"},
                {"tlc", resource("twoinvs"), "--depth", "5"},
                {"tlc", resource("twoinvs"), "--simulate", "--traces", "0"},
                {"tlc", resource("twoinvs"), "--max-time", "1s", "--tlc-time", "1s"},
                {"export", FIFO_CEX.toString(), "--format", "tla", "--out", "x/Trace.txt"},
                {"export", "no-such.json", "--format", "itf"}}) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            // progress lines may precede it on a slow machine: one error line, the last
            assertEquals(1, r.err().lines().filter(l -> l.startsWith("rdmacheck: ")).count(), r.err());
            assertTrue(r.err().strip().lines().reduce((a, b) -> b).orElse("").startsWith("rdmacheck: "), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }
}
