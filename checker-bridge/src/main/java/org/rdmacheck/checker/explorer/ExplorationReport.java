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
 * @param storeBytes bytes held by the visited-state store and the predecessor index (-1 when not
 *                   measured: full-state storage)
 * @param graphBytes bytes held by the state graph and the progress analysis (0 when no graph was kept)
 * @param graph      the explored state graph, when the settings asked for it and the exploration
 *                   was complete (states numbered as in traces, edges in emission order)
 */
public record ExplorationReport(List<CheckResult> results, Stats stats, boolean complete, String stopReason,
                                long storeBytes, long graphBytes, java.util.Optional<StateGraph> graph) {
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
