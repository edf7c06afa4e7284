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
 * @param libraries       modules outside the spec folder: folders (TLC's {@code TLA-Library} path, also searched
 *                        for Java module overrides) and jars (added to the child's class path, where TLC finds
 *                        modules at the jar's root, as in the TLA+ Community Modules jar), searched in this order
 * @param mode            exhaustive or simulation, stop at the first violation or continue, coverage
 * @param inputAccepted   called (on the thread reading TLC's output) once TLC has accepted the input: parsed the
 *                        spec, read the configuration, found every assumption true, and begun computing initial
 *                        states; a caller that prints progress of its own waits for it, so that a refusal of bad
 *                        input (parse error, configuration error, false assumption) is its only output
 */
public record TlcOptions(int workers, Integer fingerprintIndex, long timeLimitMillis, int heapMegabytes,
                         List<String> javaOptions, Path jar, Consumer<String> progress, List<Path> libraries,
                         TlcMode mode, Runnable inputAccepted) {

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
        libraries = libraries == null ? List.of() : List.copyOf(libraries);
        progress = progress == null ? line -> { } : progress;
        mode = mode == null ? TlcMode.exhaustive() : mode;
        inputAccepted = inputAccepted == null ? () -> { } : inputAccepted;
    }

    /** @return one worker, TLC's fingerprint choice, one hour, default heap */
    public static TlcOptions defaults() {
        return new TlcOptions(1, null, 3_600_000L, 0, List.of(), null, null, List.of(), TlcMode.exhaustive(), null);
    }

    /** @param n workers  @return a copy */
    public TlcOptions withWorkers(int n) {
        return new TlcOptions(n, fingerprintIndex, timeLimitMillis, heapMegabytes, javaOptions, jar,
                progress, libraries, mode, inputAccepted);
    }

    /** @param fp fingerprint index or null  @return a copy */
    public TlcOptions withFingerprintIndex(Integer fp) {
        return new TlcOptions(workers, fp, timeLimitMillis, heapMegabytes, javaOptions, jar,
                progress, libraries, mode, inputAccepted);
    }

    /** @param ms time limit  @return a copy */
    public TlcOptions withTimeLimitMillis(long ms) {
        return new TlcOptions(workers, fingerprintIndex, ms, heapMegabytes, javaOptions, jar,
                progress, libraries, mode, inputAccepted);
    }

    /** @param mb heap in MiB, 0 for the default  @return a copy */
    public TlcOptions withHeapMegabytes(int mb) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, mb, javaOptions, jar,
                progress, libraries, mode, inputAccepted);
    }

    /** @param opts child JVM options  @return a copy */
    public TlcOptions withJavaOptions(List<String> opts) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, heapMegabytes, opts, jar,
                progress, libraries, mode, inputAccepted);
    }

    /** @param sink progress receiver  @return a copy */
    public TlcOptions withProgress(Consumer<String> sink) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, heapMegabytes, javaOptions, jar,
                sink, libraries, mode, inputAccepted);
    }

    /** @param libs library folders and jars  @return a copy */
    public TlcOptions withLibraries(List<Path> libs) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, heapMegabytes, javaOptions, jar,
                progress, libs, mode, inputAccepted);
    }

    /** @param m how TLC explores  @return a copy */
    public TlcOptions withMode(TlcMode m) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, heapMegabytes, javaOptions, jar,
                progress, libraries, m, inputAccepted);
    }

    /** @param listener called once TLC has accepted the input (see the record's description)  @return a copy */
    public TlcOptions withInputAccepted(Runnable listener) {
        return new TlcOptions(workers, fingerprintIndex, timeLimitMillis, heapMegabytes, javaOptions, jar,
                progress, libraries,
                mode, listener);
    }

    /** @return the library folders, in order */
    public List<Path> libraryFolders() {
        return libraries.stream().filter(p -> !isJar(p)).toList();
    }

    /** @return the library jars, in order */
    public List<Path> libraryJars() {
        return libraries.stream().filter(TlcOptions::isJar).toList();
    }

    private static boolean isJar(Path p) {
        return p.getFileName() != null && p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jar")
                && !java.nio.file.Files.isDirectory(p);
    }
}
