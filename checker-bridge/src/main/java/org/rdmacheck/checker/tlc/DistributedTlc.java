package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.rdmacheck.model.InputException;

/**
 * Runs TLC distributed on this machine: one {@code TLCServer} process (which holds the state
 * queue and the fingerprint set) and {@code workers} {@code TLCWorker} processes, all on
 * 127.0.0.1 with RMI listening on loopback only. The server's output is read like a single TLC's;
 * the server, the workers and the temporary folder are removed afterwards, also when a run fails
 * or reaches its time limit. See specs/README.md for running the same on several hosts.
 */
public final class DistributedTlc {

    private static final String SERVER = "tlc2.tool.distributed.TLCServer";
    private static final String WORKER = "tlc2.tool.distributed.TLCWorker";

    private final TlcOptions options;

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
        try (TlcWorkspace ws = TlcWorkspace.create(request)) {
            int port = freeLoopbackPort();
            String cp = classPath();
            List<String> rmi = List.of("-Djava.rmi.server.hostname=127.0.0.1",
                    "-Dtlc2.tool.distributed.TLCServer.port=" + port);
            List<String> serverJvm = new ArrayList<>(TlcChecker.jvmOptions(ws.dir(), options));
            serverJvm.addAll(rmi);
            List<String> serverArgs = new ArrayList<>(List.of(SERVER));
            serverArgs.addAll(withoutWorkers(ws.tlcArguments(options)));
            long t0 = System.currentTimeMillis();
            List<ChildProcess> workers = new ArrayList<>();
            OptionalInt exit;
            String output;
            try (ChildProcess server = ChildProcess.start(ChildProcess.javaCommand(serverJvm, cp,
                    LoopbackRmi.class.getName(), serverArgs), ws.dir(), line -> progress(line))) {
                try {
                    for (int i = 0; i < options.workers(); i++) {
                        workers.add(startWorker(ws, i, rmi, cp));
                    }
                    exit = server.await(options.timeLimitMillis());
                    output = server.output();
                } finally {
                    for (ChildProcess w : workers) {
                        w.await(5_000);
                        w.close();
                    }
                }
            }
            long wall = System.currentTimeMillis() - t0;
            return new TlcResults(TlcOutput.parse(output), ws, request, options.workers(), wall)
                    .interpret(exit, options.timeLimitMillis());
        }
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
        jvm.addAll(rmi);
        return ChildProcess.start(ChildProcess.javaCommand(jvm, cp, LoopbackRmi.class.getName(),
                List.of(WORKER, "127.0.0.1")), dir, line -> { });
    }

    private void progress(String line) {
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

    private String classPath() {
        String tlc = TlcChecker.classPath(options);
        try {
            String own = Paths.get(LoopbackRmi.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            return own.equals(tlc) ? tlc : own + java.io.File.pathSeparator + tlc;
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate rdmacheck's classes", e);
        }
    }

    private static int freeLoopbackPort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }
}
