package org.rdmacheck.checker.thresholds;

import java.util.ArrayList;
import java.util.List;

/**
 * Dart's thresholds (seed 000 §VI-A: 225 KB buffers, ECN at 22.5 KB = 10% of the buffer, deflection
 * at 15 KB) checked for the ordering deflection < ECN < PFC (seed 000 §IV-B) on the switches of the
 * presets {@code dart-vi-a-per-port} and {@code dart-vi-a-per-switch}: the paper does not say
 * whether 225 KB is per port or per switch, nor the port count, so both readings are checked.
 * Dart gives no PFC threshold: the static check uses the largest loss-free t_PFC, the dynamic
 * check the β that allows the largest t_ECN (the largest allowed β when none does).
 */
public final class DartSettings {

    /** seed 000 §VI-A: ECN threshold. */
    public static final long ECN_BYTES = 22_500;
    /** seed 000 §VI-A: deflection threshold. */
    public static final long DEFLECTION_BYTES = 15_000;
    /** The two readings of "225 KB switch buffers". */
    public static final List<String> PRESETS = List.of("dart-vi-a-per-port", "dart-vi-a-per-switch");
    /** Dart's own settings (seed 000 §VI-A), no K_max (Dart gives none). */
    public static final Thresholds PAPER = new Thresholds(ECN_BYTES, DEFLECTION_BYTES, 0);

    /**
     * The thresholds that Dart's checks use beside the PFC threshold they derive: Dart's own, or a
     * designer's replacement (what if ECN or the deflection threshold were set otherwise?).
     *
     * @param ecnBytes        t_ECN = DCQCN's K_min
     * @param deflectionBytes Dart's deflection threshold
     * @param kMaxBytes       DCQCN's K_max, 0 if not given
     */
    public record Thresholds(long ecnBytes, long deflectionBytes, long kMaxBytes) {
    }

    private DartSettings() {
    }

    /**
     * @param sw a switch (one of {@link #PRESETS})
     * @param d  its derivation
     * @return Dart's settings under a static t_PFC and under a dynamic one; a setting whose
     *         derivation timed out is left out (a bound not proven is no PFC threshold to check)
     */
    public static List<ThresholdConfig> configs(SwitchSpec sw, ThresholdReport d) {
        return configs(sw, d, PAPER);
    }

    /**
     * @param sw a switch (one of {@link #PRESETS})
     * @param d  its derivation
     * @param t  the ECN, deflection and K_max thresholds to check
     * @return those settings under a static t_PFC and under a dynamic one, as {@link #configs(SwitchSpec,
     *         ThresholdReport)}
     */
    public static List<ThresholdConfig> configs(SwitchSpec sw, ThresholdReport d, Thresholds t) {
        List<ThresholdConfig> out = new ArrayList<>();
        if (d.staticDerivation().status() != SolveStatus.TIMED_OUT) {
            long tPfc = Math.max(1, d.staticDerivation().tPfcMax());
            out.add(ThresholdConfig.ofStatic("dart-static", tPfc, t.ecnBytes()).withDeflection(t.deflectionBytes())
                    .withKMax(t.kMaxBytes()));
        }
        if (d.dynamicDerivation().status() != SolveStatus.TIMED_OUT) {
            Beta beta = d.dynamicDerivation().beta().orElse(sw.betas().get(sw.betas().size() - 1));
            out.add(ThresholdConfig.ofDynamic("dart-dynamic", beta, t.ecnBytes()).withDeflection(t.deflectionBytes())
                    .withKMax(t.kMaxBytes()));
        }
        return out;
    }

    /**
     * @param d a report
     * @return whether a derivation in it reached the solver's time limit
     */
    public static boolean derivationTimedOut(ThresholdReport d) {
        return d.staticDerivation().status() == SolveStatus.TIMED_OUT
                || d.dynamicDerivation().status() == SolveStatus.TIMED_OUT;
    }

    /**
     * @param analysis the analysis
     * @return for each reading and each PFC mode, the check of Dart's settings
     */
    public static List<ThresholdReport> check(ThresholdAnalysis analysis) {
        return check(analysis, PAPER);
    }

    /**
     * @param analysis the analysis
     * @param t        the ECN, deflection and K_max thresholds to check in place of Dart's
     * @return for each reading and each PFC mode, the check of those settings
     */
    public static List<ThresholdReport> check(ThresholdAnalysis analysis, Thresholds t) {
        List<ThresholdReport> out = new ArrayList<>();
        for (String preset : PRESETS) {
            SwitchSpec sw = SwitchSpecs.load(preset);
            ThresholdReport d = analysis.derive(sw);
            if (derivationTimedOut(d)) {
                out.add(d); // the timed-out derivation itself: the run is inconclusive
            }
            for (ThresholdConfig c : configs(sw, d, t)) {
                out.add(analysis.check(sw, c));
            }
        }
        return out;
    }
}
