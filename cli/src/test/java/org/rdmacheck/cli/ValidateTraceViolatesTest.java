package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * {@code validate-trace --violates NAME}: TLC checks the spec's definition NAME along an accepted
 * trace, so a stored counterexample's violation is the spec's too, not only the Java model's.
 */
class ValidateTraceViolatesTest {

    private static String trace() {
        return JsonSchemaTest.repo().resolve("counterexamples/dasr/early-removal-ListedArrivalWithinLineRate.json")
                .toString();
    }

    private static String spec() {
        return JsonSchemaTest.repo().resolve("specs/dasr").toString();
    }

    @Test
    void theStoredListedArrivalTraceViolatesTheTwinsStatementAtItsViolationStep() throws IOException {
        CliTest.Run r = CliTest.run("validate-trace", trace(), "--spec", spec(), "--violates",
                "ListedArrivalWithinLineRate", "--json");
        assertEquals(0, r.code(), r.err() + r.out());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("ACCEPTED", o.get("verdict").asText());
        assertEquals("ListedArrivalWithinLineRate", o.get("violates").get("property").asText());
        assertTrue(o.get("violates").get("violated").asBoolean(), r.out());
        assertEquals(6, o.get("violates").get("step").asInt());
        assertTrue(JsonSchemaTest.schema("validate-trace.schema.json").validate(o).isEmpty(), r.out());
    }

    @Tag("slow")
    @Test
    void aPropertyTheTraceKeepsIsReportedHoldingWithExitOne() {
        CliTest.Run r = CliTest.run("validate-trace", trace(), "--spec", spec(), "--violates", "TypeOK");
        assertEquals(1, r.code(), r.err() + r.out());
        assertTrue(r.out().contains("TLC: TypeOK holds along the whole trace"), r.out());
    }

    @Test
    void aNameTheSpecDoesNotDefineIsOneLineAndExitTwo() {
        CliTest.Run r = CliTest.run("validate-trace", trace(), "--spec", spec(), "--violates", "NoSuchProperty");
        assertEquals(2, r.code(), r.err() + r.out());
        assertTrue(r.err().contains("--violates NoSuchProperty: expected a definition"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.out().isBlank(), r.out());
    }

    /** Init given to --violates: TLC could check it on the first state only; the reason is the line. */
    @Test
    void aStatePredicateThatIsNoInvariantIsRefusedWithTheReason() {
        CliTest.Run r = CliTest.run("validate-trace", trace(), "--spec", spec(), "--violates", "Init");
        assertEquals(2, r.code(), r.err() + r.out());
        assertEquals(1, r.err().strip().lines().filter(l -> !l.startsWith("tlc:")).count(), r.err());
        assertTrue(r.err().contains("--violates Init: a state predicate that no configuration of the manifest checks "
                + "as an invariant"), r.err());
    }

    /**
     * A definition that is no property (a number): the error names --violates, the option given. Slow: the
     * fabric trace is validated by TLC first (about 30 s at load 20).
     */
    @Tag("slow")
    @Test
    void aDefinitionThatIsNoPropertyIsNamedByTheOptionGiven() {
        CliTest.Run r = CliTest.run("validate-trace", JsonSchemaTest.repo().resolve(
                "counterexamples/fabric/ecn-first-DeflectionBeforeEcnMark.json").toString(), "--spec",
                JsonSchemaTest.repo().resolve("specs/fabric").toString(), "--violates", "HostCount");
        assertEquals(2, r.code(), r.err() + r.out());
        assertTrue(r.err().contains("rdmacheck: --violates HostCount: "), r.err());
        assertFalse(r.err().contains("--property"), r.err());
    }

    @Test
    void anItfTraceIsRefused(@TempDir Path dir) throws IOException {
        Path itf = dir.resolve("t.itf.json");
        Files.writeString(itf, "{\"#meta\": {}, \"vars\": [\"x\"], \"states\": [{\"x\": {\"#bigint\": \"0\"}}]}");
        CliTest.Run r = CliTest.run("validate-trace", itf.toString(), "--spec", spec(), "--violates",
                "ListedArrivalWithinLineRate");
        assertEquals(2, r.code(), r.err() + r.out());
        assertTrue(r.err().contains("expected an rdmacheck-trace/1 trace"), r.err());
    }
}
