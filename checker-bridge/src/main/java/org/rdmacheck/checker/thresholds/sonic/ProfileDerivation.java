package org.rdmacheck.checker.thresholds.sonic;

import java.util.Optional;

/**
 * Safe settings for one profile of an imported configuration (seed 004 §4 on the model instance of
 * its group).
 *
 * @param tEcnMaxBytes the largest ECN threshold (WRED green_min_threshold) that still fires before the
 *                     configured PFC threshold, -1 if none
 * @param dynamicThMin the least dynamic_th at which the configured ECN threshold fires before PFC;
 *                     every larger value up to Spectrum's 7 is safe too, as t_PFC grows with it (empty:
 *                     static profile, or none is safe)
 * @param dynamicThMax the largest such dynamic_th (empty likewise)
 * @param staticThMax  the largest static_th with no loss once paused, {@code p·n·(t_PFC + t_flight) <= B}
 *                     (empty: dynamic profile, or none fits)
 */
public record ProfileDerivation(long tEcnMaxBytes, Optional<Integer> dynamicThMin, Optional<Integer> dynamicThMax,
                                Optional<Long> staticThMax) {
}
