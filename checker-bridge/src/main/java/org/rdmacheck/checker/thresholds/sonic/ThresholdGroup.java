package org.rdmacheck.checker.thresholds.sonic;

import java.util.List;
import java.util.Optional;
import org.rdmacheck.checker.thresholds.ThresholdReport;

/**
 * Lossless priorities that share pool, profile, ECN profile and MTU share one instance of seed 004
 * §4's switch model, checked once with Choco.
 *
 * @param profile         the BUFFER_PROFILE
 * @param wredProfile     the WRED_PROFILE
 * @param priority        the priority
 * @param ports           the ports in the group, the first names the witness
 * @param report          the check (its switch and configuration are the model's instance)
 * @param dynamicThMax    the largest dynamic_th whose PFC threshold still lets the configured ECN
 *                        threshold fire first (empty: static profile, or none is safe)
 * @param tEcnMaxBytes    the largest safe ECN threshold under the configured PFC threshold (-1: none)
 */
public record ThresholdGroup(String profile, String wredProfile, int priority, List<String> ports,
                             ThresholdReport report, Optional<Integer> dynamicThMax, long tEcnMaxBytes) {

    /** Copies the ports. */
    public ThresholdGroup {
        ports = List.copyOf(ports);
    }
}
