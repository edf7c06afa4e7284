package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** {@code tlc}, {@code conform} and {@code validate-trace}: exit codes, JSON, one-line errors. */
class TlcCommandsTest {

    private static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("specs"))) {
            p = p.getParent();
        }
        return p;
    }

    @Test
    void publicStyleSpecRunsUnchanged() throws IOException {
        // SPECIFICATION, a temporal property, a THEOREM, no MC wrapper, no project naming.
        CliTest.Run r = CliTest.run("tlc", "src/test/resources/specs/hourclock", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(3, rows.size());
        for (JsonNode row : rows) {
            assertEquals("VERIFIED", row.get("verdict").asText(), row.toString());
            assertEquals(12, row.get("quantities").get("distinctStates").get("value").asLong());
        }
        assertEquals("AlwaysTicks", rows.get(1).get("property").asText());
    }

    @Test
    void violationExitsOneAndStoresTheTrace(@TempDir Path out) throws IOException {
        CliTest.Run r = CliTest.run("tlc", repo().resolve("specs/fifo").toString(), "--param", "Reorder=TRUE",
                "--out", out.toString(), "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        JsonNode violated = null;
        for (JsonNode row : rows) {
            if (row.get("verdict").asText().equals("VIOLATED")) {
                violated = row;
            }
        }
        assertEquals("InOrderDelivery", violated.get("property").asText());
        assertTrue(Files.isRegularFile(Path.of(violated.get("counterexample").get("file").asText())));
    }

    @Test
    void parseErrorIsOneLineExitTwo(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Bad.tla"), "---- MODULE Bad ----\nVARIABLE x\nInit == x = = 0\n====\n");
        Files.writeString(dir.resolve("Bad.cfg"), "INIT Init\nNEXT Init\n");
        CliTest.Run r = CliTest.run("tlc", dir.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().trim().matches("rdmacheck: .*Bad\\.tla:3:\\d+: parse error: .*"), r.err());
        assertEquals(1, r.err().trim().lines().count(), r.err());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(2, s.count(), "nothing written into the spec folder");
        }
    }

    @Test
    void libraryFolderSuppliesAModuleOutsideTheSpecFolder(@TempDir Path dir) throws IOException {
        Path spec = Files.createDirectories(dir.resolve("spec"));
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.writeString(lib.resolve("Lib.tla"), "---- MODULE Lib ----\nEXTENDS Naturals\nBound == 2\n====\n");
        Files.writeString(spec.resolve("Use.tla"), "---- MODULE Use ----\nEXTENDS Lib\nVARIABLE n\nInit == n = 0\n"
                + "Next == n < Bound /\\ n' = n + 1\nOk == n <= Bound\n====\n");
        Files.writeString(spec.resolve("Use.cfg"), "INIT Init\nNEXT Next\nINVARIANT Ok\nCHECK_DEADLOCK FALSE\n");
        CliTest.Run missing = CliTest.run("tlc", spec.toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("Use.tla:2:9: cannot find the module Lib"), missing.err());
        CliTest.Run r = CliTest.run("tlc", spec.toString(), "--library", lib.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("VERIFIED", row.get("verdict").asText());
        assertEquals(3, row.get("quantities").get("distinctStates").get("value").asLong());
        CliTest.Run bad = CliTest.run("tlc", spec.toString(), "--library", dir.resolve("nope.jar").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--library") && bad.err().contains("nope.jar"), bad.err());
    }

    @Test
    void missingSpecFolderIsExitTwo() {
        CliTest.Run r = CliTest.run("tlc", "no/such/folder");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("no/such/folder"));
    }

    @Test
    void conformMismatchExitsOneAndNamesTheNumbers(@TempDir Path specs) throws IOException {
        Path fifo = specs.resolve("fifo");
        Files.createDirectories(fifo);
        try (Stream<Path> s = Files.list(repo().resolve("specs/fifo"))) {
            for (Path f : s.toList()) {
                Files.copy(f, fifo.resolve(f.getFileName()));
            }
        }
        ObjectNode m = (ObjectNode) TraceJson.MAPPER.readTree(fifo.resolve("manifest.json").toFile());
        ObjectNode first = (ObjectNode) m.get("configurations").get(0);
        ((ObjectNode) first.get("expect")).put("distinctStates", 23);
        m.set("configurations", TraceJson.MAPPER.createArrayNode().add(first));
        Files.writeString(fifo.resolve("manifest.json"), TraceJson.MAPPER.writeValueAsString(m));
        CliTest.Run r = CliTest.run("conform", "fifo", "--specs", specs.toString(), "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("MISMATCH", row.get("verdict").asText());
        assertTrue(row.get("detail").asText().contains("TLC distinct states 22, manifest expects 23"),
                row.get("detail").asText());
    }

    @Test
    void conformAdHocParametersAgree() throws IOException {
        CliTest.Run r = CliTest.run("conform", "fifo", "--variant", "reorder", "--param", "messages=3",
                "--param", "capacity=2", "--specs", repo().resolve("specs").toString(), "--json", "--threads", "1");
        assertEquals(0, r.code(), r.err() + r.out());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals(21, row.get("quantities").get("tlcDistinctStates").get("value").asLong());
        assertEquals(21, row.get("quantities").get("explorerDistinctStates").get("value").asLong());
    }

    @Test
    void tlcUnderAViewIsInconclusiveWithItsCause() throws IOException {
        CliTest.Run r = CliTest.run("tlc", repo().resolve("checker-bridge/src/test/resources/tlc/view").toString(),
                "--json");
        assertEquals(3, r.code(), r.err() + r.out());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("INCONCLUSIVE", row.get("verdict").asText());
        assertEquals("REDUCED_SPACE", row.get("inconclusiveCause").asText());
    }

    @Test
    void conformWithTheExplorerCutShortIsInconclusiveNotAMismatch() throws IOException {
        CliTest.Run r = CliTest.run("conform", "fifo", "--variant", "reorder", "--param", "messages=3",
                "--param", "capacity=2", "--specs", repo().resolve("specs").toString(), "--json", "--threads", "1",
                "--max-states", "5");
        assertEquals(3, r.code(), r.err() + r.out());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("INCONCLUSIVE", row.get("verdict").asText());
        assertEquals(21, row.get("quantities").get("tlcDistinctStates").get("value").asLong());
        assertEquals(5, row.get("quantities").get("explorerDistinctStates").get("value").asLong());
    }

    @Test
    void conformRefusesSymmetryReduction() {
        CliTest.Run r = CliTest.run("conform", "partition", "--symmetry", "--specs", repo().resolve("specs").toString());
        assertEquals(2, r.code(), r.err() + r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--symmetry"), r.err());
        assertTrue(r.out().isBlank(), r.out());
    }

    @Test
    void conformRefusesAParameterTheSpecCannotExpress() {
        for (String[] args : List.of(new String[] {"escape-vl", "--variant", "dart", "--param", "vl1-routes=minimal"},
                new String[] {"iofd", "--variant", "dft", "--param", "topology=ring:n=3"},
                new String[] {"escape-vl", "--param", "workload=s0>s1:1"})) {
            List<String> a = new java.util.ArrayList<>(List.of("conform"));
            a.addAll(List.of(args));
            a.addAll(List.of("--specs", repo().resolve("specs").toString()));
            CliTest.Run r = CliTest.run(a.toArray(String[]::new));
            assertEquals(2, r.code(), r.err() + r.out());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(args[args.length - 1]), r.err());
            assertTrue(r.out().isBlank(), r.out());
        }
    }

    @Test
    void validateTraceStoppedByItsTimeLimitIsInconclusiveNeverAcceptedNorRejected() throws IOException {
        CliTest.Run r = CliTest.run("validate-trace",
                repo().resolve("counterexamples/philosophers/naive-DeadlockFree.json").toString(),
                "--spec", repo().resolve("specs/philosophers").toString(), "--json", "--max-time", "1ms");
        assertEquals(3, r.code(), r.err() + r.out());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("INCONCLUSIVE", o.get("verdict").asText());
        assertTrue(o.get("accepted").isNull(), o.toString());
    }

    @Test
    void validateTraceAcceptsTheStoredJavaCounterexample() throws IOException {
        CliTest.Run r = CliTest.run("validate-trace",
                repo().resolve("counterexamples/philosophers/naive-DeadlockFree.json").toString(),
                "--spec", repo().resolve("specs/philosophers").toString(), "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(TraceJson.MAPPER.readTree(r.out()).get("accepted").asBoolean());
        assertEquals("ACCEPTED", TraceJson.MAPPER.readTree(r.out()).get("verdict").asText());
    }

    @Test
    void validateTraceOfMalformedFileIsExitTwo(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("t.json"), "{\"schema\": ");
        CliTest.Run r = CliTest.run("validate-trace", dir.resolve("t.json").toString(), "--spec",
                repo().resolve("specs/philosophers").toString());
        assertEquals(2, r.code());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
