package org.rdmacheck.fluid.stability;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.rdmacheck.fluid.scenario.FluidFiles;

/**
 * CSV tables and PNG plots of the stability analysis (written atomically by {@link FluidFiles}).
 * Points without a margin (outside RED's linear region) are NaN in the CSV and gaps in the plots.
 */
public final class StabilityFiles {

    private StabilityFiles() {
    }

    /**
     * Writes {@code stability-sweep.csv} and {@code stability-sweep.png} (phase margin vs N, one line
     * per τ* and varied value, one panel, the 0° line drawn).
     *
     * @param rows   the sweep
     * @param outDir folder
     * @return the files
     */
    public static List<Path> sweep(List<StabilitySweep.Row> rows, Path outDir) {
        List<double[]> table = new ArrayList<>();
        for (StabilitySweep.Row r : rows) {
            StabilityPoint p = r.point();
            table.add(new double[] {r.value(), p.flows(), p.delayMicros(), p.p(), p.queueKB(), p.phaseMarginDeg(),
                p.crossoverHz(), p.gainMarginDb(), p.verdict().hasMargins() ? (p.verdict().stable() ? 1 : 0) : Double.NaN,
                p.pastPmax() ? 1 : 0});
        }
        String param = rows.isEmpty() ? "N" : rows.get(0).parameter();
        List<String> header = new ArrayList<>(List.of(param, "N", "tauStar_us", "p", "q_KB", "phase_margin_deg",
                "crossover_Hz", "gain_margin_dB", "stable", "past_pmax"));
        if (param.equals("N")) {
            header.remove(0);
            table.replaceAll(r -> java.util.Arrays.copyOfRange(r, 1, r.length));
        }
        Path csv = outDir.resolve("stability-sweep.csv");
        FluidFiles.csv(csv, header, table);
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (StabilitySweep.Row r : rows) {
            StabilityPoint p = r.point();
            String name = (param.equals("N") ? "" : param + "=" + fmt(r.value()) + ", ") + "tau*=" + fmt(p.delayMicros()) + " us";
            // points past Pmax (RED's slope continued, as the published curves do) form their own series
            lines.computeIfAbsent(p.pastPmax() ? name + " (past Pmax)" : name, k -> new ArrayList<>())
                    .add(new double[] {p.flows(), p.phaseMarginDeg()});
        }
        String outside = rows.stream().map(StabilitySweep.Row::point)
                .filter(p -> p.verdict() == StabilityVerdict.OUTSIDE_LINEAR_REGION).mapToInt(StabilityPoint::flows).min()
                .stream().mapToObj(n -> "; no margin from N = " + n + " (p* > Pmax)").findFirst()
                .orElse(rows.stream().map(StabilitySweep.Row::point).filter(StabilityPoint::pastPmax)
                        .mapToInt(StabilityPoint::flows).min().stream()
                        .mapToObj(n -> "; past Pmax from N = " + n).findFirst().orElse(""));
        XYChart chart = new XYChartBuilder().width(900).height(500)
                .title("DCQCN phase margin vs flows (seed 004 fluid model, linearised" + outside + ")")
                .xAxisTitle("flows N").yAxisTitle("phase margin (deg)").build();
        double maxN = 1;
        for (Map.Entry<String, List<double[]>> e : lines.entrySet()) {
            List<double[]> pts = e.getValue().stream().filter(v -> !Double.isNaN(v[1])).toList();
            maxN = Math.max(maxN, e.getValue().stream().mapToDouble(v -> v[0]).max().orElse(1));
            if (!pts.isEmpty()) {
                XYSeries s = chart.addSeries(e.getKey(), pts.stream().mapToDouble(v -> v[0]).toArray(),
                        pts.stream().mapToDouble(v -> v[1]).toArray());
                s.setMarker(SeriesMarkers.CIRCLE);
            }
        }
        XYSeries zero = chart.addSeries("0 deg", new double[] {0, maxN}, new double[] {0, 0});
        zero.setMarker(SeriesMarkers.NONE);
        zero.setLineColor(java.awt.Color.BLACK);
        Path png = outDir.resolve("stability-sweep.png");
        FluidFiles.png(png, chart);
        return List.of(csv, png);
    }

    /**
     * Writes {@code stability-region.csv} and one plot per g: R_AI vs K_max, settings marked by verdict,
     * the recommended and the base setting highlighted.
     *
     * @param region the search
     * @param outDir folder
     * @return the files
     */
    public static List<Path> region(StabilityRegion region, Path outDir) {
        List<double[]> table = new ArrayList<>();
        for (StabilityRegion.Cell c : region.cells()) {
            table.add(new double[] {c.raiMbps(), c.kmaxKB(), c.g(), c.verdict() == StabilityRegion.CellVerdict.IN_REGION ? 1 : 0,
                c.verdict().ordinal(), c.worstMarginDeg(), c.worstFlows(), c.worstDelayMicros(), c.distance()});
        }
        Path csv = outDir.resolve("stability-region.csv");
        FluidFiles.csv(csv, List.of("Rai_Mbps", "Kmax_KB", "g", "in_region", "verdict_ordinal", "worst_margin_deg",
                "worst_N", "worst_tauStar_us", "log_distance"), table);
        List<Path> files = new ArrayList<>(List.of(csv));
        List<Double> gs = region.cells().stream().map(StabilityRegion.Cell::g).distinct().toList();
        for (double g : gs) {
            XYChart chart = new XYChartBuilder().width(800).height(600)
                    .title(String.format(Locale.ROOT, "Region of stability: phase margin >= %.0f deg and p* <= Pmax, g = %s",
                            region.thresholdDeg(), gName(g)))
                    .xAxisTitle("Kmax (KB)").yAxisTitle("R_AI (Mb/s)").build();
            chart.getStyler().setDefaultSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Scatter);
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setMarkerSize(12);
            for (StabilityRegion.CellVerdict v : StabilityRegion.CellVerdict.values()) {
                List<StabilityRegion.Cell> cs = region.cells().stream().filter(c -> c.g() == g && c.verdict() == v).toList();
                if (!cs.isEmpty()) {
                    chart.addSeries(v.name(), cs.stream().mapToDouble(StabilityRegion.Cell::kmaxKB).toArray(),
                            cs.stream().mapToDouble(StabilityRegion.Cell::raiMbps).toArray());
                }
            }
            region.recommended().filter(c -> c.g() == g).ifPresent(c -> chart.addSeries("recommended",
                    new double[] {c.kmaxKB()}, new double[] {c.raiMbps()}).setMarker(SeriesMarkers.DIAMOND));
            if (region.base().g() == g) {
                chart.addSeries("deployed", new double[] {region.base().kmaxKB()},
                        new double[] {region.base().rateAiMbps()}).setMarker(SeriesMarkers.CROSS);
            }
            Path png = outDir.resolve(gs.size() == 1 ? "stability-region.png"
                    : "stability-region-g" + gName(g).replace("/", "_") + ".png");
            FluidFiles.png(png, chart);
            files.add(png);
        }
        return files;
    }

    /**
     * Writes {@code stability-cross-check.csv}.
     *
     * @param check  the comparison
     * @param outDir folder
     * @return the file
     */
    public static List<Path> crossCheck(StabilityCrossCheck check, Path outDir) {
        List<double[]> table = new ArrayList<>();
        for (StabilityCrossCheck.Point p : check.points()) {
            StabilityPoint l = p.linear();
            StabilityCrossCheck.Comparison c = p.comparison();
            table.add(new double[] {l.flows(), l.delayMicros(), l.phaseMarginDeg(), l.verdict().stable() ? 1 : 0,
                p.check().rightHalfPlaneRoots(), p.check().onBoundary() ? 1 : 0,
                p.run().firstAmplitudeKB(), p.run().lastAmplitudeKB(),
                p.run().behaviour() == SimulatedBehaviour.CONVERGING ? 1 : 0,
                c == StabilityCrossCheck.Comparison.UNDECIDED ? Double.NaN : c == StabilityCrossCheck.Comparison.AGREES ? 1 : 0});
        }
        Path csv = outDir.resolve("stability-cross-check.csv");
        // agrees: NaN where the comparison is undecided (on the stability boundary, or the root count failed)
        FluidFiles.csv(csv, List.of("N", "tauStar_us", "phase_margin_deg", "linear_stable", "rhp_roots", "on_boundary",
                "first_amplitude_KB", "last_amplitude_KB", "simulated_converging", "agrees"), table);
        return List.of(csv);
    }

    /** @param g a gain  @return 1/k when g is a unit fraction, else the number */
    public static String gName(double g) {
        double k = 1 / g;
        return Math.abs(k - Math.rint(k)) < 1e-9 ? "1/" + Math.round(k) : fmt(g);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4g", v);
    }
}
