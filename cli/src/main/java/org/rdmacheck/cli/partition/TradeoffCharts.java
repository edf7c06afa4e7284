package org.rdmacheck.cli.partition;

import java.io.IOException;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.rdmacheck.model.partition.sim.TradeoffSweep;

/** The two plots of seed 003, IV: completion time against QP count (Fig. 7) and chunk size (Fig. 10). */
final class TradeoffCharts {

    private TradeoffCharts() {
    }

    /**
     * @param points sweep points
     * @param title  chart title
     * @return PNG bytes: one series per chunk size, x = QPs
     * @throws IOException if encoding fails
     */
    static byte[] versusQps(List<TradeoffSweep.Point> points, String title) throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title)
                .xAxisTitle("QPs").yAxisTitle("completion time (ms)").build();
        for (int c : points.stream().map(TradeoffSweep.Point::chunkBytes).distinct().sorted().toList()) {
            List<TradeoffSweep.Point> s = points.stream().filter(p -> p.chunkBytes() == c).toList();
            chart.addSeries("chunk " + ByteSizes.label(c), s.stream().map(p -> (double) p.qps()).toList(),
                    s.stream().map(TradeoffSweep.Point::meanMillis).toList());
        }
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    /**
     * @param points sweep points
     * @param title  chart title
     * @return PNG bytes: one series per QP count, x = chunk size in KiB (log scale)
     * @throws IOException if encoding fails
     */
    static byte[] versusChunk(List<TradeoffSweep.Point> points, String title) throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title)
                .xAxisTitle("chunk size (KiB)").yAxisTitle("completion time (ms)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        for (int q : points.stream().map(TradeoffSweep.Point::qps).distinct().sorted().toList()) {
            List<TradeoffSweep.Point> s = points.stream().filter(p -> p.qps() == q).toList();
            chart.addSeries(q + " QPs", s.stream().map(p -> p.chunkBytes() / 1024.0).toList(),
                    s.stream().map(TradeoffSweep.Point::meanMillis).toList());
        }
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }
}
