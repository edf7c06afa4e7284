package org.rdmacheck.checker.thresholds.sonic;

import java.util.List;
import org.rdmacheck.checker.thresholds.ThresholdReport;

/**
 * Lossless priorities that share pool, profile, ECN profile, priority group, queue and MTU share one
 * instance of seed 004 §4's switch model, checked once with Choco.
 *
 * @param profile     the BUFFER_PROFILE
 * @param wredProfile the WRED_PROFILE, empty when the queue has none (no ECN)
 * @param priority    the lossless priority (traffic class)
 * @param pg          its priority group (tc_to_pg_map)
 * @param queue       its queue (tc_to_queue_map)
 * @param ports       the ports in the group, the first names the witness
 * @param report      the check (its switch and configuration are the model's instance)
 * @param derivation  the largest safe settings for the profile
 */
public record ThresholdGroup(String profile, java.util.Optional<String> wredProfile, int priority, int pg, int queue, List<String> ports,
                             ThresholdReport report, ProfileDerivation derivation) {

    /** Copies the ports. */
    public ThresholdGroup {
        ports = List.copyOf(ports);
    }
}
