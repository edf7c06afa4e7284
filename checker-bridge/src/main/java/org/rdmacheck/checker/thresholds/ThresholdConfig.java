package org.rdmacheck.checker.thresholds;

import java.util.Optional;
import org.rdmacheck.model.InputException;

/**
 * A switch configuration to check: the PFC threshold (static {@code t_PFC} or dynamic β), the ECN
 * threshold {@code t_ECN} (DCQCN's {@code K_min}, seed 004 §4), and optionally DCQCN's
 * {@code K_max} and Dart's deflection threshold (seed 000 §IV-B).
 *
 * @param name       a label (used in counterexample file names)
 * @param mode       static or dynamic
 * @param tPfc       static {@code t_PFC} in bytes (0 in dynamic mode)
 * @param beta       dynamic β (empty in static mode)
 * @param tEcn       {@code t_ECN} = {@code K_min} in bytes
 * @param kMax       DCQCN's {@code K_max} in bytes, 0 if not given
 * @param deflection Dart's deflection threshold in bytes, 0 if not given
 */
public record ThresholdConfig(String name, ThresholdMode mode, long tPfc, Optional<Beta> beta, long tEcn, long kMax,
                              long deflection) {

    /** Validates. */
    public ThresholdConfig {
        if (!name.matches("[A-Za-z0-9_.=-]+")) {
            throw new InputException("config name '" + name + "': expected letters, digits, '_', '.', '-'");
        }
        if (mode == ThresholdMode.STATIC && tPfc <= 0) {
            throw new InputException("tPfc = " + tPfc + ": a static configuration needs a positive t_PFC");
        }
        if (mode == ThresholdMode.DYNAMIC && (beta.isEmpty() || tPfc != 0)) {
            throw new InputException("a dynamic configuration needs beta and no tPfc");
        }
        if (mode == ThresholdMode.STATIC && beta.isPresent()) {
            throw new InputException("beta = " + beta.get() + ": a static configuration has no beta (use mode dynamic)");
        }
        if (tEcn <= 0) {
            throw new InputException("tEcn = " + tEcn + ": expected a positive size");
        }
        if (kMax < 0 || deflection < 0) {
            throw new InputException("kMax and deflection must be positive sizes when given");
        }
    }

    /**
     * @param name a label
     * @param tPfc static t_PFC
     * @param tEcn t_ECN
     * @return a static configuration without K_max or deflection threshold
     */
    public static ThresholdConfig ofStatic(String name, long tPfc, long tEcn) {
        return new ThresholdConfig(name, ThresholdMode.STATIC, tPfc, Optional.empty(), tEcn, 0, 0);
    }

    /**
     * @param name a label
     * @param beta β
     * @param tEcn t_ECN
     * @return a dynamic configuration without K_max or deflection threshold
     */
    public static ThresholdConfig ofDynamic(String name, Beta beta, long tEcn) {
        return new ThresholdConfig(name, ThresholdMode.DYNAMIC, 0, Optional.of(beta), tEcn, 0, 0);
    }

    /**
     * @param deflectionBytes Dart's deflection threshold
     * @return this configuration with it
     */
    public ThresholdConfig withDeflection(long deflectionBytes) {
        return new ThresholdConfig(name, mode, tPfc, beta, tEcn, kMax, deflectionBytes);
    }

    /**
     * @param kMaxBytes DCQCN's K_max
     * @return this configuration with it
     */
    public ThresholdConfig withKMax(long kMaxBytes) {
        return new ThresholdConfig(name, mode, tPfc, beta, tEcn, kMaxBytes, deflection);
    }
}
