package org.rdmacheck.checker.gbn;

import java.util.Optional;
import org.rdmacheck.checker.TimeText;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.properties.gbn.FirstTimeoutSearch;

/**
 * The explorer's state, time and heap limits applied to the timeout tables' own history searches,
 * so that a table run under {@code --max-time} or a small heap ends Inconclusive instead of running
 * on or running out of memory.
 */
final class SearchLimits {

    private SearchLimits() {
    }

    /**
     * @param settings the limits (states: the (state, history) pairs visited)
     * @param startNanos when the table started ({@link System#nanoTime()}): the time limit covers it all
     * @return the limit
     */
    static FirstTimeoutSearch.Limit of(ExplorerSettings settings, long startNanos) {
        long[] lastGc = {0};
        return visited -> {
            if (visited >= settings.maxStates()) {
                return Optional.of(new FirstTimeoutSearch.Reached(FirstTimeoutSearch.LimitKind.STATE_LIMIT,
                        "state limit " + settings.maxStates() + " reached (state and loss-history pairs)"));
            }
            long elapsedMillis = (System.nanoTime() - startNanos) / 1_000_000;
            if (elapsedMillis >= settings.maxMillis()) {
                return Optional.of(new FirstTimeoutSearch.Reached(FirstTimeoutSearch.LimitKind.TIME_LIMIT,
                        "time limit " + TimeText.of(settings.maxMillis()) + " reached"));
            }
            Runtime rt = Runtime.getRuntime();
            double cap = settings.maxHeapFraction() * rt.maxMemory();
            // the cheap figure counts garbage: confirm with a collection, at most one a second
            if (rt.totalMemory() - rt.freeMemory() > cap && System.nanoTime() - lastGc[0] > 1_000_000_000L) {
                lastGc[0] = System.nanoTime();
                System.gc();
                if (rt.totalMemory() - rt.freeMemory() > cap) {
                    return Optional.of(new FirstTimeoutSearch.Reached(FirstTimeoutSearch.LimitKind.MEMORY_LIMIT,
                            "heap limit " + Math.round(settings.maxHeapFraction() * 100) + "% of "
                            + (rt.maxMemory() >> 20) + " MB reached"));
                }
            }
            return Optional.empty();
        };
    }

    /**
     * A table's exhaustive check must finish, or its figures are partial.
     *
     * @param report the explorer's report
     * @throws FirstTimeoutSearch.LimitReachedException when the exploration stopped at a limit
     */
    static void requireComplete(ExplorationReport report) {
        if (!report.complete()) {
            throw new FirstTimeoutSearch.LimitReachedException(new FirstTimeoutSearch.Reached(kind(report),
                    report.stopReason()));
        }
    }

    /** @return the limit that stopped an incomplete exploration, as the tables' searches name it */
    private static FirstTimeoutSearch.LimitKind kind(ExplorationReport report) {
        for (org.rdmacheck.checker.CheckResult r : report.results()) {
            if (r instanceof org.rdmacheck.checker.CheckResult.Inconclusive i) {
                return switch (i.cause()) {
                    case TIME_LIMIT -> FirstTimeoutSearch.LimitKind.TIME_LIMIT;
                    case STATE_LIMIT -> FirstTimeoutSearch.LimitKind.STATE_LIMIT;
                    default -> FirstTimeoutSearch.LimitKind.MEMORY_LIMIT;
                };
            }
        }
        // an exploration stopped without an inconclusive result stopped at its heap or storage bound
        return FirstTimeoutSearch.LimitKind.MEMORY_LIMIT;
    }
}
