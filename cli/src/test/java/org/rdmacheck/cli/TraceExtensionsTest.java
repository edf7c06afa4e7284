package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.TraceExtensionRule;
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

    /** A check of the liveness property alone still finds the deadlock's extension (deadlock freedom not selected). */
    @Test
    void aLivenessPropertyAloneTakesTheDeadlocksExtension() {
        CheckSpec<?> built = Catalog.find("iofd").build("dft-one-message", Params.of(Map.of("tokens", "3")));
        org.rdmacheck.properties.liveness.LivenessSpec<?> live = Catalog.find("iofd").liveness(built).orElseThrow();
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxMillis(120_000);
        List<Finding> rows = ModelChecks.run(built.selecting(p -> false), live, settings, null);
        assertEquals(1, rows.size());
        Finding f = rows.get(0);
        assertEquals(IofdEntry.EVENTUALLY_DELIVERED, f.property());
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.detail());
        assertEquals(9.0, f.quantity("extendedFindingSteps").orElseThrow().value());
    }

    /**
     * A planted rule: one message of 6 packets at queues of 3 with 1 token deadlocks (10 steps) below every stored
     * finding (dft-one-message-queue-three has 2 tokens), so the declared rule offers no candidate; offered that
     * finding anyway, its trace does not replay (its first packet's second deflection needs a second token) and the
     * deadlock stays unexpected.
     */
    @Test
    void aDeadlockNoFindingExtendsToStaysUnexpected() {
        Map<String, String> at = Map.of("flows", "0-1", "queue", "3", "packets", "6", "tokens", "1");
        CheckSpec<?> spec = Catalog.find("iofd").build("dft", Params.of(at)).selecting(p -> p.name().equals(DEADLOCK_FREE));
        assertTrue(Catalog.find("iofd").traceExtension(spec).isEmpty());
        Finding f = deadlockRow("dft", at);
        assertEquals(Finding.Outcome.UNEXPECTED, f.outcome());
        TraceExtensionRule planted = new TraceExtensionRule(List.of("dft-one-message-queue-three"), DEADLOCK_FREE,
                Set.of(DEADLOCK_FREE), Set.of("tokens", "tokensLeft"), 200_000, 20_000);
        Path stored = TraceExtensions.storedFolder("iofd").orElseThrow();
        Finding g = new TraceExtensions(spec, planted, stored).apply(List.of(f), null).get(0);
        assertEquals(Finding.Outcome.UNEXPECTED, g.outcome());
        assertTrue(g.quantity("extensionSteps").isEmpty());
    }
}
