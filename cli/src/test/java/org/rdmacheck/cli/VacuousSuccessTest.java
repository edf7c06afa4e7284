package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Successes with nothing behind them are not reported as successes: a TLC configuration that checks
 * nothing, a deadlock check without two hosts, a must-fail variant whose failure --no-progress left
 * out. A run meant to count states asks for it and gets a count.
 */
class VacuousSuccessTest {

    private static Path tlcResource(String folder) {
        return JsonSchemaTest.repo().resolve("checker-bridge/src/test/resources/tlc").resolve(folder);
    }

    @Test
    void configurationThatChecksNothingIsNotVerified() throws IOException {
        // dl3: no INVARIANT, no PROPERTY, CHECK_DEADLOCK FALSE
        CliTest.Run r = CliTest.run("tlc", tlcResource("dl3").toString(), "--json");
        assertEquals(ExitCodes.INCONCLUSIVE, r.code(), r.out() + r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("(state space)", row.get("property").asText());
        assertEquals("INCONCLUSIVE", row.get("verdict").asText());
        assertEquals("VACUOUS", row.get("inconclusiveCause").asText());
    }

    @Test
    void countOnlyGivesACountNotAVerdict() throws IOException {
        CliTest.Run r = CliTest.run("tlc", tlcResource("counter").toString(), "--count-only", "--json");
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(1, rows.size(), r.out());
        assertEquals("MEASURED", rows.get(0).get("verdict").asText());
        assertTrue(rows.get(0).get("quantities").get("distinctStates").get("value").asLong() > 0, r.out());
        assertEquals(ExitCodes.USAGE, CliTest.run("tlc", tlcResource("counter").toString(), "--count-only",
                "--invariant", "TypeOK").code());
    }

    @Test
    void emptyInitIsInconclusive() throws IOException {
        CliTest.Run r = CliTest.run("tlc", tlcResource("emptyinit").toString(), "--json");
        assertEquals(ExitCodes.INCONCLUSIVE, r.code(), r.out() + r.err());
        assertEquals("VACUOUS", TraceJson.MAPPER.readTree(r.out()).get(0).get("inconclusiveCause").asText());
    }

    @Test
    void deadlockCheckNeedsTwoHosts(@TempDir Path tmp) throws IOException {
        Path none = tmp.resolve("nohost.json");
        Files.writeString(none, "{\"nodes\": [{\"name\": \"s0\", \"role\": \"switch\"}, {\"name\": \"s1\", \"role\": "
                + "\"switch\"}], \"links\": [[\"s0\", \"s1\"]]}");
        Path one = tmp.resolve("onehost.json");
        Files.writeString(one, "{\"nodes\": [{\"name\": \"h0\", \"role\": \"host\"}, {\"name\": \"s0\", \"role\": "
                + "\"switch\"}], \"links\": [[\"h0\", \"s0\"]]}");
        for (Path p : new Path[] {none, one}) {
            CliTest.Run r = CliTest.run("deadlock", "--topology", "file:" + p);
            assertEquals(ExitCodes.USAGE, r.code(), r.out() + r.err());
            assertTrue(r.err().contains("at least two hosts"), r.err());
        }
    }

    @Test
    void noProgressOnAVariantThatMustFailAProgressPropertyIsInconclusive() throws IOException {
        // dasr no-timeout violates only FailedSenderLeaves, which --no-progress leaves out
        CliTest.Run r = CliTest.run("check", "dasr", "--variant", "no-timeout", "--no-progress", "--json");
        assertEquals(ExitCodes.INCONCLUSIVE, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        JsonNode left = null;
        for (JsonNode row : rows) {
            if (row.get("property").asText().equals("FailedSenderLeaves")) {
                left = row;
            }
        }
        assertTrue(left != null, r.out());
        assertEquals("INCONCLUSIVE", left.get("verdict").asText());
        assertEquals("NOT_CHECKED", left.get("inconclusiveCause").asText());
    }

    /**
     * An implication whose antecedent no reachable state meets is not VERIFIED: dasr's persistent
     * loop never keeps the classifier's state 8 window ends (at most 5), so MaxMinShareWithinK is
     * vacuous at k = 8 and proven at k = 5, on the same states.
     */
    @Test
    void anImplicationWhoseAntecedentIsNeverReachedIsVacuous() throws IOException {
        CliTest.Run r = CliTest.run("check", "dasr", "--variant", "persistent", "--property", "MaxMinShareWithinK",
                "--json", "--no-save", "--threads", "1");
        // declared vacuous there (DasrEntry.expectedVacuous)
        assertVacuousAsDeclared(r);
        CliTest.Run reached = CliTest.run("check", "dasr", "--variant", "persistent", "--param", "k=5", "--property",
                "MaxMinShareWithinK", "--json", "--no-save", "--threads", "1");
        assertEquals(ExitCodes.OK, reached.code(), reached.out() + reached.err());
        assertEquals("VERIFIED", TraceJson.MAPPER.readTree(reached.out()).get(0).get("verdict").asText());
    }

    /**
     * The fabric's ECN properties judge a packet joining a buffer that holds ecn packets; PFC pauses at xoff, so
     * with ecn >= xoff no step meets that antecedent: one 2-packet message with one background packet at xoff 3
     * proves both at ecn 2 and holds them only vacuously at ecn 3, declared so from the constants (exit 0 both).
     * Two threads: a worker's record of the antecedent reaches the check once the exploration is over.
     */
    @Test
    void theFabricsEcnPropertiesAreVacuousWhereEcnIsNotBelowXoff() throws IOException {
        for (int ecn : new int[] {2, 3}) {
            CliTest.Run r = CliTest.run("check", "fabric", "--param", "flows=0-1", "--param", "packets=2", "--param",
                    "tokens=2", "--param", "failures=0", "--param", "background=1", "--param", "xoff=3", "--param",
                    "ecn=" + ecn, "--property", "EcnMarksCongestion", "--property", "DeflectionBeforeEcnMark",
                    "--property", "InOrderDelivery", "--json", "--no-save", "--threads", "2");
            assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
            JsonNode rows = TraceJson.MAPPER.readTree(r.out());
            assertEquals(3, rows.size(), r.out());
            for (JsonNode row : rows) {
                boolean ecnProperty = !row.get("property").asText().equals("InOrderDelivery");
                boolean vacuous = ecnProperty && ecn == 3;
                assertEquals(vacuous ? "INCONCLUSIVE" : "VERIFIED", row.get("verdict").asText(), r.out());
                assertEquals(vacuous ? "VACUOUS" : "HOLDS", row.get("expected").asText(), r.out());
                assertEquals(vacuous ? "VACUOUS" : null, row.get("inconclusiveCause").isNull() ? null
                        : row.get("inconclusiveCause").asText(), r.out());
                assertEquals("AS_EXPECTED", row.get("outcome").asText(), r.out());
            }
        }
    }

    /**
     * InOrderAfterFailure judges deliveries after a failure: without failures none happens, and the check says
     * it holds only vacuously (declared from failures = 0); with one failure it is proven.
     */
    @Test
    void theFabricsAfterFailureOrderIsVacuousWithoutFailures() throws IOException {
        for (int failures : new int[] {0, 1}) {
            CliTest.Run r = CliTest.run("check", "fabric", "--param", "flows=0-1", "--param", "packets=2", "--param",
                    "tokens=2", "--param", "failures=" + failures, "--param", "background=1", "--param", "xoff=3",
                    "--property", "InOrderAfterFailure", "--json", "--no-save", "--threads", "1");
            assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
            JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
            assertEquals(failures == 0 ? "INCONCLUSIVE" : "VERIFIED", row.get("verdict").asText(), r.out());
            assertEquals(failures == 0 ? "VACUOUS" : "HOLDS", row.get("expected").asText(), r.out());
            assertEquals("AS_EXPECTED", row.get("outcome").asText(), r.out());
        }
    }

    /**
     * DeflectionOffered (a state property) records its antecedent, a packet due a deflection offer, in its own
     * evaluation: at {@code ecn-first}'s defaults (one message over one background packet, threshold 2) no packet
     * is ever due one, and the check says so, as declared; one message over one background packet at threshold 1
     * meets it and proves the property. Two threads: a worker's record reaches the check once it is over.
     */
    @Test
    void deflectionOfferedIsVacuousWhereNoPacketIsDueAnOffer() throws IOException {
        CliTest.Run vacuous = CliTest.run("check", "fabric", "--variant", "ecn-first", "--property", "DeflectionOffered",
                "--json", "--no-save", "--threads", "2");
        assertVacuousAsDeclared(vacuous);
        CliTest.Run met = CliTest.run("check", "fabric", "--param", "flows=0-1", "--param", "packets=2", "--param",
                "tokens=2", "--param", "failures=0", "--param", "background=1", "--param", "xoff=3", "--property",
                "DeflectionOffered", "--json", "--no-save", "--threads", "2");
        assertEquals(ExitCodes.OK, met.code(), met.out() + met.err());
        JsonNode m = TraceJson.MAPPER.readTree(met.out()).get(0);
        assertEquals("VERIFIED", m.get("verdict").asText(), met.out());
        assertEquals("HOLDS", m.get("expected").asText(), met.out());
    }

    /**
     * With PFC knocked out a packet that reaches a buffer holding xoff is dropped on arrival: it joins nothing,
     * so it does not meet EcnMarksCongestion's antecedent (a packet joining a buffer holding ecn or more), as
     * the twin's NoJoinAtEcn counts joins. At ecn = xoff = 2 the property stays vacuous, as declared; it was
     * VERIFIED here, where TLC's witness says no join ever happens (conform called that a mismatch).
     */
    @Test
    void aPacketDroppedWithoutPfcJoinsNoBuffer() throws IOException {
        CliTest.Run r = CliTest.run("check", "fabric", "--param", "flows=0-1", "--param", "packets=3", "--param",
                "tokens=2", "--param", "failures=0", "--param", "xoff=2", "--param", "background=1", "--knockout",
                "pfc-pause", "--property", "EcnMarksCongestion", "--json", "--no-save", "--threads", "1");
        assertVacuousAsDeclared(r);
    }

    /** A one-property check declared vacuous: INCONCLUSIVE (VACUOUS), as expected, exit 0. */
    private static void assertVacuousAsDeclared(CliTest.Run r) throws IOException {
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        JsonNode row = TraceJson.MAPPER.readTree(r.out()).get(0);
        assertEquals("INCONCLUSIVE", row.get("verdict").asText(), r.out());
        assertEquals("VACUOUS", row.get("inconclusiveCause").asText(), r.out());
        assertEquals("VACUOUS", row.get("expected").asText(), r.out());
    }

    /**
     * {@code check --property P} prints the expectation notes of P alone: at {@code ecn-first}'s defaults six
     * properties are declared vacuous for four reasons (no failure; no long flow; no hysteresis; one message below
     * the threshold, shared by three properties), and asking for one of the three that share a reason prints that
     * one note, naming it alone; asking for a property nothing declares prints none.
     */
    @Test
    void checkPropertyPrintsOnlyTheNotesOfTheAskedProperties() {
        org.rdmacheck.properties.catalog.ModelEntry entry = org.rdmacheck.properties.catalog.Catalog.find("fabric");
        var notes = entry.expectations(entry.build("ecn-first", org.rdmacheck.model.Params.empty()));
        var shared = notes.stream().filter(n -> n.properties().contains("DeflectOnlyAboveThreshold")).findFirst()
                .orElseThrow();
        assertEquals(java.util.List.of("DeflectOnlyAboveThreshold", "MisroutesBoundedByTokens", "DeflectionOffered"),
                shared.properties());
        assertEquals(java.util.List.of("MisroutesBoundedByTokens"),
                shared.only(java.util.Set.of("MisroutesBoundedByTokens")).orElseThrow().properties());
        assertTrue(shared.only(java.util.Set.of("InOrderDelivery")).isEmpty());
        for (String property : new String[] {"DeflectOnlyAboveThreshold", "InOrderDelivery"}) {
            CliTest.Run r = CliTest.run("check", "fabric", "--variant", "ecn-first", "--property", property,
                    "--no-save", "--threads", "1");
            assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
            java.util.List<String> expected = r.out().lines().filter(l -> l.startsWith("expected: ")).toList();
            if (property.equals("InOrderDelivery")) {
                assertEquals(java.util.List.of(), expected, r.out());
            } else {
                assertEquals(1, expected.size(), r.out());
                assertTrue(expected.get(0).startsWith("expected: DeflectOnlyAboveThreshold holds only vacuously"),
                        r.out());
            }
        }
    }

    /**
     * A property declared vacuous: INCONCLUSIVE for its vacuity and a proof are as expected; a violation, or
     * INCONCLUSIVE for any other cause (a limit), is not.
     */
    @Test
    void aDeclaredVacuityExpectsVacuityOrAProofNeverAViolation() {
        Finding f = Finding.of("dasr", "persistent", java.util.Map.of(), "MaxMinShareWithinK",
                Finding.Expectation.VACUOUS, Finding.Verdict.VERIFIED);
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome());
        assertEquals(Finding.Outcome.UNEXPECTED, Finding.of("dasr", "persistent", java.util.Map.of(),
                "MaxMinShareWithinK", Finding.Expectation.VACUOUS, Finding.Verdict.VIOLATED).outcome());
        Finding vacuous = Finding.of("dasr", "persistent", java.util.Map.of(), "MaxMinShareWithinK",
                Finding.Expectation.VACUOUS, Finding.Verdict.INCONCLUSIVE);
        assertEquals(Finding.Outcome.AS_EXPECTED, vacuous.withInconclusive(
                org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS, "vacuous").outcome());
        assertEquals(Finding.Outcome.INCONCLUSIVE, vacuous.withInconclusive(
                org.rdmacheck.checker.CheckResult.InconclusiveReason.STATE_LIMIT, "limit").outcome());
        assertEquals(Finding.Outcome.INCONCLUSIVE, Finding.of("dasr", "persistent", java.util.Map.of(),
                "MaxMinShareWithinK", Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE).withInconclusive(
                org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS, "vacuous").outcome());
    }
}
