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
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * The JSON values the schemas promise, asserted by type: a position that does not exist is null (never
 * -1), a counterexample's kind is the enum in upper case wherever an output echoes it (the stored trace
 * file keeps its lower-case word), TLA+ constants are TLA+ values typed and a conformance finding's
 * variant is an object with the Java parameters typed, and a model's parameters are typed by its
 * {@code ParamSpec} (integers, flags as booleans, the knock-out as an array), never a number or a boolean as
 * a string, in every output that echoes them and in what {@code report --from} reads back.
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
        assertTrue(o.get("fairness").isArray() && o.get("fairness").isEmpty(), o.toString()); // no lasso: none
        assertTrue(o.get("steps").get("value").isInt(), o.toString()); // a figure in steps
        assertEquals("steps", o.get("steps").get("unit").asText());
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
        assertTrue(cex.get("steps").get("value").isInt(), cex.toString());
        assertEquals("steps", cex.get("steps").get("unit").asText());
        assertTrue(cex.get("loopStart").isNull(), cex.toString()); // not a lasso
        Counterexample.Kind kind = Counterexample.Kind.valueOf(cex.get("kind").asText()); // the enum's own name
        // report --from reads the enum back into the trace format's word
        Path file = dir.resolve("findings.json");
        Files.writeString(file, r.out());
        assertTrue(FindingsJson.read(file, dir).stream().anyMatch(f -> f.counterexample().isPresent()
                && f.counterexample().get().trace().kind() == kind));
    }

    @Test
    void conformWritesTheVariantAsAnObjectAndTheConstantsTyped(@TempDir Path dir) throws IOException {
        CliTest.Run r = CliTest.run("conform", "fifo", "--variant", "reorder", "--param", "messages=3", "--param",
                "capacity=2", "--specs", JsonSchemaTest.repo().resolve("specs").toString(), "--json", "--threads", "1");
        assertEquals(0, r.code(), r.err());
        JsonNode f = json(r).get(0);
        JsonNode variant = f.get("variant");
        assertTrue(variant.isObject(), f.toString());
        assertEquals("reorder", variant.get("name").asText());
        assertTrue(variant.get("configuration").isNull(), f.toString());
        assertTrue(variant.get("parameters").get("messages").isInt(), f.toString());
        assertEquals(3, variant.get("parameters").get("messages").asInt());
        JsonNode constants = f.get("parameters");
        assertTrue(constants.get("M").isInt(), f.toString());
        assertEquals(2, constants.get("C").asInt());
        assertTrue(constants.get("Reorder").isBoolean() && constants.get("Reorder").asBoolean(), f.toString());
        assertTrue(JsonSchemaTest.schema("findings.schema.json").validate(json(r)).isEmpty(), r.out());
        // report --from reads it back to the same finding, and writes the same JSON again
        Path file = dir.resolve("findings.json");
        Files.writeString(file, r.out());
        java.util.List<Finding> back = FindingsJson.read(file, dir);
        assertEquals("reorder {capacity=2, messages=3}", back.get(0).variant());
        JsonNode again = Output.jsonArray(back).get(0);
        assertEquals(variant, again.get("variant"));
        assertEquals(constants, again.get("parameters"));
    }

    @Test
    void aManifestConfigurationIsNamedBesideItsJavaVariant() {
        SpecManifest m = SpecManifest.read(JsonSchemaTest.repo().resolve("specs/philosophers"));
        Finding.Tla t = ConformCommand.tla(m, m.configurations().get(0));
        JsonNode v = Output.json(Finding.of("philosophers", "ordered-5", java.util.Map.of("N", "5", "Ordered", "TRUE"),
                "conformance", Finding.Expectation.HOLDS, Finding.Verdict.CONFORMS).withTla(t));
        assertEquals("ordered", v.get("variant").get("name").asText());
        assertEquals("ordered-5", v.get("variant").get("configuration").asText());
        assertTrue(v.get("variant").get("parameters").get("n").isInt(), v.toString());
        assertTrue(v.get("parameters").get("Ordered").isBoolean(), v.toString());
    }

    @Test
    void tlaConstantsAreTypedAsTlaValues() {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        java.util.Map<String, String> c = new java.util.LinkedHashMap<>();
        c.put("Packets", "3");
        c.put("Lookahead", "FALSE");
        c.put("Cleanup", "\"flush\"");
        c.put("Knockouts", "{\"look-ahead\"}");
        c.put("None", "{}");
        c.put("FlowSeq", "<<[src |-> 0, dst |-> 1, long |-> FALSE]>>");
        c.put("Hosts", "1..3");
        c.put("Proc", "p1");
        c.put("Bound", "Nat \\ {0}");
        JsonValues.tlaConstants(o, "parameters", c);
        JsonNode p = o.get("parameters");
        assertTrue(p.get("Packets").isInt());
        assertTrue(p.get("Lookahead").isBoolean() && !p.get("Lookahead").asBoolean());
        assertEquals("flush", p.get("Cleanup").asText());
        assertTrue(p.get("Knockouts").isArray() && p.get("Knockouts").get(0).asText().equals("look-ahead"), p.toString());
        assertTrue(p.get("None").isArray() && p.get("None").isEmpty(), p.toString());
        JsonNode flow = p.get("FlowSeq").get(0);
        assertTrue(flow.isObject() && flow.get("dst").isInt() && flow.get("long").isBoolean(), p.toString());
        assertEquals(3, p.get("Hosts").size(), p.toString());
        assertEquals("p1", p.get("Proc").asText()); // a model value: its name
        assertEquals("Nat \\ {0}", p.get("Bound").asText()); // not a value literal: its text
    }

    @Test
    void deadlockTablesWriteTheQueryKindAsTheEnum() throws IOException {
        Path repo = JsonSchemaTest.repo();
        CliTest.Run r = CliTest.run("deadlock", "--ib-topology", repo.resolve("examples/infiniband/ring4.topo")
                .toString(), "--lfts", repo.resolve("examples/infiniband/ring4-ibroute.txt").toString(), "--json",
                "--no-save");
        JsonNode o = json(r);
        assertEquals("IB", o.get("parameters").get("kind").asText(), r.out());
        CliTest.Run stopped = CliTest.run("deadlock", "--roce-topology", "fattree:k=32", "--max-time", "1ms", "--json",
                "--no-save");
        assertEquals(3, stopped.code(), stopped.err());
        assertEquals("ROCE", json(stopped).get("parameters").get("kind").asText(), stopped.out());
    }

    @Test
    void aFindingsParametersAreTypedByTheModelsDeclarationAndReadBackInBothForms(@TempDir Path dir) throws IOException {
        CliTest.Run r = CliTest.run("check", "gbn", "--variant", "improved", "--knockout", "send-twice", "--knockout",
                "check-epsn", "--param", "pipeline=false", "--param", "messages=2", "--property", "InOrderExactlyOnce", "--json",
                "--no-save", "--threads", "1");
        assertEquals(0, r.code(), r.err() + r.out());
        JsonNode findings = json(r);
        JsonNode p = findings.get(0).get("parameters");
        assertTrue(p.get("messages").isInt() && p.get("messages").asInt() == 2, p.toString());
        assertTrue(p.get("pipeline").isBoolean() && !p.get("pipeline").asBoolean(), p.toString());
        assertTrue(p.get("nakPolicy").isTextual(), p.toString()); // a choice: its declared word
        assertEquals("[\"check-epsn\",\"send-twice\"]", p.get("knockout").toString());
        var schema = JsonSchemaTest.schema("findings.schema.json");
        assertTrue(schema.validate(findings).isEmpty(), r.out());
        // a number or a boolean as a string fails the schema
        for (String[] stringly : new String[][] {{"messages", "2"}, {"pipeline", "false"}}) {
            JsonNode copy = findings.deepCopy();
            ((ObjectNode) copy.get(0).get("parameters")).put(stringly[0], stringly[1]);
            assertTrue(!schema.validate(copy).isEmpty(), stringly[0] + " as a string must fail: " + copy.get(0));
        }
        // report --from reads the typed form and the strings earlier versions wrote to the same parameters
        Path typed = dir.resolve("typed.json");
        Files.writeString(typed, r.out());
        JsonNode old = findings.deepCopy();
        ObjectNode oldParams = (ObjectNode) old.get(0).get("parameters");
        oldParams.put("messages", "2");
        oldParams.put("pipeline", "false");
        oldParams.put("knockout", "check-epsn+send-twice");
        Path strings = dir.resolve("strings.json");
        Files.writeString(strings, TraceJson.MAPPER.writeValueAsString(old));
        java.util.Map<String, String> back = FindingsJson.read(typed, dir).get(0).parameters();
        assertEquals("2", back.get("messages"));
        assertEquals("false", back.get("pipeline"));
        assertEquals("check-epsn+send-twice", back.get("knockout"));
        assertEquals(back, FindingsJson.read(strings, dir).get(0).parameters());
        assertEquals(p, Output.jsonArray(FindingsJson.read(strings, dir)).get(0).get("parameters"));
    }

    @Test
    void listDeclaresFlagsAsBooleans() throws IOException {
        CliTest.Run r = CliTest.run("list", "--json");
        assertEquals(0, r.code(), r.err());
        int flags = 0;
        for (JsonNode m : json(r)) {
            for (JsonNode p : m.get("parameters")) {
                JsonNode d = p.get("default");
                switch (p.get("type").asText()) {
                    case "INTEGER" -> assertTrue(d.isInt(), p.toString());
                    case "BOOLEAN" -> {
                        assertTrue(d.isBoolean(), p.toString());
                        flags++;
                    }
                    default -> assertTrue(d.isTextual(), p.toString());
                }
            }
            for (JsonNode v : m.get("variants")) {
                v.get("defaults").forEach(d -> assertTrue(!d.isTextual() || !d.asText().matches("-?\\d+|true|false"),
                        m.get("model") + " " + v));
            }
        }
        assertEquals(3, flags, "gbn's pipeline, gbn-timed's reorder and lastPacketLoss");
        assertTrue(JsonSchemaTest.schema("list.schema.json").validate(json(r)).isEmpty());
    }

    @Test
    void tasksEchoTheirCountsAndTheModelsTheyVaryTyped() {
        java.util.Map<String, String> gbn = new java.util.LinkedHashMap<>();
        gbn.put("packets", "3");
        gbn.put("messages", "1");
        gbn.put("nakPolicy", "interval");
        JsonNode table = Output.json(Finding.of("gbn-table", "gb0/ack", gbn, "LeastTimeoutBudget=1",
                Finding.Expectation.HOLDS, Finding.Verdict.VERIFIED)).get("parameters");
        assertTrue(table.get("packets").isInt() && table.get("messages").isInt(), table.toString());
        assertEquals("interval", table.get("nakPolicy").asText());
        // an integer parameter up to its declared maximum (tickNs: Integer.MAX_VALUE) is an integer, ten digits too
        JsonNode timed = Output.json(Finding.of("gbn-timed", "gbn", java.util.Map.of("tickNs", "2147483647",
                "reorder", "true"), "NoTimeout", Finding.Expectation.FAILS, Finding.Verdict.VIOLATED)).get("parameters");
        assertTrue(timed.get("tickNs").isInt() && timed.get("tickNs").asInt() == Integer.MAX_VALUE, timed.toString());
        assertTrue(timed.get("reorder").isBoolean() && timed.get("reorder").asBoolean(), timed.toString());
        JsonNode sim = Output.json(Finding.of("gbn-sim", "gbn", java.util.Map.of("messages", "10", "replications", "3",
                "seed", "1"), "ThroughputAtLoss1e-2", Finding.Expectation.NONE, Finding.Verdict.MEASURED))
                .get("parameters");
        assertTrue(sim.get("messages").isInt() && sim.get("replications").isInt() && sim.get("seed").isInt(),
                sim.toString());
        java.util.Map<String, String> grid = new java.util.LinkedHashMap<>();
        grid.put("lossRates", "1e-4,1e-2");
        grid.put("rto", "10ms,500us");
        JsonNode lists = Output.json(Finding.of("gbn-sim", "gbn", grid, "ThroughputAtLoss1e-2",
                Finding.Expectation.NONE, Finding.Verdict.MEASURED)).get("parameters");
        assertEquals("[{\"value\":1.0E-4,\"unit\":\"1\"},{\"value\":0.01,\"unit\":\"1\"}]",
                lists.get("lossRates").toString());
        assertEquals(0.01, lists.get("rto").get(0).get("value").asDouble(), 1e-12);
        assertEquals(5e-4, lists.get("rto").get(1).get("value").asDouble(), 1e-12);
        assertEquals("s", lists.get("rto").get(1).get("unit").asText());
        JsonNode size = Output.json(Finding.of("partition-sim", "seed003-fig4", java.util.Map.of("size", "10M"),
                "MoreQpsHelp", Finding.Expectation.HOLDS, Finding.Verdict.CONFIRMED)).get("parameters").get("size");
        assertEquals("{\"value\":10485760,\"unit\":\"B\"}", size.toString());
        JsonNode ecmp = Output.json(Finding.of("partition-ecmp", "crc32", java.util.Map.of("qps", "64"),
                "PolarisedToKOver2Paths", Finding.Expectation.HOLDS, Finding.Verdict.CONFIRMED)).get("parameters");
        assertTrue(ecmp.get("qps").isInt(), ecmp.toString());
        JsonNode stability = Output.json(Finding.of("fluid-stability", "tau*=1us", java.util.Map.of("C", "40", "N",
                "2", "g", "1/256"), "PhaseMargin", Finding.Expectation.NONE, Finding.Verdict.STABLE)).get("parameters");
        assertEquals("Gb/s", stability.get("C").get("unit").asText(), stability.toString());
        assertEquals(40, stability.get("C").get("value").asInt());
        assertTrue(stability.get("N").isInt(), stability.toString());
        assertEquals("1/256", stability.get("g").get("exact").asText());
    }

    @Test
    void replayNamesTheFairnessALassoIsFairUnder() throws IOException {
        Path stored = JsonSchemaTest.repo().resolve("counterexamples/partition/no-receive-repost-EveryTransferCompletes.json");
        CliTest.Run r = CliTest.run("replay", stored.toString(), "--json");
        assertEquals(0, r.code(), r.err() + r.out());
        JsonNode o = json(r);
        assertEquals("REPRODUCES", o.get("outcome").asText());
        JsonNode fairness = o.get("fairness");
        assertTrue(fairness.isArray() && !fairness.isEmpty(), o.toString());
        StringBuilder named = new StringBuilder();
        for (JsonNode a : fairness) {
            org.rdmacheck.properties.liveness.Fairness.Strength strength =
                    org.rdmacheck.properties.liveness.Fairness.Strength.valueOf(a.get("strength").asText());
            org.rdmacheck.properties.liveness.Fairness.Scope scope =
                    org.rdmacheck.properties.liveness.Fairness.Scope.valueOf(a.get("scope").asText());
            java.util.List<String> by = new java.util.ArrayList<>();
            a.get("by").forEach(b -> by.add(b.asText()));
            named.append(named.length() == 0 ? "" : ", ").append(new Finding.Assumption(a.get("label").asText(),
                    strength, scope, by));
        }
        // the text names the same assumptions, as check's verified-within line does
        assertTrue(o.get("message").asText().contains("the loop is fair under " + named + ";"), o.toString());
        CliTest.Run text = CliTest.run("replay", stored.toString());
        assertTrue(text.out().contains("the loop is fair under " + named + ";"), text.out());
        assertTrue(JsonSchemaTest.schema("replay.schema.json").validate(o).isEmpty(), o.toString());
    }
}
