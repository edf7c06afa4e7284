package org.rdmacheck.engine;

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
 * @param levelBytes the most bytes held at once by the level structures: the frontier (packed
 *                   states), the table of the next level's states, the workers' buffers and the
 *                   numbering's buffers (measured after each level; state objects are not counted)
 * @param graphBytes bytes held by the state graph and the progress analysis (0 when no graph was kept)
 * @param graph      the explored state graph, when the settings asked for it and the exploration
 *                   was complete (states numbered as in traces, edges in emission order)
 * @param timing     where the search's CPU time went: serial steps against parallel sections
 * @param reduction  the partial-order reduction asked for and applied, and how many states it reduced
 * @param symmetryAudit under symmetry reduction, what the audit of the declared symmetry checked
 *                   (empty without symmetry reduction)
 */
public record ExplorationReport(List<CheckResult> results, Stats stats, boolean complete, String stopReason,
                                long storeBytes, long levelBytes, long graphBytes, java.util.Optional<StateGraph> graph,
                                Timing timing, ReductionSummary reduction,
                                java.util.Optional<SymmetryAuditSummary> symmetryAudit) {
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

    /**
     * The search's thread CPU time (not wall time: independent of the machine's load), split into
     * the serial steps of the coordinating thread and the sections that run on every worker. The
     * trace rebuilding and progress analysis after the search are not included.
     *
     * @param measured       whether the JVM measures thread CPU time (else every figure is 0)
     * @param threads        the run's threads
     * @param serialNanos    CPU time of steps that run on one thread whatever the thread count
     * @param parallelNanos  CPU time of the sections shared by the workers (summed over them)
     * @param spanNanos      the sum over sections of the largest task's CPU time: the sections'
     *                       length on {@code threads} idle cores
     * @param imbalanceNanos the sum over sections and tasks of the gap to the section's largest
     *                       task: CPU time that workers would wait at barriers on idle cores
     * @param barrierWaitNanos wall time workers spent waiting at barriers, summed over workers
     *                       (depends on the load: a descheduled worker makes the others wait)
     * @param sections       parallel sections run
     * @param serialSteps    serial CPU time per step
     * @param parallelWork   parallel CPU time per section kind
     * @param imbalances     imbalance per section kind (see {@code imbalanceNanos})
     */
    public record Timing(boolean measured, int threads, long serialNanos, long parallelNanos, long spanNanos,
                         long imbalanceNanos, long barrierWaitNanos, long sections,
                         java.util.Map<String, Long> serialSteps, java.util.Map<String, Long> parallelWork,
                         java.util.Map<String, Long> imbalances) {
        /** Copies the maps. */
        public Timing {
            serialSteps = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(serialSteps));
            parallelWork = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parallelWork));
            imbalances = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(imbalances));
        }

        /** @return the serial share of the CPU time, 0..1 */
        public double serialFraction() {
            long total = serialNanos + parallelNanos;
            return total == 0 ? 0 : serialNanos / (double) total;
        }

        /**
         * Amdahl's bound: the scaling efficiency on {@code n} idle cores if the parallel work split
         * evenly, {@code 1 / (n s + 1 - s)} with {@code s} the serial fraction.
         */
        public double amdahlEfficiency(int n) {
            double s = serialFraction();
            return 1 / (n * s + 1 - s);
        }

        /**
         * The scaling efficiency this run would have on {@code threads} idle cores, from its own
         * sections (imbalance included): CPU time over threads times (serial + span).
         */
        public double spanEfficiency() {
            long critical = serialNanos + spanNanos;
            return critical == 0 ? 0 : (serialNanos + parallelNanos) / (double) threads / critical;
        }
    }
}
