package org.rdmacheck.checker.tlc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A child JVM (or any process) whose output is collected, with a time limit after which the
 * whole process tree is destroyed. A shutdown hook destroys it too if this JVM exits first.
 */
final class ChildProcess implements AutoCloseable {

    private static final long GRACE_MILLIS = 3_000;

    private final Process process;
    /** everything printed, or null when the lines only go to the consumer */
    private final StringBuffer output;
    private final Thread reader;
    private final Thread hook;

    private ChildProcess(Process process, Consumer<String> lines, boolean keep) {
        this.process = process;
        this.output = keep ? new StringBuffer() : null;
        this.reader = new Thread(() -> read(lines), "child-output-" + process.pid());
        this.reader.setDaemon(true);
        this.reader.start();
        this.hook = new Thread(this::destroyTree, "child-kill-" + process.pid());
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Starts a process with standard error merged into standard output.
     *
     * @param command the command line
     * @param workDir its working folder
     * @param lines   receives every output line as it arrives
     * @return the running child
     */
    static ChildProcess start(List<String> command, Path workDir, Consumer<String> lines) {
        return start(command, workDir, lines, true);
    }

    /**
     * Starts a process whose output only goes to a consumer, line by line, and is not kept: for
     * output that may be huge (TLC's with {@code -continue}), read once as it arrives.
     *
     * @param command the command line
     * @param workDir its working folder
     * @param lines   receives every output line as it arrives
     * @return the running child ({@link #output} is empty)
     */
    static ChildProcess streaming(List<String> command, Path workDir, Consumer<String> lines) {
        return start(command, workDir, lines, false);
    }

    private static ChildProcess start(List<String> command, Path workDir, Consumer<String> lines, boolean keep) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        try {
            return new ChildProcess(pb.start(), lines, keep);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
    }

    /**
     * @param jvmOptions options for the child JVM
     * @param classPath  its class path
     * @param mainClass  the main class
     * @param args       its arguments
     * @return the command line of a child JVM running the same {@code java} as this one
     */
    static List<String> javaCommand(List<String> jvmOptions, String classPath, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", classPath, mainClass));
        cmd.addAll(args);
        return cmd;
    }

    private void read(Consumer<String> lines) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (output != null) {
                    output.append(line).append('\n');
                }
                lines.accept(line);
            }
        } catch (IOException e) {
            // the stream closes when the process is destroyed
        }
    }

    /**
     * Waits for the child to exit.
     *
     * @param timeoutMillis how long to wait before destroying it
     * @return its exit status, or empty if the limit was reached (the tree is then destroyed)
     */
    java.util.OptionalInt await(long timeoutMillis) {
        try {
            if (process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                reader.join(GRACE_MILLIS);
                return java.util.OptionalInt.of(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        destroyTree();
        return java.util.OptionalInt.empty();
    }

    /** @return whether the child still runs */
    boolean isAlive() {
        return process.isAlive();
    }

    /** @return everything the child printed so far (nothing for a {@link #streaming} child) */
    String output() {
        return output == null ? "" : output.toString();
    }

    /** Destroys the child and its descendants: politely, then forcibly after a grace period. */
    void destroyTree() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.currentTimeMillis() + GRACE_MILLIS;
        for (ProcessHandle h : tree) {
            try {
                h.onExit().get(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
        try {
            reader.join(GRACE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            destroyTree();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs anyway
        }
    }
}
