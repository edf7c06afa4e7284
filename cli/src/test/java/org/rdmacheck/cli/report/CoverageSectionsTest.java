package org.rdmacheck.cli.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.cli.Finding;

/** The knock-out coverage table counts the mechanisms to kill; one declared not needed is a finding apart. */
class CoverageSectionsTest {

    @Test
    void aMechanismDeclaredNotNeededIsShownButNotCounted() {
        List<Finding> rows = List.of(
                Finding.of("fabric", "lane-silent", Map.of("knockout", "escape-lane"), "knockout escape-lane",
                        Finding.Expectation.FAILS, Finding.Verdict.VIOLATED),
                Finding.of("fabric", "lane-silent", Map.of("knockout", "no-return-from-vl0"),
                        "knockout no-return-from-vl0", Finding.Expectation.NONE, Finding.Verdict.NOT_NEEDED)
                        .withDetail("not needed (a finding): Duato's condition"));
        String html = CoverageSections.knockouts(rows).orElseThrow();
        assertTrue(html.contains("<b>1</b> of 1 killed"), html);
        assertTrue(html.contains("1 more declared not needed"), html);
        assertTrue(html.contains("not needed (a finding)</td>"), html);
    }

    /** A scope report whose dimension reached its parameter's largest value says so, with the fixed parameters. */
    @Test
    void aScopeDimensionAtTheTopOfItsRangeIsMarked(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Files.writeString(dir.resolve("escape-vl.json"), """
                {"model": "escape-vl", "variant": "dart", "complete": true, "stopped": null,
                 "dimensions": [{"name": "capacity", "values": [3, 4], "rangeTop": true, "stoppedBy": "RANGE_LIMIT"}],
                 "fixed": {"network": "ring3", "tokens": 1},
                 "points": [], "frontier": [{"at": {"capacity": 4}, "outcome": "AS_EXPECTED",
                   "states": {"value": 16989, "unit": "states"}, "wallMillis": {"value": 500, "unit": "ms"},
                   "property": null, "detail": "2 properties as expected"}], "unexpected": null}
                """);
        String html = CoverageSections.scopes(dir).orElseThrow();
        assertTrue(html.contains("grown over capacity (to the top of its range), every configuration with "
                + "network=ring3 tokens=1"), html);
    }
}
