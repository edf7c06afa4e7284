package org.rdmacheck.checker.cdg;

import java.util.List;

/**
 * The static checker's answer for one (topology, failed links, routing function).
 *
 * @param outcome   the verdict
 * @param condition the sufficient condition that holds, or the one that fails
 * @param cycle     for {@link Outcome#CYCLE}: the dependency cycle, each edge with its route
 * @param detail    one line for the reader
 * @param stats     sizes and time
 * @param partition for {@link Outcome#PARTITIONED}: the hosts with no route between them; else null
 * @param knot      for {@link Outcome#CYCLE}: a minimal deadlock configuration under virtual cut-through
 *                  ({@link KnotSearch}), each full channel with the head packet whose every option is
 *                  inside it; empty for the other outcomes
 */
public record DeadlockVerdict(Outcome outcome, String condition, List<Dependency> cycle, String detail, Stats stats,
                              Partition partition, List<KnotSearch.Blocked> knot) {

    /** Copies the cycle and the knot. */
    public DeadlockVerdict {
        cycle = List.copyOf(cycle);
        knot = List.copyOf(knot);
    }

    /**
     * A verdict without a deadlock configuration.
     *
     * @param outcome   the verdict
     * @param condition the condition
     * @param cycle     the cycle
     * @param detail    one line
     * @param stats     sizes and time
     * @param partition the islands, or null
     */
    public DeadlockVerdict(Outcome outcome, String condition, List<Dependency> cycle, String detail, Stats stats,
                           Partition partition) {
        this(outcome, condition, cycle, detail, stats, partition, List.of());
    }

    /**
     * A verdict on a fabric whose hosts all reach each other.
     *
     * @param outcome   the verdict
     * @param condition the condition
     * @param cycle     the cycle
     * @param detail    one line
     * @param stats     sizes and time
     */
    public DeadlockVerdict(Outcome outcome, String condition, List<Dependency> cycle, String detail, Stats stats) {
        this(outcome, condition, cycle, detail, stats, null);
    }

    /** The verdicts. */
    public enum Outcome {
        /** a sufficient condition for deadlock freedom holds */
        DEADLOCK_FREE,
        /**
         * a realizable cycle of channel dependencies (through the escape lane, if there is one) and a
         * deadlock configuration: a set of full channels whose head packets have every option inside
         * it ({@link KnotSearch}, virtual cut-through); reaching it from empty buffers is not decided
         */
        CYCLE,
        /**
         * the surviving links split the hosts into islands: the routes that exist have no dependency
         * cycle, but some host pairs have no route at all (deadlock freedom is proved only for the
         * traffic the fabric can carry)
         */
        PARTITIONED,
        /** the escape lane cannot reach some destination from some switch (Duato's first condition) */
        ESCAPE_NOT_CONNECTED,
        /** the over-approximate graph is cyclic but no cycle could be confirmed with routes */
        INCONCLUSIVE
    }

    /**
     * @param channels         live channels (surviving switch-to-switch arcs x lanes)
     * @param verticesVisited  vertices the SCC search visited (channels and hubs)
     * @param edgesVisited     edges it traversed
     * @param extraDependencies explicit (failure-bounce) dependencies
     * @param wallMillis       time
     */
    public record Stats(long channels, long verticesVisited, long edgesVisited, int extraDependencies, long wallMillis) {
    }
}
