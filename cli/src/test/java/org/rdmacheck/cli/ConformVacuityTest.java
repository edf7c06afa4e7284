package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.conformance.ConformanceResult;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * {@code conform} compares the verdicts the two searches reach (VERIFIED = VERIFIED is conformance of the
 * searches) and reports, beside the comparison, each property both hold only vacuously as its own row:
 * INCONCLUSIVE with the cause {@code VACUOUS}, as {@code check} reports it; as expected where the model
 * declares the vacuity, INCONCLUSIVE otherwise. A comparison with no vacuous property has no such row.
 */
class ConformVacuityTest {

    private static ConformanceResult result(List<ConformanceResult.Vacuous> vacuous) {
        Map<String, String> verdicts = Map.of("InOrderDelivery", "VERIFIED", "ResumeAtXon", "VERIFIED");
        return new ConformanceResult("fabric", "repaired", Map.of("Xoff", "3"), 3_362, 3_362, verdicts, verdicts,
                List.of(), List.of(), List.of(), vacuous);
    }

    @Test
    void aVacuousPropertyIsItsOwnInconclusiveRowWithCauseVacuous() throws IOException {
        ConformanceResult r = result(List.of(new ConformanceResult.Vacuous("ResumeAtXon",
                "no reachable step meets its antecedent (a RESUME): it holds vacuously", true,
                java.util.Optional.of("NoResume"))));
        assertTrue(r.conforms()); // the searches agree: VERIFIED on both sides
        List<Finding> rows = new java.util.ArrayList<>(List.of(ConformCommand.row(r)));
        rows.addAll(ConformCommand.vacuityRows(r));
        JsonNode json = TraceJson.MAPPER.readTree(Output.json(rows));
        assertEquals(2, json.size(), json.toString());
        assertEquals("CONFORMS", json.get(0).get("verdict").asText());
        assertTrue(json.get(0).get("inconclusiveCause").isNull(), json.toString());
        JsonNode vacuous = json.get(1);
        assertEquals("ResumeAtXon", vacuous.get("property").asText());
        assertEquals("INCONCLUSIVE", vacuous.get("verdict").asText());
        assertEquals("VACUOUS", vacuous.get("inconclusiveCause").asText());
        assertEquals("VACUOUS", vacuous.get("expected").asText());
        assertEquals("AS_EXPECTED", vacuous.get("outcome").asText());
        assertEquals(ExitCodes.OK, ExitCodes.of(rows));
        assertTrue(vacuous.get("detail").asText().contains("NoResume"), vacuous.toString()); // TLC's own witness
        // the comparison's own detail never reads as a proof of it
        assertTrue(ConformCommand.row(r).detail().contains("ResumeAtXon=VERIFIED (VACUOUS)"), ConformCommand.row(r)
                .detail());
    }

    @Test
    void anUndeclaredVacuityIsInconclusiveAsInCheck() {
        ConformanceResult r = result(List.of(new ConformanceResult.Vacuous("ResumeAtXon", "vacuous", false,
                java.util.Optional.empty())));
        Finding row = ConformCommand.vacuityRows(r).get(0);
        assertEquals(Finding.Expectation.HOLDS, row.expected());
        assertEquals(Finding.Outcome.INCONCLUSIVE, row.outcome());
        assertEquals(ExitCodes.INCONCLUSIVE, ExitCodes.of(List.of(ConformCommand.row(r), row)));
    }

    @Test
    void aComparisonWithNoVacuousPropertyHasNoVacuityRow() {
        ConformanceResult r = result(List.of());
        assertEquals(List.of(), ConformCommand.vacuityRows(r));
        assertTrue(ConformCommand.row(r).cause().isEmpty());
        assertTrue(!ConformCommand.row(r).detail().contains("VACUOUS"), ConformCommand.row(r).detail());
    }
}
