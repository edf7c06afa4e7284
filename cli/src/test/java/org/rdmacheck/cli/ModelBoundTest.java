package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * A knock-out outside its coverage scope can drive a model past a bound it declares: partition's
 * {@code receive-buffer-accounting} at {@code receiveWrs=1} lets two completions pile up in a
 * completion queue of capacity 1. That is no failed check and no verdict: the violation found
 * before stays VIOLATED, the properties still open are INCONCLUSIVE ({@code MODEL_BOUND}) naming
 * the FIFO, its capacity and the step, and with nothing violated the exit is 3.
 */
class ModelBoundTest {

    private static final List<String> BASE = List.of("check", "partition", "--knockout", "receive-buffer-accounting",
            "--param", "receiveWrs=1", "--no-save", "--threads", "1", "--json");

    private static JsonNode run(int exit, String... more) throws Exception {
        List<String> args = new ArrayList<>(BASE);
        args.addAll(List.of(more));
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        assertEquals(exit, r.code(), r.out() + r.err());
        return TraceJson.MAPPER.readTree(r.out());
    }

    @Test
    void theBoundExceededLeavesTheOpenPropertiesInconclusiveNamingIt() throws Exception {
        JsonNode rows = run(1, "--no-progress");
        int bound = 0;
        for (JsonNode row : rows) {
            String p = row.get("property").asText();
            assertTrue(!row.get("verdict").asText().equals("FAILED"), p + ": " + row);
            if (p.equals("NoReceiveBufferOverbooked")) {
                assertEquals("VIOLATED", row.get("verdict").asText());
            } else {
                assertEquals("INCONCLUSIVE", row.get("verdict").asText(), p);
                assertEquals("MODEL_BOUND", row.get("inconclusiveCause").asText(), p);
                String d = row.get("detail").asText();
                assertTrue(d.contains("FIFO completions[0] is over its declared capacity 1") && d.contains("step 6"), d);
                bound++;
            }
        }
        assertEquals(rows.size() - 1, bound);
    }

    @Test
    void withNothingViolatedTheExitIsInconclusive() throws Exception {
        JsonNode rows = run(3, "--property", "DataIdsNeverMix");
        assertEquals(1, rows.size());
        assertEquals("MODEL_BOUND", rows.get(0).get("inconclusiveCause").asText());
        assertEquals(6, rows.get(0).get("quantities").get("depth").get("value").asInt());
    }

    @Test
    void randomWalksStopAtTheBoundAsWell() throws Exception {
        JsonNode rows = run(1, "--search", "random:1", "--walks", "200", "--no-progress");
        boolean bound = false;
        for (JsonNode row : rows) {
            assertTrue(!row.get("verdict").asText().equals("FAILED"), row.toString());
            bound |= "MODEL_BOUND".equals(row.path("inconclusiveCause").asText());
        }
        assertTrue(bound, rows.toString());
    }
}
