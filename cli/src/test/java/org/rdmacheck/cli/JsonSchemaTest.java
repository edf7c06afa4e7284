package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Every command's {@code --json} output validates against its schema in {@code docs/json-schema/}
 * (figures as numbers, verdicts from their enums), and the schemas reject a figure written as text.
 */
class JsonSchemaTest {

    @TempDir
    static Path tmp;

    static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("docs/json-schema"))) {
            p = p.getParent();
        }
        return p;
    }

    static Schema schema(String name) throws IOException {
        try (InputStream in = Files.newInputStream(repo().resolve("docs/json-schema").resolve(name))) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        }
    }

    static Stream<Arguments> commands() {
        String specs = repo().resolve("specs").toString();
        String out = tmp.toString();
        return Stream.of(
                Arguments.of("findings.schema.json", Set.of(0), List.of("check", "philosophers", "--variant", "naive",
                        "--param", "n=3", "--json", "--out", out + "/check")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("check", "gbn", "--reduction", "safety",
                        "--no-progress", "--json", "--out", out + "/check-reduced")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("check", "partition", "--symmetry",
                        "--no-progress", "--json", "--out", out + "/check-symmetric")),
                Arguments.of("findings.schema.json", Set.of(3), List.of("check", "philosophers", "--variant", "naive",
                        "--param", "n=3", "--search", "random:5", "--walks", "1000", "--property", "DeadlockFree",
                        "--property", "NeighboursNeverBothEat", "--json", "--out", out + "/check-random")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("check", "fabric", "--variant",
                        "repaired-one-message", "--search", "directed", "--property", "NoRoutingDeadlock", "--json",
                        "--out", out + "/check-directed")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("all", "--model", "corridor",
                        "--model", "thresholds", "--json", "--out", out + "/all")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("tlc", "src/test/resources/specs/hourclock",
                        "--json")),
                Arguments.of("findings.schema.json", Set.of(1), List.of("tlc",
                        "../checker-bridge/src/test/resources/tlc/twoinvs", "--continue", "--coverage", "--json")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("conform", "fifo", "--variant", "reorder",
                        "--param", "messages=3", "--param", "capacity=2", "--specs", specs, "--json", "--threads", "1")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("fluid", "fixed-point", "--json")),
                Arguments.of("thresholds.schema.json", Set.of(0), List.of("thresholds", "--worked-example", "--switch",
                        "arista-7050qx32", "--json", "--no-save")),
                Arguments.of("thresholds.schema.json", Set.of(1), List.of("thresholds", "--switch", "arista-7050qx32",
                        "--mode", "static", "--t-pfc", "24470", "--t-ecn", "120000", "--json", "--no-save")),
                Arguments.of("thresholds-sonic.schema.json", Set.of(0), List.of("thresholds", "--sonic",
                        repo().resolve("examples/sonic/leaf-32x100g-40m.json").toString(), "--json", "--no-save")),
                Arguments.of("thresholds-sonic.schema.json", Set.of(1), List.of("thresholds", "--sonic",
                        repo().resolve("examples/sonic/spine-64x400g-100m.json").toString(), "--json", "--no-save")),
                Arguments.of("thresholds-sonic.schema.json", Set.of(1), List.of("thresholds", "--sonic",
                        repo().resolve("examples/sonic/leaf-32x100g-40m.json").toString(), "--deflection", "150KB",
                        "--json", "--no-save")),
                Arguments.of("thresholds-sonic.schema.json", Set.of(1), List.of("thresholds", "--sonic",
                        repo().resolve("examples/sonic/leaf-32x100g-40m-tc-map.json").toString(), "--json", "--no-save")),
                Arguments.of("deadlock.schema.json", Set.of(1), List.of("deadlock", "--topology", "ring:n=4",
                        "--routing", "deflect", "--json", "--no-save")),
                Arguments.of("deadlock.schema.json", Set.of(1), List.of("deadlock", "--topology", "ring:n=4,hosts=1",
                        "--fail", "s0-s1", "--fail", "s2-s3", "--json", "--no-save")),
                Arguments.of("deadlock.schema.json", Set.of(0), List.of("deadlock", "--topology", "fattree:k=4",
                        "--routing", "escape", "--lanes", "2", "--json", "--no-save")),
                Arguments.of("deadlock-tables.schema.json", Set.of(1), List.of("deadlock", "--ib-topology",
                        repo().resolve("examples/infiniband/ring4.topo").toString(), "--lfts",
                        repo().resolve("examples/infiniband/ring4-ibroute.txt").toString(),
                        "--json", "--no-save")),
                Arguments.of("deadlock-tables.schema.json", Set.of(1), List.of("deadlock", "--ib-topology",
                        repo().resolve("examples/infiniband/ring4-split.topo").toString(), "--lfts",
                        repo().resolve("examples/infiniband/ring4-opensm-lfts.dump").toString(),
                        "--failures", "0", "--json", "--no-save")),
                Arguments.of("deadlock-tables.schema.json", Set.of(1, 3), List.of("deadlock", "--roce-topology",
                        "fattree:k=4", "--failures", "2", "--failure-limit", "5", "--json", "--no-save")),
                Arguments.of("deadlock-tables.schema.json", Set.of(0), List.of("deadlock", "--roce-topology",
                        "file:" + repo().resolve("examples/topology/leafspine-2x2.json"), "--skip-lanes",
                        "--failure-rule", "updown", "--failures", "3", "--json", "--no-save")),
                Arguments.of("deadlock-tables.schema.json", Set.of(0), List.of("deadlock", "--roce-topology",
                        "fattree:k=4", "--failure-rule", "updown", "--json", "--no-save")),
                Arguments.of("deadlock-tables.schema.json", Set.of(1), List.of("deadlock", "--roce-topology",
                        "fattree:k=4", "--json", "--no-save")),
                Arguments.of("deadlock-tables.schema.json", Set.of(3), List.of("deadlock", "--roce-topology",
                        "fattree:k=32", "--max-time", "0.05s", "--json", "--no-save")),
                Arguments.of("partition-sim.schema.json", Set.of(0), List.of("partition-sim", "--size", "1M", "--chunks",
                        "4K,64K", "--qps", "1,2", "--trials", "2", "--ecmp-k", "4", "--ecmp-qps", "1,8", "--json",
                        "--out", out + "/partition")),
                Arguments.of("gbn-patterns.schema.json", Set.of(0), List.of("gbn-patterns", "--packets", "2",
                        "--max-losses", "1", "--json")),
                Arguments.of("gbn-table.schema.json", Set.of(0), List.of("gbn-table", "--packets", "2", "--max-losses",
                        "2", "--json", "--no-save")),
                Arguments.of("gbn-timed-table.schema.json", Set.of(0), List.of("gbn-timed-table", "--param",
                        "delayMin=4", "--param", "delayMax=8", "--param", "nakInterval=24", "--max-losses", "1",
                        "--json", "--no-save")),
                Arguments.of("gbn-sim.schema.json", Set.of(0), List.of("gbn-sim", "--out", out + "/gbn-sim", "--param",
                        "variants=gbn", "--param", "lossRates=0,1e-2", "--param", "rto=10e-3", "--param",
                        "replications=2", "--param", "messages=2", "--param", "messageBytes=262144", "--json")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "margins", "--param",
                        "N=8", "--json")),
                // stopped by --max-time (each needs seconds): the same schemas, with what was finished
                Arguments.of("gbn-table.schema.json", Set.of(3), List.of("gbn-table", "--packets", "4", "--max-time",
                        "0.05s", "--json", "--no-save")),
                Arguments.of("gbn-timed-table.schema.json", Set.of(3), List.of("gbn-timed-table", "--param",
                        "delayMax=6", "--max-time", "0.05s", "--json", "--no-save")),
                Arguments.of("deadlock.schema.json", Set.of(3), List.of("deadlock", "--topology", "fattree:k=128",
                        "--routing", "escape-deflect", "--max-time", "0.05s", "--json", "--no-save")),
                Arguments.of("partition-sim.schema.json", Set.of(3), List.of("partition-sim", "--background", "100000",
                        "--trials", "100", "--ecmp-k", "", "--max-time", "0.05s", "--json", "--out",
                        out + "/partition-stopped")),
                Arguments.of("gbn-sim.schema.json", Set.of(3), List.of("gbn-sim", "--out", out + "/gbn-sim-stopped",
                        "--param", "messages=200", "--max-time", "0.05s", "--json")),
                Arguments.of("fluid-stability.schema.json", Set.of(3), List.of("fluid", "stability", "region", "--rai",
                        "1..200:1", "--max-time", "0.05s", "--json", "--out", out + "/stability-stopped")),
                Arguments.of("fluid-stability.schema.json", Set.of(3), List.of("fluid", "stability", "packet-check",
                        "--param", "C=400", "--unstable=8,100", "--max-time", "0.05s", "--json")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "sweep", "--flows",
                        "2..20:6", "--json", "--out", out + "/stability")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "sweep", "--flows",
                        "8,14", "--delays", "50", "--linearisation", "conext16", "--json", "--out", out + "/stability-c16")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "margins", "--param",
                        "N=8", "--linearisation", "small-p+closed-form-p", "--json")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "attribution",
                        "--param", "N=8", "--json")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "solver",
                        "--flows", "8", "--delays", "100", "--around-critical", "0", "--horizon-ms", "40", "--json")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "solver",
                        "--flows", "1", "--delays", "100000", "--around-critical", "0", "--horizon-ms", "40",
                        "--param", "C=10000", "--param", "Rai=10000", "--param", "Rhai=10000", "--json")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "region", "--flows",
                        "2,8", "--delays", "1", "--rai", "10,40", "--kmax", "200", "--threshold", "5", "--json", "--out",
                        out + "/stability")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "cross-check",
                        "--flows", "8,20", "--delays", "50", "--duration-ms", "40", "--json", "--out", out + "/stability")),
                Arguments.of("fluid-stability.schema.json", Set.of(0), List.of("fluid", "stability", "packet-check",
                        "--json")),
                Arguments.of("findings.schema.json", Set.of(0), List.of("fluid", "packet-check", "--json", "--out",
                        out + "/fluid")),
                Arguments.of("list.schema.json", Set.of(0), List.of("list", "--json")),
                Arguments.of("budget.schema.json", Set.of(0), List.of("budget", "fabric", "--param", "flows=0-1",
                        "--param", "packets=1", "--param", "tokens=1", "--param", "failures=0", "--param", "xoff=2",
                        "--param", "background=0", "--param", "dft=1", "--threads", "1", "--json")),
                Arguments.of("budget.schema.json", Set.of(3), List.of("budget", "fabric", "--param", "flows=0-1",
                        "--param", "packets=3", "--param", "tokens=2", "--param", "failures=1", "--param", "xoff=3",
                        "--param", "background=1", "--param", "pfc-hysteresis=2", "--threads", "1", "--json")),
                Arguments.of("per-flow.schema.json", Set.of(0), List.of("per-flow", "fabric", "--param", "flows=0-1",
                        "--param", "packets=1", "--param", "tokens=1", "--param", "failures=0", "--param", "xoff=2",
                        "--param", "background=0", "--param", "dft=1", "--threads", "1", "--json")),
                Arguments.of("per-flow.schema.json", Set.of(3), List.of("per-flow", "fabric", "--param", "flows=0-1,1-0",
                        "--param", "packets=2", "--param", "tokens=1", "--param", "failures=0", "--param", "xoff=2",
                        "--param", "background=0", "--param", "dft=1", "--threads", "1", "--max-states", "10",
                        "--no-budget", "--json")),
                Arguments.of("lane-rules.schema.json", Set.of(0), List.of("lane-rules", "--json", "--threads", "1")),
                Arguments.of("lane-rules.schema.json", Set.of(3), List.of("lane-rules", "--json", "--threads", "1",
                        "--max-time", "1ms")),
                Arguments.of("knockouts.schema.json", Set.of(0), List.of("knockouts", "escape-vl", "--json", "--threads",
                        "1", "--out", out + "/knockouts")),
                Arguments.of("knockouts.schema.json", Set.of(3), List.of("knockouts", "dasr", "--json", "--max-time",
                        "1ms", "--no-save")),
                Arguments.of("scope.schema.json", Set.of(1), List.of("scope", "abp", "--grow", "messages,capacity",
                        "--json", "--threads", "1", "--out", out + "/scope")),
                Arguments.of("scope.schema.json", Set.of(0), List.of("scope", "abp", "--grow", "messages", "--json",
                        "--threads", "1", "--no-save")),
                Arguments.of("scope-separate.schema.json", Set.of(0), List.of("scope", "abp", "--grow", "messages",
                        "--param", "messages=1", "--separate", "capacity=2", "--property", "InOrderDelivery", "--json",
                        "--threads", "1", "--out", out + "/separate")),
                Arguments.of("scope-separate.schema.json", Set.of(1), List.of("scope", "abp", "--grow", "messages",
                        "--separate", "capacity=1", "--property", "InOrderDelivery", "--json", "--threads", "1",
                        "--no-save")),
                Arguments.of("validate-trace.schema.json", Set.of(0), List.of("validate-trace",
                        repo().resolve("counterexamples/gbn/gbn-NoTimeout.json").toString(), "--spec",
                        repo().resolve("specs/gbn").toString(), "--json")),
                Arguments.of("validate-trace.schema.json", Set.of(3), List.of("validate-trace",
                        repo().resolve("counterexamples/gbn/gbn-NoTimeout.json").toString(), "--spec",
                        repo().resolve("specs/gbn").toString(), "--json", "--max-time", "1ms")),
                Arguments.of("replay.schema.json", Set.of(0), List.of("replay",
                        repo().resolve("counterexamples/corridor/symmetric-EventuallyPass.json").toString(), "--json")));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("commands")
    void outputValidates(String schemaName, Set<Integer> codes, List<String> args) throws IOException {
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        assertTrue(codes.contains(r.code()), "exit " + r.code() + ": " + r.err());
        JsonNode json = TraceJson.MAPPER.readTree(r.out());
        List<Error> errors = schema(schemaName).validate(json);
        assertTrue(errors.isEmpty(), schemaName + ": " + errors + "\n" + r.out());
        List<String> stringly = new java.util.ArrayList<>();
        numbersAsText(json, "", stringly);
        assertEquals(List.of(), stringly, "a number or a boolean written as a string\n" + r.out());
    }

    /**
     * Texts that are numbers by design: a unit's symbol ({@code "1"}), an exact fraction beside its value
     * ({@code exact}; a dynamic threshold's {@code beta} beside {@code betaValue}, and the switch's
     * {@code betas} as its specification writes them, beside {@code betaValues}), and a stored trace's
     * states, which keep the trace format ({@code trace}, a threshold {@code witness}).
     */
    private static final Set<String> TEXT_BY_DESIGN = Set.of("unit", "exact", "beta", "betas", "trace", "witness",
            "deflectionWitness");

    /** Collects the paths of strings that read as a number or a boolean, outside {@link #TEXT_BY_DESIGN}. */
    private static void numbersAsText(JsonNode n, String path, List<String> found) {
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (!TEXT_BY_DESIGN.contains(e.getKey())) {
                    numbersAsText(e.getValue(), path + "." + e.getKey(), found);
                }
            });
        } else if (n.isArray()) {
            n.forEach(x -> numbersAsText(x, path + "[]", found));
        } else if (n.isTextual() && n.asText().matches("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?|true|false|TRUE|FALSE")) {
            found.add(path + " = \"" + n.asText() + "\"");
        }
    }

    /** A command that takes {@code --json} and is not run above fails this test: add it with its schema. */
    @Test
    void everyCommandWithJsonIsValidatedAbove() {
        Set<String> covered = new java.util.TreeSet<>();
        commands().forEach(a -> {
            @SuppressWarnings("unchecked")
            List<String> args = (List<String>) a.get()[2];
            StringBuilder path = new StringBuilder();
            for (String w : args) {
                if (w.startsWith("-") || w.contains("/") || w.contains(".")) {
                    break;
                }
                path.append(path.length() == 0 ? "" : " ").append(w);
                covered.add(path.toString());
            }
        });
        List<String> missing = new java.util.ArrayList<>();
        walk(Main.commandLine(), "", missing, covered);
        assertEquals(List.of(), missing, "commands with --json and no schema test");
    }

    private static void walk(picocli.CommandLine cl, String path, List<String> missing, Set<String> covered) {
        if (!path.isEmpty() && cl.getCommandSpec().findOption("--json") != null && !covered.contains(path)) {
            missing.add(path);
        }
        cl.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().name().equals(name)) { // aliases once
                walk(sub, path.isEmpty() ? name : path + " " + name, missing, covered);
            }
        });
    }

    @Test
    void fixedPointCarriesPStarAsANumber() throws IOException {
        CliTest.Run r = CliTest.run("fluid", "fixed-point", "--param", "N=2", "--json");
        JsonNode q = TraceJson.MAPPER.readTree(r.out()).get(0).get("quantities");
        assertTrue(q.get("pStar").get("value").isNumber(), q.toString());
        assertEquals("1", q.get("pStar").get("unit").asText());
        assertEquals("KB", q.get("qStar_KB").get("unit").asText());
        assertEquals("Gb/s", q.get("RcStar_Gbps").get("unit").asText());
    }

    @Test
    void checkCarriesTheExplorersMemoryAndCollisionBoundAsNumbers() throws IOException {
        for (String storage : new String[] {"fingerprint", "compact"}) {
            CliTest.Run r = CliTest.run("check", "fabric", "--storage", storage, "--no-progress", "--json", "--no-save");
            assertEquals(0, r.code(), r.err());
            JsonNode q = TraceJson.MAPPER.readTree(r.out()).get(0).get("quantities");
            assertEquals(46_881, q.get("distinctStates").get("value").asLong(), q.toString());
            assertTrue(q.get("storeBytes").get("value").asLong() > 46_881L * 10, q.toString());
            assertTrue(q.get("levelBytes").get("value").asLong() > 0, q.toString());
            double pc = q.get("fingerprintCollisionProbability").get("value").asDouble();
            assertTrue(pc > 0 && pc < 1e-6, q.toString());
        }
    }

    @Test
    void aFigureWrittenAsTextIsRejected() throws IOException {
        CliTest.Run r = CliTest.run("check", "philosophers", "--param", "n=3", "--json", "--no-save");
        JsonNode json = TraceJson.MAPPER.readTree(r.out());
        Schema schema = schema("findings.schema.json");
        assertTrue(schema.validate(json).isEmpty());
        ((ObjectNode) json.get(0).get("quantities").get("distinctStates")).put("value", "12");
        assertFalse(schema.validate(json).isEmpty());
        ((ObjectNode) json.get(0).get("quantities").get("distinctStates")).put("value", 12);
        ((ObjectNode) json.get(0)).put("verdict", "holds");
        assertFalse(schema.validate(json).isEmpty());
    }

    @Test
    void errorsInJsonModeAreJsonOnStandardOutput() throws IOException {
        Path missing = repo().resolve("checker-bridge/src/test/resources/tlc/missingmodule");
        CliTest.Run r = CliTest.run("tlc", missing.toString(), "--json");
        assertEquals(2, r.code());
        // Only progress lines (a slow machine may print one every few seconds) may reach stderr: the error is JSON on stdout.
        assertTrue(r.err().lines().allMatch(l -> l.matches(".*, \\d+ s elapsed")), r.err());
        JsonNode json = TraceJson.MAPPER.readTree(r.out());
        assertTrue(schema("error.schema.json").validate(json).isEmpty(), r.out());
        JsonNode e = json.get("error");
        assertEquals("SPEC", e.get("kind").asText());
        assertTrue(e.get("file").asText().endsWith("Mid.tla"), r.out());
        assertEquals(3, e.get("line").asInt());
        assertEquals(9, e.get("column").asInt());
        assertTrue(e.get("message").asText().startsWith("cannot find the module NoSuchModule"), r.out());

        CliTest.Run usage = CliTest.run("tlc", missing.toString(), "--json", "--no-such-option");
        assertEquals(2, usage.code());
        JsonNode u = TraceJson.MAPPER.readTree(usage.out());
        assertTrue(schema("error.schema.json").validate(u).isEmpty(), usage.out());
        assertEquals("USAGE", u.get("error").get("kind").asText());
    }

    @Test
    void tlcViolationCarriesTheWholeTraceInJson() throws IOException {
        Path counter = repo().resolve("checker-bridge/src/test/resources/tlc/counter");
        CliTest.Run r = CliTest.run("tlc", counter.toString(), "--invariant", "Small", "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode json = TraceJson.MAPPER.readTree(r.out());
        assertTrue(schema("findings.schema.json").validate(json).isEmpty(), r.out());
        JsonNode trace = json.get(0).get("counterexample").get("trace");
        assertEquals(4, trace.size());
        assertTrue(trace.get(0).get("action").isNull());
        assertEquals("Inc", trace.get(1).get("action").get("name").asText());
        assertEquals(3, trace.get(3).get("state").get("x").asInt());
        assertEquals(2, trace.get(3).get("state").get("log").get(2).asInt());
    }
}
