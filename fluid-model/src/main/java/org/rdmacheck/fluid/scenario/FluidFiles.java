package org.rdmacheck.fluid.scenario;

import org.rdmacheck.fluid.SolveMonitor;

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
     * One panel of a stacked plot: one physical quantity, in one unit.
     *
     * @param yLabel the y axis, with its unit
     * @param series the lines
     */
    public record Panel(String yLabel, List<Series> series) {
    }

    /**
     * Writes panels stacked over one shared x axis (only the bottom panel labels it), so quantities
     * in different units never share an axis.
     *
     * @param file   target PNG
     * @param title  title over the top panel
     * @param xLabel shared x axis, with its unit
     * @param logX   logarithmic x axis
     * @param panels top to bottom
     */
    public static void panels(Path file, String title, String xLabel, boolean logX, List<Panel> panels) {
        write(file, png(stacked(title, xLabel, logX, panels)));
    }

    /**
     * @param title  title over the top panel (may be empty)
     * @param xLabel shared x axis, with its unit
     * @param logX   logarithmic x axis
     * @param panels top to bottom
     * @return the panels drawn one above the other
     */
    public static java.awt.image.BufferedImage stacked(String title, String xLabel, boolean logX, List<Panel> panels) {
        List<java.awt.image.BufferedImage> images = new java.util.ArrayList<>();
        int width = 900;
        for (int p = 0; p < panels.size(); p++) {
            Panel panel = panels.get(p);
            boolean bottom = p == panels.size() - 1;
            XYChart chart = new XYChartBuilder().width(width).height(bottom ? 300 : 260)
                    .title(p == 0 ? title : "").xAxisTitle(bottom ? xLabel : "").yAxisTitle(panel.yLabel()).build();
            chart.getStyler().setXAxisLogarithmic(logX);
            // legends inside keep the panels' plot areas the same width, so their x axes line up
            chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
            for (Series s : panel.series()) {
                double[] y = java.util.Arrays.stream(s.y()).map(v -> Double.isFinite(v) ? v : 0).toArray();
                XYSeries xy = chart.addSeries(s.name(), s.x(), y);
                xy.setMarker(SeriesMarkers.NONE);
            }
            images.add(BitmapEncoder.getBufferedImage(chart));
        }
        int h = images.stream().mapToInt(java.awt.image.BufferedImage::getHeight).sum();
        java.awt.image.BufferedImage out = new java.awt.image.BufferedImage(width, h,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = out.createGraphics();
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(0, 0, width, h);
        int y = 0;
        for (java.awt.image.BufferedImage im : images) {
            g.drawImage(im, 0, y, null);
            y += im.getHeight();
        }
        g.dispose();
        return out;
    }

    private static byte[] png(java.awt.image.BufferedImage image) {
        try {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            javax.imageio.ImageIO.write(image, "png", bytes);
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a PNG: " + e.getMessage(), e);
        }
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

    /** Files rendered by {@link #staged} on its worker thread, written only once all are rendered. */
    private static final ThreadLocal<java.util.Map<Path, byte[]>> STAGE = new ThreadLocal<>();

    /**
     * Renders a scenario's files under its time limit, then writes them: {@code writes} runs on a
     * daemon thread that only collects the files' bytes, while this thread asks the monitor every
     * 20 ms whether the limit has been reached (PNG rendering can take many seconds on a loaded
     * machine, longer than the solves). A limit reached stops the scenario with nothing written (the
     * abandoned rendering finishes or dies with the JVM, its bytes unused); otherwise every file is
     * written, each atomically.
     *
     * @param monitor    the scenario's monitor ({@link SolveMonitor#checkpoint})
     * @param timeMicros simulated time the scenario's solves reached, for the limit's message
     * @param writes     calls to {@link #csv}, {@link #plot}, {@link #panels}, {@link #png}
     * @throws org.rdmacheck.fluid.FluidLimitException when the limit is reached first
     */
    public static void staged(SolveMonitor monitor, double timeMicros, Runnable writes) {
        monitor.checkpoint(timeMicros);
        java.util.Map<Path, byte[]> files = new java.util.LinkedHashMap<>();
        Throwable[] failure = {null};
        Thread worker = new Thread(() -> {
            STAGE.set(files);
            try {
                writes.run();
            } catch (Throwable t) {
                failure[0] = t;
            } finally {
                STAGE.remove();
            }
        }, "fluid-files");
        worker.setDaemon(true);
        worker.start();
        try {
            while (worker.isAlive()) {
                worker.join(20);
                if (worker.isAlive()) {
                    monitor.checkpoint(timeMicros);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while rendering files", e);
        }
        if (failure[0] instanceof RuntimeException r) {
            throw r;
        }
        if (failure[0] instanceof Error err) {
            throw err;
        }
        files.forEach(FluidFiles::write);
    }

    private static void write(Path file, byte[] bytes) {
        java.util.Map<Path, byte[]> stage = STAGE.get();
        if (stage != null) {
            stage.put(file, bytes);
            return;
        }
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            // not Files.createTempFile: its owner-only permissions would stay on the result
            Path tmp = dir.resolve(".tmp-" + java.util.UUID.randomUUID() + ".part");
            try {
                Files.write(tmp, bytes, java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
