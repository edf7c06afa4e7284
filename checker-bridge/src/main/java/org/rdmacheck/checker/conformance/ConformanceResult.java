package org.rdmacheck.checker.conformance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison of TLC and the explorer (and the manifest) on one configuration.
 *
 * @param spec           spec folder name
 * @param configuration  configuration name (or variant and parameters of an ad hoc comparison)
 * @param constants      TLA+ constants used
 * @param tlcDistinct    distinct states TLC found (the whole state space)
 * @param javaDistinct   distinct states the explorer found, or -1 without a Java twin
 * @param tlcVerdicts    TLC's verdict per property
 * @param javaVerdicts   the explorer's verdict per property (empty without a Java twin)
 * @param mismatches     what differs, one line each; empty if everything agrees
 */
public record ConformanceResult(String spec, String configuration, Map<String, String> constants, long tlcDistinct,
                                long javaDistinct, Map<String, String> tlcVerdicts, Map<String, String> javaVerdicts,
                                List<String> mismatches) {

    /** Copies collections. */
    public ConformanceResult {
        constants = new LinkedHashMap<>(constants);
        tlcVerdicts = new LinkedHashMap<>(tlcVerdicts);
        javaVerdicts = new LinkedHashMap<>(javaVerdicts);
        mismatches = List.copyOf(mismatches);
    }

    /** @return whether nothing differs */
    public boolean conforms() {
        return mismatches.isEmpty();
    }
}
