package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.rdmacheck.model.InputException;

/**
 * Runs TLC distributed on this machine: one {@code TLCServer} process (which holds the state
 * queue and the fingerprint set) and {@code workers} {@code TLCWorker} processes, all on
 * 127.0.0.1 with RMI listening on loopback only. The server's output is read like a single TLC's
 * (VERIFIED only when the server affirmatively finished); the server, the workers and the
 * temporary folder are removed afterwards, also when a run fails or reaches its time limit.
 * Where distributed TLC 2.18 differs from TLC (deadlock checking taken from the command line only,
 * temporal and action properties skipped, errors printed without the property's name) this class compensates
 * or refuses; specs/README.md lists it all and says how to run the same on several hosts.
 */
public final class DistributedTlc {

    private static final String SERVER = "tlc2.tool.distributed.TLCServer";
    private static final String WORKER = "tlc2.tool.distributed.TLCWorker";
    /**
     * A worker names itself by its RMI port, read through {@code sun.rmi} internals that Java 17
     * closes ("VM does not allow to get the UnicastRef port"); opening them gives workers distinct names.
     */
    private static final List<String> RMI_ACCESS = List.of("--add-opens=java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-opens=java.rmi/sun.rmi.transport=ALL-UNNAMED", "--add-opens=java.rmi/sun.rmi.transport.tcp=ALL-UNNAMED");

    private final TlcOptions options;
    /** Whether the server's output has shown that TLC accepted the input (the current check's). */
    private volatile boolean accepted;

    /** @param options workers = number of worker processes; the time limit covers the whole run */
    public DistributedTlc(TlcOptions options) {
        this.options = options;
    }

    /**
     * @param request what to check
     * @return the server's report; statistics name the number of worker processes as threads
     * @throws InputException as {@link TlcChecker#check}
     */
    public TlcReport check(TlcRequest request) {
        long t0 = System.currentTimeMillis();
        accepted = false;
        try (TlcWorkspace ws = TlcWorkspace.create(request, options.libraryFolders())) {
            String cp = SpecPreflight.classPath(options);
            SpecPreflight.Outline outline = refuseUncheckedProperties(ws);
            SymmetricProperties symmetry = TlcChecker.symmetry(ws, outline);
            int port = freeLoopbackPort();
            List<String> rmi = new ArrayList<>(RMI_ACCESS);
            rmi.addAll(List.of("-Djava.rmi.server.hostname=127.0.0.1", "-Dtlc2.tool.distributed.TLCServer.port=" + port));
            List<String> serverJvm = new ArrayList<>(TlcChecker.jvmOptions(ws.dir(), options));
            serverJvm.addAll(rmi);
            List<String> serverArgs = new ArrayList<>(List.of(SERVER));
            serverArgs.addAll(serverArguments(ws));
            List<ChildProcess> workers = new ArrayList<>();
            OptionalInt exit;
            String output;
            try (ChildProcess server = ChildProcess.start(ChildProcess.javaCommand(serverJvm, cp,
                    LoopbackRmi.class.getName(), serverArgs), ws.dir(), line -> progress(line))) {
                try {
                    for (int i = 0; i < options.workers(); i++) {
                        workers.add(startWorker(ws, i, rmi, cp));
                    }
                    exit = server.await(remaining(t0));
                    output = server.output();
                } finally {
                    for (ChildProcess w : workers) {
                        w.await(5_000);
                        w.close();
                    }
                }
            }
            long wall = System.currentTimeMillis() - t0;
            List<TlcMessage> messages = TlcOutput.parse(output);
            TlcReport report = new TlcResults(messages, ws, request, options.workers(), wall)
                    .withOutline(outline).withSymmetry(symmetry).interpret(exit, options.timeLimitMillis());
            if (exit.isPresent() && unnamedError(messages) && remaining(t0) > 1) {
                return nameTheError(request, t0, report);
            }
            return report;
        }
    }

    /**
     * Distributed TLC 2.18 loses a worker's error message (which invariant, deadlock, or an
     * evaluation error) and prints only the last one or two states; single-process TLC, searching
     * breadth-first too, reaches a violation at the same depth or earlier and names it.
     */
    private TlcReport nameTheError(TlcRequest request, long t0, TlcReport distributed) {
        TlcReport single = new TlcChecker(options.withTimeLimitMillis(remaining(t0))).check(request);
        return single.withWarnings(List.of("distributed TLC stopped on an error it does not name ("
                + distributed.detail() + "); single-process TLC re-ran the check to name it and give its trace"));
    }

    private static boolean unnamedError(List<TlcMessage> messages) {
        return messages.stream().anyMatch(m -> m.code() == TlcMessage.BEHAVIOR_UP_TO_THIS_POINT)
                && messages.stream().noneMatch(m -> m.code() == TlcMessage.INVARIANT_VIOLATED_INITIAL
                || m.code() == TlcMessage.PROPERTY_VIOLATED_INITIAL);
    }

    private long remaining(long t0) {
        return Math.max(1, options.timeLimitMillis() - (System.currentTimeMillis() - t0));
    }

    /**
     * Distributed TLC 2.18 reads CHECK_DEADLOCK from its command line only ({@code -deadlock} turns the
     * check off) and ignores the configuration's; without this it stops at the first final state of a
     * spec that declares {@code CHECK_DEADLOCK FALSE}.
     */
    private List<String> serverArguments(TlcWorkspace ws) {
        List<String> args = new ArrayList<>();
        if (!ws.config().checksDeadlock()) {
            args.add("-deadlock");
        }
        args.addAll(withoutWorkers(ws.tlcArguments(options)));
        return args;
    }

    /**
     * Distributed TLC 2.18 ({@code TLCApp}) checks invariants and the initial-state part of properties;
     * it skips temporal properties silently, and it evaluates {@code [][A]_v} properties on steps into
     * new states only (a violating step back to a state already found, {@code 9 -> 0} in
     * {@code x' = (x + 1) % 10}, passes). Both are refused before any process starts.
     */
    private SpecPreflight.Outline refuseUncheckedProperties(TlcWorkspace ws) {
        SpecPreflight.Outline o = SpecPreflight.run(ws, options).orElse(null);
        if (o == null) {
            return null; // the spec or configuration has an error, which the server then reports
        }
        if (!o.temporal().isEmpty()) {
            throw new InputException("--distributed: the configuration has temporal properties ("
                    + String.join("; ", o.temporal()) + ") and distributed TLC 2.18 does not check them (it checks "
                    + "invariants only); run without --distributed");
        }
        if (!o.actionProperties().isEmpty()) {
            throw new InputException("--distributed: the configuration has action properties ("
                    + String.join("; ", o.actionProperties()) + ") and distributed TLC 2.18 does not check them on "
                    + "every step (a violating step into a state already found passes); run without --distributed");
        }
        return o;
    }

    private ChildProcess startWorker(TlcWorkspace ws, int i, List<String> rmi, String cp) {
        Path dir = ws.dir().resolve("worker-" + i);
        try {
            Files.createDirectories(dir.resolve("tmp"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> jvm = new ArrayList<>(List.of("-XX:+UseParallelGC", "-Djava.io.tmpdir=" + dir.resolve("tmp"),
                "-Dtlc2.tool.distributed.TLCWorker.threadCount=1"));
        if (options.heapMegabytes() > 0) {
            jvm.add("-Xmx" + options.heapMegabytes() + "m");
        }
        jvm.addAll(TlcChecker.hostOptions());
        jvm.addAll(rmi);
        return ChildProcess.start(ChildProcess.javaCommand(jvm, cp, LoopbackRmi.class.getName(),
                List.of(WORKER, "127.0.0.1")), dir, line -> { });
    }

    private void progress(String line) {
        if (!accepted && TlcMessage.marksInputAccepted(line)) {
            accepted = true;
            options.inputAccepted().run();
        }
        if (line.startsWith("Progress(") || line.startsWith("Registration for worker")) {
            options.progress().accept("tlc server: " + line);
        }
    }

    private static List<String> withoutWorkers(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-workers")) {
                i++;
            } else {
                out.add(args.get(i));
            }
        }
        return out;
    }

    private static int freeLoopbackPort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }
}
