package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.fluid.stability.StabilityPoint;
import org.rdmacheck.fluid.stability.StabilityVerdict;

/** Plain-text rendering of the stability analysis: aligned tables, a margin only where it applies. */
final class StabilityText {

    private StabilityText() {
    }

    /** @return the header of a point table */
    static String[] pointHeader() {
        return new String[] {"N", "tau*(us)", "p*", "q*(KB)", "PM(deg)", "fc(Hz)", "GM(dB)", "verdict"};
    }

    /** @param p a point  @return its cells */
    static String[] pointCells(StabilityPoint p) {
        boolean m = p.verdict().hasMargins();
        String verdict = p.verdict() == StabilityVerdict.OUTSIDE_LINEAR_REGION
                ? "OUTSIDE_LINEAR_REGION (p* > Pmax: no margin)" : p.verdict().name();
        if (p.rootCount()) {
            verdict += " (open loop unstable: by root count)";
        }
        if (p.pastPmax()) {
            verdict += " PAST_PMAX (RED slope continued past Pmax)";
        }
        return new String[] {Integer.toString(p.flows()), fmt("%.4g", p.delayMicros()), fmt("%.4g", p.p()),
            Double.isNaN(p.queueKB()) ? "-" : fmt("%.1f", p.queueKB()), m ? fmt("%.2f", p.phaseMarginDeg()) : "-",
            m ? fmt("%.0f", p.crossoverHz()) : "-", Double.isNaN(p.gainMarginDb()) ? "-" : fmt("%.1f", p.gainMarginDb()),
            verdict};
    }

    /** @param rows cells, the first row the header  @return an aligned table */
    static String table(List<String[]> rows) {
        int[] w = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                sb.append(i == r.length - 1 ? r[i] : String.format(Locale.ROOT, "%-" + (w[i] + 2) + "s", r[i]));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** @param header a header  @return a new table holding it */
    static List<String[]> start(String... header) {
        List<String[]> t = new ArrayList<>();
        t.add(header);
        return t;
    }

    /**
     * @param stop    why the run stopped, or empty
     * @param done    units finished
     * @param planned units in all
     * @param unit    their name
     * @return {@code INCONCLUSIVE: time limit 1s reached after 1.0 s; 12 of 150 rows done} and a newline, or
     *         nothing when the run finished
     */
    static String stopped(java.util.Optional<EarlyStop> stop, long done, long planned, String unit) {
        return stop.map(s -> String.format(Locale.ROOT, "INCONCLUSIVE: %s; %d of %d %s done (no files written)%n",
                s.reason(), done, planned, unit)).orElse("");
    }

    /** @param f format  @param v value  @return v formatted in the root locale */
    static String fmt(String f, double v) {
        return String.format(Locale.ROOT, f, v);
    }
}
