package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.NakPolicy;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * The per-EPSN NAK rule (ns-3, {@code nakPolicy=epsn}) is checked by a variant of its own,
 * {@code improved-epsn}: every property holds at its defaults but the timeout the loss-budget rule
 * expects, the rule changes the reachable
 * graph, and removing the same-EPSN suppression (what a rule inverted to NAK the same EPSN again
 * within the interval does) violates NoRedundantNak there.
 */
class TimedNakPolicyTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();

    private static ExplorationReport explore(CheckSpec<?> spec) {
        return new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { }))
                .check(spec.withoutProgress());
    }

    @Test
    void theVariantRunsThePerEpsnRuleAndKeepsEveryPropertyButTheRuledTimeout() {
        CheckSpec<?> spec = ENTRY.build("improved-epsn", Params.empty());
        assertTrue(((TimedGoBackN) spec.model()).config().protocol().nakPolicy() == NakPolicy.PER_EPSN);
        ExplorationReport r = explore(spec);
        assertTrue(r.complete());
        for (CheckResult c : r.results()) {
            Class<?> want = c.property().equals(TimedGbnProperties.NO_TIMEOUT) ? CheckResult.Violated.class
                    : CheckResult.Verified.class;
            assertInstanceOf(want, c, c.property());
        }
        Map<String, String> same = new java.util.HashMap<>(ENTRY.resolve("improved-epsn", Params.empty()).asMap());
        same.put("nakPolicy", "interval");
        ExplorationReport interval = explore(ENTRY.build("improved", Params.of(same)));
        assertNotEquals(interval.stats().distinctStates(), r.stats().distinctStates(),
                "the per-EPSN rule changes the reachable graph");
    }

    @Test
    void sameEpsnNaksWithinTheIntervalAreCaughtByNoRedundantNak() {
        CheckSpec<?> spec = ENTRY.build("improved-epsn", Params.of(Map.of(ModelEntry.KNOCKOUT_PARAM, "nak-interval")));
        ExplorationReport r = explore(spec.selecting(p -> p.name().equals(TimedGbnProperties.NO_REDUNDANT_NAK)));
        assertInstanceOf(CheckResult.Violated.class, r.result(TimedGbnProperties.NO_REDUNDANT_NAK));
    }
}
