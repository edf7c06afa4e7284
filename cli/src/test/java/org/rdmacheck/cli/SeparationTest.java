package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Separating configurations on the textbook model with a known answer: the alternating bit modulo m
 * delivers in order over a one-packet channel for any number of messages; a channel of two packets
 * first breaks it at messages = m. So the cheapest configuration that tells the two channels apart
 * is messages = m, and a change that changes nothing separates nowhere.
 */
class SeparationTest {

    private static ExplorerSettings settings() {
        return ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { }).withMaxStates(5_000_000);
    }

    private static final List<Scope.Dimension> MESSAGES = List.of(Scope.Dimension.of("messages", List.of(1, 2, 3, 4)));

    @ParameterizedTest(name = "modulus {0}")
    @ValueSource(ints = {2, 3})
    void aSecondSlotIsFirstToldApartAtModulusMessages(int modulus) {
        Separation.Report r = Separation.run(Catalog.find("abp"), "one-slot", Map.of("modulus", "" + modulus),
                Map.of("capacity", "2"), "InOrderDelivery", MESSAGES, settings(), 60_000, null, line -> { });
        Separation.Point p = r.separating().orElseThrow();
        assertEquals(List.of("" + modulus), p.labels());
        assertTrue(p.designStates() > 0 && p.changedSteps().isPresent(), p.toString());
        assertFalse(r.complete());
        // below it both channels keep the order
        assertEquals(modulus - 1, r.count(Separation.Outcome.BOTH_HOLD));
        assertEquals(modulus, r.points().size());
    }

    /**
     * A design that keeps the property only vacuously separates nothing: at ecn 3 = xoff no packet ever joins a
     * buffer at ecn (PFC pauses first), so the fabric keeps EcnMarksCongestion vacuously, while ecn 2 with the ECN
     * mark knocked out violates it. That is no separation of designs (DESIGN_VACUOUS, and the grid goes on); at ecn
     * 2, where the design meets the antecedent and keeps the property, the knock-out separates.
     */
    @Test
    void aDesignThatKeepsThePropertyOnlyVacuouslySeparatesNothing() {
        Map<String, String> base = Map.of("flows", "0-1", "packets", "2", "tokens", "2", "failures", "0", "xoff", "3",
                "background", "1", "ecn", "3");
        List<Scope.Dimension> one = List.of(Scope.Dimension.of("packets", List.of(2)));
        Separation.Report vacuous = Separation.run(Catalog.find("fabric"), "repaired", base,
                Map.of("ecn", "2", "knockout", "ecn-mark"), "EcnMarksCongestion", one, settings(), 60_000, null,
                line -> { });
        assertEquals(Separation.Outcome.DESIGN_VACUOUS, vacuous.points().get(0).outcome(), vacuous.toString());
        assertTrue(vacuous.separating().isEmpty());
        assertTrue(vacuous.points().get(0).changedSteps().isPresent(), vacuous.toString()); // the change did violate it
        Map<String, String> met = new java.util.HashMap<>(base);
        met.put("ecn", "2");
        Separation.Report separates = Separation.run(Catalog.find("fabric"), "repaired", met,
                Map.of("knockout", "ecn-mark"), "EcnMarksCongestion", one, settings(), 60_000, null, line -> { });
        assertEquals(Separation.Outcome.SEPARATES, separates.points().get(0).outcome(), separates.toString());
    }

    @Test
    void aChangeThatChangesNothingSeparatesNowhereAndTheWholeGridIsSearched() {
        Separation.Report r = Separation.run(Catalog.find("abp"), "one-slot", Map.of(), Map.of("capacity", "1"),
                "InOrderDelivery", MESSAGES, settings(), 60_000, null, line -> { });
        assertTrue(r.separating().isEmpty());
        assertTrue(r.complete());
        assertEquals(4, r.count(Separation.Outcome.BOTH_HOLD));
        for (Separation.Point p : r.points()) {
            assertEquals(p.designStates(), p.changedStates(), p.toString());
        }
    }

    @Test
    void theCommandPrintsTypedJsonAndExitsZeroWhenItFindsOne() throws Exception {
        CliTest.Run run = CliTest.run("scope", "abp", "--grow", "messages", "--param", "messages=1", "--separate",
                "capacity=2", "--property", "InOrderDelivery", "--json", "--threads", "1", "--no-save");
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode o = TraceJson.MAPPER.readTree(run.out());
        assertEquals("SEPARATES", o.get("separating").get("outcome").asText());
        assertEquals("2", o.get("separating").get("at").get("messages").asText());
        assertTrue(o.get("separating").get("designStates").get("value").isNumber());
        CliTest.Run none = CliTest.run("scope", "abp", "--grow", "messages", "--param", "messages=1", "--separate",
                "capacity=1", "--property", "InOrderDelivery", "--threads", "1", "--no-save");
        assertEquals(ExitCodes.VIOLATED, none.code(), none.err());
        assertTrue(none.out().contains("no configuration of the grid separates them"), none.out());
    }

    @Test
    void aSeparationNeedsItsPropertyAndItsChange() {
        assertEquals(ExitCodes.USAGE, CliTest.run("scope", "abp", "--separate", "capacity=2").code());
        assertEquals(ExitCodes.USAGE, CliTest.run("scope", "abp", "--separate", "capacity=2", "--property",
                "InOrderDelivery", "--property", "DeadlockFree").code());
        assertEquals(ExitCodes.USAGE, CliTest.run("scope", "abp", "--separate", "capacity=2", "--property", "Nope")
                .code());
        assertEquals(ExitCodes.USAGE, CliTest.run("scope", "abp", "--separate", "capacity=x", "--property",
                "InOrderDelivery").code());
        // a parameter the model does not have is named first, even with --property missing
        CliTest.Run nope = CliTest.run("scope", "abp", "--separate", "nope=1");
        assertEquals(ExitCodes.USAGE, nope.code());
        assertTrue(nope.err().contains("nope"), nope.err());
    }
}
