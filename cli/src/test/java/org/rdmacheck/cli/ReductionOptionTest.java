package org.rdmacheck.cli;

import static org.rdmacheck.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rdmacheck.cli.CliTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** {@code check --reduction}: the reduction applied in JSON, its figures, and a bad value refused. */
class ReductionOptionTest {

    @TempDir
    Path tmp;

    @Test
    void theReductionAppliedIsInEveryRowAndProgressIsReportedUnchecked() throws Exception {
        Run r = run("check", "gbn", "--reduction", "safety", "--json", "--out", tmp.toString());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        boolean sawProgress = false;
        for (JsonNode row : rows) {
            if (row.get("property").asText().equals("Delivered")) {
                continue; // liveness under fairness: checked apart, never reduced
            }
            assertEquals("safety", row.get("reduction").asText(), row.toString());
            assertTrue(row.get("quantities").has("reducedStates"), row.toString());
            if (row.get("property").asText().equals("Completion")) {
                sawProgress = true;
                assertEquals("INCONCLUSIVE", row.get("verdict").asText());
                assertEquals("REDUCED_SPACE", row.get("inconclusiveCause").asText());
            }
        }
        assertTrue(sawProgress, r.out());
        assertEquals(3, r.code(), r.err());
    }

    @Test
    void anUnknownReductionIsOneLineAndExitTwo() throws Exception {
        Run r = run("check", "gbn", "--reduction", "ample", "--out", tmp.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--reduction ample: expected none, deadlock or safety"), r.err());
        assertEquals(0, Files.list(tmp).count());
    }

    /**
     * all --symmetry names, in one line, the models of the run none of whose variants declares a
     * symmetric set (abp), and not a model one of whose variants does (dasr), as check says it of one.
     */
    @Test
    void allWarnsOfModelsWithoutASymmetricSet() {
        Run r = run("all", "--model", "abp", "--model", "dasr", "--symmetry", "--max-time", "1ms", "--no-save");
        assertTrue(r.err().contains("warning: --symmetry: abp declares no symmetric set"), r.err());
        assertTrue(r.err().lines().filter(l -> l.startsWith("warning: --symmetry")).noneMatch(l -> l.contains("dasr")),
                r.err());
        assertTrue(run("all", "--model", "abp", "--max-time", "1ms", "--no-save").err().lines()
                .noneMatch(l -> l.startsWith("warning: --symmetry")));
    }
}
