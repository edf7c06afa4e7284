package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
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
 * slow ({@code -Pslow}), each with a TLC child of its own; the default tier's TLC runs share one.
 */
class LivenessConformanceTest {

    /**
     * TLC's wall-clock limit: fabric repaired-deadlock's run needs about 220 s of CPU (326,136 states),
     * so 1,200 s stopped it on a 2-core machine at load 25-30, where a child gets a tenth of a core;
     * an hour holds at such loads.
     */
    private static final LivenessConformance CONFORMANCE = new LivenessConformance(
            TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(3_600_000),
            ExplorerSettings.defaults().withThreads(2).withProgress(0, x -> { }));

    /** The default tier's rows: spec, configuration, property, variant, parameters, expected verdict. */
    private static final List<String> ROWS = List.of(
        "gbn, MCLiveness.cfg, Delivered, improved, '', VERIFIED",
        "gbn, MCLiveness.cfg, Delivered, improved-ignore, '', VIOLATED",
        "gbn-timed, MCLiveness.cfg, Delivered, improved, '', VERIFIED",
        "gbn-timed, MCLiveness.cfg, Delivered, gbn-no-rto, '', VIOLATED",
        "gbn-timed, MCLiveness.cfg, Delivered, gbn-five-packets, '', VIOLATED",
        // <>[]Final \/ []<><<Tick>>_vars: no RTO, a packet lost, nothing due: time stops short of a final state
        "gbn-timed, MCLiveness.cfg, TimeDiverges, gbn-no-rto, '', VIOLATED",
        "escape-vl, MCLiveness.cfg, EventuallyDelivered, dart, '', VERIFIED",
        "escape-vl, MCLiveness.cfg, EventuallyDelivered, unlimited-tokens, '', VIOLATED",
        "iofd, MCLiveness.cfg, EventuallyDelivered, dft, 'flows=0-1 queue=3 packets=2 failures=1', VERIFIED",
        "iofd, MCLiveness.cfg, EventuallyDelivered, unlimited-tokens, '', VIOLATED",
        "partition, MCSpec.cfg, EveryTransferCompletes, paper, '', VERIFIED",
        "partition, MCSpec.cfg, EveryTransferCompletes, rnr-retry-zero, '', VIOLATED",
        "dasr, MCLiveness.cfg, RatesSettle, persistent, 'senders=2 ai=1 bc=1', VERIFIED",
        "dasr, MCLiveness.cfg, ClassifierSettles, persistent, 'senders=2 ai=1 bc=1', VIOLATED",
        "fabric, MCLiveness.cfg, EventuallyDelivered, repaired, 'flows=0-1 packets=2 tokens=2 failures=1 xoff=3 "
            + "background=1', VERIFIED",
        // PFC hysteresis: a paused buffer resumes at xon (a twin that never resumes fails here, MutatedSpecTest)
        "fabric, MCLiveness.cfg, EventuallyDelivered, repaired, 'flows=0-1 packets=3 tokens=2 failures=0 xoff=3 "
            + "background=1 pfc-hysteresis=2', VERIFIED");

    /**
     * The default tier's rows, a test each, with their TLC runs in one child JVM
     * ({@link LivenessConformance#checkAll}): run on the first test's demand, once; each test asserts
     * on its own row's comparison.
     */
    @TestFactory
    Stream<DynamicTest> explorerAndTlcAgree() {
        List<String[]> rows = ROWS.stream().map(LivenessConformanceTest::columns).toList();
        List<LivenessConformance.Case> cases = rows.stream().map(c -> new LivenessConformance.Case(
                SpecManifest.read(ManifestConformanceTest.specsRoot().resolve(c[0])), c[1], c[2], c[3], parse(c[4])))
                .toList();
        Object[] batch = new Object[1]; // the results, or what checkAll threw: computed once
        return java.util.stream.IntStream.range(0, rows.size()).mapToObj(i -> DynamicTest.dynamicTest(
                String.join(" ", rows.get(i)), () -> {
                    synchronized (batch) {
                        if (batch[0] == null) {
                            try {
                                batch[0] = CONFORMANCE.checkAll(cases);
                            } catch (RuntimeException e) {
                                batch[0] = e;
                            }
                        }
                    }
                    if (batch[0] instanceof RuntimeException e) {
                        throw e;
                    }
                    @SuppressWarnings("unchecked")
                    List<LivenessConformance.Result> results = (List<LivenessConformance.Result>) batch[0];
                    assertAgrees(results.get(i), CheckResult.Verdict.valueOf(rows.get(i)[5]));
                }));
    }

    /** @return a row's six columns (no parameter list holds a comma), quotes removed */
    private static String[] columns(String row) {
        String[] c = row.split(",");
        for (int i = 0; i < c.length; i++) {
            c[i] = c[i].trim().replaceAll("^'|'$", "");
        }
        return c;
    }

    /**
     * gbn-timed's TimeDiverges where time diverges (Improved; gbn-five-packets, whose RTO resends the
     * window for ever, time passing: Delivered fails there, TimeDiverges holds); Dart's persistent loop at the catalogue's defaults (three senders: 16 strong-fairness
     * conditions of fair marking, TLC takes minutes) and the hysteresis reading of Figure 5 with two
     * senders; the remaining fabric variants; iofd dft's two-flow default (about 30 s in TLC; the
     * fast tier keeps iofd's violation through unlimited-tokens); fabric lane-silent's violation at
     * the defaults of two opposing messages with background (about 25 s).
     */
    @Tag("slow")
    @ParameterizedTest
    @CsvSource({
        "iofd, MCLiveness.cfg, EventuallyDelivered, dft, '', VIOLATED",
        "gbn-timed, MCLiveness.cfg, TimeDiverges, improved, '', VERIFIED",
        "gbn-timed, MCLiveness.cfg, TimeDiverges, gbn-five-packets, '', VERIFIED",
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
        assertAgrees(CONFORMANCE.check(m, config, property, variant, parse(params)), expected);
    }

    private static void assertAgrees(LivenessConformance.Result r, CheckResult.Verdict expected) {
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
