package org.rdmacheck.checker.tlc;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * How to run TLC: immutable, built once.
 *
 * @param workers         TLC worker threads ({@code -workers})
 * @param fingerprintIndex TLC's fingerprint polynomial index ({@code -fp}, 0..130), or null for TLC's random choice
 * @param timeLimitMillis wall-clock limit; the child is killed and the result is inconclusive
 * @param heapMegabytes   child heap ({@code -Xmx}), or 0 for the JVM default
 * @param javaOptions     further options for the child JVM
 * @param jar             the jar holding {@code tlc2.TLC}, or null to use the one on this JVM's class path
 * @param progress        receives TLC's progress lines (once a minute on long runs)
 */
public record TlcOptions(int workers, Integer fingerprintIndex, long timeLimitMillis, int heapMegabytes,
                         List<String> javaOptions, Path jar, Consumer<String> progress) {

    /** Validates ranges. */
    public TlcOptions {
        if (workers < 1) {
            throw new IllegalArgumentException("workers = " + workers + ": expected at least 1");
        }
        if (fingerprintIndex != null && (fingerprintIndex < 0 || fingerprintIndex > 130)) {
            throw new IllegalArgumentException("fingerprint index " + fingerprintIndex + ": expected 0..130");
        }
        if (timeLimitMillis < 1) {
            throw new IllegalArgumentException("timeLimitMillis = " + timeLimitMillis + ": expected at least 1");
        }
        javaOptions = List.copyOf(javaOptions);
        progress = progress == null ? line -> { } : progress;
    }

    /** @return one worker, TLC's fingerprint choice, one hour, default heap */
    public static TlcOptions defaults() {
        return new TlcOptions(1, null, 3_600_000L, 0, List.of(), null, null);
    }

    /** @param n workers  @return a copy */
    public TlcOptions withWorkers(int n) {
        return new TlcOptions(n, fingerprintIndex, timeLimitMillis, heapMegabytes, javaOptions, jar, progress);
    }

    /** @param fp fingerprint index or null  @return a copy */
    public TlcOptions withFingerprintIndex(Integer fp) {
        return new TlcOptions(workers, fp, timeLimitMillis, heapMegabytes, javaOptions, jar, progress);
    }

    /** @param ms time limit  @return a copy */
    public TlcOptions withTimeLimitMillis(long ms) {
        return new TlcOptions(workers, fingerprintIndex, ms, heapMegabytes, javaOptions, jar, progress);
    }

    /** @param mb heap in MiB, 0 for the default  @return a copy */
    public TlcOptions withHeapMegabytes(int mb) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, mb, javaOptions, jar, progress);
    }

    /** @param opts child JVM options  @return a copy */
    public TlcOptions withJavaOptions(List<String> opts) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, heapMegabytes, opts, jar, progress);
    }

    /** @param sink progress receiver  @return a copy */
    public TlcOptions withProgress(Consumer<String> sink) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, heapMegabytes, javaOptions, jar, sink);
    }
}
