package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.CheckResult;

/**
 * A liveness verdict holds only under its fairness, so every liveness row says which (JSON
 * {@code fairness} as values, the text's verified-within line), and that survives {@code report
 * --from}; an INCONCLUSIVE verdict a model declares (vacuity) is counted as expected but never hidden
 * among the proofs in the totals.
 */
class LivenessFairnessOutputTest {

    /** @return the checkout's root (the folder holding the stored counterexamples) */
    private static Path repo() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("counterexamples"))) {
            p = p.getParent();
        }
        return p;
    }

    @Test
    void livenessRowsCarryTheirFairnessAsValues() throws Exception {
        StringWriter out = new StringWriter();
        int code = Main.run(new String[] {"check", "gbn", "--variant", "improved", "--property", "Delivered",
            "--no-save", "--threads", "1", "--json"}, new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertEquals(0, code, out.toString());
        JsonNode root = new ObjectMapper().readTree(out.toString());
        JsonNode row = root.isArray() ? root.get(0) : root.path("findings").get(0);
        assertEquals("VERIFIED", row.path("verdict").asText(), row.toString());
        JsonNode fairness = row.path("fairness");
        assertTrue(fairness.isArray() && fairness.size() == 6, fairness.toString());
        List<String> read = new ArrayList<>();
        fairness.forEach(a -> read.add(a.path("strength").asText() + " " + a.path("scope").asText() + " "
                + a.path("label").asText()));
        // seed 002's channels are strongly fair (docs/explorer.md's table), the sender and timers weakly
        assertTrue(read.contains("STRONG FAMILY ReceiveData"), read.toString());
        assertTrue(read.contains("WEAK FAMILY Timeout"), read.toString());

        StringWriter text = new StringWriter();
        Main.run(new String[] {"check", "gbn", "--variant", "improved", "--property", "Delivered", "--no-save",
            "--threads", "1"}, new PrintWriter(text), new PrintWriter(new StringWriter()));
        String flat = text.toString().replaceAll("\\s+", " ");
        assertTrue(flat.contains("Delivered under SF(ReceiveData)"), text.toString());
    }

    @Test
    void fairnessSurvivesTheRoundTrip(@TempDir Path dir) throws Exception {
        List<Finding.Assumption> assumed = List.of(
                new Finding.Assumption("Send", org.rdmacheck.properties.liveness.Fairness.Strength.WEAK,
                        org.rdmacheck.properties.liveness.Fairness.Scope.PER, List.of("flow")),
                new Finding.Assumption("ReceiveData", org.rdmacheck.properties.liveness.Fairness.Strength.STRONG,
                        org.rdmacheck.properties.liveness.Fairness.Scope.FAMILY, List.of()));
        Finding f = Finding.of("gbn", "improved", Map.of(), "Delivered", Finding.Expectation.HOLDS,
                Finding.Verdict.VERIFIED).with(Quantity.states("distinctStates", 10403)).withFairness(assumed);
        Path file = dir.resolve("findings.json");
        Files.writeString(file, Output.json(List.of(f)));
        Finding back = FindingsJson.read(file, repo()).get(0);
        assertEquals(assumed, back.fairness());
        assertEquals("WF(Send per flow)", back.fairness().get(0).toString());
    }

    @Test
    void aDeclaredVacuousRowReadsBack(@TempDir Path dir) throws Exception {
        Finding f = Finding.of("dasr", "persistent", Map.of(), "MaxMinShareWithinK", Finding.Expectation.VACUOUS,
                Finding.Verdict.INCONCLUSIVE).withInconclusive(CheckResult.InconclusiveReason.VACUOUS,
                "no reachable state meets its antecedent");
        Path file = dir.resolve("findings.json");
        Files.writeString(file, Output.json(List.of(f)));
        Finding back = FindingsJson.read(file, repo()).get(0);
        assertEquals(Finding.Outcome.AS_EXPECTED, back.outcome());
        assertEquals(f.cause(), back.cause());
    }

    @Test
    void declaredVacuityIsCountedApartFromTheProofs() {
        List<Finding> rows = List.of(
                Finding.of("dasr", "persistent", Map.of(), "RatesSettle", Finding.Expectation.HOLDS,
                        Finding.Verdict.VERIFIED),
                Finding.of("dasr", "persistent", Map.of(), "MaxMinShareWithinK", Finding.Expectation.VACUOUS,
                        Finding.Verdict.INCONCLUSIVE).withInconclusive(CheckResult.InconclusiveReason.VACUOUS,
                        "no reachable state meets its antecedent"));
        assertEquals(Finding.Outcome.AS_EXPECTED, rows.get(1).outcome());
        assertEquals("2 results: 2 as expected (1 of them INCONCLUSIVE as declared: vacuous, not proofs), 0 unexpected, "
                + "0 inconclusive otherwise",
                Output.totals(rows));
        assertTrue(Suite.summary(rows).startsWith("2 results, 2 as expected (1 of them INCONCLUSIVE as declared"),
                Suite.summary(rows));
        String table = Output.summary(rows, 200);
        String line = table.lines().filter(l -> l.startsWith("dasr")).findFirst().orElseThrow();
        // model, results, as expected, unexpected, inconclusive (verdicts), violated
        assertEquals(List.of("dasr", "2", "2", "0", "1", "0"), List.of(line.trim().split("\\s+")).subList(0, 6));
        assertTrue(table.contains("1 results to look at"), table);
    }
}
