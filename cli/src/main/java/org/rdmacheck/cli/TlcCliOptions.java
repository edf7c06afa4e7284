package org.rdmacheck.cli;

import java.io.PrintWriter;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Option;

/** TLC options shared by the commands that run TLC. */
public final class TlcCliOptions {

    @Option(names = "--workers", description = "TLC worker threads, or worker processes with --distributed "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "1")
    int workers;

    @Option(names = "--fp", description = "TLC fingerprint polynomial index 0..130 (default: TLC's random choice)")
    Integer fp;

    @Option(names = "--tlc-time", paramLabel = "TIME", description = "time limit for TLC, e.g. 90s, 10m; reached: "
            + "inconclusive, exit 3 (default: 1h; tlc and validate-trace also take it as --max-time)")
    String tlcTime;

    @Option(names = "--tlc-heap", paramLabel = "MIB", description = "heap of the TLC JVM in MiB, at least 64 and at "
            + "most the machine's memory (default: the JVM's default)")
    Integer heapMegabytes;

    @Option(names = "--library", paramLabel = "PATH", description = "a folder or jar of TLA+ modules outside the spec "
            + "folder (e.g. the TLA+ Community Modules jar); repeatable, searched in order")
    java.util.List<java.nio.file.Path> libraries = new java.util.ArrayList<>();

    /**
     * @param err where TLC's progress lines go
     * @return validated options
     */
    public TlcOptions options(PrintWriter err) {
        return options(err, null);
    }

    /**
     * @param err     where TLC's progress lines go
     * @param maxTime the command's {@code --max-time}, or null (then {@code --tlc-time}, or one hour)
     * @return validated options
     */
    public TlcOptions options(PrintWriter err, String maxTime) {
        if (maxTime != null && tlcTime != null) {
            throw new InputException("--max-time " + maxTime + " and --tlc-time " + tlcTime + ": give one of them "
                    + "(--tlc-time is an alias)");
        }
        String time = maxTime != null ? maxTime : tlcTime != null ? tlcTime : "1h";
        String timeOption = maxTime != null ? "--max-time" : "--tlc-time";
        if (workers < 1) {
            throw new InputException("--workers " + workers + ": expected at least 1");
        }
        if (fp != null && (fp < 0 || fp > 130)) {
            throw new InputException("--fp " + fp + ": expected an index in 0..130");
        }
        long physical = physicalMegabytes();
        if (heapMegabytes != null && (heapMegabytes < 64 || heapMegabytes > physical)) {
            throw new InputException("--tlc-heap " + heapMegabytes + ": expected a heap in MiB from 64 to " + physical
                    + " (this machine's memory)");
        }
        for (java.nio.file.Path lib : libraries) {
            boolean jar = lib.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jar");
            if (jar ? !java.nio.file.Files.isRegularFile(lib) : !java.nio.file.Files.isDirectory(lib)) {
                throw new InputException("--library " + lib + ": expected an existing folder or .jar file");
            }
        }
        return TlcOptions.defaults().withLibraries(libraries).withWorkers(workers).withFingerprintIndex(fp)
                .withTimeLimitMillis(Durations.parseMillis(timeOption, time))
                .withHeapMegabytes(heapMegabytes == null ? 0 : heapMegabytes)
                .withProgress(line -> {
                    err.println(line);
                    err.flush();
                });
    }

    private static long physicalMegabytes() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize() >> 20;
        }
        return Integer.MAX_VALUE;
    }
}
