package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * Every knock-out of every model with FIFO bounds (gbn and gbn-timed channels, partition's send and
 * completion queues, the network model's buffers and DFTs as fabric, iofd and escape-vl), applied at
 * the model's default variant and parameters rather than at its coverage scope: no property ends
 * FAILED, and a state past a declared bound is INCONCLUSIVE (MODEL_BOUND). The only knock-out that
 * reaches a bound there is partition's receive-buffer-accounting (a completion queue sized by
 * receiveWrs). Slow (about 40 explorations of up to 300,000 states): {@code mvn -B test -Pslow -pl cli -am
 * -Dtest=ModelBoundSweepTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("slow")
class ModelBoundSweepTest {

    /** the (model, knock-out) pairs that reach a bound at the model's defaults */
    private static final Set<String> REACH_A_BOUND = Set.of("partition/receive-buffer-accounting");

    static Stream<Arguments> knockouts() {
        List<Arguments> out = new ArrayList<>();
        for (String model : List.of("gbn", "gbn-timed", "partition", "fabric", "iofd", "escape-vl")) {
            ModelEntry e = Catalog.find(model);
            for (Mechanism m : e.mechanisms()) {
                out.add(Arguments.of(model, m.name()));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} --knockout {1}")
    @MethodSource("knockouts")
    void aKnockoutAtTheDefaultsFailsNothing(String model, String knockout) throws Exception {
        CliTest.Run r = CliTest.run("check", model, "--knockout", knockout, "--no-save", "--no-progress", "--threads",
                "1", "--max-states", "300000", "--json");
        assertTrue(r.code() == 0 || r.code() == 1 || r.code() == 3, r.out() + r.err());
        boolean bound = false;
        for (JsonNode row : TraceJson.MAPPER.readTree(r.out())) {
            assertTrue(!row.get("verdict").asText().equals("FAILED"), row.toString());
            bound |= "MODEL_BOUND".equals(row.path("inconclusiveCause").asText());
        }
        assertEquals(REACH_A_BOUND.contains(model + "/" + knockout), bound, r.out());
    }
}
