package org.rdmacheck.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time, user and system, used so far by this JVM (every thread: explorer workers, compiler,
 * collector) and by the child processes it has waited for (the TLC children of the conformance
 * steps), in milliseconds. A part that cannot be read on this platform is 0.
 *
 * @param ownMillis   this JVM's CPU time
 * @param childMillis its finished children's CPU time ({@code cutime + cstime} of {@code /proc/self/stat}, Linux)
 */
public record CpuTime(long ownMillis, long childMillis) {

    /** @return the CPU time used so far */
    public static CpuTime now() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long own = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() / 1_000_000 : 0;
        return new CpuTime(Math.max(0, own), finishedChildrenMillis());
    }

    /**
     * @param earlier a reading taken before this one
     * @return the CPU time used between the two readings
     */
    public CpuTime since(CpuTime earlier) {
        return new CpuTime(ownMillis - earlier.ownMillis, childMillis - earlier.childMillis);
    }

    /** @return this JVM's and its children's CPU time together */
    public long totalMillis() {
        return ownMillis + childMillis;
    }

    private static long finishedChildrenMillis() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // proc(5) fields 16 and 17, cutime and cstime, in clock ticks of 10 ms
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 10;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
