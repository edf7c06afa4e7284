package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Scope frontiers on the textbook model with a known answer: the alternating bit with sequence
 * numbers modulo m delivers in order over a one-packet channel for any number of messages, and
 * first fails at messages = m with a channel of two packets.
 */
class ScopeTest {

    private static ExplorerSettings settings() {
        return ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { }).withMaxStates(5_000_000);
    }

    @ParameterizedTest(name = "modulus {0}")
    @ValueSource(ints = {2, 3})
    void theFrontierOfTheAlternatingBitIsTheKnownOne(int modulus) {
        List<Scope.Dimension> dims = List.of(Scope.Dimension.of("messages", List.of(1, 2, 3, 4)),
                Scope.Dimension.of("capacity", List.of(1, 2, 3)));
        Scope.Report r = Scope.run(Catalog.find("abp"), "one-slot", Map.of("modulus", "" + modulus), dims, settings(),
                null, line -> { });
        Scope.Point bad = r.unexpected().orElseThrow();
        assertEquals(List.of("" + modulus, "2"), bad.labels());
        assertEquals("InOrderDelivery", bad.property().orElseThrow());
        assertFalse(r.complete());
        // every configuration decided as expected is below the known size: fewer messages or one slot
        for (Scope.Point p : r.points()) {
            if (p.outcome() == Scope.Outcome.AS_EXPECTED) {
                assertTrue(Integer.parseInt(p.labels().get(0)) < modulus || p.labels().get(1).equals("1"), p.toString());
            }
        }
        // the frontier is maximal: no point of it is below another decided point
        for (Scope.Point p : r.frontier()) {
            assertEquals(Scope.Outcome.AS_EXPECTED, p.outcome());
        }
        assertTrue(r.frontier().stream().anyMatch(p -> p.labels().get(1).equals("1")), r.frontier().toString());
    }

    @Test
    void aGridDecidedAsExpectedIsCompleteAndItsFrontierIsTheTop() {
        List<Scope.Dimension> dims = List.of(Scope.Dimension.of("messages", List.of(1, 2, 3)));
        Scope.Report r = Scope.run(Catalog.find("abp"), "one-slot", Map.of(), dims, settings(), null, line -> { });
        assertTrue(r.complete());
        assertEquals(1, r.frontier().size());
        assertEquals(List.of("3"), r.frontier().get(0).labels());
        assertEquals(3, r.points().size());
    }

    /**
     * escape-vl's capacity is capped at 4: asked for 3 steps from 3, the grid is 3|4 and its top is the
     * range's, not the proof's; the output says so and names the parameters every configuration shares.
     */
    @Test
    void aDimensionThatReachesItsParametersLargestValueStopsAtTheRange() throws Exception {
        CliTest.Run run = CliTest.run("scope", "escape-vl", "--grow", "capacity", "--param", "capacity=3", "--steps",
                "3", "--threads", "1", "--no-save");
        assertEquals(ExitCodes.OK, run.code(), run.err());
        assertTrue(run.out().contains("scope of escape-vl dart over capacity 3|4"), run.out());
        assertTrue(run.out().contains("capacity stopped at 4, the end of the parameter's range"), run.out());
        assertTrue(run.out().contains("every configuration with network=ring3 tokens=1 vl1-routes=tree workload=''"),
                run.out());
        CliTest.Run json = CliTest.run("scope", "escape-vl", "--grow", "capacity", "--param", "capacity=3", "--steps",
                "3", "--threads", "1", "--no-save", "--json");
        JsonNode o = TraceJson.MAPPER.readTree(json.out());
        assertEquals("RANGE_LIMIT", o.get("dimensions").get(0).get("stoppedBy").asText());
        assertTrue(o.get("dimensions").get(0).get("rangeTop").asBoolean());
        assertEquals(1, o.get("fixed").get("tokens").intValue());
        assertEquals("ring3", o.get("fixed").get("network").asText());
        assertFalse(o.get("fixed").has("capacity"));
        // below the top the grid's own end is STEPS; with modulus 2 and two slots the first configuration
        // (2 messages) already reorders, so messages never reached 3: UNEXPECTED
        Scope.Report steps = Scope.run(Catalog.find("abp"), "one-slot", Map.of(),
                List.of(Scope.Dimension.of("messages", List.of(1, 2))), settings(), null, line -> { });
        assertEquals(Scope.DimensionStop.STEPS, steps.stoppedBy(0));
        Scope.Report stopped = Scope.run(Catalog.find("abp"), "one-slot", Map.of("modulus", "2"),
                List.of(Scope.Dimension.of("messages", List.of(2, 3)), Scope.Dimension.of("capacity", List.of(2))),
                settings(), null, line -> { });
        assertEquals(Scope.DimensionStop.UNEXPECTED, stopped.stoppedBy(0));
    }

    @Test
    void theCommandPrintsTypedJsonAndExitsOneAtTheUnexpectedVerdict() throws Exception {
        CliTest.Run run = CliTest.run("scope", "abp", "--grow", "messages,capacity", "--param", "messages=1",
                "--json", "--threads", "1", "--no-save");
        assertEquals(ExitCodes.VIOLATED, run.code(), run.err());
        JsonNode o = TraceJson.MAPPER.readTree(run.out());
        assertEquals("UNEXPECTED", o.get("stopped").asText());
        assertEquals(2, o.get("unexpected").get("at").get("messages").intValue());
        assertTrue(o.get("unexpected").get("at").get("capacity").isInt(), "an integer parameter is an integer");
        assertTrue(o.get("unexpected").get("parameters").get("messages").isInt());
        assertTrue(o.get("dimensions").get(0).get("values").get(0).isInt());
        assertTrue(o.get("frontier").get(0).get("states").get("value").isNumber());
        assertEquals("states", o.get("frontier").get(0).get("states").get("unit").asText());
        assertEquals("ms", o.get("frontier").get(0).get("wallMillis").get("unit").asText());
        assertTrue(run.err().contains("scope abp one-slot messages=1 capacity=1"), run.err());
    }

    @Test
    void aLimitOtherThanTimeIsNamedAsTheCauseOfTheStop() throws Exception {
        CliTest.Run run = CliTest.run("scope", "abp", "--grow", "messages", "--max-states", "5", "--json",
                "--threads", "1", "--no-save");
        assertEquals(ExitCodes.INCONCLUSIVE, run.code(), run.err());
        assertEquals("STATE_LIMIT", TraceJson.MAPPER.readTree(run.out()).get("stopped").asText(), run.out());
    }

    /** --symmetry on a model without a symmetric set is said to change nothing (as check says); not on partition. */
    @Test
    void symmetryWithoutASymmetricSetIsWarnedAbout() {
        CliTest.Run abp = CliTest.run("scope", "abp", "--grow", "messages", "--max-states", "5", "--symmetry",
                "--threads", "1", "--no-save");
        assertTrue(abp.err().contains("warning: --symmetry: abp declares no symmetric set"), abp.err());
        CliTest.Run partition = CliTest.run("scope", "partition", "--grow", "ids", "--max-states", "5", "--symmetry",
                "--threads", "1", "--no-save");
        assertFalse(partition.err().contains("warning"), partition.err());
    }

    @Test
    void aScopeOfSomePropertiesChecksOnlyThose() throws Exception {
        CliTest.Run run = CliTest.run("scope", "abp", "--grow", "messages,capacity", "--param", "messages=1",
                "--property", "InOrderDelivery", "--json", "--threads", "1", "--no-save");
        assertEquals(ExitCodes.VIOLATED, run.code(), run.err());
        JsonNode o = TraceJson.MAPPER.readTree(run.out());
        assertEquals("InOrderDelivery", o.get("unexpected").get("property").asText());
        for (JsonNode p : o.get("points")) {
            if (p.get("outcome").asText().equals("AS_EXPECTED")) {
                assertEquals("1 property as expected", p.get("detail").asText(), p.toString());
            }
        }
        CliTest.Run bad = CliTest.run("scope", "abp", "--grow", "messages", "--property", "Nope");
        assertEquals(ExitCodes.USAGE, bad.code());
        assertTrue(bad.err().contains("--property Nope"), bad.err());
    }

    @Test
    void aFindingsMirrorImageIsExpectedAndAChangedParameterIsNot() throws Exception {
        // h1->h0 with 3 packets and 1 token: repaired-one-message's h0->h1 renamed by the fabric's symmetry
        CliTest.Run mirror = CliTest.run("scope", "fabric", "--workloads", "1-0", "--param", "packets=3", "--param",
                "tokens=1", "--property", "NoRoutingDeadlock", "--json", "--threads", "1", "--no-save");
        assertEquals(ExitCodes.OK, mirror.code(), mirror.err());
        JsonNode o = TraceJson.MAPPER.readTree(mirror.out());
        assertEquals("AS_EXPECTED", o.get("points").get(0).get("outcome").asText(), mirror.out());
        // the same with a larger DFT: no symmetry maps the finding there (every other parameter equal), the
        // deadlock is not expected
        CliTest.Run dft = CliTest.run("scope", "fabric", "--workloads", "1-0", "--param", "packets=3", "--param",
                "tokens=1", "--param", "dft=3", "--property", "NoRoutingDeadlock", "--json", "--threads", "1",
                "--no-save");
        assertEquals(ExitCodes.VIOLATED, dft.code(), dft.err());
        assertEquals("UNEXPECTED", TraceJson.MAPPER.readTree(dft.out()).get("stopped").asText(), dft.out());
    }

    @Test
    void badDimensionsAreOneLine() {
        assertEquals(ExitCodes.USAGE, CliTest.run("scope", "abp", "--grow", "nope").code());
        assertEquals(ExitCodes.USAGE, CliTest.run("scope", "abp", "--workloads", "a;b").code());
        assertEquals(ExitCodes.USAGE, CliTest.run("scope", "dasr", "--param", "knockout=look-ahead").code());
        CliTest.Run steps = CliTest.run("scope", "abp", "--grow", "messages", "--steps", "0");
        assertEquals(ExitCodes.USAGE, steps.code());
        assertTrue(steps.err().contains("--steps 0: expected an integer from 1 to 8"), steps.err());
        CliTest.Run each = CliTest.run("scope", "abp", "--max-time-each", "-2s");
        assertEquals(ExitCodes.USAGE, each.code(), "refused without --separate too: " + each.err());
        assertTrue(each.err().contains("--max-time-each '-2s'"), each.err());
        CliTest.Run unused = CliTest.run("scope", "abp", "--max-time-each", "5m");
        assertEquals(ExitCodes.USAGE, unused.code(), unused.err());
        assertTrue(unused.err().contains("--max-time-each 5m: not used without --separate"), unused.err());
    }

    /** A dimension named twice would label a point by one value and check it at the other. */
    @Test
    void aDimensionNamedTwiceIsRefused() {
        CliTest.Run grow = CliTest.run("scope", "iofd", "--grow", "packets,packets", "--no-save");
        assertEquals(ExitCodes.USAGE, grow.code(), grow.err());
        assertEquals(1, grow.err().strip().lines().count(), grow.err());
        assertTrue(grow.err().contains("--grow packets,packets: packets is named twice"), grow.err());
        assertEquals("", grow.out());
        CliTest.Run shapes = CliTest.run("scope", "iofd", "--workloads", "0-1;0-1", "--no-save");
        assertEquals(ExitCodes.USAGE, shapes.code(), shapes.err());
        assertTrue(shapes.err().contains("0-1 is named twice"), shapes.err());
    }

    /** Every workload is built before any is checked: a bad second one is the only output. */
    @Test
    void aBadWorkloadIsRefusedBeforeTheGoodOnesRun() {
        CliTest.Run run = CliTest.run("scope", "iofd", "--workloads", "0-1;9-9", "--no-save");
        assertEquals(ExitCodes.USAGE, run.code(), run.err());
        assertEquals(1, run.err().strip().lines().count(), "nothing checked before the refusal: " + run.err());
        assertTrue(run.err().contains("9-9"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void stepsBoundTheGrowth() throws Exception {
        CliTest.Run run = CliTest.run("scope", "abp", "--grow", "messages", "--steps", "1", "--json", "--threads", "1",
                "--no-save");
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode o = TraceJson.MAPPER.readTree(run.out());
        assertEquals(2, o.get("dimensions").get(0).get("values").size(), run.out());
        assertEquals(2, o.get("points").size(), run.out());
    }

    @Test
    void escapeVlGrowsItsNetworksFromTheConfiguredOne() {
        List<Scope.Dimension> dims = ScopeDimensions.of(Catalog.find("escape-vl"), Map.of(), List.of(), List.of());
        assertEquals(List.of("network", "capacity", "tokens"), dims.stream().map(Scope.Dimension::name).toList());
        assertEquals(List.of("ring3", "ring4", "leafspine"), dims.get(0).values().stream().map(Scope.Value::label).toList());
        List<Scope.Dimension> from4 = ScopeDimensions.of(Catalog.find("escape-vl"), Map.of("network", "ring4"),
                List.of(), List.of());
        assertEquals(List.of("ring4", "leafspine"), from4.get(0).values().stream().map(Scope.Value::label).toList());
        assertEquals(List.of("capacity"), ScopeDimensions.of(Catalog.find("escape-vl"), Map.of(), List.of("capacity"),
                List.of()).stream().map(Scope.Dimension::name).toList(), "--grow names the dimensions alone");
    }
}
