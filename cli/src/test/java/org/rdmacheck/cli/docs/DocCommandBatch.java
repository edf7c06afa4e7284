package org.rdmacheck.cli.docs;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.cli.Main;

/**
 * The guide's quoted commands of one tier run one after another in one JVM of their own, started in
 * the checkout's root on the first test's demand, instead of a JVM per command: most quoted
 * commands are over in a second, and a fresh JVM's start, class loading and first compilations were
 * most of that second. Each command runs as {@link Main#main} runs it (through {@link Main#run}, with
 * {@code System.out} and {@code System.err} its own), so what it prints and its exit status are those
 * of the launcher; an exception that escapes {@code Main.run} is exit 1 with its stack trace on
 * standard error, as an uncaught one in {@code main} is.
 *
 * <p>The child ({@link #main}) reads the commands from a file, writes each command's output to files
 * of a results folder and reports {@code INDEX EXIT} on its standard output when the command is over;
 * the parent gives each command the limit it gave a JVM of its own, counted from the end of the one
 * before.
 */
final class DocCommandBatch implements AutoCloseable {

    private static final String DONE = "doc-check done ";
    private static final String END = "end";

    private final Path root;
    private final List<List<String>> commands;
    private final Map<Integer, DocCommandsTest.Run> results = new HashMap<>();
    private final BlockingQueue<String> reports = new LinkedBlockingQueue<>();
    private Path folder;
    private Process process;
    private String ended;

    /**
     * @param root     the checkout's root, where the commands run
     * @param commands every command's arguments, in the order the tests ask for them
     */
    DocCommandBatch(Path root, List<List<String>> commands) {
        this.root = root;
        this.commands = List.copyOf(commands);
    }

    /**
     * @param index        a command's index
     * @param limitSeconds how long the command may run after the one before it ended
     * @return what the command printed and its exit status; the batch started on first demand
     * @throws AssertionError if it did not finish within the limit or the batch JVM ended before it
     */
    synchronized DocCommandsTest.Run result(int index, long limitSeconds) throws IOException, InterruptedException {
        if (process == null) {
            start();
        }
        while (!results.containsKey(index)) {
            if (ended != null) {
                throw new AssertionError("not run: " + ended);
            }
            String report = reports.poll(limitSeconds, TimeUnit.SECONDS);
            if (report == null) {
                String why = "did not finish within " + limitSeconds + " s: " + String.join(" ", commands.get(index));
                close();
                ended = "the batch was stopped where a command " + why;
                throw new AssertionError(why);
            }
            if (report.equals(END)) {
                process.waitFor();
                String why = "the batch JVM ended (exit " + process.exitValue() + ") within: "
                        + String.join(" ", commands.get(index)) + "\n--- its stderr\n"
                        + Files.readString(folder.resolve("batch.err"), StandardCharsets.UTF_8);
                ended = "the batch JVM ended at an earlier command";
                throw new AssertionError(why);
            }
            String[] f = report.substring(DONE.length()).split(" ");
            int done = Integer.parseInt(f[0]);
            results.put(done, new DocCommandsTest.Run(Integer.parseInt(f[1]), read(done, "out"), read(done, "err")));
        }
        return results.get(index);
    }

    private String read(int index, String stream) throws IOException {
        Path p = folder.resolve(index + "." + stream);
        String s = Files.readString(p, StandardCharsets.UTF_8);
        Files.delete(p);
        return s;
    }

    private void start() throws IOException {
        folder = Files.createTempDirectory("doc-check");
        StringBuilder request = new StringBuilder();
        for (List<String> args : commands) {
            request.append(args.size()).append('\n');
            args.forEach(a -> request.append(a).append('\n'));
        }
        Path requestFile = folder.resolve("commands.txt");
        Files.writeString(requestFile, request, StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // the default tier's options for short child JVMs (C1 alone: most quoted commands are over in
        // a second, mostly start-up), for this JVM and, passed on, for the TLC children it starts
        List<String> shortRun = TlcChecker.hostOptions();
        command.addAll(shortRun);
        if (!shortRun.isEmpty()) {
            command.add("-D" + TlcChecker.CHILD_JVM_PROPERTY + "=" + String.join(" ", shortRun));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), DocCommandBatch.class.getName(),
                requestFile.toString(), folder.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile())
                .redirectError(folder.resolve("batch.err").toFile());
        pb.environment().remove("COLUMNS"); // tables as the docs quote them: 120 columns
        process = pb.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if (line.startsWith(DONE)) {
                        reports.add(line);
                    }
                }
            } catch (IOException e) {
                // the child was stopped: reported as its end below
            }
            reports.add(END);
        }, "doc-check batch reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Stops the batch JVM if it still runs and removes its folder. */
    @Override
    public synchronized void close() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly().waitFor();
        }
        if (folder != null && Files.isDirectory(folder)) {
            try (var s = Files.walk(folder)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /**
     * The batch JVM: runs the commands of a request file in order.
     *
     * @param args the request file (each command: its number of arguments, then one argument a line)
     *             and the results folder
     */
    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        Path folder = Path.of(args[1]);
        PrintStream reports = System.out;
        PrintStream stderr = System.err;
        int index = 0;
        for (int i = 0; i < lines.size(); index++) {
            int n = Integer.parseInt(lines.get(i));
            String[] command = lines.subList(i + 1, i + 1 + n).toArray(String[]::new);
            i += 1 + n;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            System.setOut(new PrintStream(out, true));
            System.setErr(new PrintStream(err, true));
            int code;
            try {
                code = Main.run(command, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
            } catch (Throwable t) {
                StringWriter trace = new StringWriter();
                t.printStackTrace(new PrintWriter(trace, true));
                System.err.print("Exception in thread \"main\" " + trace);
                code = 1;
            }
            System.out.flush();
            System.err.flush();
            System.setOut(reports);
            System.setErr(stderr);
            try {
                Files.write(folder.resolve(index + ".out"), out.toByteArray());
                Files.write(folder.resolve(index + ".err"), err.toByteArray());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            reports.println(DONE + index + " " + code);
            reports.flush();
        }
        System.exit(0); // threads a command left behind do not hold the batch open
    }
}
