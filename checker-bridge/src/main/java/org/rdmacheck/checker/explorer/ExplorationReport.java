package org.rdmacheck.checker.explorer;

import java.util.List;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Stats;

/**
 * What one exploration found: a result per property (in the order the check lists them), the
 * exploration's statistics, and whether the reachable state space was exhausted.
 *
 * @param results    one result per property
 * @param stats      statistics of the whole exploration
 * @param complete   whether every reachable state was expanded
 * @param stopReason why exploration stopped early (empty when complete)
 * @param storeBytes bytes held by the visited-state store (-1 when not measured)
 */
public record ExplorationReport(List<CheckResult> results, Stats stats, boolean complete, String stopReason,
                                long storeBytes) {
    /** Copies the results. */
    public ExplorationReport {
        results = List.copyOf(results);
    }

    /**
     * @param property a property name
     * @return its result
     */
    public CheckResult result(String property) {
        return results.stream().filter(r -> r.property().equals(property)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no result for " + property));
    }
}
