package org.rdmacheck.cli.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.cli.report.SequenceChart.Fate;
import org.rdmacheck.cli.report.SequenceChart.Message;
import org.rdmacheck.cli.report.SequenceChart.Note;

/**
 * Draws a {@link SequenceChart} as SVG: lifelines top to bottom, one row per step, each message an
 * arrow ({@code line.arrow}) from its send row to its arrival row, a loss a cross ({@code .loss}),
 * notes as boxes, the violation as a red band with its label in a column of its own on the right, a
 * lasso's loop as a bracket in a gutter of its own on the left.
 *
 * <p>Labels never share space: a row's labels and notes are set on as many text lines as they need
 * so that none overlaps another (widths from {@link TextMetrics}, generous), the text lines sit above
 * the row's arrow line, and every arrowhead ends on an arrow line, below a row's text or in the gutter.
 */
public final class SequenceChartSvg {

    private static final int LANE_GAP = 190;
    /** Left edge of the first lifeline's column: step numbers and the loop's gutter are left of it. */
    private static final int LANES_X = 110;
    private static final int GUTTER_X = 86;
    private static final int HEAD_TOP = 50;
    private static final int LINE = 16;
    private static final int FONT = 12;
    private static final int NOTE_FONT = 11;
    private static final int LABEL_GAP = 8;

    private SequenceChartSvg() {
    }

    /** A label (or note) placed in a row, from x0 to x1. */
    private record Item(int row, double x0, double x1, Kind kind, String text, String title) {
    }

    private enum Kind { MESSAGE, NOTE, VIOLATION, LOOP }

    /** Vertical geometry: each row's top, text line count and arrow line. */
    private record Rows(int[] top, int[] lines, int[] anchor, int[] bottom) {
        int baseline(int row, int line) {
            return top[row] + 3 + LINE * line + 12;
        }
    }

    /**
     * @param c  the chart
     * @param id an id for the SVG element
     * @return the SVG element
     */
    public static String svg(SequenceChart c, String id) {
        List<Item> items = items(c);
        int[] line = new int[items.size()];
        int[] lines = assignLines(c.steps(), items, line);
        boolean[] sameStep = new boolean[c.steps()];
        for (Message m : c.messages()) {
            if (m.endStep() == m.sendStep()) {
                sameStep[m.sendStep()] = true;
            }
        }
        Rows rows = rows(c.steps(), lines, sameStep);
        double right = laneX(Math.max(0, c.lanes().size() - 1)) + 80;
        for (Item it : items) {
            right = Math.max(right, it.x1());
        }
        int width = (int) Math.ceil(right) + 12;
        int height = rows.bottom()[c.steps() - 1] + 34;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"msc\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"message sequence chart\" "
                + "data-messages=\"%d\">%n", id, width, height, width, height, c.messages().size()));
        sb.append("<defs>").append(marker(id + "-head", "#1f3b73")).append(marker(id + "-loophead", "#6a1b9a"))
                .append("</defs>\n");
        bands(sb, c, rows, width);
        for (int s = 0; s < c.steps(); s++) {
            sb.append(String.format(Locale.ROOT, "<text class=\"step-no\" x=\"8\" y=\"%d\">%s</text>%n",
                    rows.anchor()[s] + 4, s == 0 ? "init" : "step " + s));
        }
        for (int l = 0; l < c.lanes().size(); l++) {
            lane(sb, c.lanes().get(l), laneX(l), height);
        }
        for (Message m : c.messages()) {
            arrow(sb, m, rows, id);
        }
        if (c.loopStart() >= 0) {
            loop(sb, c, rows, id);
        }
        for (int i = 0; i < items.size(); i++) {
            label(sb, items.get(i), rows.baseline(items.get(i).row(), line[i]));
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    /** Every label of the chart with its horizontal extent. */
    private static List<Item> items(SequenceChart c) {
        List<Item> items = new ArrayList<>();
        double lanesLeft = LANES_X + 4;
        for (Message m : c.messages()) {
            String text = label(m);
            int w = TextMetrics.width(text, FONT);
            double x = laneX(m.from());
            double x0 = m.to() >= m.from() ? x + LABEL_GAP : x - LABEL_GAP - w;
            x0 = Math.max(lanesLeft, x0);
            items.add(new Item(m.sendStep(), x0, x0 + w, Kind.MESSAGE, text, text));
        }
        for (Note n : c.notes()) {
            String shown = n.text().length() > 48 ? n.text().substring(0, 47) + "…" : n.text();
            double x0 = laneX(n.lane()) + 6;
            items.add(new Item(n.step(), x0, x0 + TextMetrics.width(shown, NOTE_FONT) + 10, Kind.NOTE, shown,
                    n.text()));
        }
        double right = laneX(Math.max(0, c.lanes().size() - 1)) + 60;
        for (Item it : items) {
            right = Math.max(right, it.x1());
        }
        if (c.violationIndex() >= 0 && c.violationIndex() < c.steps()) {
            String text = "✗ " + c.property() + " violated here";
            items.add(new Item(c.violationIndex(), right + 16, right + 16 + TextMetrics.width(text, FONT) * 1.1,
                    Kind.VIOLATION, text, text));
        }
        if (c.loopStart() >= 0) {
            String text = c.loopStart() >= c.steps() - 1 ? "stays at step " + c.loopStart() + " for ever"
                    : "loop back to step " + c.loopStart();
            items.add(new Item(c.steps() - 1, 8, 8 + TextMetrics.width(text, FONT), Kind.LOOP, text, text));
        }
        return items;
    }

    /**
     * Sets each row's labels on text lines, left to right, each on the first line where it clears
     * the one before by a gap.
     *
     * @return text lines per row (at least one)
     */
    private static int[] assignLines(int steps, List<Item> items, int[] line) {
        int[] lines = new int[steps];
        java.util.Arrays.fill(lines, 1);
        List<List<Integer>> byRow = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            byRow.add(new ArrayList<>());
        }
        for (int i = 0; i < items.size(); i++) {
            byRow.get(items.get(i).row()).add(i);
        }
        for (int s = 0; s < steps; s++) {
            List<Integer> row = byRow.get(s);
            row.sort(Comparator.comparingDouble(i -> items.get(i).x0()));
            List<Double> ends = new ArrayList<>();
            for (int i : row) {
                int k = 0;
                while (k < ends.size() && ends.get(k) + 8 > items.get(i).x0()) {
                    k++;
                }
                if (k == ends.size()) {
                    ends.add(0.0);
                }
                ends.set(k, items.get(i).x1());
                line[i] = k;
            }
            lines[s] = Math.max(1, ends.size());
        }
        return lines;
    }

    private static Rows rows(int steps, int[] lines, boolean[] sameStep) {
        int[] top = new int[steps];
        int[] anchor = new int[steps];
        int[] bottom = new int[steps];
        int y = HEAD_TOP;
        for (int s = 0; s < steps; s++) {
            top[s] = y;
            anchor[s] = y + 3 + LINE * lines[s] + 8;
            bottom[s] = anchor[s] + (sameStep[s] ? 17 : 9);
            y = bottom[s];
        }
        return new Rows(top, lines, anchor, bottom);
    }

    private static void bands(StringBuilder sb, SequenceChart c, Rows rows, int width) {
        for (int s = 1; s < c.steps(); s += 2) {
            sb.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f6f7fb\"/>%n",
                    rows.top()[s], width, rows.bottom()[s] - rows.top()[s]));
        }
        if (c.violationIndex() >= 0 && c.violationIndex() < c.steps()) {
            int s = c.violationIndex();
            sb.append(String.format(Locale.ROOT, "<rect class=\"violation\" x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    + "fill=\"#fde2e2\" stroke=\"#c62828\"/>%n", rows.top()[s], width, rows.bottom()[s] - rows.top()[s]));
        }
        if (c.loopStart() >= 0) {
            // the loop's rows, marked in the gutter (apart from the violation's band and label)
            int from = rows.top()[c.loopStart()];
            sb.append(String.format(Locale.ROOT, "<rect class=\"loop-rows\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    + "fill=\"#f3e5f5\"/>%n", GUTTER_X - 10, from, LANES_X - GUTTER_X + 6,
                    rows.bottom()[c.steps() - 1] - from));
        }
    }

    private static void lane(StringBuilder sb, String name, int x, int height) {
        String shown = name;
        while (TextMetrics.width(shown, FONT) > LANE_GAP - 24 && shown.length() > 4) {
            shown = shown.substring(0, shown.length() - 2) + "…";
        }
        int w = Math.max(90, TextMetrics.width(shown, FONT) + 16);
        sb.append(String.format(Locale.ROOT, "<g class=\"lane\"><title>%s</title><rect class=\"lane-head\" x=\"%d\" "
                + "y=\"6\" width=\"%d\" height=\"26\" rx=\"4\" fill=\"#1f3b73\"/><text class=\"lane-name\" x=\"%d\" "
                + "y=\"24\" fill=\"#fff\" text-anchor=\"middle\">%s</text></g>%n", esc(name), x - w / 2, w, x, esc(shown)));
        sb.append(String.format(Locale.ROOT, "<line class=\"lifeline\" x1=\"%d\" y1=\"32\" x2=\"%d\" y2=\"%d\" "
                + "stroke=\"#8a94a6\" stroke-dasharray=\"4 4\"/>%n", x, x, height - 10));
    }

    private static String label(Message m) {
        return m.label() + (m.fate() == Fate.LOST ? " (lost)" : m.fate() == Fate.IN_FLIGHT ? " (in flight)" : "");
    }

    private static void arrow(StringBuilder sb, Message m, Rows rows, String id) {
        int x1 = laneX(m.from());
        int x2 = laneX(m.to());
        int y1 = rows.anchor()[m.sendStep()];
        int y2 = m.endStep() == m.sendStep() ? y1 + 10 : rows.anchor()[m.endStep()];
        if (m.fate() == Fate.IN_FLIGHT) {
            y2 = rows.bottom()[m.endStep()] + 14;
        }
        int xe = m.fate() == Fate.LOST ? (x1 + x2) / 2 : x2;
        sb.append(String.format(Locale.ROOT, "<g class=\"msg %s\" data-step=\"%d\">", m.fate().name().toLowerCase(
                Locale.ROOT), m.sendStep()));
        sb.append(String.format(Locale.ROOT, "<line class=\"arrow\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                + "stroke=\"#1f3b73\" stroke-width=\"1.6\"%s%s/>", x1, y1, xe, y2,
                m.fate() == Fate.IN_FLIGHT ? " stroke-dasharray=\"6 3\"" : "",
                m.fate() == Fate.LOST ? "" : " marker-end=\"url(#" + id + "-head)\""));
        if (m.fate() == Fate.LOST) {
            sb.append(String.format(Locale.ROOT, "<path class=\"loss\" d=\"M%d,%d L%d,%d M%d,%d L%d,%d\" stroke=\"#c62828\" "
                    + "stroke-width=\"3\"/>", xe - 6, y2 - 6, xe + 6, y2 + 6, xe - 6, y2 + 6, xe + 6, y2 - 6));
        }
        sb.append("</g>\n");
    }

    /** The lasso's return: a bracket in the left gutter from the last row back to the loop's first. */
    private static void loop(StringBuilder sb, SequenceChart c, Rows rows, String id) {
        int x = LANES_X - 8;
        int y1 = rows.anchor()[c.steps() - 1];
        if (c.loopStart() >= c.steps() - 1) {
            // a lasso whose loop is its last state: the behaviour stutters there for ever
            sb.append(String.format(Locale.ROOT, "<path class=\"loop\" d=\"M%d,%d C%d,%d %d,%d %d,%d\" fill=\"none\" "
                    + "stroke=\"#6a1b9a\" stroke-width=\"2\" marker-end=\"url(#%s-loophead)\"/>%n", x, y1 - 5,
                    GUTTER_X - 8, y1 - 14, GUTTER_X - 8, y1 + 14, x, y1 + 5, id));
        } else {
            sb.append(String.format(Locale.ROOT, "<path class=\"loop\" d=\"M%d,%d H%d V%d H%d\" fill=\"none\" "
                    + "stroke=\"#6a1b9a\" stroke-width=\"2\" marker-end=\"url(#%s-loophead)\"/>%n", x, y1, GUTTER_X,
                    rows.anchor()[c.loopStart()], x, id));
        }
    }

    private static void label(StringBuilder sb, Item it, int y) {
        switch (it.kind()) {
            // a white box behind the label: another message's arrow may cross its row, and the text's halo
            // alone leaves the line visible between the glyphs
            case MESSAGE -> sb.append(String.format(Locale.ROOT, "<rect class=\"msg-label-bg\" x=\"%.0f\" y=\"%d\" "
                    + "width=\"%.0f\" height=\"15\" fill=\"#fff\" fill-opacity=\"0.9\"/><text class=\"msg-label\" "
                    + "x=\"%.0f\" y=\"%d\">%s</text>%n", it.x0() - 2, y - 12, it.x1() - it.x0() + 4, it.x0(), y,
                    esc(it.text())));
            case NOTE -> sb.append(String.format(Locale.ROOT, "<g class=\"note\"><title>%s</title><rect x=\"%.0f\" "
                    + "y=\"%d\" width=\"%.0f\" height=\"15\" rx=\"3\" fill=\"#fff8e1\" stroke=\"#f9a825\"/><text "
                    + "class=\"note-text\" x=\"%.0f\" y=\"%d\" font-size=\"%d\">%s</text></g>%n", esc(it.title()),
                    it.x0(), y - 12, it.x1() - it.x0(), it.x0() + 5, y - 1, NOTE_FONT, esc(it.text())));
            case VIOLATION -> sb.append(String.format(Locale.ROOT, "<text class=\"violation-label\" x=\"%.0f\" y=\"%d\" "
                    + "fill=\"#c62828\" font-weight=\"bold\">%s</text>%n", it.x0(), y, esc(it.text())));
            case LOOP -> sb.append(String.format(Locale.ROOT, "<text class=\"loop-label\" x=\"%.0f\" y=\"%d\" "
                    + "fill=\"#6a1b9a\">%s</text>%n", it.x0(), y, esc(it.text())));
        }
    }

    private static String marker(String id, String colour) {
        return "<marker id=\"" + id + "\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" "
                + "markerWidth=\"9\" markerHeight=\"9\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" "
                + "fill=\"" + colour + "\"/></marker>";
    }

    private static int laneX(int lane) {
        return LANES_X + LANE_GAP / 2 + lane * LANE_GAP;
    }

    /** @param s text  @return it escaped for XML */
    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
