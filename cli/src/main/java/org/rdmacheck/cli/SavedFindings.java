package org.rdmacheck.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;

/**
 * The findings of the last run of a suite, saved under {@code out/suite/} of the checkout (not
 * tracked), so that {@code report} can draw them without checking everything again. They are keyed
 * by a SHA-256 of everything the findings depend on: the code (every class-path entry's bytes), the
 * checkout's files (specs, examples, stored traces; everything but {@code .git}, {@code out/} and
 * build folders), the suite's steps, the explorer settings that can change a result, the
 * counterexample folder and the Java version. A key that differs, a run with an inconclusive result
 * (a limit depends on the machine), or files the run wrote that changed since (counterexamples, the
 * plots' data) are never reused.
 */
final class SavedFindings {

    /** Folders never part of the key: the repository, outputs, build outputs. */
    private static final Set<String> SKIPPED = Set.of(".git", "out", "target");

    /**
     * What the suite's tasks write under {@code out/} and the report draws (the plots' data): saved
     * findings are reused only while these are as the saved run left them.
     */
    static final List<String> TASK_OUTPUTS = List.of("out/fluid", "out/gbn-sim", "out/partition/all");

    private final Path home;
    private final Path folder;
    private final String key;

    private SavedFindings(Path home, Path folder, String key) {
        this.home = home;
        this.folder = folder;
        this.key = key;
    }

    /**
     * @param home     the checkout
     * @param only     the {@code --model} names (empty: the whole suite)
     * @param settings the explorer settings of the run
     * @param traces   the counterexample folder, or empty when none is written
     * @param written  folders the command writes to (a report's), left out of the checkout's files
     * @return the slot of this suite, with the key of this build, checkout and settings
     */
    static SavedFindings of(Path home, List<String> only, ExplorerSettings settings, Optional<Path> traces,
                            List<Path> written) {
        List<String> names = only.stream().sorted().distinct().toList();
        String slot = names.isEmpty() ? "all" : String.join("+", names);
        MessageDigest d = sha256();
        update(d, "steps " + Suite.labels(only));
        // threads are left out: the findings are the same for any number (SuiteParallelTest)
        update(d, String.format(Locale.ROOT, "settings %s %d %d %s %s %s %s %s", settings.storage(),
                settings.maxStates(), settings.maxMillis(), settings.maxHeapFraction(), settings.stopAtFirstViolation(),
                settings.symmetry(), settings.packedSuccessors(), settings.reduction()));
        update(d, "traces " + traces.map(p -> p.toAbsolutePath().normalize().toString()).orElse("none"));
        // not the heap: a run it limits is inconclusive, and such a run is never reused
        update(d, "java " + System.getProperty("java.version"));
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                update(d, "class path " + entry);
                tree(d, Paths.get(entry), List.of());
            }
        }
        update(d, "checkout");
        List<Path> skipped = new ArrayList<>(written);
        traces.ifPresent(skipped::add);
        tree(d, home.toAbsolutePath().normalize(), skipped.stream().map(p -> p.toAbsolutePath().normalize()).toList());
        return new SavedFindings(home, home.resolve("out").resolve("suite").resolve(slot),
                HexFormat.of().formatHex(d.digest()));
    }

    /** @return the key: a SHA-256 in hex */
    String key() {
        return key;
    }

    /** @return the folder of the slot ({@code out/suite/NAME}) */
    Path folder() {
        return folder;
    }

    /**
     * @return the saved findings if they were saved under this key, none is inconclusive and the files
     *         they refer to (counterexamples, the plots' data) are as the run left them; else why not
     */
    Lookup lookup() {
        Path findings = folder.resolve("findings.json");
        Path keyFile = folder.resolve("key");
        if (!Files.isRegularFile(findings) || !Files.isRegularFile(keyFile)) {
            return new Lookup(Optional.empty(), "no findings saved by an earlier run");
        }
        List<String> saved;
        try {
            saved = Files.readAllLines(keyFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return new Lookup(Optional.empty(), "the saved key is not readable (" + e.getMessage() + ")");
        }
        if (saved.size() < 2 || !saved.get(0).equals(key)) {
            return new Lookup(Optional.empty(), "the code, the checkout or the options changed since the saved run");
        }
        List<Finding> rows;
        try {
            rows = FindingsJson.read(findings, home);
        } catch (InputException e) {
            return new Lookup(Optional.empty(), "the saved findings are not readable (" + e.getMessage() + ")");
        }
        if (rows.stream().anyMatch(f -> f.outcome() == Finding.Outcome.INCONCLUSIVE)) {
            return new Lookup(Optional.empty(), "the saved run reached a limit");
        }
        if (!saved.get(1).equals(outputs(rows))) {
            return new Lookup(Optional.empty(), "files the saved run wrote (counterexamples, the plots' data) "
                    + "changed since");
        }
        return new Lookup(Optional.of(rows), "");
    }

    /**
     * Saves a run's findings under this key: the findings first, then the key, each written whole
     * (a run stopped half-way leaves no key). A folder that cannot be written costs only the reuse:
     * one line on {@code err}.
     *
     * @param rows the findings of a run of this suite
     * @param err  where a failure to save is said
     */
    void save(List<Finding> rows, java.io.PrintWriter err) {
        save(rows, Output.json(rows), err);
    }

    /**
     * As {@link #save(List, java.io.PrintWriter)}, with the findings' JSON already made (the report
     * writes the same text to its {@code findings.json}: made once for both).
     *
     * @param rows the findings of a run of this suite
     * @param json {@code Output.json(rows)}
     * @param err  where a failure to save is said
     */
    void save(List<Finding> rows, String json, java.io.PrintWriter err) {
        try {
            save(rows, json);
        } catch (UncheckedIOException e) {
            err.println("the findings not saved (" + e.getCause().getMessage() + "): the next report runs the suite");
            err.flush();
        }
    }

    /**
     * @param rows the findings of a run of this suite
     * @throws UncheckedIOException if they cannot be written
     */
    void save(List<Finding> rows) {
        save(rows, Output.json(rows));
    }

    private void save(List<Finding> rows, String json) {
        try {
            Files.createDirectories(folder);
            Files.deleteIfExists(folder.resolve("key"));
            atomically(folder.resolve("findings.json"), json + "\n");
            atomically(folder.resolve("key"), key + "\n" + outputs(rows) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the findings under " + folder, e);
        }
    }

    /**
     * @param rows   the saved findings, when they can be reused
     * @param reason why they cannot, when they cannot
     */
    record Lookup(Optional<List<Finding>> rows, String reason) {
    }

    private static void atomically(Path file, String text) throws IOException {
        // a name of its own: two runs saving at once never write the same temporary file
        Path part = Files.createTempFile(file.getParent(), ".tmp-" + file.getFileName(), ".part");
        Files.writeString(part, text, StandardCharsets.UTF_8);
        try {
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** @return a SHA-256 of the files a run wrote that its findings and the report refer to */
    private String outputs(List<Finding> rows) {
        MessageDigest d = sha256();
        for (String dir : TASK_OUTPUTS) {
            update(d, dir);
            tree(d, home.resolve(dir), List.of());
        }
        for (Finding f : rows) {
            f.counterexample().flatMap(Finding.Trace::file).ifPresent(file -> {
                Path at = home.resolve(file).toAbsolutePath().normalize();
                update(d, at.toString());
                tree(d, at, List.of());
            });
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /**
     * Adds every regular file under {@code root} (or {@code root} itself), by relative path and content,
     * but for the folders in {@code skipped} and those named in {@link #SKIPPED}.
     */
    private static void tree(MessageDigest d, Path root, List<Path> skipped) {
        if (Files.isRegularFile(root)) {
            content(d, root);
            return;
        }
        if (!Files.isDirectory(root)) {
            update(d, "absent");
            return;
        }
        List<Path> files = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return !dir.equals(root) && (SKIPPED.contains(dir.getFileName().toString())
                            || skipped.contains(dir.toAbsolutePath().normalize()))
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String name = file.getFileName().toString();
                    // the ignored leftovers of interrupted writes (.gitignore)
                    if (attrs.isRegularFile() && !name.endsWith(".part") && !name.startsWith(".tmp-")) {
                        files.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + root, e);
        }
        files.sort(null);
        for (Path f : files) {
            update(d, root.relativize(f).toString().replace('\\', '/'));
            content(d, f);
        }
        update(d, files.size() + " files");
    }

    private static void content(MessageDigest d, Path file) {
        try {
            update(d, "size " + Files.size(file));
        } catch (IOException e) {
            update(d, "no size");
        }
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
        } catch (IOException e) {
            // a file that vanished or cannot be read counts as such, so the key still changes with it
            update(d, "unreadable " + e.getClass().getSimpleName());
        }
    }

    private static void update(MessageDigest d, String s) {
        // length first, so that two strings never hash as their concatenation
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        d.update(new byte[] {(byte) (b.length >>> 24), (byte) (b.length >>> 16), (byte) (b.length >>> 8), (byte) b.length});
        d.update(b);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
