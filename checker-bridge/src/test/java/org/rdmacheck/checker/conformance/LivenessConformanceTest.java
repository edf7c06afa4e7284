package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.Params;

/**
 * The explorer and TLC agree on liveness under fairness, on the twins that state the same property
 * with the same fairness ({@code MCLiveness.cfg}): the design that holds (equal distinct-state
 * counts) and the must-fail variant at its defaults, whose TLC lasso replays on the Java model as
 * a fair violating behaviour.
 */
class LivenessConformanceTest {

    private static final LivenessConformance CONFORMANCE = new LivenessConformance(
            TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(600_000),
            ExplorerSettings.defaults().withThreads(2).withProgress(0, x -> { }));

    @ParameterizedTest
    @CsvSource({
        "gbn, Delivered, improved, VERIFIED",
        "gbn, Delivered, improved-ignore, VIOLATED",
        "escape-vl, EventuallyDelivered, dart, VERIFIED",
        "escape-vl, EventuallyDelivered, unlimited-tokens, VIOLATED",
        "iofd, EventuallyDelivered, dft, VERIFIED",
        "iofd, EventuallyDelivered, unlimited-tokens, VIOLATED"})
    void explorerAndTlcAgree(String spec, String property, String variant, CheckResult.Verdict expected) {
        SpecManifest m = SpecManifest.read(ManifestConformanceTest.specsRoot().resolve(spec));
        LivenessConformance.Result r = CONFORMANCE.check(m, "MCLiveness.cfg", property, variant, Params.of(Map.of()));
        assertEquals(expected, r.javaVerdict(), r.toString());
        assertEquals(expected, r.tlcVerdict(), r.toString());
        if (expected == CheckResult.Verdict.VERIFIED) {
            assertEquals(r.javaStates(), r.tlcStates(), r.toString());
            assertTrue(r.tlcLasso().isEmpty());
        } else {
            assertInstanceOf(ReplayResult.Reproduces.class, r.tlcLasso().orElseThrow(), r.toString());
        }
        assertTrue(r.agrees(), r.toString());
    }
}
