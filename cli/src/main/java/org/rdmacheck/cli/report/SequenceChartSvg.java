package org.rdmacheck.cli.report;

import java.util.Locale;
import org.rdmacheck.cli.report.SequenceChart.Fate;
import org.rdmacheck.cli.report.SequenceChart.Message;
import org.rdmacheck.cli.report.SequenceChart.Note;

/**
 * Draws a {@link SequenceChart} as SVG: lifelines top to bottom, one row per step, each message an
 * arrow ({@code line.arrow}) from its send row to its arrival row, a loss a cross ({@code .loss}),
 * notes as boxes, the violation as a red band, a lasso's loop as a bracket on the left.
 */
public final class SequenceChartSvg {

    private static final int LANE_GAP = 190;
    private static final int ROW = 34;
    private static final int LEFT = 90;
    private static final int TOP = 50;
    private static final int NOTE_ROOM = 200;

    private SequenceChartSvg() {
    }

    /**
     * @param c  the chart
     * @param id an id for the SVG element
     * @return the SVG element
     */
    public static String svg(SequenceChart c, String id) {
        // room right of the last lifeline for its notes, then for the lasso's bracket
        int width = LEFT + LANE_GAP * Math.max(1, c.lanes().size()) + NOTE_ROOM + (c.loopStart() >= 0 ? 150 : 0);
        int height = TOP + ROW * (c.steps() + 1) + 30;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"msc\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"message sequence chart\" "
                + "data-messages=\"%d\">%n", id, width, height, width, height, c.messages().size()));
        sb.append("<defs><marker id=\"").append(id).append("-head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
                + "markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" "
                + "fill=\"#1f3b73\"/></marker></defs>\n");
        for (int s = 0; s < c.steps(); s++) {
            int y = rowY(s);
            if (s % 2 == 1) {
                sb.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f6f7fb\"/>%n",
                        y - ROW / 2, width, ROW));
            }
        }
        if (c.violationIndex() >= 0 && c.violationIndex() < c.steps()) {
            int y = rowY(c.violationIndex());
            sb.append(String.format(Locale.ROOT, "<rect class=\"violation\" x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    + "fill=\"#fde2e2\" stroke=\"#c62828\"/>%n", y - ROW / 2, width, ROW));
            boolean last = c.violationIndex() == c.steps() - 1;
            sb.append(String.format(Locale.ROOT, "<text class=\"violation-label\" x=\"%d\" y=\"%d\" fill=\"#c62828\" "
                    + "font-weight=\"bold\" text-anchor=\"%s\">&#x2717; %s violated here</text>%n", last ? 8
                    : width - 6 - (c.loopStart() >= 0 ? 150 : 0),
                    last ? y + ROW / 2 + 14 : y + 4, last ? "start" : "end", esc(c.property())));
        }
        for (int s = 0; s < c.steps(); s++) {
            sb.append(String.format(Locale.ROOT, "<text class=\"step-no\" x=\"8\" y=\"%d\">%s</text>%n", rowY(s) + 4,
                    s == 0 ? "init" : "step " + s));
        }
        for (int l = 0; l < c.lanes().size(); l++) {
            int x = laneX(l);
            sb.append(String.format(Locale.ROOT, "<rect class=\"lane-head\" x=\"%d\" y=\"6\" width=\"150\" height=\"26\" "
                    + "rx=\"4\" fill=\"#1f3b73\"/><text x=\"%d\" y=\"24\" fill=\"#fff\" text-anchor=\"middle\">%s</text>%n",
                    x - 75, x, esc(c.lanes().get(l))));
            sb.append(String.format(Locale.ROOT, "<line class=\"lifeline\" x1=\"%d\" y1=\"32\" x2=\"%d\" y2=\"%d\" "
                    + "stroke=\"#8a94a6\" stroke-dasharray=\"4 4\"/>%n", x, x, height - 10));
        }
        for (Note n : c.notes()) {
            note(sb, n);
        }
        // labels of messages sent from one lifeline at one step are set side by side
        java.util.Map<String, Integer> sameRow = new java.util.HashMap<>();
        for (Message m : c.messages()) {
            String key = m.sendStep() + "/" + m.from();
            int shift = sameRow.getOrDefault(key, 0);
            sameRow.put(key, shift + labelWidth(label(m)) + 10);
            message(sb, m, id, shift);
        }
        if (c.loopStart() >= 0) {
            // the lasso's return, as a bracket right of the last lifeline's notes
            int x = LEFT + LANE_GAP * c.lanes().size() + NOTE_ROOM;
            int y1 = rowY(c.steps() - 1);
            int y2 = rowY(c.loopStart());
            if (c.loopStart() >= c.steps() - 1) {
                // a lasso whose loop is its last state: the behaviour stutters there for ever
                sb.append(String.format(Locale.ROOT, "<path class=\"loop\" d=\"M%d,%d C%d,%d %d,%d %d,%d\" fill=\"none\" "
                        + "stroke=\"#6a1b9a\" stroke-width=\"2\" marker-end=\"url(#%s-head)\"/>%n", x - 30, y1 - 6,
                        x + 10, y1 - 22, x + 10, y1 + 22, x - 30, y1 + 6, id));
                sb.append(String.format(Locale.ROOT, "<text class=\"loop-label\" x=\"%d\" y=\"%d\" fill=\"#6a1b9a\">"
                        + "stays at step %d for ever</text>%n", x + 14, y1 + 4, c.loopStart()));
            } else {
                sb.append(String.format(Locale.ROOT, "<path class=\"loop\" d=\"M%d,%d C%d,%d %d,%d %d,%d\" fill=\"none\" "
                        + "stroke=\"#6a1b9a\" stroke-width=\"2\" marker-end=\"url(#%s-head)\"/>%n", x - 30, y1, x + 20,
                        y1, x + 20, y2, x - 30, y2, id));
                sb.append(String.format(Locale.ROOT, "<text class=\"loop-label\" x=\"%d\" y=\"%d\" fill=\"#6a1b9a\">"
                        + "loop back to step %d</text>%n", x + 18, (y1 + y2) / 2 + 4, c.loopStart()));
            }
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static String label(Message m) {
        return m.label() + (m.fate() == Fate.LOST ? " (lost)" : m.fate() == Fate.IN_FLIGHT ? " (in flight)" : "");
    }

    /** Width of a 12 px label in pixels, a little generous. */
    private static int labelWidth(String text) {
        return (int) Math.ceil(6.8 * text.length());
    }

    private static void message(StringBuilder sb, Message m, String id, int shift) {
        int x1 = laneX(m.from());
        int x2 = laneX(m.to());
        int y1 = rowY(m.sendStep());
        int y2 = m.endStep() == m.sendStep() ? y1 + ROW / 3 : rowY(m.endStep());
        if (m.fate() == Fate.IN_FLIGHT) {
            y2 += ROW / 2;
        }
        int xe = x2;
        int ye = y2;
        if (m.fate() == Fate.LOST) {
            xe = (x1 + x2) / 2;
            ye = y2;
        }
        sb.append(String.format(Locale.ROOT, "<g class=\"msg %s\" data-step=\"%d\">", m.fate().name().toLowerCase(
                Locale.ROOT), m.sendStep()));
        sb.append(String.format(Locale.ROOT, "<line class=\"arrow\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                + "stroke=\"#1f3b73\" stroke-width=\"1.6\"%s%s/>", x1, y1, xe, ye,
                m.fate() == Fate.IN_FLIGHT ? " stroke-dasharray=\"6 3\"" : "",
                m.fate() == Fate.LOST ? "" : " marker-end=\"url(#" + id + "-head)\""));
        if (m.fate() == Fate.LOST) {
            sb.append(String.format(Locale.ROOT, "<path class=\"loss\" d=\"M%d,%d L%d,%d M%d,%d L%d,%d\" stroke=\"#c62828\" "
                    + "stroke-width=\"3\"/>", xe - 7, ye - 7, xe + 7, ye + 7, xe - 7, ye + 7, xe + 7, ye - 7));
        }
        int lx = x1 + (x2 > x1 ? 8 : -8);
        sb.append(String.format(Locale.ROOT, "<text class=\"msg-label\" x=\"%d\" y=\"%d\" text-anchor=\"%s\">%s</text>",
                x2 > x1 ? lx + shift : lx - shift, y1 - 4, x2 > x1 ? "start" : "end", esc(label(m))));
        sb.append("</g>\n");
    }

    private static void note(StringBuilder sb, Note n) {
        int x = laneX(n.lane());
        int y = rowY(n.step());
        String shown = n.text().length() > 40 ? n.text().substring(0, 39) + "…" : n.text();
        int w = 14 + (int) Math.ceil(6.6 * shown.length());
        sb.append(String.format(Locale.ROOT, "<g class=\"note\"><title>%s</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"20\" rx=\"3\" "
                + "fill=\"#fff8e1\" stroke=\"#f9a825\"/><text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text></g>%n",
                esc(n.text()), x + 6, y - 10, w, x + 10, y + 4, esc(shown)));
    }

    private static int laneX(int lane) {
        return LEFT + LANE_GAP / 2 + lane * LANE_GAP;
    }

    private static int rowY(int step) {
        return TOP + ROW / 2 + step * ROW;
    }

    /** @param s text  @return it escaped for XML */
    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
