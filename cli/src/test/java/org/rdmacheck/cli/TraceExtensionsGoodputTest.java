package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceWalk;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;
import org.rdmacheck.properties.gbn.timed.TimedGoodputDrivers.Driver;

/**
 * gbn-timed's GoodputBound under the rule by trace extension with kinds ({@link TimedGbnEntry#violationKind}): what
 * drove the transmissions beyond each packet's first, in seed 002's terms, compared between the check's own violation
 * and the extension, as iofd's deadlocks are.
 */
class TraceExtensionsGoodputTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();
    private static final Map<String, String> CE_THREE_MESSAGES = Map.of("messages", "3", "losses", "3");

    /**
     * The kinds of stored goodput traces, read off their steps: Check-EPSN's go back on NAKs alone, Go-Back-N's on
     * NAKs and the RTO, Send-Twice's on both with copies, Improved's on NAKs with copies.
     */
    @Test
    void theStoredGoodputTracesAreDrivenBySeed002sMechanisms() {
        assertEquals(Set.of(Driver.GO_BACK_ON_NAK), drivers("ce-two-losses"));
        assertEquals(Set.of(Driver.GO_BACK_ON_NAK, Driver.GO_BACK_ON_TIMEOUT), drivers("gbn-three-losses"));
        assertEquals(Set.of(Driver.GO_BACK_ON_NAK, Driver.GO_BACK_ON_TIMEOUT, Driver.SEND_TWICE_COPY),
                drivers("st-two-losses"));
        assertEquals(Set.of(Driver.GO_BACK_ON_NAK, Driver.SEND_TWICE_COPY), drivers("improved-two-losses"));
    }

    /** At ce with 3 messages at L = 3 the check's own violation goes back on NAKs alone, as ce-two-losses' does. */
    @Test
    void theChecksOwnGoodputViolationHasTheFindingsKind() {
        CheckSpec<LayoutState> spec = spec("ce", CE_THREE_MESSAGES);
        Finding f = goodputRow(spec);
        assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), f.detail());
        assertEquals(Set.of(Driver.GO_BACK_ON_NAK), kind(spec, f.counterexample().orElseThrow().trace()));
    }

    private static Finding goodputRow(CheckSpec<LayoutState> spec) {
        List<Finding> rows = ModelChecks.run(spec, null, ExplorerSettings.defaults().withThreads(1)
                .withProgress(0, r -> { }).withMaxMillis(120_000), null);
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> spec(String variant, Map<String, String> params) {
        return ((CheckSpec<LayoutState>) ENTRY.build(variant, Params.of(params)))
                .selecting(p -> p.name().equals(TimedGbnProperties.GOODPUT));
    }

    private static Counterexample stored(String finding) {
        return Counterexamples.read(TraceExtensions.storedFolder("gbn-timed").orElseThrow()
                .resolve(finding + "-GoodputBound.json"));
    }

    private static Object kind(CheckSpec<LayoutState> spec, Counterexample c) {
        TraceWalk<LayoutState> w = TraceWalk.of(spec.model(), c.steps(), false);
        assertTrue(w.illegal().isEmpty(), c.toString());
        return ENTRY.violationKind(spec, TimedGbnProperties.GOODPUT, w.states().get(0), w.transitions()).orElseThrow();
    }

    private static Set<?> drivers(String finding) {
        Counterexample c = stored(finding);
        return (Set<?>) kind(spec(c.provenance().variant(), c.provenance().parameters()), c);
    }
}
