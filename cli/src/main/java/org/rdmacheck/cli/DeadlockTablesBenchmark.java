package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.rdmacheck.checker.cdg.tables.LinearForwardingTables;
import org.rdmacheck.checker.cdg.tables.OpenSmWriter;
import org.rdmacheck.checker.cdg.tables.RoutingRule;
import org.rdmacheck.checker.cdg.tables.Subnet;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * Benchmark of {@code rdmacheck deadlock} on a large InfiniBand fabric's files: a 3-level fat-tree
 * (k=32: 8,192 channel adapters, 1,280 switches) routed up*&#47;down*, written as
 * {@code ibnetdiscover} output and a full {@code opensm-lfts.dump} (every switch, every LID; not
 * timed), then the command itself run in this JVM: read, check (credit loops, routing loops,
 * black holes, fewest lanes) and the JSON report. Prints file sizes, the command's wall time, its
 * own read and check times, and the peak heap of the run. Run with the memory budget as the heap
 * limit, on the cores the figures are for:
 * {@code taskset -c 0,1 java -Xmx4g -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.DeadlockTablesBenchmark [k] [dir]}
 * (default k = 32, dir = a temporary folder). The verdict must be DEADLOCK_FREE with one lane.
 */
public final class DeadlockTablesBenchmark {

    private DeadlockTablesBenchmark() {
    }

    /**
     * @param args k (even), and a folder for the files
     * @throws Exception if writing the files fails
     */
    public static void main(String[] args) throws Exception {
        int k = args.length > 0 ? Integer.parseInt(args[0]) : 32;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("rdmacheck-fabric");
        long g0 = System.nanoTime();
        Subnet s = Subnet.assign(TopologySpecs.parse("fattree:k=" + k), 0);
        LinearForwardingTables lft = RoutingRule.UP_DOWN.tables(s, new boolean[s.topology().linkCount()]);
        OpenSmWriter.export(dir, lft, null);
        long genMs = (System.nanoTime() - g0) / 1_000_000;
        Path topo = dir.resolve("ibnetdiscover.topo");
        Path lfts = dir.resolve("opensm-lfts.dump");
        System.out.printf(Locale.ROOT, "fattree k=%d: %d channel adapters, %d switches, %d links, %d LIDs; files "
                        + "written in %d ms: %s %.1f MB, %s %.1f MB%n", k, s.topology().hostCount(),
                s.topology().nodeCount() - s.topology().hostCount(), s.topology().linkCount(), s.maxLid(), genMs,
                topo.getFileName(), Files.size(topo) / 1e6, lfts.getFileName(), Files.size(lfts) / 1e6);
        lft = null;
        s = null;
        System.gc();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            p.resetPeakUsage();
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        int code = Main.run(new String[] {"deadlock", "--ib-topology", topo.toString(), "--lfts", lfts.toString(),
            "--failures", "0", "--json", "--no-save"}, new PrintWriter(out), new PrintWriter(err));
        long wallMs = (System.nanoTime() - t0) / 1_000_000;
        long cpuMs = (os.getProcessCpuTime() - c0) / 1_000_000;
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        var o = org.rdmacheck.checker.trace.TraceJson.MAPPER.readTree(out.toString());
        System.out.printf(Locale.ROOT, "deadlock --ib-topology --lfts: exit %d, %s, lanes %s, %d destinations, %d paths, "
                        + "%d dependencies; wall %d ms (read %d ms, check %d ms), process CPU %d ms (all threads, GC and JIT included); peak heap %d MB"
                        + " of %d MB max; %d cores%n",
                code, o.path("verdict").asText(), o.path("lanes").path("exact").asText(), o.path("destinations").asLong(),
                o.path("paths").asLong(), o.path("dependencies").asLong(), wallMs, o.path("readMillis").path("value").asLong(),
                o.path("checkMillis").path("value").asLong(), cpuMs, peak >> 20, Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        if (code != 0 || !"DEADLOCK_FREE".equals(o.path("verdict").asText())) {
            throw new IllegalStateException("expected DEADLOCK_FREE: " + out + err);
        }
    }
}
