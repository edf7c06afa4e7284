package org.rdmacheck.cli.partition;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.SuiteTask;
import org.rdmacheck.model.partition.sim.EcmpHash;
import org.rdmacheck.model.partition.sim.PathCensus;
import org.rdmacheck.model.partition.sim.TradeoffFindings;
import org.rdmacheck.model.partition.sim.TradeoffSweep;
import org.rdmacheck.model.topology.FatTree;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * {@code rdmacheck all}: a small version of the seed 003 trade-off on the paper's first topology,
 * checked against the paper's qualitative claims, and the ECMP path census of a k=8 fat-tree.
 * Writes its CSVs and plots under {@code out/partition/all/}.
 */
public final class PartitionSimTask implements SuiteTask {

    /** Topology of seed 003, Fig. 4: 20 hosts, 5 leaves of 4 hosts, 5 spines. */
    static final String PAPER_TOPOLOGY = "leafspine:tors=5,spines=5,hosts=4";

    @Override
    public String name() {
        return "partition-sim";
    }

    static TradeoffSweep sweep(boolean dynamic, double linkDelay, double overhead) {
        Topology t = TopologySpecs.parse(PAPER_TOPOLOGY);
        return new TradeoffSweep(t, 0, t.hostCount() - 1, EcmpHash.CRC32_SEEDED, 10L << 20,
                List.of(4 << 10, 32 << 10, 128 << 10), List.of(1, 2, 3, 5, 8), 2, 1, 40, linkDelay, overhead, 200,
                4 << 20, 20_000, dynamic);
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) throws Exception {
        long t0 = System.currentTimeMillis();
        SimOptions opts = new SimOptions(sweep(true, 1, 0.5), List.of(8), List.of(4, 16, 64),
                List.of(EcmpHash.values()), 20);
        // the time left to this step of 'all': a sweep cut short writes nothing and claims nothing
        PartitionSimReport report = opts.run((done, all) -> System.currentTimeMillis() - t0 < settings.maxMillis());
        if (report.points().size() < opts.pointCount()) {
            return List.of(Finding.of("partition-sim", "seed003-fig4", Map.of("topology", PAPER_TOPOLOGY, "size", "10M"),
                    "MoreQpsHelp",
                    Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE).with(
                            Quantity.of("pointsDone", report.points().size(), Quantity.Unit.COUNT),
                            Quantity.of("points", opts.pointCount(), Quantity.Unit.COUNT))
                    .withWallMillis(System.currentTimeMillis() - t0).withInconclusive(
                            org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, "time limit "
                            + org.rdmacheck.checker.TimeText.of(settings.maxMillis()) + " reached, "
                            + report.points().size() + " of " + opts.pointCount() + " points done"));
        }
        PartitionSimCommand.write(home.resolve("out/partition/all"), report);
        List<TradeoffSweep.Point> staticPts = sweep(false, 1, 0.5).run();
        List<TradeoffSweep.Point> ideal = sweep(true, 0, 0).run();
        long ms = System.currentTimeMillis() - t0;
        List<Finding> rows = new ArrayList<>();
        double saving = TradeoffFindings.bestReductionVsSingleQp(report.points());
        rows.add(row("MoreQpsHelp", saving >= 0.3, ms, String.format(Locale.ROOT,
                "best saving over 1 QP %.1f%% (seed 003: up to 81.03%%)", 100 * saving),
                Quantity.of("bestSavingOverOneQp_percent", 100 * saving, Quantity.Unit.PERCENT)));
        double dyn = TradeoffFindings.millis(report.points(), 2, 32 << 10).orElseThrow();
        double stat = TradeoffFindings.millis(staticPts, 2, 32 << 10).orElseThrow();
        rows.add(row("DynamicBeatsStatic", dyn <= stat, ms, String.format(Locale.ROOT,
                "2 QPs, 32K: dynamic %.3f ms, static %.3f ms", dyn, stat),
                Quantity.of("dynamicCompletion_ms", dyn, Quantity.Unit.MILLISECONDS),
                Quantity.of("staticCompletion_ms", stat, Quantity.Unit.MILLISECONDS)));
        double ratio = TradeoffFindings.largeOverSmallChunk(ideal, 2);
        rows.add(row("SmallChunksAdaptUnderCongestion", ratio >= 1, ms, String.format(Locale.ROOT,
                "no RTT/overhead, 2 QPs: 128K/4K completion %.3f", ratio),
                Quantity.of("largeOverSmallChunkCompletion", ratio, Quantity.Unit.RATIO)));
        rows.addAll(censusRows(report, ms));
        return rows;
    }

    private static List<Finding> censusRows(PartitionSimReport report, long ms) {
        List<Finding> rows = new ArrayList<>();
        int k = 8;
        for (PartitionSimReport.CensusRow c : report.census()) {
            PathCensus.Row r = c.row();
            if (r.qps() != 64) {
                continue;
            }
            boolean linear = !c.hash().equals(EcmpHash.CRC32_FMIX.id());
            // linear hashes (CRC-32, Toeplitz) polarise: both upward tiers pick the same index
            boolean holds = linear ? r.randomPortsMean() <= k / 2.0 : r.randomPortsMean() >= 0.9 * r.idealMean();
            Map<String, String> p = new LinkedHashMap<>();
            p.put("topology", FatTree.build(k).name());
            p.put("hash", c.hash());
            p.put("qps", "64");
            rows.add(Finding.of("partition-ecmp", c.hash(), p, linear ? "PolarisedToKOver2Paths" : "ReachesIdealPaths",
                    Finding.Expectation.HOLDS, holds ? Finding.Verdict.CONFIRMED : Finding.Verdict.REFUTED)
                    .with(Quantity.of("randomPortsPathsMean", r.randomPortsMean(), Quantity.Unit.COUNT),
                            Quantity.of("equalCostPaths", r.equalCostPaths(), Quantity.Unit.COUNT),
                            Quantity.of("idealPathsMean", r.idealMean(), Quantity.Unit.COUNT))
                    .withWallMillis(ms).withDetail(String.format(Locale.ROOT,
                    "%s: 64 random ports reach %.1f of %d paths (uniform ideal %.1f)", c.topology(), r.randomPortsMean(),
                    r.equalCostPaths(), r.idealMean())));
        }
        return rows;
    }

    private static Finding row(String property, boolean holds, long ms, String detail, Quantity... figures) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("topology", PAPER_TOPOLOGY);
        p.put("size", "10M");
        return Finding.of("partition-sim", "seed003-fig4", p, property, Finding.Expectation.HOLDS,
                holds ? Finding.Verdict.CONFIRMED : Finding.Verdict.REFUTED).with(figures).withWallMillis(ms)
                .withDetail(detail);
    }
}
