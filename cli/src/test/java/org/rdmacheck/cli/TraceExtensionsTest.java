package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.iofd.IofdEntry;
import org.rdmacheck.properties.iofd.IofdProperties;

/**
 * The rule by trace extension as {@code check} applies it ({@link TraceExtensions}): a deadlock at a neighbour of a
 * stored one is expected when a finding's trace extends to one there, the row naming the finding and the
 * extension; where none extends, it stays unexpected (exit 1).
 */
class TraceExtensionsTest {

    private static final String DEADLOCK_FREE = DeadlockFreedom.standard().name();

    private static Finding deadlockRow(String variant, Map<String, String> params) {
        CheckSpec<?> built = Catalog.find("iofd").build(variant, Params.of(params));
        CheckSpec<?> spec = built.selecting(p -> p.name().equals(DEADLOCK_FREE));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxMillis(120_000);
        List<Finding> rows = ModelChecks.run(spec, null, settings, null);
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    @Test
    void aNeighbourOfAStoredDeadlockIsAsExpected() {
        Finding f = deadlockRow("dft-one-message", Map.of("tokens", "3"));
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Expectation.FAILS, f.expected());
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome());
        assertTrue(f.detail().contains("dft-one-message-two-tokens"), f.detail());
        assertEquals(9.0, f.quantity("extendedFindingSteps").orElseThrow().value());
        assertEquals(0.0, f.quantity("extensionSteps").orElseThrow().value());
    }

    /** Every property a deadlock violates (deadlock freedom, progress, eventual delivery) takes the one extension. */
    @Test
    void theStallPropertiesShareTheExtension() {
        CheckSpec<?> built = Catalog.find("iofd").build("dft-one-message", Params.of(Map.of("tokens", "3")));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxMillis(120_000);
        List<Finding> rows = ModelChecks.run(built, settings, null);
        List<String> violated = rows.stream().filter(f -> f.verdict() == Finding.Verdict.VIOLATED)
                .map(Finding::property).sorted().toList();
        assertEquals(List.of(DEADLOCK_FREE, IofdEntry.EVENTUALLY_DELIVERED, IofdProperties.PROGRESS), violated);
        for (Finding f : rows) {
            assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.property() + ": " + f.detail());
            if (f.verdict() == Finding.Verdict.VIOLATED) {
                assertEquals(9.0, f.quantity("extendedFindingSteps").orElseThrow().value(), f.property());
            }
        }
    }

    @Test
    void aDeadlockNoFindingExtendsToStaysUnexpected() {
        Finding f = deadlockRow("dft-three-tokens", Map.of("dft", "3"));
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Outcome.UNEXPECTED, f.outcome());
        assertTrue(f.quantity("extensionSteps").isEmpty());
    }
}
