package org.rdmacheck.engine.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * The liveness properties of the catalogue's models, every variant at its own defaults: each
 * verdict is the declared one, and every lasso replays on the Java model.
 */
class ModelLivenessTest {

    static LivenessReport check(String model, String variant, Map<String, String> params, int threads) {
        ModelEntry entry = Catalog.find(model);
        CheckSpec<?> spec = entry.build(variant, Params.of(params));
        LivenessSpec<?> live = entry.liveness(spec).orElseThrow();
        LivenessReport r = new LivenessChecker(ExplorerSettings.defaults().withThreads(threads)
                .withProgress(0, x -> { })).check(live);
        assertTrue(r.complete(), r.stopReason());
        for (Liveness<?> p : live.properties()) {
            CheckResult res = r.result(p.name());
            assertEquals(live.expectedViolations().contains(p.name()), res.verdict() == CheckResult.Verdict.VIOLATED,
                    model + " " + variant + ": " + res);
            if (res instanceof CheckResult.Violated v) {
                assertEquals(Counterexample.Kind.TEMPORAL, v.counterexample().kind());
                assertInstanceOf(ReplayResult.Reproduces.class, LassoReplayer.replay(live, v.counterexample()));
            } else {
                assertEquals(CheckResult.Verdict.VERIFIED, res.verdict(), res.toString());
            }
        }
        return r;
    }

    @ParameterizedTest
    @CsvSource({"iofd, dft", "iofd, flow-keyed", "iofd, no-dft", "iofd, overwrite", "iofd, deflect-middle",
        "iofd, unlimited-tokens", "iofd, free-on-first", "iofd, dft-one-message", "escape-vl, dart", "escape-vl, one-lane",
        "escape-vl, escape-return", "escape-vl, unlimited-tokens", "escape-vl, escape-deflect",
        "escape-vl, lane-change-order", "escape-vl, escape-follow", "fabric, repaired", "fabric, repaired-deadlock",
        "fabric, repaired-one-message", "fabric, repaired-three-tokens", "fabric, paper", "fabric, message-key", "fabric, message-key-no-uturn", "fabric, lane-silent", "fabric, no-cleanup",
        "fabric, ecn-first"})
    void everyVariantAtItsDefaultsMeetsItsExpectation(String model, String variant) {
        check(model, variant, Map.of(), 2);
    }

    /**
     * unlimited-tokens livelocks with any number of tokens, not only at its default 1: a deflection
     * rule broken only above 1 (a packet holding an even number of tokens never deflecting) leaves the
     * default's lasso and every safety verdict as they were, and loses this one at 2.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void escapeVlUnlimitedTokensLivelocksWithMoreTokens(int tokens) {
        check("escape-vl", "unlimited-tokens", Map.of("tokens", String.valueOf(tokens)), 2);
    }
}
