package org.rdmacheck.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.rdmacheck.model.InputException;

/**
 * Output folders, checked before any work starts: a folder that cannot be created or written is one
 * line naming the path and why (exit 2), not a stack trace after minutes of work and a half-written
 * set of files.
 */
public final class OutputFolders {

    private OutputFolders() {
    }

    /**
     * Checks that the folder, or the nearest existing folder above it, is a folder files can be
     * created in. Creates nothing (the folder is made when the first file is written), so a run
     * that then stops on bad input leaves no trace.
     *
     * @param option the option that named it ({@code --out}), or a description of the default
     * @param dir    the folder
     * @return {@code dir}
     * @throws InputException if it or an ancestor is a file, or files cannot be created there
     */
    public static Path writable(String option, Path dir) {
        Path existing = dir.toAbsolutePath().normalize();
        while (!Files.exists(existing)) {
            existing = existing.getParent();
            if (existing == null) {
                throw new InputException(option + " " + dir + ": cannot write there (no existing folder above it)");
            }
        }
        if (!Files.isDirectory(existing)) {
            throw new InputException(option + " " + dir + ": expected a folder, but "
                    + (existing.equals(dir.toAbsolutePath().normalize()) ? "it" : existing.toString()) + " is a file");
        }
        try {
            Path probe = Files.createTempFile(existing, ".tmp-probe-", ".part");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new InputException(option + " " + dir + ": cannot write there (" + reason(e) + ")");
        }
        return dir;
    }

    /**
     * @param e an I/O failure, possibly wrapped in an {@link java.io.UncheckedIOException}
     * @return one line: what was being done, the file, and why
     */
    static String describe(Exception e) {
        Throwable cause = e instanceof java.io.UncheckedIOException u && u.getCause() != null ? u.getCause() : e;
        String context = e != cause && e.getMessage() != null && !e.getMessage().equals(cause.toString())
                ? e.getMessage() + ": " : "";
        if (cause instanceof FileSystemException f) {
            return context + "cannot write or read " + f.getFile() + " (" + reason(f) + ")";
        }
        return context + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
    }

    /**
     * @param e a file-system failure
     * @return why, in a few words
     */
    static String reason(Exception e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return "a file is in the way: " + f.getFile();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
