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
     * Creates the folder if needed and checks that files can be created in it.
     *
     * @param option the option that named it ({@code --out}), or a description of the default
     * @param dir    the folder
     * @return {@code dir}
     * @throws InputException if it is a file, cannot be created, or is not writable
     */
    public static Path writable(String option, Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new InputException(option + " " + dir + ": expected a folder, but it is a file");
        }
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".tmp-probe-", ".part");
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
