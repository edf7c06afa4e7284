package org.rdmacheck.engine;

import java.util.function.Consumer;

/**
 * Immutable settings of the explorer, built once.
 *
 * @param threads          worker threads (results are identical for any number)
 * @param storage          full states or 64-bit fingerprints
 * @param maxStates        stop with an inconclusive result after this many distinct states
 * @param maxMillis        stop with an inconclusive result after this much wall time
 * @param maxHeapFraction  stop with an inconclusive result when the used heap exceeds this fraction
 *                         of the maximum heap, even after a collection
 * @param stopAtFirstViolation stop as soon as one property is violated (otherwise go on until every
 *                         property is violated or the state space is exhausted)
 * @param progressMillis   interval of progress reports; reports start after one interval
 * @param progress         receives progress reports (never called for runs shorter than one interval)
 * @param recordGraph      keep the explored state graph and hand it out in the report (it is kept
 *                         anyway, internally, when a progress property is checked)
 * @param symmetry         symmetry reduction: keep one state per class of states equal up to
 *                         renaming the model's symmetric set (for models that declare one)
 * @param packedSuccessors expand states on their packed encoding when the model offers it
 *                         ({@link org.rdmacheck.model.Model#packed}), with fingerprint storage and
 *                         no symmetry reduction; results are identical either way, only faster
 * @param reduction        the partial-order reduction asked for ({@link Reduction}); what is applied
 *                         is reported ({@link ReductionSummary}); off by default
 * @param symmetryAudit    under symmetry reduction, which expanded states are checked for renaming
 *                         commuting with the model's successors ({@link AuditScope}); a sample by default
 */
public record ExplorerSettings(int threads, Storage storage, long maxStates, long maxMillis, double maxHeapFraction,
                               boolean stopAtFirstViolation, long progressMillis, Consumer<ProgressReport> progress,
                               boolean recordGraph, boolean symmetry, boolean packedSuccessors,
                               Reduction reduction, AuditScope symmetryAudit) {

    /** How visited states are remembered. */
    public enum Storage {
        /** keep every state object: exact, memory-hungry */
        FULL,
        /**
         * keep a 64-bit fingerprint per state and rebuild traces by re-execution, as TLC does; on
         * the packed path the levels become compact (as {@link #COMPACT}) once the store and the
         * level structures pass a quarter of the heap limit
         */
        FINGERPRINT,
        /**
         * as {@link #FINGERPRINT}, with compact levels from the start on the packed path: the table
         * of a level's new states keeps their fingerprints and links, not their values, and the
         * next frontier is re-generated from the predecessors (one more expansion of each state
         * that reached a new one; less heap per state, the same states, numbers and traces)
         */
        COMPACT
    }

    /** Validates ranges. */
    public ExplorerSettings {
        if (threads < 1) {
            throw new IllegalArgumentException("threads = " + threads + ": expected at least 1");
        }
        if (maxStates < 1) {
            throw new IllegalArgumentException("maxStates = " + maxStates + ": expected at least 1");
        }
        if (maxMillis < 1) {
            throw new IllegalArgumentException("maxMillis = " + maxMillis + ": expected at least 1");
        }
        if (!(maxHeapFraction > 0 && maxHeapFraction <= 1)) {
            throw new IllegalArgumentException("maxHeapFraction = " + maxHeapFraction + ": expected a number in (0, 1]");
        }
        if (progress == null) {
            progress = r -> { };
        }
        if (reduction == null) {
            reduction = Reduction.NONE;
        }
        if (symmetryAudit == null) {
            symmetryAudit = AuditScope.SAMPLE;
        }
    }

    /** The settings with the default symmetry audit (the form before the audit existed). */
    public ExplorerSettings(int threads, Storage storage, long maxStates, long maxMillis, double maxHeapFraction,
                            boolean stopAtFirstViolation, long progressMillis, Consumer<ProgressReport> progress,
                            boolean recordGraph, boolean symmetry, boolean packedSuccessors, Reduction reduction) {
        this(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation, progressMillis, progress,
                recordGraph, symmetry, packedSuccessors, reduction, AuditScope.SAMPLE);
    }

    /** The settings without a partial-order reduction (the form before reductions existed). */
    public ExplorerSettings(int threads, Storage storage, long maxStates, long maxMillis, double maxHeapFraction,
                            boolean stopAtFirstViolation, long progressMillis, Consumer<ProgressReport> progress,
                            boolean recordGraph, boolean symmetry, boolean packedSuccessors) {
        this(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation, progressMillis, progress,
                recordGraph, symmetry, packedSuccessors, Reduction.NONE);
    }

    /** @param r the partial-order reduction to ask for  @return a copy */
    public ExplorerSettings withReduction(Reduction r) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, symmetry, packedSuccessors, r, symmetryAudit);
    }

    /** @return defaults: all cores, fingerprints, 50M states, 1 hour, 85% of the heap */
    public static ExplorerSettings defaults() {
        return new ExplorerSettings(Runtime.getRuntime().availableProcessors(), Storage.FINGERPRINT, 50_000_000L,
                3_600_000L, 0.85, false, 5_000L, r -> { }, false, false, true, Reduction.NONE, AuditScope.SAMPLE);
    }

    /** @param n threads  @return a copy with that many threads */
    public ExplorerSettings withThreads(int n) {
        return new ExplorerSettings(n, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param s storage mode  @return a copy with that storage */
    public ExplorerSettings withStorage(Storage s) {
        return new ExplorerSettings(threads, s, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param n state limit  @return a copy with that limit */
    public ExplorerSettings withMaxStates(long n) {
        return new ExplorerSettings(threads, storage, n, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param ms time limit  @return a copy with that limit */
    public ExplorerSettings withMaxMillis(long ms) {
        return new ExplorerSettings(threads, storage, maxStates, ms, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param f heap fraction  @return a copy with that limit */
    public ExplorerSettings withMaxHeapFraction(double f) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, f, stopAtFirstViolation, progressMillis,
                progress, recordGraph, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param stop whether to stop at the first violation  @return a copy */
    public ExplorerSettings withStopAtFirstViolation(boolean stop) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, maxHeapFraction, stop, progressMillis,
                progress, recordGraph, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param everyMillis interval  @param sink receiver  @return a copy reporting progress there */
    public ExplorerSettings withProgress(long everyMillis, Consumer<ProgressReport> sink) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                everyMillis, sink, recordGraph, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param reduce whether to apply symmetry reduction  @return a copy */
    public ExplorerSettings withSymmetry(boolean reduce) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, reduce, packedSuccessors, reduction, symmetryAudit);
    }

    /** @param audit which states to audit a declared symmetry on under symmetry reduction  @return a copy */
    public ExplorerSettings withSymmetryAudit(AuditScope audit) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, symmetry, packedSuccessors, reduction, audit);
    }

    /** @param packed whether to expand packed states when the model can  @return a copy */
    public ExplorerSettings withPackedSuccessors(boolean packed) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, recordGraph, symmetry, packed, reduction, symmetryAudit);
    }

    /** @param record whether to keep the state graph for the caller  @return a copy */
    public ExplorerSettings withRecordGraph(boolean record) {
        return new ExplorerSettings(threads, storage, maxStates, maxMillis, maxHeapFraction, stopAtFirstViolation,
                progressMillis, progress, record, symmetry, packedSuccessors, reduction, symmetryAudit);
    }

    /**
     * A progress report of a running exploration.
     *
     * @param distinctStates distinct states so far
     * @param queue          states waiting to be expanded
     * @param statesPerSecond distinct states per second so far
     * @param elapsedMillis  wall time so far
     * @param depth          current breadth-first level
     * @param walks          for random walks ({@link RandomWalks}): the walks finished, the states then
     *                       counted with repeats and the depth the longest walk's; -1 for the breadth-first search
     * @param score          for the directed search ({@link DirectedSearch}): the best score reached (the
     *                       queue is then its open list, the depth its longest path); -1 otherwise
     * @param maxScore       for the directed search: the heuristic's greatest score; -1 otherwise
     */
    public record ProgressReport(long distinctStates, long queue, double statesPerSecond, long elapsedMillis,
                                 int depth, long walks, int score, int maxScore) {
        /** A report of the breadth-first search. */
        public ProgressReport(long distinctStates, long queue, double statesPerSecond, long elapsedMillis, int depth) {
            this(distinctStates, queue, statesPerSecond, elapsedMillis, depth, -1);
        }

        /** A report of the breadth-first search or of random walks. */
        public ProgressReport(long distinctStates, long queue, double statesPerSecond, long elapsedMillis, int depth,
                              long walks) {
            this(distinctStates, queue, statesPerSecond, elapsedMillis, depth, walks, -1, -1);
        }

        @Override
        public String toString() {
            if (score >= 0) {
                return String.format("progress: %,d distinct states, open %,d, best score %d of %d, longest path %d "
                        + "steps, %,.0f states/s, %.1f s elapsed", distinctStates, queue, score, maxScore, depth,
                        statesPerSecond, elapsedMillis / 1000.0);
            }
            if (walks >= 0) {
                return String.format("progress: %,d walks, %,d states visited (repeats included), longest walk %d "
                        + "steps, %,.0f states/s, %.1f s elapsed", walks, distinctStates, depth, statesPerSecond,
                        elapsedMillis / 1000.0);
            }
            return String.format("progress: %,d distinct states, queue %,d, depth %d, %,.0f states/s, %.1f s elapsed",
                    distinctStates, queue, depth, statesPerSecond, elapsedMillis / 1000.0);
        }
    }
}
