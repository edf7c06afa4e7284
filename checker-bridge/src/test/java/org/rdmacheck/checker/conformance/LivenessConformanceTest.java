package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.Params;

/**
 * The explorer and TLC agree on liveness under fairness, on the twins that state the same property
 * with the same fairness (the configuration named in each row): the design that holds (equal
 * distinct-state counts) and the must-fail variant, whose TLC lasso replays on the Java model as a
 * fair violating behaviour. Parameters are the variant's defaults unless a row gives some
 * ({@code name=value} separated by blanks). Rows that take TLC more than a few seconds are tagged
 * slow ({@code -Pslow}).
 */
class LivenessConformanceTest {

    private static final LivenessConformance CONFORMANCE = new LivenessConformance(
            TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(1_200_000),
            ExplorerSettings.defaults().withThreads(2).withProgress(0, x -> { }));

    @ParameterizedTest
    @CsvSource({
        "gbn, MCLiveness.cfg, Delivered, improved, '', VERIFIED",
        "gbn, MCLiveness.cfg, Delivered, improved-ignore, '', VIOLATED",
        "escape-vl, MCLiveness.cfg, EventuallyDelivered, dart, '', VERIFIED",
        "escape-vl, MCLiveness.cfg, EventuallyDelivered, unlimited-tokens, '', VIOLATED",
        "iofd, MCLiveness.cfg, EventuallyDelivered, dft, 'flows=0-1 queue=3 packets=2 failures=1', VERIFIED",
        "iofd, MCLiveness.cfg, EventuallyDelivered, unlimited-tokens, '', VIOLATED",
        "partition, MCSpec.cfg, EveryTransferCompletes, paper, '', VERIFIED",
        "partition, MCSpec.cfg, EveryTransferCompletes, rnr-retry-zero, '', VIOLATED",
        "dasr, MCLiveness.cfg, RatesSettle, persistent, 'senders=2 ai=1 bc=1', VERIFIED",
        "dasr, MCLiveness.cfg, ClassifierSettles, persistent, 'senders=2 ai=1 bc=1', VIOLATED",
        "fabric, MCLiveness.cfg, EventuallyDelivered, repaired, 'flows=0-1 packets=2 tokens=2 failures=1 xoff=3 "
            + "background=1', VERIFIED"})
    void explorerAndTlcAgree(String spec, String config, String property, String variant, String params,
                             CheckResult.Verdict expected) {
        assertAgreement(spec, config, property, variant, params, expected);
    }

    /**
     * Dart's persistent loop at the catalogue's defaults (three senders: 16 strong-fairness
     * conditions of fair marking, TLC takes minutes) and the hysteresis reading of Figure 5 with two
     * senders; the remaining fabric variants; iofd dft's two-flow default (about 30 s in TLC; the
     * fast tier keeps iofd's violation through unlimited-tokens); fabric lane-silent's violation at
     * the defaults of two opposing messages with background (about 25 s).
     */
    @Tag("slow")
    @ParameterizedTest
    @CsvSource({
        "iofd, MCLiveness.cfg, EventuallyDelivered, dft, '', VIOLATED",
        "dasr, MCLiveness.cfg, RatesSettle, persistent, '', VIOLATED",
        "dasr, MCLiveness.cfg, ClassifierSettles, persistent, '', VIOLATED",
        "dasr, MCLiveness.cfg, RatesSettle, persistent-overload-marks, '', VIOLATED",
        "dasr, MCLiveness.cfg, ClassifierSettles, persistent-overload-marks, '', VIOLATED",
        "dasr, MCLiveness.cfg, RatesSettle, persistent-hysteresis, 'senders=2 ai=1 bc=1', VIOLATED",
        "dasr, MCLiveness.cfg, ClassifierSettles, persistent-hysteresis, 'senders=2 ai=1 bc=1', VIOLATED",
        "fabric, MCLiveness.cfg, EventuallyDelivered, repaired-deadlock, '', VIOLATED",
        "fabric, MCLiveness.cfg, EventuallyDelivered, repaired, '', VERIFIED",
        "fabric, MCLiveness.cfg, EventuallyDelivered, ecn-first, '', VERIFIED",
        "fabric, MCLiveness.cfg, EventuallyDelivered, no-cleanup, '', VIOLATED",
        "fabric, MCLiveness.cfg, EventuallyDelivered, lane-silent, '', VIOLATED"})
    void explorerAndTlcAgreeOnLargerChecks(String spec, String config, String property, String variant,
                                           String params, CheckResult.Verdict expected) {
        assertAgreement(spec, config, property, variant, params, expected);
    }

    private static void assertAgreement(String spec, String config, String property, String variant, String params,
                                        CheckResult.Verdict expected) {
        SpecManifest m = SpecManifest.read(ManifestConformanceTest.specsRoot().resolve(spec));
        LivenessConformance.Result r = CONFORMANCE.check(m, config, property, variant, parse(params));
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

    private static Params parse(String params) {
        Map<String, String> p = Arrays.stream(params.trim().split("\\s+")).filter(s -> !s.isEmpty())
                .map(s -> s.split("=", 2)).collect(Collectors.toMap(kv -> kv[0], kv -> kv[1]));
        return Params.of(p);
    }
}
