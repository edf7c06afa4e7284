package org.rdmacheck.cli.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.model.partition.sim.PathCensus;
import org.rdmacheck.model.partition.sim.TradeoffFindings;
import org.rdmacheck.model.partition.sim.TradeoffSweep;

/**
 * The results of {@code rdmacheck partition-sim}: the completion-time sweep and the ECMP path census.
 *
 * @param topology   the swept topology's name
 * @param points     completion time per (QP count, chunk size)
 * @param census     distinct ECMP paths per fat-tree, hash and QP count
 */
record PartitionSimReport(String topology, List<TradeoffSweep.Point> points, List<CensusRow> census) {

    /**
     * One census line.
     *
     * @param topology the fat-tree
     * @param hash     the ECMP hash
     * @param row      the figures
     */
    record CensusRow(String topology, String hash, PathCensus.Row row) {
    }

    /** @return completion.csv */
    String completionCsv() {
        StringBuilder sb = new StringBuilder("qps,chunk_bytes,distinct_paths,mean_ms,min_ms,max_ms\n");
        for (TradeoffSweep.Point p : points) {
            sb.append(String.format(Locale.ROOT, "%d,%d,%.2f,%.4f,%.4f,%.4f%n", p.qps(), p.chunkBytes(),
                    p.distinctPaths(), p.meanMillis(), p.minMillis(), p.maxMillis()));
        }
        return sb.toString();
    }

    /** @return ecmp-paths.csv */
    String censusCsv() {
        StringBuilder sb = new StringBuilder("topology,hash,qps,equal_cost_paths,consecutive_ports,random_ports_mean,ideal_mean\n");
        for (CensusRow c : census) {
            PathCensus.Row r = c.row();
            sb.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%.2f,%.2f%n", c.topology(), c.hash(), r.qps(),
                    r.equalCostPaths(), r.consecutivePorts(), r.randomPortsMean(), r.idealMean()));
        }
        return sb.toString();
    }

    /** @return the text summary: a completion-time matrix, the findings and the census */
    String text() {
        List<Integer> chunks = points.stream().map(TradeoffSweep.Point::chunkBytes).distinct().sorted().toList();
        List<Integer> qps = points.stream().map(TradeoffSweep.Point::qps).distinct().sorted().toList();
        StringBuilder sb = new StringBuilder("completion time (ms, mean) on " + topology + "\nQPs paths");
        chunks.forEach(c -> sb.append(String.format(Locale.ROOT, "%9s", ByteSizes.label(c))));
        sb.append('\n');
        for (int q : qps) {
            double paths = points.stream().filter(p -> p.qps() == q).mapToDouble(TradeoffSweep.Point::distinctPaths)
                    .average().orElse(0);
            sb.append(String.format(Locale.ROOT, "%3d %5.1f", q, paths));
            for (int c : chunks) {
                sb.append(String.format(Locale.ROOT, "%9.3f", TradeoffFindings.millis(points, q, c).orElse(Double.NaN)));
            }
            sb.append('\n');
        }
        sb.append(findings(chunks, qps));
        sb.append(censusText());
        return sb.toString();
    }

    private String findings(List<Integer> chunks, List<Integer> qps) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "best saving over one QP: %.1f%%%n",
                100 * TradeoffFindings.bestReductionVsSingleQp(points)));
        List<String> sat = new ArrayList<>();
        for (int c : chunks) {
            sat.add(ByteSizes.label(c) + "->" + TradeoffFindings.saturatingQps(points, c, 0.05));
        }
        sb.append("QPs within 5% of the best, per chunk size: ").append(String.join(" ", sat)).append('\n');
        List<String> ratio = new ArrayList<>();
        for (int q : qps) {
            ratio.add(String.format(Locale.ROOT, "%d:%.3f", q, TradeoffFindings.largeOverSmallChunk(points, q)));
        }
        sb.append("largest / smallest chunk completion time, per QP count: ").append(String.join(" ", ratio)).append('\n');
        return sb.toString();
    }

    private String censusText() {
        if (census.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("distinct ECMP paths reached (random ports, mean / consecutive ports / uniform ideal)\n");
        String last = "";
        for (CensusRow c : census) {
            String key = c.topology() + " " + c.hash();
            if (!key.equals(last)) {
                sb.append(last.isEmpty() ? "" : "\n").append(String.format(Locale.ROOT, "%-14s %-15s P=%-5d",
                        c.topology(), c.hash(), c.row().equalCostPaths()));
                last = key;
            }
            PathCensus.Row r = c.row();
            sb.append(String.format(Locale.ROOT, " Q%d:%.1f/%d/%.1f", r.qps(), r.randomPortsMean(), r.consecutivePorts(),
                    r.idealMean()));
        }
        return sb.append('\n').toString();
    }
}
