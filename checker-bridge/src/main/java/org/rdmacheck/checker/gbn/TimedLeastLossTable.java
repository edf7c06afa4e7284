package org.rdmacheck.checker.gbn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.TimeoutCause;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;
import org.rdmacheck.properties.gbn.timed.TimedTimeoutCauses;

/**
 * The least-loss table of the timed model: per Go-Back-N variant, the least loss budget L at which
 * some run waits for the ACK timeout, each first timeout at that L attributed to one cause with a
 * shortest trace, and the explorer's verdict on NoTimeout at L as a cross-check.
 *
 * @param base      parameters other than the variant and losses (defaults of {@code gbn-timed} otherwise)
 * @param maxLosses the largest budget tried
 * @param settings  explorer settings
 */
public record TimedLeastLossTable(Map<String, String> base, int maxLosses, ExplorerSettings settings) {

    /** Variants in table order. */
    public static final List<String> VARIANTS = List.of("gb0", "gbn", "st", "ce", "improved");

    /** Copies the parameters. */
    public TimedLeastLossTable {
        base = Map.copyOf(base);
    }

    /**
     * One cause found at the least budget.
     *
     * @param cause       the cause
     * @param histories   distinct loss histories that end in a first timeout with this cause
     * @param traceLength steps of its shortest trace
     * @param example     the shortest trace, as a NoTimeout counterexample
     */
    public record CauseRow(TimeoutCause cause, int histories, int traceLength, Counterexample example) {
    }

    /**
     * One variant's row.
     *
     * @param variant        variant name
     * @param leastLosses    least L forcing a timeout; -1 if none up to the maximum tried
     * @param distinctStates distinct states of the model at that L (explorer)
     * @param historyNodes   (state, loss history) pairs the cause analysis visited at that L
     * @param wallMillis     time of the whole row
     * @param causes         the causes at L
     */
    public record Row(String variant, int leastLosses, long distinctStates, long historyNodes, long wallMillis,
                      List<CauseRow> causes) {
        /** Copies the list. */
        public Row {
            causes = List.copyOf(causes);
        }
    }

    /** @return one row per variant */
    public List<Row> compute() {
        List<Row> rows = new ArrayList<>();
        long start = System.nanoTime();
        for (String v : VARIANTS) {
            rows.add(row(v, start));
        }
        return rows;
    }

    /**
     * @param variant a variant of {@code gbn-timed}
     * @return its row
     */
    public Row row(String variant) {
        return row(variant, System.nanoTime());
    }

    /**
     * @param variant    a variant of {@code gbn-timed}
     * @param startNanos when the table started ({@link System#nanoTime()}): the settings' time limit counts from it
     * @return its row
     * @throws org.rdmacheck.properties.gbn.FirstTimeoutSearch.LimitReachedException when the settings' state,
     *         time or heap limit stops the row: it would be partial
     */
    public Row row(String variant, long startNanos) {
        long t0 = System.currentTimeMillis();
        TimedGbnEntry entry = new TimedGbnEntry();
        for (int l = 0; l <= maxLosses; l++) {
            Map<String, String> m = new LinkedHashMap<>(base);
            m.put("losses", Integer.toString(l));
            Params p = entry.resolve(variant, Params.of(m));
            TimedGoBackN model = TimedGbnEntry.model(variant, p);
            TimedTimeoutCauses.Analysis a = TimedTimeoutCauses.analyse(model, SearchLimits.of(settings, startNanos));
            if (a.anyTimeout()) {
                return found(entry, variant, l, p, model, a, t0);
            }
        }
        return new Row(variant, -1, 0, 0, System.currentTimeMillis() - t0, List.of());
    }

    private Row found(TimedGbnEntry entry, String variant, int losses, Params p, TimedGoBackN model,
                      TimedTimeoutCauses.Analysis a, long t0) {
        // every property, so that the exploration covers the whole state space at L
        CheckSpec<LayoutState> all = entry.build(variant, p);
        ExplorationReport report = new Explorer(settings.withStopAtFirstViolation(false)).check(all);
        SearchLimits.requireComplete(report);
        if (!(report.result(TimedGbnProperties.NO_TIMEOUT) instanceof CheckResult.Violated)) {
            throw new IllegalStateException("the cause analysis found a timeout at L=" + losses + " but the explorer says "
                    + report.result(TimedGbnProperties.NO_TIMEOUT).verdict() + " for " + variant);
        }
        List<CauseRow> causes = new ArrayList<>();
        a.counts().forEach((cause, n) -> {
            TimedTimeoutCauses.Attribution x = a.examples().get(cause);
            causes.add(new CauseRow(cause, n, x.trace().size(),
                    TimedTraces.counterexample(model, variant, all.parameters(), x, "gbn-timed-table")));
        });
        return new Row(variant, losses, report.stats().distinctStates(), a.nodes(), System.currentTimeMillis() - t0,
                causes);
    }
}
