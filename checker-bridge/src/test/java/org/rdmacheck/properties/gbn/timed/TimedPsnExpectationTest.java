package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;

/**
 * What the PSN width and the window do to {@code gbn-timed}'s expectations (docs/gbn.md, "The PSN width
 * and the window in the expectations"): a width and a window that change no step carry a stored
 * finding's expectation (5,513 states at psnBits 3 and 24 alike); a width that misreads PSNs carries
 * none, and its new violations show as unexpected; a sender with more than half the PSN space outstanding
 * is expected to violate NoPsnConfusion (the PSN-wrap rule). Each case explored, every safety property's
 * verdict compared with the expectation.
 */
class TimedPsnExpectationTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();

    /** @return the names of the properties the exploration violated, and the spec's expected ones among its properties */
    private static Set<String>[] violatedAndExpected(CheckSpec<?> spec) {
        CheckSpec<?> safety = spec.withoutProgress();
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withStopAtFirstViolation(false)
                .withProgress(0, x -> { })).check(safety);
        Set<String> violated = new TreeSet<>();
        Set<String> expected = new TreeSet<>();
        safety.properties().forEach(p -> {
            if (r.result(p.name()) instanceof CheckResult.Violated) {
                violated.add(p.name());
            }
            if (spec.mustFail(p.name())) {
                expected.add(p.name());
            }
        });
        // the search ends early only when every property is decided (violated)
        assertTrue(r.complete() || violated.size() == safety.properties().size(), r.stopReason());
        @SuppressWarnings("unchecked")
        Set<String>[] out = new Set[] {violated, expected};
        return out;
    }

    @ParameterizedTest(name = "{0} L={1} psnBits={2} window={3}")
    @CsvSource({"improved, 2, 3, 4", "improved, 2, 4, 4", "improved, 2, 24, 4", "improved, 2, 24, 5",
        "improved, 2, 3, 8", "gbn, 2, 24, 4", "ce, 2, 24, 6", "improved, 3, 24, 4"})
    void aWidthAndAWindowThatChangeNoStepKeepTheFindingsExpected(String scheme, int losses, int bits, int window) {
        CheckSpec<?> spec = ENTRY.build(scheme, Params.of(Map.of("losses", String.valueOf(losses),
                "psnBits", String.valueOf(bits), "window", String.valueOf(window))));
        Set<String>[] ve = violatedAndExpected(spec);
        assertEquals(ve[1], ve[0], spec.parameters().toString());
        assertFalse(ENTRY.containedFindings(scheme, Params.of(spec.parameters())).isEmpty());
        // RetransmissionBound's bound grows with the window: the finding's violation is not carried there
        CheckSpec<?> atDefaults = ENTRY.build(scheme, Params.of(Map.of("losses", String.valueOf(losses))));
        Set<String> carried = new TreeSet<>(atDefaults.expectedViolations());
        if (window > 4) {
            carried.remove(TimedGbnProperties.RETRANSMISSION_BOUND);
        }
        assertEquals(carried, spec.expectedViolations());
    }

    @Test
    void theRealPsnWidthHasTheDefaultWidthsGraph() {
        CheckSpec<?> wide = ENTRY.build("improved", Params.of(Map.of("losses", "2", "psnBits", "24")));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { }))
                .check(wide.withoutProgress());
        assertEquals(5_513, r.stats().distinctStates());
        assertEquals(Set.of(TimedGbnProperties.NO_TIMEOUT, TimedGbnProperties.NO_REDUNDANT_NAK,
                TimedGbnProperties.NO_SPURIOUS_RETRANSMISSION, TimedGbnProperties.RETRANSMISSION_BOUND),
                wide.expectedViolations());
    }

    @Test
    void aWidthThatMisreadsCarriesNoFindingAndItsNewViolationsShow() {
        CheckSpec<?> narrow = ENTRY.build("improved", Params.of(Map.of("losses", "2", "psnBits", "2")));
        assertTrue(ENTRY.containedFindings("improved", Params.of(narrow.parameters())).isEmpty());
        Set<String>[] ve = violatedAndExpected(narrow);
        // PSN confusion is the PSN-wrap rule's; in-order delivery fails unexpected
        assertTrue(ve[1].contains(TimedGbnProperties.NO_PSN_CONFUSION));
        assertTrue(ve[0].contains(TimedGbnProperties.NO_PSN_CONFUSION));
        assertTrue(ve[0].contains(TimedGbnProperties.IN_ORDER) && !ve[1].contains(TimedGbnProperties.IN_ORDER));
        assertFalse(narrow.mustFail(TimedGbnProperties.PROGRESS)); // Completion, VIOLATED there (a progress trace)
        // a window below the transfer binds: the default-shape finding is not carried to window 3
        assertTrue(ENTRY.containedFindings("improved", ENTRY.resolve("improved", Params.of(Map.of("losses", "2",
                "window", "3")))).isEmpty());
        assertFalse(TimedGbnEntry.widthCovers(2, 4));
        assertTrue(TimedGbnEntry.widthCovers(3, 4));
        assertFalse(TimedGbnEntry.widthCovers(3, 5));
    }

    @ParameterizedTest(name = "{0} psnBits={1} window={2} packets={3}: wrap {4}")
    @CsvSource({"gbn, 3, 5, 3, true", "gb0, 3, 5, 3, true", "st, 3, 5, 3, true", "ce, 3, 5, 3, true",
        "improved, 3, 5, 3, true", "gbn, 2, 3, 2, true", "gb0, 2, 3, 2, true", "st, 2, 3, 2, true",
        "ce, 2, 3, 2, true", "improved, 2, 3, 2, true", "improved, 3, 4, 3, false", "gbn, 3, 4, 3, false"})
    void moreThanHalfThePsnSpaceOutstandingConfusesPsns(String scheme, int bits, int window, int packets,
                                                       boolean wrap) {
        CheckSpec<?> spec = ENTRY.build(scheme, Params.of(Map.of("psnBits", String.valueOf(bits), "window",
                String.valueOf(window), "packets", String.valueOf(packets))));
        assertEquals(wrap, spec.mustFail(TimedGbnProperties.NO_PSN_CONFUSION));
        Set<String>[] ve = violatedAndExpected(spec.selecting(p -> p.name().equals(TimedGbnProperties.NO_PSN_CONFUSION)));
        assertEquals(wrap, ve[0].contains(TimedGbnProperties.NO_PSN_CONFUSION), spec.parameters().toString());
        // no loss, no gap to misread across: nothing expected
        assertFalse(ENTRY.build(scheme, Params.of(Map.of("psnBits", String.valueOf(bits), "window",
                String.valueOf(window), "packets", String.valueOf(packets), "losses", "0")))
                .mustFail(TimedGbnProperties.NO_PSN_CONFUSION));
    }
}
