package org.rdmacheck.cli.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.ModelChecks;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;

/**
 * GoodputBound by trace extension as {@code check} applies it ({@link TimedGbnEntry#traceExtension}): where
 * scope gbn-timed stopped after the fifth round of findings, a stored goodput trace replayed at the larger
 * transfer and extended by the losses left reaches the larger bound (ce with 3 messages at L = 3, from
 * ce-two-losses); where no stored goodput trace replays (st with 4-packet messages at L = 4: Send-Twice's
 * second copies move with the last packet), the violation stays unexpected. GoodputBound is a figure asked
 * for: both configurations ask for the stored findings' 33 %.
 */
class TimedGoodputExtensionTest {

    private static Finding goodputRow(String variant, Map<String, String> params) {
        CheckSpec<?> spec = new TimedGbnEntry().build(variant, Params.of(params))
                .selecting(p -> p.name().equals(TimedGbnProperties.GOODPUT));
        List<Finding> rows = ModelChecks.run(spec, null, ExplorerSettings.defaults().withThreads(1)
                .withProgress(0, r -> { }).withMaxStates(5_000_000), null);
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    @Test
    void aLargerTransferExtendsAStoredGoodputTrace() {
        Finding f = goodputRow("ce", Map.of("messages", "3", "losses", "3", "goodput", "33"));
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome());
        assertTrue(f.detail().contains("ce-two-losses"), f.detail());
        assertEquals(44.0, f.quantity("extendedFindingSteps").orElseThrow().value());
        assertTrue(f.quantity("extensionSteps").orElseThrow().value() > 0);
    }

    @Test
    void aGoodputViolationNoStoredTraceExtendsToStaysUnexpected() {
        Finding f = goodputRow("st", Map.of("packets", "4", "losses", "4", "goodput", "33"));
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Outcome.UNEXPECTED, f.outcome());
        assertTrue(f.quantity("extensionSteps").isEmpty());
    }
}
