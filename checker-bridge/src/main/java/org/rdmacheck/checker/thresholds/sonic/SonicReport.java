package org.rdmacheck.checker.thresholds.sonic;

import java.util.List;
import org.rdmacheck.checker.thresholds.ConfigCheck;

/**
 * The check of an imported SONiC configuration.
 *
 * @param config     the configuration's name
 * @param asic       the ASIC whose parameters SONiC's headroom calculation used
 * @param priorities every (port, lossless priority)
 * @param groups     the threshold model instances
 * @param verdict    UNSAFE if any priority is, else INCONCLUSIVE if any is, else SAFE
 */
public record SonicReport(String config, SpectrumAsic asic, List<PriorityCheck> priorities,
                          List<ThresholdGroup> groups, ConfigCheck.Verdict verdict) {

    /** Copies the lists. */
    public SonicReport {
        priorities = List.copyOf(priorities);
        groups = List.copyOf(groups);
    }

    /** @return the headroom that could go back to the shared pool, summed over lossless PGs */
    public long returnableBytes() {
        return priorities.stream().mapToLong(PriorityCheck::returnableBytes).sum();
    }
}
