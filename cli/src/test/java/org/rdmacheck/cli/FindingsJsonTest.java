package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * Findings read back from their JSON are the findings written (subject, expectation, verdict,
 * figures with units, detail, cause, counterexample), so {@code report --from} draws what the run
 * found without running it; bad input is one line and exit 2, and nothing is written.
 */
class FindingsJsonTest {

    private static Path repo() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("counterexamples"))) {
            p = p.getParent();
        }
        return p;
    }

    @Test
    void findingsSurviveTheRoundTrip(@TempDir Path dir) throws Exception {
        Path stored = repo().resolve("counterexamples/gbn/cause-st-ack-L2-nak-lost.json");
        Counterexample cex = Counterexamples.read(stored);
        List<Finding> findings = List.of(
                Finding.of("gbn", "st", Map.of("losses", "2", "packets", "3"), "NoTimeout", Finding.Expectation.FAILS,
                        Finding.Verdict.VIOLATED).with(Quantity.states("distinctStates", 1234))
                        .with(Quantity.of("pStar", 4.4e-4, Quantity.Unit.RATIO)).withWallMillis(77)
                        .withCounterexample(cex, null).withDetail("a detail"),
                Finding.of("fabric", "paper", Map.of(), "InOrderDelivery", Finding.Expectation.HOLDS,
                        Finding.Verdict.INCONCLUSIVE).withInconclusive(CheckResult.InconclusiveReason.TIME_LIMIT,
                        "time limit 1 s reached"),
                Finding.of("gbn", "st", Map.of(), "NoTimeout", Finding.Expectation.FAILS, Finding.Verdict.VIOLATED)
                        .withCounterexample(cex, stored));
        Path file = dir.resolve("findings.json");
        Files.writeString(file, Output.json(findings));
        List<Finding> back = FindingsJson.read(file, repo());
        assertEquals(findings.size(), back.size());
        for (int i = 0; i < findings.size(); i++) {
            Finding a = findings.get(i);
            Finding b = back.get(i);
            assertEquals(a.subject(), b.subject());
            assertEquals(a.expected(), b.expected());
            assertEquals(a.verdict(), b.verdict());
            assertEquals(a.quantities(), b.quantities());
            assertEquals(a.wallMillis(), b.wallMillis());
            assertEquals(a.detail(), b.detail());
            assertEquals(a.cause(), b.cause());
            assertEquals(a.counterexample().isPresent(), b.counterexample().isPresent());
        }
        Counterexample rebuilt = back.get(0).counterexample().orElseThrow().trace();
        assertEquals(cex.steps(), rebuilt.steps(), "the trace the JSON carries");
        assertEquals(cex.loopStart(), rebuilt.loopStart());
        assertEquals(cex.kind(), rebuilt.kind());
        assertEquals("gbn", rebuilt.provenance().model());
        assertEquals(cex.note(), back.get(2).counterexample().orElseThrow().trace().note(), "read from its file");
    }

    @Test
    void reportFromFindingsRunsNothingAndBadInputIsOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("findings.json");
        Files.writeString(file, Output.json(List.of(Finding.of("gbn", "st", Map.of(), "NoTimeout",
                Finding.Expectation.HOLDS, Finding.Verdict.VERIFIED).with(Quantity.states("distinctStates", 42)))));
        StringWriter out = new StringWriter();
        assertEquals(0, Main.run(new String[] {"report", dir.resolve("r").toString(), "--from", file.toString()},
                new PrintWriter(out), new PrintWriter(new StringWriter())));
        assertTrue(out.toString().startsWith("1 results: 1 as expected"), out.toString());
        assertTrue(Files.isRegularFile(dir.resolve("r/index.html")));
        assertTrue(Files.isRegularFile(dir.resolve("r/details/gbn.js")));

        Files.writeString(dir.resolve("bad.json"), "[{\"model\":\"gbn\",\"variant\":\"st\",\"property\":\"P\","
                + "\"expected\":\"maybe\",\"verdict\":\"VERIFIED\"}]");
        for (String bad : List.of("bad.json", "missing.json")) {
            StringWriter err = new StringWriter();
            assertEquals(2, Main.run(new String[] {"report", dir.resolve("b").toString(), "--from",
                dir.resolve(bad).toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err)));
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertTrue(err.toString().contains(bad), err.toString());
            assertFalse(Files.exists(dir.resolve("b/index.html")), "nothing written");
        }
    }

    /** A finding whose figures or outcome no run prints is refused with one line naming the value, exit 2. */
    @Test
    void aFindingNoRunPrintsIsRefused(@TempDir Path dir) throws Exception {
        String good = Output.json(List.of(Finding.of("gbn", "st", Map.of(), "NoTimeout", Finding.Expectation.HOLDS,
                Finding.Verdict.VERIFIED).with(Quantity.states("distinctStates", 42)).withWallMillis(5)));
        Map<String, String> bad = Map.of(
                "\"value\" : 42,", "\"value\" : -5,",
                "\"outcome\" : \"AS_EXPECTED\"", "\"outcome\" : \"NOPE\"",
                "\"outcome\" : \"AS_EXPECTED\",", "\"outcome\" : \"UNEXPECTED\",",
                "\"asExpected\" : true", "\"asExpected\" : false",
                "\"value\" : 5.0", "\"value\" : -1.0");
        Map<String, String> named = Map.of("-5", "distinctStates.value = -5", "NOPE", "outcome = 'NOPE'",
                "UNEXPECTED", "outcome = \"UNEXPECTED\": expected AS_EXPECTED", "false", "asExpected = false",
                "-1.0", "wallMillis = -1.0");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            assertTrue(good.contains(e.getKey()), e.getKey() + " in " + good);
            Path file = dir.resolve("bad.json");
            Files.writeString(file, good.replace(e.getKey(), e.getValue()));
            StringWriter err = new StringWriter();
            assertEquals(2, Main.run(new String[] {"report", dir.resolve("b").toString(), "--from", file.toString()},
                    new PrintWriter(new StringWriter()), new PrintWriter(err)), e.getValue());
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            String value = e.getValue().replaceAll(".*: \"?([^\",]*)\"?,?$", "$1");
            assertTrue(err.toString().contains(named.get(value)), value + ": " + err);
            assertFalse(Files.exists(dir.resolve("b/index.html")), "nothing written");
        }
    }

    /**
     * A parameter of a catalog model that is not of the type the model declares (nor the text earlier versions
     * wrote), a parameters field that is no object and a cause that is no enum are refused as one line naming
     * the value and what was expected, exit 2, nothing written; a declared-vacuous row reads.
     */
    @Test
    void aParameterOfTheWrongTypeOrAMalformedVacuousRowIsRefused(@TempDir Path dir) throws Exception {
        Map<String, String> given = new java.util.LinkedHashMap<>();
        given.put("packets", "2");
        given.put("escape", "on");
        given.put("knockout", "dft-follow");
        String vacuous = Output.json(List.of(Finding.of("fabric", "repaired", given, "InOrderAfterFailure",
                Finding.Expectation.VACUOUS, Finding.Verdict.INCONCLUSIVE).withInconclusive(
                        CheckResult.InconclusiveReason.VACUOUS, "no reachable step meets its antecedent")));
        Path ok = dir.resolve("ok.json");
        Files.writeString(ok, vacuous);
        assertEquals(given, FindingsJson.read(ok, dir).get(0).parameters(), "typed parameters read back as given");
        Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put("\"packets\" : 2", "parameters.packets = 2.5: expected an integer in 1..8");
        bad.put("\"escape\" : \"on\"", "parameters.escape = true: expected one of the strings on|off");
        bad.put("\"knockout\" : [ \"dft-follow\" ]", "parameters.knockout = [1]: expected an array of mechanism names");
        bad.put("\"inconclusiveCause\" : \"VACUOUS\"", "inconclusiveCause = 3: expected one of");
        Map<String, String> with = Map.of("\"packets\" : 2", "\"packets\" : 2.5", "\"escape\" : \"on\"",
                "\"escape\" : true", "\"knockout\" : [ \"dft-follow\" ]", "\"knockout\" : [ 1 ]",
                "\"inconclusiveCause\" : \"VACUOUS\"", "\"inconclusiveCause\" : 3");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            assertTrue(vacuous.contains(e.getKey()), e.getKey() + " in " + vacuous);
            Path file = dir.resolve("bad.json");
            Files.writeString(file, vacuous.replace(e.getKey(), with.get(e.getKey())));
            StringWriter err = new StringWriter();
            assertEquals(2, Main.run(new String[] {"report", dir.resolve("b").toString(), "--from", file.toString()},
                    new PrintWriter(new StringWriter()), new PrintWriter(err)), e.getKey());
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertTrue(err.toString().contains(e.getValue()), e.getValue() + ": " + err);
            assertFalse(Files.exists(dir.resolve("b")), "nothing written");
        }
        Path noObject = dir.resolve("no-object.json");
        Files.writeString(noObject, vacuous.replaceFirst("\"parameters\" : \\{[^}]*}", "\"parameters\" : \"x\""));
        StringWriter err = new StringWriter();
        assertEquals(2, Main.run(new String[] {"report", dir.resolve("b").toString(), "--from", noObject.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err)));
        assertTrue(err.toString().contains("parameters = \"x\": expected an object"), err.toString());
    }

    /**
     * A conform finding's TLA+ constants read back as the twin has them: JSON writes a set and a sequence
     * alike (arrays), and the spec's manifest says which constants are sets (iofd's {@code Knockouts} is
     * {@code {"dft-follow"}}), so the report shows the set, not {@code <<"dft-follow">>}; a sequence of
     * records ({@code FlowSeq}) stays a sequence. The report written from the file shows the set too.
     */
    @Test
    void aTlaSetConstantReadsBackAsASet(@TempDir Path dir) throws Exception {
        Map<String, String> constants = new java.util.LinkedHashMap<>();
        constants.put("Knockouts", "{\"dft-follow\"}");
        constants.put("FlowSeq", "<<[src |-> 0, dst |-> 1, long |-> FALSE]>>");
        constants.put("Tors", "2");
        constants.put("Empty", "{}");
        Finding f = Finding.of("iofd", "knockout-dft-follow", constants, "conformance", Finding.Expectation.HOLDS,
                Finding.Verdict.CONFORMS).withTla(new Finding.Tla(java.util.Optional.of("knockout-dft-follow"),
                java.util.Optional.empty()));
        Path file = dir.resolve("findings.json");
        String json = Output.json(List.of(f));
        assertTrue(json.contains("\"Knockouts\" : [ \"dft-follow\" ]"), "JSON writes the set as an array: " + json);
        Map<String, String> back = FindingsJson.read(file(file, json), repo()).get(0).parameters();
        assertEquals("{\"dft-follow\"}", back.get("Knockouts"));
        assertEquals("<<[src |-> 0, dst |-> 1, long |-> FALSE]>>", back.get("FlowSeq"));
        assertEquals("2", back.get("Tors"));
        assertEquals("<<>>", back.get("Empty"), "a constant the manifest does not give keeps the sequence form");
        // without the spec (another checkout), the array reads back as before: a sequence
        assertEquals("<<\"dft-follow\">>", FindingsJson.read(file, dir).get(0).parameters().get("Knockouts"));
        // a trace rebuilt from the finding (its stored file gone; export reads findings so) has the set too
        com.fasterxml.jackson.databind.JsonNode written = org.rdmacheck.checker.trace.TraceJson.MAPPER.readTree(json).get(0);
        com.fasterxml.jackson.databind.node.ObjectNode c = org.rdmacheck.checker.trace.TraceJson.MAPPER.createObjectNode()
                .put("property", "InOrderDelivery").put("kind", "INVARIANT").put("violationIndex", 0);
        assertEquals("{\"dft-follow\"}", FindingsJson.traceOf(written, c, org.rdmacheck.checker.trace.TraceJson.MAPPER
                .createArrayNode(), "tlc", "x", repo()).get("provenance").get("parameters").get("Knockouts").asText());
        Path report = dir.resolve("report");
        assertEquals(0, Main.run(new String[] {"report", report.toString(), "--from", file.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
        String html = Files.readString(report.resolve("index.html"));
        assertTrue(html.contains("{&quot;dft-follow&quot;}") || html.contains("{\"dft-follow\"}"), "the set in the report");
        assertFalse(html.contains("&lt;&lt;&quot;dft-follow&quot;&gt;&gt;") || html.contains("<<\"dft-follow\">>"),
                "no sequence in the report");
    }

    private static Path file(Path file, String text) throws java.io.IOException {
        return Files.writeString(file, text);
    }
}
