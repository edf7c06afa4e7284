package org.rdmacheck.cli.partition;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.ExitCodes;
import org.rdmacheck.cli.ExplorerOptions;
import org.rdmacheck.cli.JsonValues;
import org.rdmacheck.cli.OutputFolders;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.RunClock;
import org.rdmacheck.cli.TimeLimit;
import org.rdmacheck.cli.Watched;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.partition.sim.EcmpHash;
import org.rdmacheck.model.partition.sim.TradeoffSweep;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck partition-sim}: seed 003's QP-count / chunk-size trade-off (completion time,
 * CSV and plots) and the number of distinct ECMP paths a set of UDP source ports reaches in
 * k-ary fat-trees.
 */
@Command(name = "partition-sim", footerHeading = "%nExamples:%n", footer = {"  rdmacheck partition-sim --trials 2 --out out/partition", "  rdmacheck partition-sim --qps 1,2,4 --chunks 4K,32K --json"},
        description = "Completion time of multi-QP data partition as QP count and chunk "
        + "size vary (seed 003, IV), and distinct ECMP paths reached by QP source ports in fat-trees.")
public final class PartitionSimCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--topology", defaultValue = "leafspine:tors=5,spines=5,hosts=4",
            description = "topology of the sweep (default: seed 003 Fig. 4, ${DEFAULT-VALUE})")
    String topology;

    @Option(names = "--src", description = "sending host (default: the first host)")
    String src;

    @Option(names = "--dst", description = "receiving host (default: the last host)")
    String dst;

    @Option(names = "--hash", defaultValue = "crc32", description = "ECMP hash: crc32, crc32-unsalted, crc32-fmix, toeplitz")
    String hash;

    @Option(names = "--size", defaultValue = "10M", description = "bytes per transfer (default ${DEFAULT-VALUE})")
    String size;

    @Option(names = "--chunks", defaultValue = "1K,2K,4K,8K,16K,32K,64K,128K", description = "chunk sizes")
    String chunks;

    @Option(names = "--qps", defaultValue = "1,2,3,4,5,6,8,12,16", description = "QP counts")
    String qps;

    @Option(names = "--trials", defaultValue = "5", description = "trials per point (random ports and background)")
    int trials;

    @Option(names = "--seed", defaultValue = "1", description = "random seed")
    long seed;

    @Option(names = "--gbps", defaultValue = "40", description = "link rate, Gbps (seed 003: 40)")
    double gbps;

    @Option(names = "--link-delay-us", defaultValue = "1", description = "delay per link, us (seed 003: 0.001 ms)")
    double linkDelay;

    @Option(names = "--overhead-us", defaultValue = "0.5", description = "per-chunk host overhead (post + poll), us")
    double overhead;

    @Option(names = "--background", defaultValue = "200", description = "background flows (seed 003: 200)")
    int background;

    @Option(names = "--background-mean", defaultValue = "4M", description = "mean background flow size")
    String backgroundMean;

    @Option(names = "--background-window-us", defaultValue = "20000", description = "background flows start in [0, window)")
    double backgroundWindow;

    @Option(names = "--allocation", defaultValue = "dynamic", description = "dynamic (seed 003) or static round-robin")
    String allocation;

    @Option(names = "--ecmp-k", defaultValue = "4,8,16", description = "fat-tree radices for the ECMP census ('' for none)")
    String ecmpK;

    @Option(names = "--ecmp-qps", defaultValue = "1,2,4,8,16,32,64", description = "QP counts for the ECMP census")
    String ecmpQps;

    @Option(names = "--out", description = "output folder (default: out/partition of the rdmacheck checkout)")
    Path out;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @picocli.CommandLine.Mixin
    TimeLimit limit = new TimeLimit();

    @Override
    public Integer call() throws IOException {
        SimOptions options = options();
        Path dir = out != null ? OutputFolders.writable("--out", out) : OutputFolders.writable(
                "the default output folder", ExplorerOptions.home().resolve("out/partition"));
        RunClock clock = limit.start("partition-sim", spec.commandLine().getErr());
        long total = (long) options.pointCount() * options.sweep().trials();
        java.util.concurrent.atomic.AtomicLong trials = new java.util.concurrent.atomic.AtomicLong();
        PartitionSimReport report;
        try {
            report = Watched.run(clock, () -> clock.rate(trials.get(), total, "trials"), () -> options.run(
                    (done, all) -> {
                        trials.set(done);
                        return !clock.expired();
                    }));
        } catch (Watched.LimitReached e) {
            throw new IllegalStateException("the sweep returns its points when stopped", e);
        }
        PrintWriter pw = spec.commandLine().getOut();
        if (report.points().size() < options.pointCount()) {
            String why = clock.limitReason() + ", " + report.points().size() + " of " + options.pointCount()
                    + " points done; no files written";
            pw.print(json ? json(report, null, java.util.Optional.of(new org.rdmacheck.cli.EarlyStop(
                    org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, why)), options.pointCount()) + "\n"
                    : (report.points().isEmpty() ? "" : report.text()) + "INCONCLUSIVE: " + why + "\n");
            pw.flush();
            return ExitCodes.INCONCLUSIVE;
        }
        write(dir, report);
        pw.print(json ? json(report, dir, java.util.Optional.empty(), options.pointCount()) + "\n" : report.text() + "outputs in " + ExplorerOptions.display(dir) + "\n");
        pw.flush();
        return ExitCodes.OK;
    }

    SimOptions options() {
        Topology topo = TopologySpecs.parse(topology);
        int s = host(topo, "--src", src, 0);
        int d = host(topo, "--dst", dst, topo.hostCount() - 1);
        if (s == d) {
            throw new InputException("--src and --dst are the same host " + topo.nodeName(s) + ": expected two hosts");
        }
        if (trials < 1 || trials > 1000) {
            throw new InputException("--trials " + trials + ": expected an integer in [1, 1000]");
        }
        requireRange("--gbps", gbps, 1e-3, 1e4);
        requireRange("--link-delay-us", linkDelay, 0, 1e6);
        requireRange("--overhead-us", overhead, 0, 1e6);
        requireRange("--background-window-us", backgroundWindow, 1e-3, 1e9);
        if (background < 0 || background > 100_000) {
            throw new InputException("--background " + background + ": expected an integer in [0, 100000]");
        }
        if (!allocation.equals("dynamic") && !allocation.equals("static")) {
            throw new InputException("--allocation '" + allocation + "': expected dynamic or static");
        }
        TradeoffSweep sweep = new TradeoffSweep(topo, s, d, EcmpHash.of(hash), ByteSizes.parse("--size", size, 1L << 34),
                ByteSizes.parseList("--chunks", chunks, 1 << 30), ByteSizes.parseInts("--qps", qps, 1, 256), trials, seed,
                gbps, linkDelay, overhead, background, ByteSizes.parse("--background-mean", backgroundMean, 1L << 40),
                backgroundWindow, allocation.equals("dynamic"));
        List<Integer> ks = ecmpK.isBlank() ? List.of() : ByteSizes.parseInts("--ecmp-k", ecmpK, 2, 64);
        for (int k : ks) {
            if (k % 2 != 0) {
                throw new InputException("--ecmp-k " + k + ": expected even radices");
            }
        }
        return new SimOptions(sweep, ks, ByteSizes.parseInts("--ecmp-qps", ecmpQps, 1, 4096),
                Arrays.asList(EcmpHash.values()), 50);
    }

    private static int host(Topology t, String option, String name, int def) {
        if (name == null) {
            return def;
        }
        if (!t.hasNode(name) || !t.isHost(t.nodeId(name))) {
            throw new InputException(option + " '" + name + "': expected a host of " + t.name());
        }
        return t.nodeId(name);
    }

    private static void requireRange(String option, double v, double min, double max) {
        if (!Double.isFinite(v) || v < min || v > max) {
            throw new InputException(option + " " + v + ": expected a finite number in [" + min + ", " + max + "]");
        }
    }

    /** Writes the CSVs and the plots; everything is computed before the first file is written. */
    static void write(Path dir, PartitionSimReport report) throws IOException {
        byte[] byQps = TradeoffCharts.versusQps(report.points(), "completion time vs QPs, " + report.topology());
        byte[] byChunk = TradeoffCharts.versusChunk(report.points(), "completion time vs chunk size, " + report.topology());
        Files.createDirectories(dir);
        Counterexamples.writeAtomically(dir.resolve("completion.csv"), report.completionCsv());
        Counterexamples.writeAtomically(dir.resolve("ecmp-paths.csv"), report.censusCsv());
        writeBytes(dir.resolve("completion-vs-qps.png"), byQps);
        writeBytes(dir.resolve("completion-vs-chunk.png"), byChunk);
    }

    private static void writeBytes(Path target, byte[] bytes) throws IOException {
        Counterexamples.writeAtomically(target, bytes);
    }

    private static String json(PartitionSimReport r, Path dir, java.util.Optional<org.rdmacheck.cli.EarlyStop> stop,
                               int planned) throws JsonProcessingException {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("topology", r.topology());
        o.put("outputs", dir == null ? null : dir.toString());
        org.rdmacheck.cli.EarlyStop.put(o, stop);
        o.put("pointsPlanned", planned);
        o.put("pointsDone", r.points().size());
        com.fasterxml.jackson.databind.node.ArrayNode points = o.putArray("points");
        for (org.rdmacheck.model.partition.sim.TradeoffSweep.Point p : r.points()) {
            ObjectNode n = points.addObject();
            n.put("qps", p.qps());
            n.put("chunkBytes", p.chunkBytes());
            JsonValues.figure(n, "distinctPaths", p.distinctPaths(), Quantity.Unit.COUNT);
            JsonValues.figure(n, "meanMillis", p.meanMillis(), Quantity.Unit.MILLISECONDS);
            JsonValues.figure(n, "minMillis", p.minMillis(), Quantity.Unit.MILLISECONDS);
            JsonValues.figure(n, "maxMillis", p.maxMillis(), Quantity.Unit.MILLISECONDS);
        }
        com.fasterxml.jackson.databind.node.ArrayNode census = o.putArray("census");
        for (PartitionSimReport.CensusRow c : r.census()) {
            ObjectNode n = census.addObject();
            n.put("topology", c.topology());
            n.put("hash", c.hash());
            ObjectNode row = n.putObject("row");
            row.put("qps", c.row().qps());
            JsonValues.figure(row, "equalCostPaths", c.row().equalCostPaths(), Quantity.Unit.COUNT);
            JsonValues.figure(row, "consecutivePorts", c.row().consecutivePorts(), Quantity.Unit.COUNT);
            JsonValues.figure(row, "randomPortsMean", c.row().randomPortsMean(), Quantity.Unit.COUNT);
            JsonValues.figure(row, "idealMean", c.row().idealMean(), Quantity.Unit.COUNT);
        }
        return TraceJson.MAPPER.writeValueAsString(o);
    }
}
