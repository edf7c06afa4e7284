package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceExtension;
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
    private static final Map<String, String> CE_THREE_MESSAGES = Map.of("messages", "3", "losses", "3", "goodput", "33");

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

    /**
     * A planted case where the property matches but the mechanism does not: Go-Back-N at L = 4 (containing
     * gbn-three-losses, whose trace goes back on NAKs and on the RTO) also violates GoodputBound by NAK go-backs alone
     * (47 steps, found here by a search from the initial state that accepts only that kind). Offered as the check's
     * own counterexample, it is not vouched for by gbn-three-losses' trace, which extends to goodput violations there
     * (by property alone it would be granted) but to none driven by NAKs alone: a run's drivers only grow, and the
     * finding's already include the RTO. The row stays unexpected.
     */
    @Test
    void aGoodputViolationDrivenByAnotherMechanismStaysUnexpected() {
        CheckSpec<LayoutState> spec = spec("gbn", Map.of("losses", "4", "goodput", "33"));
        Finding f = goodputRow(spec);
        Counterexample own = f.counterexample().orElseThrow().trace();
        Set<Driver> nakOnly = Set.of(Driver.GO_BACK_ON_NAK);
        Counterexample start = new Counterexample(TimedGbnProperties.GOODPUT, Counterexample.Kind.INVARIANT,
                own.steps().subList(0, 1), 0, -1, own.provenance(), "the initial state");
        TraceExtension.Outcome o = TraceExtension.extend(spec, "planted", start, TimedGbnProperties.GOODPUT,
                (initial, steps) -> nakOnly.equals(ENTRY.violationKind(spec, TimedGbnProperties.GOODPUT, initial,
                        steps).orElseThrow()), Set.of(), new TraceExtension.Bounds(200_000));
        assertTrue(o instanceof TraceExtension.Extended, o.toString());
        Counterexample planted = ((TraceExtension.Extended) o).trace();
        assertEquals(nakOnly, kind(spec, planted));
        assertEquals(Set.of(Driver.GO_BACK_ON_NAK, Driver.GO_BACK_ON_TIMEOUT), drivers("gbn-three-losses"));
        assertTrue(TraceExtension.extend(spec, "gbn-three-losses", stored("gbn-three-losses"),
                TimedGbnProperties.GOODPUT, TraceExtension.RunTest.any(), Set.of(), new TraceExtension.Bounds(20_000))
                instanceof TraceExtension.Extended, "by property alone the finding's trace extends here");
        Finding unexpected = f.withExpected(Finding.Expectation.HOLDS).withCounterexample(planted, null).withDetail("");
        TraceExtensions ext = TraceExtensions.of(spec).orElseThrow();
        assertEquals(List.of("gbn-three-losses"), ENTRY.traceExtension(spec).orElseThrow().findings());
        Finding g = ext.apply(List.of(unexpected), null).get(0);
        assertEquals(Finding.Outcome.UNEXPECTED, g.outcome(), g.detail());
        assertTrue(g.quantity("extensionSteps").isEmpty(), g.detail());
        assertEquals(Set.of(Driver.GO_BACK_ON_NAK, Driver.GO_BACK_ON_TIMEOUT), kind(spec, own));
        Finding same = ext.apply(List.of(f.withExpected(Finding.Expectation.HOLDS).withDetail("")), null).get(0);
        assertEquals(Finding.Outcome.AS_EXPECTED, same.outcome(), "the check's own violation, " + kind(spec, own)
                + ", is the finding's: " + same.detail());
    }

    private static Finding goodputRow(CheckSpec<LayoutState> spec) {
        List<Finding> rows = ModelChecks.run(spec, null, ExplorerSettings.defaults().withThreads(1)
                .withProgress(0, r -> { }).withMaxStates(5_000_000), null);
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
