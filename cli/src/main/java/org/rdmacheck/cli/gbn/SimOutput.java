package org.rdmacheck.cli.gbn;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.model.gbn.SimCell;

/** Writes simulation results: CSV files and PNG plots (XChart), each atomically. */
final class SimOutput {

    private SimOutput() {
    }

    /** @param cells results  @return the throughput CSV */
    static String throughputCsv(List<SimCell> cells) {
        StringBuilder sb = new StringBuilder(
                "variant,rto_s,loss_rate,relative_throughput,ci95_low,ci95_high,replications,messages,timeouts_per_message,qp_errors\n");
        for (SimCell c : cells) {
            sb.append(String.format(Locale.ROOT, "%s,%g,%g,%.5f,%.5f,%.5f,%d,%d,%.5f,%d%n", c.variant(), c.rto(),
                    c.lossRate(), c.relativeThroughput(), c.relativeThroughput() - c.ciHalfWidth(),
                    c.relativeThroughput() + c.ciHalfWidth(), c.replications(), c.messages(), c.timeoutsPerMessage(),
                    c.qpErrors()));
        }
        return sb.toString();
    }

    /** @param cells results  @return the timeout-cause CSV (every cell with a timeout) */
    static String causesCsv(List<SimCell> cells) {
        StringBuilder sb = new StringBuilder("variant,rto_s,loss_rate,cause,timeouts,share\n");
        for (SimCell c : cells) {
            long total = c.causes().values().stream().mapToLong(Long::longValue).sum();
            for (Map.Entry<String, Long> e : new java.util.TreeMap<>(c.causes()).entrySet()) {
                sb.append(String.format(Locale.ROOT, "%s,%g,%g,%s,%d,%.4f%n", c.variant(), c.rto(), c.lossRate(),
                        e.getKey(), e.getValue(), (double) e.getValue() / total));
            }
        }
        return sb.toString();
    }

    /**
     * Writes throughput.csv, causes.csv, one throughput plot per RTO (as seed 002 Fig. 6), one per
     * variant (as Fig. 7) and causes.png (as Fig. 3).
     *
     * @param dir   output folder
     * @param cells results
     * @return the files written
     * @throws IOException if writing fails
     */
    static List<Path> write(Path dir, List<SimCell> cells) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        files.add(text(dir.resolve("throughput.csv"), throughputCsv(cells)));
        files.add(text(dir.resolve("causes.csv"), causesCsv(cells)));
        for (double rto : new TreeSet<>(cells.stream().map(SimCell::rto).toList())) {
            List<SimCell> at = cells.stream().filter(c -> c.rto() == rto).toList();
            files.add(png(dir.resolve("throughput-rto-" + rto(rto) + ".png"),
                    throughputChart(at, "RTO " + rto(rto) + " (seed 002 Fig 6)", SimCell::variant)));
        }
        for (String v : new TreeSet<>(cells.stream().map(SimCell::variant).toList())) {
            List<SimCell> of = cells.stream().filter(c -> c.variant().equals(v)).toList();
            files.add(png(dir.resolve("throughput-" + v + ".png"),
                    throughputChart(of, v + " under different ACK timeouts (seed 002 Fig 7)", c -> "RTO " + rto(c.rto()))));
        }
        files.add(png(dir.resolve("causes.png"), causesChart(cells)));
        return files;
    }

    private static Path text(Path file, String text) throws IOException {
        Counterexamples.writeAtomically(file, text);
        return file;
    }

    private static XYChart throughputChart(List<SimCell> cells, String title,
                                           java.util.function.Function<SimCell, String> seriesName) {
        XYChart chart = new XYChartBuilder().width(800).height(550).title("Relative throughput, " + title)
                .xAxisTitle("packet loss rate").yAxisTitle("throughput / lossless").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(1.05);
        for (String series : new java.util.LinkedHashSet<>(cells.stream().map(seriesName).toList())) {
            List<SimCell> s = cells.stream().filter(c -> seriesName.apply(c).equals(series) && c.lossRate() > 0)
                    .sorted(java.util.Comparator.comparingDouble(SimCell::lossRate)).toList();
            if (s.isEmpty()) {
                continue;
            }
            double[] x = s.stream().mapToDouble(SimCell::lossRate).toArray();
            double[] y = s.stream().mapToDouble(SimCell::relativeThroughput).toArray();
            double[] e = s.stream().mapToDouble(SimCell::ciHalfWidth).toArray();
            chart.addSeries(series, x, y, e).setMarker(SeriesMarkers.CIRCLE);
        }
        return chart;
    }

    /** @param s seconds  @return e.g. {@code 100ms}, {@code 500us} */
    static String rto(double s) {
        java.math.BigDecimal v = java.math.BigDecimal.valueOf(s >= 1e-3 ? s * 1e3 : s * 1e6).stripTrailingZeros();
        return v.toPlainString() + (s >= 1e-3 ? "ms" : "us");
    }

    private static CategoryChart causesChart(List<SimCell> cells) {
        double p = cells.stream().mapToDouble(SimCell::lossRate).max().orElse(0);
        double rto = cells.stream().mapToDouble(SimCell::rto).max().orElse(0);
        List<SimCell> at = cells.stream().filter(c -> c.lossRate() == p && c.rto() == rto).toList();
        CategoryChart chart = new CategoryChartBuilder().width(900).height(600)
                .title(String.format(Locale.ROOT, "Causes of ACK timeouts at loss %g, RTO %s (seed 002 Fig 3)", p, rto(rto)))
                .xAxisTitle("variant").yAxisTitle("share of timeouts").build();
        TreeSet<String> causes = new TreeSet<>();
        at.forEach(c -> causes.addAll(c.causes().keySet()));
        List<String> variants = at.stream().map(SimCell::variant).toList();
        for (String cause : causes) {
            List<Double> share = new ArrayList<>();
            for (SimCell c : at) {
                long total = c.causes().values().stream().mapToLong(Long::longValue).sum();
                share.add(total == 0 ? 0.0 : (double) c.causes().getOrDefault(cause, 0L) / total);
            }
            chart.addSeries(cause, variants, share);
        }
        if (causes.isEmpty()) {
            chart.addSeries("no timeouts", variants, variants.stream().map(v -> 0.0).toList());
        }
        return chart;
    }

    private static Path png(Path file, org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) throws IOException {
        Counterexamples.writeAtomically(file, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        return file;
    }
}
