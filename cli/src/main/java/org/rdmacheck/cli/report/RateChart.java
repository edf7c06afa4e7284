package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.model.dasr.RateLoop;

/**
 * A Dart receiver trace drawn as what its properties are about (seed 000 III, seed 004 3.1): each
 * sender's current rate R_C (solid) and target rate R_T (dashed) over the observation windows, in
 * Gb/s of the 40 Gb/s line rate, above a strip of the receiver's congestion classifier state per
 * window; the violation as a red line, the lasso's loop as a shaded span. Labels sit on lines of
 * their own above the plot and in the legend, apart from each other and from the data.
 */
public final class RateChart {

    private static final double LINE_GBPS = 40;
    private static final int W = 1000;
    private static final int L = 64;
    private static final int R = 230;
    private static final int TOP = 44;
    private static final int PLOT_H = 220;
    private static final int STRIP = 22;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
    private static final Map<String, String> MODE_COLOURS = Map.of("NoCongestion", "#c8e6c9",
            "ReceiverCongestion", "#ffcc80", "NonReceiverCongestion", "#90caf9");

    private RateChart() {
    }

    /**
     * @param cex a counterexample
     * @param id  an id for the SVG element
     * @return the chart, for a Dart receiver trace whose states carry the senders' rates
     */
    public static Optional<String> of(Counterexample cex, String id) {
        if (!"dasr".equals(cex.provenance().model()) || cex.steps().isEmpty()
                || !cex.steps().get(0).state().path("rp").isArray()) {
            return Optional.empty();
        }
        int senders = cex.steps().get(0).state().path("rp").size();
        if (senders < 2) {
            return Optional.empty();
        }
        return Optional.of(svg(cex, id, RateLoop.lineRateFor(senders)));
    }

    private static String svg(Counterexample cex, String id, int lineUnits) {
        int n = cex.steps().size();
        int senders = cex.steps().get(0).state().path("rp").size();
        double unit = LINE_GBPS / lineUnits;
        double yMax = 0;
        for (var step : cex.steps()) {
            for (JsonNode rp : step.state().path("rp")) {
                yMax = Math.max(yMax, Math.max(rp.path("rc").asDouble(), rp.path("rt").asDouble()) * unit);
            }
        }
        double[] yTicks = Plots.ticks(0, Math.max(yMax, unit));
        double yTop = yTicks[yTicks.length - 1];
        int pw = W - L - R;
        int stripTop = TOP + PLOT_H + 8;
        int h = stripTop + STRIP + 46;
        // x: window k spans [k, k + 1); the last state is drawn one window wide
        java.util.function.DoubleUnaryOperator x = k -> L + k / n * pw;
        java.util.function.DoubleUnaryOperator y = v -> TOP + PLOT_H - v / yTop * PLOT_H;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"rate-chart\" "
                + "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"sans-serif\" font-size=\"12\" role=\"img\" aria-label=\"rates per sender and "
                + "classifier state over the trace\" data-senders=\"%d\" data-steps=\"%d\">%n", id, W, h, W, h,
                senders, n));
        sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n", W, h));
        if (cex.loopStart() >= 0) {
            double x0 = x.applyAsDouble(cex.loopStart());
            sb.append(String.format(Locale.ROOT, "<rect class=\"loop-span\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
                    + "height=\"%d\" fill=\"#f3e5f5\"/>%n", x0, TOP, L + pw - x0, PLOT_H + 8 + STRIP));
        }
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#888\"/>%n", L, TOP, pw, PLOT_H));
        for (double v : yTicks) {
            double yy = y.applyAsDouble(v);
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", L, L + pw, yy, yy,
                    L - 6, yy + 4, Plots.fmt(v)));
        }
        sb.append(String.format(Locale.ROOT, "<text class=\"axis\" transform=\"translate(14,%d) rotate(-90)\" "
                + "text-anchor=\"middle\" font-weight=\"bold\">rate (Gb/s)</text>%n", TOP + PLOT_H / 2));
        for (int s = 0; s < senders; s++) {
            String colour = COLOURS[s % COLOURS.length];
            sb.append(steps(cex, s, "rc", x, y, unit, colour, "rate-rc", ""));
            sb.append(steps(cex, s, "rt", x, y, unit, colour, "rate-rt", " stroke-dasharray=\"5 3\" opacity=\"0.7\""));
        }
        strip(sb, cex, x, stripTop);
        for (double v : Plots.ticks(0, n - 1)) {
            if (v == Math.rint(v)) {
                sb.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
                        + "%s</text>%n", x.applyAsDouble(v + 0.5), stripTop + STRIP + 16, Plots.fmt(v)));
            }
        }
        sb.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
                + "font-weight=\"bold\">step (one observation window, 55 us)</text>%n", L + pw / 2, stripTop + STRIP + 38));
        markers(sb, cex, x, stripTop);
        legend(sb, cex, senders, L + pw + 14);
        return sb.append("</svg>\n").toString();
    }

    /** One sender's rate as a step function over the windows. */
    private static String steps(Counterexample cex, int sender, String field, java.util.function.DoubleUnaryOperator x,
                                java.util.function.DoubleUnaryOperator y, double unit, String colour, String cls,
                                String style) {
        StringBuilder pts = new StringBuilder();
        for (int k = 0; k < cex.steps().size(); k++) {
            double v = cex.steps().get(k).state().path("rp").get(sender).path(field).asDouble() * unit;
            double yy = y.applyAsDouble(v);
            pts.append(String.format(Locale.ROOT, "%.1f,%.1f %.1f,%.1f ", x.applyAsDouble(k), yy,
                    x.applyAsDouble(k + 1), yy));
        }
        return String.format(Locale.ROOT, "<polyline class=\"%s\" data-sender=\"%d\" fill=\"none\" stroke=\"%s\" "
                + "stroke-width=\"1.8\"%s points=\"%s\"/>%n", cls, sender, colour, style, pts.toString().strip());
    }

    /** The classifier state per window, one coloured cell per step (runs merged). */
    private static void strip(StringBuilder sb, Counterexample cex, java.util.function.DoubleUnaryOperator x, int top) {
        int n = cex.steps().size();
        int start = 0;
        for (int k = 1; k <= n; k++) {
            String mode = mode(cex, start);
            if (k == n || !mode(cex, k).equals(mode)) {
                sb.append(String.format(Locale.ROOT, "<rect class=\"mode\" data-mode=\"%s\" x=\"%.1f\" y=\"%d\" "
                        + "width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>steps %d-%d: %s</title></rect>%n", esc(mode),
                        x.applyAsDouble(start), top, x.applyAsDouble(k) - x.applyAsDouble(start), STRIP,
                        MODE_COLOURS.getOrDefault(mode, "#e0e0e0"), start, k - 1, esc(mode)));
                start = k;
            }
        }
    }

    private static String mode(Counterexample cex, int step) {
        return cex.steps().get(step).state().path("mode").asText("?");
    }

    /** The violation's line and the loop's span, each labelled on its own line above the plot. */
    private static void markers(StringBuilder sb, Counterexample cex, java.util.function.DoubleUnaryOperator x,
                                int stripTop) {
        int right = W - R;
        if (cex.violationIndex() >= 0 && cex.violationIndex() < cex.steps().size()) {
            double vx = x.applyAsDouble(cex.violationIndex() + 0.5);
            sb.append(String.format(Locale.ROOT, "<line class=\"violation\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
                    + "stroke=\"#c62828\" stroke-width=\"2\"/>%n", vx, vx, 16, stripTop + STRIP));
            String text = "✗ " + cex.property() + " violated here (step " + cex.violationIndex() + ")";
            sb.append(anchored("violation-label", text, vx, 12, right, "#c62828"));
        }
        if (cex.loopStart() >= 0) {
            double lx = x.applyAsDouble(cex.loopStart());
            String text = cex.loopStart() >= cex.steps().size() - 1 ? "loop: stays at step " + cex.loopStart() + " for ever"
                    : "loop: steps " + cex.loopStart() + "–" + (cex.steps().size() - 1) + " repeat for ever";
            sb.append(anchored("loop-label", text, lx, 30, right, "#6a1b9a"));
        }
    }

    /** A label starting at x, or ending there when it would run past the plot's right edge. */
    private static String anchored(String cls, String text, double x, int y, int right, String colour) {
        int w = (int) (TextMetrics.width(text, 12) * 1.1);
        boolean end = x + 4 + w > right;
        return String.format(Locale.ROOT, "<text class=\"%s\" x=\"%.1f\" y=\"%d\" fill=\"%s\" font-weight=\"bold\" "
                + "text-anchor=\"%s\">%s</text>%n", cls, end ? Math.max(w, x - 4) : x + 4, y, colour,
                end ? "end" : "start", esc(text));
    }

    private static void legend(StringBuilder sb, Counterexample cex, int senders, int x) {
        List<String[]> rows = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            rows.add(new String[] {"line", COLOURS[s % COLOURS.length], "sender " + s + " R_C", ""});
            rows.add(new String[] {"line", COLOURS[s % COLOURS.length], "sender " + s + " R_T (target)", "5 3"});
        }
        Map<String, String> modes = new LinkedHashMap<>();
        cex.steps().forEach(st -> modes.putIfAbsent(st.state().path("mode").asText("?"), ""));
        modes.keySet().forEach(m -> rows.add(new String[] {"box", MODE_COLOURS.getOrDefault(m, "#e0e0e0"), m, ""}));
        int y = TOP + 8;
        for (String[] r : rows) {
            if (r[0].equals("line")) {
                sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" "
                        + "stroke-width=\"3\"%s/>", x, x + 20, y, y, r[1], r[3].isEmpty() ? ""
                        : " stroke-dasharray=\"" + r[3] + "\""));
            } else {
                sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"10\" fill=\"%s\"/>",
                        x, y - 5, r[1]));
            }
            sb.append(String.format(Locale.ROOT, "<text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>%n", x + 26, y + 4,
                    esc(r[2])));
            y += 17;
        }
    }
}
