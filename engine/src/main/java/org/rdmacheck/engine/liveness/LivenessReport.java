package org.rdmacheck.engine.liveness;

import java.util.List;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Stats;

/**
 * What a liveness check found: a result per liveness property, the exploration's statistics and
 * the memory and time of the fair-cycle analysis.
 *
 * @param results        one result per property, in declaration order
 * @param stats          statistics of the exploration
 * @param complete       whether the state space was exhausted and every property decided
 * @param stopReason     why the check stopped early (empty when complete)
 * @param storeBytes     bytes of the explorer's visited-state store (-1 when not measured)
 * @param graphBytes     bytes of the explorer's recorded state graph
 * @param analysisBytes  bytes of the labelled graph and the SCC search's arrays
 * @param analysisMillis wall time of the labelling and the fair-cycle search, all properties
 * @param labelMillis    of which the labelling of the graph with actions and predicates
 * @param searchMillis   of which the fair-cycle searches and the lassos, all properties
 * @param components     strongly connected components examined, all properties and refinements (on
 *                       several threads it may be larger than on one when a property fails)
 */
public record LivenessReport(List<CheckResult> results, Stats stats, boolean complete, String stopReason,
                             long storeBytes, long graphBytes, long analysisBytes, long analysisMillis,
                             long labelMillis, long searchMillis, long components) {
    /** Copies the results. */
    public LivenessReport {
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
