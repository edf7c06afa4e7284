package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.rdmacheck.fluid.scenario.FluidFiles;

/**
 * The report's plots: one physical unit per y axis, several quantities as panels stacked over one
 * shared x axis (rates and queue never share an axis). Each figure is written as SVG (drawn here)
 * and PNG (XChart panels stacked), from the CSV files the suite tasks leave under {@code out/}.
 */
public final class Plots {

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
        "#17becf"};
    private static final int W = 860;
    private static final int PANEL_H = 200;
    private static final int L = 80;
    private static final int R = 170;
    private static final int T = 16;
    private static final int B = 48;
    private static final int LEGEND_LINE = 16;
    /** Joins the names of equal series drawn as one line. */
    private static final String SAME = " \u2261 ";

    private Plots() {
    }

    /**
     * A figure of the report.
     *
     * @param name    file stem
     * @param caption caption
     * @param svg     the SVG element
     */
    public record Figure(String name, String caption, String svg) {
        /** @return the drawing's width in pixels */
        public int width() {
            return attribute("width");
        }

        /** @return the drawing's height in pixels */
        public int height() {
            return attribute("height");
        }

        private int attribute(String name) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(" " + name + "=\"(\\d+)\"").matcher(svg);
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        }
    }

    /**
     * One line.
     *
     * @param name legend entry
     * @param x    x values
     * @param y    y values
     * @param low  lower ends of a confidence interval per point, or empty
     * @param high upper ends, or empty
     */
    public record Series(String name, double[] x, double[] y, double[] low, double[] high) {
        /** A line without an interval. */
        public Series(String name, double[] x, double[] y) {
            this(name, x, y, new double[0], new double[0]);
        }

        /** @return whether the series carries a confidence interval per point */
        public boolean hasInterval() {
            return low.length == x.length && high.length == x.length && x.length > 0;
        }

        boolean sameLine(Series o) {
            return Arrays.equals(x, o.x) && Arrays.equals(y, o.y) && Arrays.equals(low, o.low)
                    && Arrays.equals(high, o.high);
        }
    }

    /**
     * One panel: one physical quantity in one unit.
     *
     * @param yLabel the y axis, with its unit
     * @param series the lines
     */
    public record Panel(String yLabel, List<Series> series) {
    }

    /**
     * @param home the checkout (the suite's {@code out/} folder)
     * @param dir  where to write SVG and PNG files
     * @return the figures found, in report order
     * @throws IOException if a file cannot be read or written
     */
    public static List<Figure> fromSuiteOutputs(Path home, Path dir) throws IOException {
        List<Figure> figures = new ArrayList<>();
        Path twoFlow = home.resolve("out/fluid/two-flow.csv");
        if (Files.isRegularFile(twoFlow)) {
            Map<String, double[]> c = csv(twoFlow);
            double[] t = map(c.get("t_us"), v -> v / 1000);
            figures.add(write(dir, "fluid-two-flow", "DCQCN fluid model, two flows (seed 004 §5): the second flow "
                    + "starts at 10 ms", "time (ms)", false, List.of(
                    new Panel("sending rate (Gb/s)", List.of(new Series("flow 1 Rc", t, c.get("Rc1_Gbps")),
                            new Series("flow 2 Rc", t, c.get("Rc2_Gbps")), new Series("flow 1 Rt", t, c.get("Rt1_Gbps")),
                            new Series("flow 2 Rt", t, c.get("Rt2_Gbps")))),
                    new Panel("queue (KB)", List.of(new Series("switch queue", t, c.get("q_KB")))),
                    new Panel("alpha (1)", List.of(new Series("flow 1", t, c.get("alpha1")),
                            new Series("flow 2", t, c.get("alpha2")))))));
        }
        Path completion = home.resolve("out/partition/all/completion.csv");
        if (Files.isRegularFile(completion)) {
            List<String[]> rows = rows(completion);
            Map<String, List<double[]>> byChunk = new LinkedHashMap<>();
            for (String[] r : rows) {
                byChunk.computeIfAbsent(r[1], k -> new ArrayList<>()).add(new double[] {Double.parseDouble(r[0]),
                    Double.parseDouble(r[3])});
            }
            List<Series> s = new ArrayList<>();
            byChunk.forEach((chunk, pts) -> s.add(new Series("chunk " + Long.parseLong(chunk) / 1024 + " KiB",
                    pts.stream().mapToDouble(p -> p[0]).toArray(), pts.stream().mapToDouble(p -> p[1]).toArray())));
            figures.add(write(dir, "partition-completion", "Multi-QP data partition (seed 003 Fig. 4 topology): mean "
                    + "completion time against QP count", "QPs (count)", false,
                    List.of(new Panel("completion time (ms)", s))));
        }
        stability(home.resolve("out/fluid"), dir).forEach(figures::add);
        Path gbn = home.resolve("out/gbn-sim/throughput.csv");
        if (Files.isRegularFile(gbn)) {
            gbnSim(gbn, dir).ifPresent(figures::add);
        }
        return figures;
    }

    /**
     * The Go-Back-N simulation: relative throughput with its 95% confidence interval over the
     * replications (a shaded band, when the CSV has one) and ACK timeouts per message, one line per
     * variant and RTO, against the loss probability.
     */
    private static java.util.Optional<Figure> gbnSim(Path csv, Path dir) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> head = List.of(lines.get(0).split(","));
        int variant = head.indexOf("variant");
        int rtoCol = head.indexOf("rto_s");
        int loss = head.indexOf("loss_rate");
        int thrCol = head.indexOf("relative_throughput");
        int lo = head.indexOf("ci95_low");
        int hi = head.indexOf("ci95_high");
        int rtoRate = head.indexOf("timeouts_per_message");
        Map<String, List<double[]>> byVariant = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] r = line.split(",");
            double p = Double.parseDouble(r[loss]);
            if (p > 0) {
                byVariant.computeIfAbsent(r[variant] + ", RTO " + org.rdmacheck.cli.gbn.GbnSimCommand.time(
                        Double.parseDouble(r[rtoCol])), k -> new ArrayList<>()).add(new double[] {p,
                            Double.parseDouble(r[thrCol]), lo < 0 ? Double.NaN : Double.parseDouble(r[lo]),
                            hi < 0 ? Double.NaN : Double.parseDouble(r[hi]), Double.parseDouble(r[rtoRate])});
            }
        }
        List<Series> thr = new ArrayList<>();
        List<Series> rto = new ArrayList<>();
        byVariant.forEach((v, pts) -> {
            double[] x = pts.stream().mapToDouble(q -> q[0]).toArray();
            thr.add(new Series(v, x, pts.stream().mapToDouble(q -> q[1]).toArray(),
                    lo < 0 ? new double[0] : pts.stream().mapToDouble(q -> q[2]).toArray(),
                    hi < 0 ? new double[0] : pts.stream().mapToDouble(q -> q[3]).toArray()));
            rto.add(new Series(v, x, pts.stream().mapToDouble(q -> q[4]).toArray()));
        });
        if (thr.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(write(dir, "gbn-sim", "Go-Back-N simulation (seed 002 Table I): relative "
                + "throughput (shaded: 95% confidence interval over the replications) and ACK timeouts against loss "
                + "probability", "loss probability (1, log scale)", true, List.of(new Panel("relative throughput (1)",
                        thr), new Panel("ACK timeouts per message (1)", rto))));
    }

    /**
     * The stability plots, where {@code fluid stability} (or {@code all}) left their CSV files: the phase
     * margin and crossover frequency against N, one line per delay (and varied parameter), and the
     * worst margin over the region search's grid, one line per R_AI and g.
     *
     * @param fluid the folder of the fluid CSV files
     * @param dir   where to write SVG and PNG files
     * @return the figures, none when no file is there
     * @throws IOException if a file cannot be read or written
     */
    public static List<Figure> stability(Path fluid, Path dir) throws IOException {
        List<Figure> figures = new ArrayList<>();
        Path sweep = fluid.resolve("stability-sweep.csv");
        if (Files.isRegularFile(sweep)) {
            Map<String, double[]> c = csv(sweep);
            String param = c.keySet().iterator().next();
            Map<String, List<Integer>> byLine = new LinkedHashMap<>();
            double[] n = c.get("N");
            for (int i = 0; i < n.length; i++) {
                String name = (param.equals("N") ? "" : param + "=" + fmt(c.get(param)[i]) + ", ") + "tau* "
                        + fmt(c.get("tauStar_us")[i]) + " us";
                byLine.computeIfAbsent(name, k -> new ArrayList<>()).add(i);
            }
            List<Series> margin = new ArrayList<>();
            List<Series> crossover = new ArrayList<>();
            byLine.forEach((name, rows) -> {
                double[] x = rows.stream().mapToDouble(i -> n[i]).toArray();
                margin.add(new Series(name, x, rows.stream().mapToDouble(i -> c.get("phase_margin_deg")[i]).toArray()));
                crossover.add(new Series(name, x, rows.stream().mapToDouble(i -> c.get("crossover_Hz")[i]).toArray()));
            });
            // the axis spans the points that have a margin: none where p* > Pmax (outside RED's linear region)
            double[] pm = c.get("phase_margin_deg");
            double[] withMargin = java.util.stream.IntStream.range(0, n.length).filter(i -> Double.isFinite(pm[i]))
                    .mapToDouble(i -> n[i]).toArray();
            double minN = Arrays.stream(withMargin).min().orElse(0);
            double maxN = Arrays.stream(withMargin).max().orElse(1);
            String beyond = java.util.stream.IntStream.range(0, n.length).filter(i -> !Double.isFinite(pm[i]))
                    .mapToDouble(i -> n[i]).min().stream().mapToObj(v -> "; no margin from N = " + fmt(v)
                            + " (p* > Pmax, outside RED's linear region)").findFirst().orElse("");
            margin.add(new Series("0 deg (unstable below)", new double[] {minN, maxN}, new double[] {0, 0}));
            figures.add(write(dir, "fluid-stability-sweep", "DCQCN linearised stability (seed 004 §5 fluid model): "
                    + "phase margin and crossover frequency against the number of flows" + beyond, "flows N (count)",
                    false, List.of(
                            new Panel("phase margin (deg)", margin), new Panel("crossover frequency (Hz)", crossover))));
        }
        Path region = fluid.resolve("stability-region.csv");
        if (Files.isRegularFile(region)) {
            Map<String, double[]> c = csv(region);
            Map<String, List<Integer>> byLine = new LinkedHashMap<>();
            double[] rai = c.get("Rai_Mbps");
            for (int i = 0; i < rai.length; i++) {
                byLine.computeIfAbsent("R_AI " + fmt(rai[i]) + " Mb/s, g " + fmt(c.get("g")[i]),
                        k -> new ArrayList<>()).add(i);
            }
            List<Series> worst = new ArrayList<>();
            byLine.forEach((name, rows) -> worst.add(new Series(name,
                    rows.stream().mapToDouble(i -> c.get("Kmax_KB")[i]).toArray(),
                    rows.stream().mapToDouble(i -> c.get("worst_margin_deg")[i]).toArray())));
            figures.add(write(dir, "fluid-stability-region", "DCQCN region of stability: the worst phase margin "
                    + "over the N and tau* grid against K_max, one line per R_AI and g", "K_max (KB, log scale)", true,
                    List.of(new Panel("worst phase margin (deg)", worst))));
        }
        return figures;
    }

    /**
     * Writes a figure as SVG and PNG.
     *
     * @param dir     folder
     * @param name    file stem
     * @param caption caption
     * @param xLabel  shared x axis, with unit
     * @param logX    logarithmic x
     * @param panels  the panels, top to bottom
     * @return the figure
     */
    public static Figure write(Path dir, String name, String caption, String xLabel, boolean logX, List<Panel> panels)
            throws IOException {
        Files.createDirectories(dir);
        String svg = svg(name, xLabel, logX, panels);
        Files.writeString(dir.resolve(name + ".svg"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg);
        ImageIO.write(png(xLabel, logX, panels), "png", dir.resolve(name + ".png").toFile());
        return new Figure(name, caption, svg);
    }

    static String svg(String name, String xLabel, boolean logX, List<Panel> drawn) {
        List<Panel> panels = drawn.stream().map(Plots::visible).toList();
        // a panel is tall enough for its legend: one line per series, one more per series it stands for
        int[] heights = panels.stream().mapToInt(p -> Math.max(PANEL_H, 24 + LEGEND_LINE * (int) p.series().stream()
                .mapToLong(x -> legendLines(x).size()).sum())).toArray();
        int[] tops = new int[panels.size()];
        int y0 = T;
        for (int p = 0; p < panels.size(); p++) {
            tops[p] = y0;
            y0 += heights[p] + T;
        }
        int axisY = y0 - T;
        int h = axisY + B;
        double[] xr = xRange(panels, logX);
        int legend = panels.stream().flatMap(p -> p.series().stream()).flatMap(x -> legendLines(x).stream())
                .mapToInt(t -> TextMetrics.width(t, 12)).max().orElse(0);
        int r = Math.max(R, legend + 46);
        int w = W - R + r;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "<svg class=\"plot-svg\" data-plot=\"%s\" "
                + "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n",
                esc(name), w, h, w, h, w, h));
        int pw = W - L - R;
        for (int p = 0; p < panels.size(); p++) {
            Panel panel = panels.get(p);
            int top = tops[p];
            int ph = heights[p];
            double[] yr = range(panel.series().stream().flatMap(x -> Stream.of(x.y(), x.low(), x.high())).toList(),
                    false);
            yr[0] = Math.min(yr[0], 0);
            sb.append(String.format(Locale.ROOT, "<g class=\"panel\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    + "fill=\"none\" stroke=\"#888\"/>%n", L, top, pw, ph));
            for (double v : ticks(yr[0], yr[1])) {
                double y = top + ph - (v - yr[0]) / (yr[1] - yr[0]) * ph;
                sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                        + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", L, L + pw, y, y,
                        L - 6, y + 4, fmt(v)));
            }
            sb.append(String.format(Locale.ROOT, "<text transform=\"translate(16,%d) rotate(-90)\" text-anchor=\"middle\" "
                    + "font-weight=\"bold\">%s</text>%n", top + ph / 2, esc(panel.yLabel())));
            int ly = top + 14;
            for (int s = 0; s < panel.series().size(); s++) {
                Series series = panel.series().get(s);
                String colour = COLOURS[s % COLOURS.length];
                if (series.hasInterval()) {
                    band(sb, series, colour, logX, xr, yr, top, pw, ph);
                }
                StringBuilder pts = new StringBuilder();
                int n = series.x().length;
                int stride = Math.max(1, n / 1500);
                for (int i = 0; i < n; i += stride) {
                    double xv = logX ? Math.log10(series.x()[i]) : series.x()[i];
                    double yv = series.y()[i];
                    if (!Double.isFinite(xv) || !Double.isFinite(yv)) {
                        continue;
                    }
                    pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", L + (xv - xr[0]) / (xr[1] - xr[0]) * pw,
                            top + ph - (yv - yr[0]) / (yr[1] - yr[0]) * ph));
                }
                // past the seventh colour, lines differ by dashes as well
                String dash = s < COLOURS.length ? "" : s < 2 * COLOURS.length ? " stroke-dasharray=\"6 3\""
                        : " stroke-dasharray=\"2 2\"";
                sb.append(String.format(Locale.ROOT, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" "
                        + "stroke-width=\"1.6\"%s points=\"%s\"/>%n", colour, dash, pts.toString().strip()));
                sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" "
                        + "stroke-width=\"3\"%s/>", L + pw + 10, L + pw + 30, ly, ly, colour, dash));
                for (String line : legendLines(series)) {
                    sb.append(String.format(Locale.ROOT, "<text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>%n",
                            L + pw + 36, ly + 4, esc(line)));
                    ly += LEGEND_LINE;
                }
            }
            sb.append("</g>\n");
        }
        for (double v : logX ? decades(xr[0], xr[1]) : ticks(xr[0], xr[1])) {
            double x = L + (v - xr[0]) / (xr[1] - xr[0]) * pw;
            sb.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s"
                    + "</text>%n", x, axisY + 20, logX ? "1e" + fmt(v) : fmt(v)));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">%s"
                + "</text>%n</svg>%n", L + pw / 2, axisY + 38, esc(xLabel)));
        return sb.toString();
    }

    /** A series' legend: its name, and "= name" for each equal series it stands for. */
    private static List<String> legendLines(Series s) {
        String[] names = s.name().split(SAME);
        List<String> out = new ArrayList<>(List.of(names[0]));
        for (int i = 1; i < names.length; i++) {
            out.add("= " + names[i]);
        }
        return out;
    }

    /** A series' confidence interval as a shaded band (upper ends left to right, lower ends back). */
    private static void band(StringBuilder sb, Series s, String colour, boolean logX, double[] xr, double[] yr,
                             int top, int pw, int ph) {
        StringBuilder pts = new StringBuilder();
        int n = s.x().length;
        for (int k = 0; k < 2 * n; k++) {
            int i = k < n ? k : 2 * n - 1 - k;
            double xv = logX ? Math.log10(s.x()[i]) : s.x()[i];
            double yv = k < n ? s.high()[i] : s.low()[i];
            if (Double.isFinite(xv) && Double.isFinite(yv)) {
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", L + (xv - xr[0]) / (xr[1] - xr[0]) * pw,
                        top + ph - (yv - yr[0]) / (yr[1] - yr[0]) * ph));
            }
        }
        sb.append(String.format(Locale.ROOT, "<polygon class=\"interval\" fill=\"%s\" fill-opacity=\"0.15\" "
                + "stroke=\"none\" points=\"%s\"/>%n", colour, pts.toString().strip()));
    }

    /**
     * A panel as drawn: series with identical points are one line whose legend names them all (a
     * quantity that does not depend on the varied parameter), so that every line drawn can be seen.
     */
    static Panel visible(Panel p) {
        List<Series> out = new ArrayList<>();
        for (Series s : p.series()) {
            int same = -1;
            for (int i = 0; i < out.size() && same < 0; i++) {
                if (out.get(i).sameLine(s)) {
                    same = i;
                }
            }
            if (same < 0) {
                out.add(s);
            } else {
                Series o = out.get(same);
                out.set(same, new Series(o.name() + SAME + s.name(), o.x(), o.y(), o.low(), o.high()));
            }
        }
        return new Panel(p.yLabel(), out);
    }

    /** The x range of the points drawn: those with a finite y in some panel. */
    private static double[] xRange(List<Panel> panels, boolean logX) {
        List<double[]> xs = new ArrayList<>();
        for (Panel p : panels) {
            for (Series s : p.series()) {
                xs.add(java.util.stream.IntStream.range(0, s.x().length).filter(i -> Double.isFinite(s.y()[i]))
                        .mapToDouble(i -> s.x()[i]).toArray());
            }
        }
        return range(xs, logX);
    }

    /** The PNG twin of a figure: the fluid model's stacked XChart panels. */
    private static BufferedImage png(String xLabel, boolean logX, List<Panel> drawn) {
        List<Panel> panels = drawn.stream().map(Plots::visible).toList();
        return FluidFiles.stacked("", xLabel, logX, panels.stream().map(p -> new FluidFiles.Panel(p.yLabel(),
                p.series().stream().map(s -> new FluidFiles.Series(s.name(), s.x(), s.y())).toList())).toList());
    }

    private static double[] range(List<double[]> arrays, boolean log) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[] a : arrays) {
            for (double v : a) {
                double w = log ? Math.log10(v) : v;
                if (Double.isFinite(w)) {
                    lo = Math.min(lo, w);
                    hi = Math.max(hi, w);
                }
            }
        }
        if (!Double.isFinite(lo)) {
            return new double[] {0, 1};
        }
        if (hi - lo < 1e-12) {
            hi = lo + 1;
        }
        return new double[] {lo, hi};
    }

    /** Ticks of a log10 axis: whole decades when the range spans two or more, else round values. */
    static double[] decades(double lo, double hi) {
        double[] whole = java.util.stream.DoubleStream.iterate(Math.ceil(lo), v -> v <= hi + 1e-9, v -> v + 1).toArray();
        return whole.length >= 2 ? whole : ticks(lo, hi);
    }

    /** Round tick values covering [lo, hi]. */
    static double[] ticks(double lo, double hi) {
        double raw = (hi - lo) / 5;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / mag >= 5 ? 10 * mag : raw / mag >= 2 ? 5 * mag : raw / mag >= 1 ? 2 * mag : mag;
        List<Double> t = new ArrayList<>();
        for (double v = Math.ceil(lo / step) * step; v <= hi + 1e-9 * step; v += step) {
            t.add(Math.abs(v) < 1e-12 * step ? 0 : v);
        }
        return t.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e9) {
            return String.format(Locale.ROOT, "%d", (long) v);
        }
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }

    private static double[] map(double[] a, DoubleUnaryOperator f) {
        return Arrays.stream(a).map(f).toArray();
    }

    private static Map<String, double[]> csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] head = lines.get(0).split(",");
        Map<String, double[]> cols = new LinkedHashMap<>();
        for (int c = 0; c < head.length; c++) {
            double[] col = new double[lines.size() - 1];
            for (int r = 1; r < lines.size(); r++) {
                col[r - 1] = Double.parseDouble(lines.get(r).split(",")[c]);
            }
            cols.put(head[c], col);
        }
        return cols;
    }

    private static List<String[]> rows(Path file) {
        try {
            return Files.readAllLines(file).stream().skip(1).map(l -> l.split(",")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
