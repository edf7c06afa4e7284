package org.rdmacheck.fluid.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes scenario outputs: CSV tables and PNG plots (XChart), each atomically (a temporary file
 * moved into place), so an interrupted run leaves no half-written file.
 */
public final class FluidFiles {

    private FluidFiles() {
    }

    /** A named line of a plot. @param name legend  @param x x values  @param y y values */
    public record Series(String name, double[] x, double[] y) {
    }

    /**
     * @param file   target file
     * @param header column names
     * @param rows   rows of numbers
     */
    public static void csv(Path file, List<String> header, List<double[]> rows) {
        StringBuilder sb = new StringBuilder(String.join(",", header)).append('\n');
        for (double[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(String.format(Locale.ROOT, "%.6g", r[i]));
            }
            sb.append('\n');
        }
        write(file, sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes a line plot.
     *
     * @param file   target PNG
     * @param title  chart title
     * @param xLabel x axis
     * @param yLabel y axis
     * @param series the lines
     */
    public static void plot(Path file, String title, String xLabel, String yLabel, List<Series> series) {
        XYChart chart = new XYChartBuilder().width(900).height(500).title(title).xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        for (Series s : series) {
            XYSeries xy = chart.addSeries(s.name(), s.x(), s.y());
            xy.setMarker(SeriesMarkers.NONE);
        }
        png(file, chart);
    }

    /**
     * @param file  target PNG
     * @param chart any XChart chart
     */
    public static void png(Path file, Chart<?, ?> chart) {
        try {
            write(file, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render " + file + ": " + e.getMessage(), e);
        }
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".tmp-" + file.getFileName(), ".part");
            try {
                Files.write(tmp, bytes);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
